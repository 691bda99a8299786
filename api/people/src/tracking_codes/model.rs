//! Wire types of tracking levels and tracking codes (spec 4 section 3 "Tracking"; docs/tracking-codes.md).

use chrono::{DateTime, NaiveDate, Utc};
use kernel::listing::{PageRequest, SortSpec};
use kernel::num::Money;
use kernel::page_type;
use poem_openapi::{Enum, Object};
use serde::Serialize;
use sqlx::FromRow;

/// Tracking code (the navigation-history and pop-up lookup).
#[derive(Object, FromRow, Clone, Debug)]
pub struct TrackingCode {
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: i64,
    pub site_id: i64,
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    #[oai(rename = "trackingNumber")]
    pub tracking_number: String,
    pub description: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    #[oai(rename = "isSuspended")]
    pub is_suspended: bool,
}

impl kernel::records::SiteRecord for TrackingCode {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// A tracking level of a site (1-4). A level the site has not set up is answered inactive, named "Level n".
#[derive(Object, FromRow, Clone, Debug, Serialize, PartialEq)]
pub struct TrackingLevel {
    pub site_id: i64,
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    pub description: String,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    /// A draw (or a receipt, per `trackingTiming`) must carry a code (or free-form text) of this level.
    #[oai(rename = "isRequired")]
    pub is_required: bool,
    /// Codes of this level may be limited to listed items (a code's `restrictedCidNos`).
    #[oai(rename = "enableItemRestrictions")]
    pub enable_item_restrictions: bool,
    /// A typed text may stand for a code of this level.
    #[oai(rename = "canFreeForm")]
    pub can_free_form: bool,
    pub employee_default_required: bool,
    pub send_to_cribmaster: bool,
    /// When the level is asked: None 0, OnReceipt 1, OnIssue 2.
    #[oai(rename = "trackingTiming")]
    pub tracking_timing: i16,
}

/// A site's level settings (TrackingLevelAdmin); the level is created when the site had none.
#[derive(Object, Clone, Debug)]
pub struct TrackingLevelUpdate {
    /// The site (default: the current site).
    pub site_id: Option<i64>,
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    pub description: String,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    #[oai(rename = "isRequired")]
    pub is_required: Option<bool>,
    #[oai(rename = "enableItemRestrictions")]
    pub enable_item_restrictions: Option<bool>,
    #[oai(rename = "canFreeForm")]
    pub can_free_form: Option<bool>,
    pub employee_default_required: Option<bool>,
    pub send_to_cribmaster: Option<bool>,
    /// None 0, OnReceipt 1, OnIssue 2 (default 2).
    #[oai(rename = "trackingTiming")]
    pub tracking_timing: Option<i16>,
}

/// A tracking code in full: identity, state, limits with their override flags, supervisor, group.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct TrackingCodeFull {
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: i64,
    pub site_id: i64,
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    /// The level's name at the code's site.
    #[oai(rename = "trackingLevelDescription")]
    pub tracking_level_description: String,
    #[oai(rename = "trackingNumber")]
    pub tracking_number: String,
    pub description: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    #[oai(rename = "isSuspended")]
    pub is_suspended: bool,
    #[oai(rename = "suspensionDate")]
    pub suspension_date: Option<NaiveDate>,
    /// Budget exhausted 1, Project closed 2, Under review 3, Other 4.
    #[oai(rename = "suspensionReasonID")]
    pub suspension_reason_id: Option<i32>,
    #[oai(rename = "limitDaily")]
    pub limit_daily: Option<Money>,
    #[oai(rename = "limitWeekly")]
    pub limit_weekly: Option<Money>,
    #[oai(rename = "limitMonthly")]
    pub limit_monthly: Option<Money>,
    #[oai(rename = "limitYearly")]
    pub limit_yearly: Option<Money>,
    #[oai(rename = "overrideDaily")]
    pub override_daily: bool,
    #[oai(rename = "overrideWeekly")]
    pub override_weekly: bool,
    #[oai(rename = "overrideMonthly")]
    pub override_monthly: bool,
    #[oai(rename = "overrideYearly")]
    pub override_yearly: bool,
    /// The supervising employee (employee_id).
    pub supervisor: Option<i64>,
    /// "Last, First (number)" of the supervisor.
    #[oai(rename = "supervisorName")]
    pub supervisor_name: Option<String>,
    #[oai(rename = "trackingCodeGroup")]
    pub tracking_code_group: Option<String>,
    #[serde(skip)]
    pub created_at: DateTime<Utc>,
    #[serde(skip)]
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for TrackingCodeFull {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

page_type!(TrackingCodePage, TrackingCodeFull, "resultList");

/// An item a code is restricted to.
#[derive(Object, FromRow, Clone, Debug, Serialize, PartialEq)]
pub struct RestrictedItem {
    pub cid_no: i64,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
}

/// A tracking code with its item restrictions (the detail screen, GET V2/{id}).
#[derive(Object, Clone, Debug, Serialize)]
pub struct TrackingCodeDetail {
    #[oai(flatten)]
    #[serde(flatten)]
    pub code: TrackingCodeFull,
    /// Items the code is valid for, where its level enables item restrictions (none: every item).
    #[oai(rename = "restrictedItems")]
    pub restricted_items: Vec<RestrictedItem>,
}

/// The fields of a code both the full create and the full update carry.
#[derive(Object, Clone, Debug, Default)]
pub struct TrackingCodeFields {
    #[oai(rename = "trackingNumber", validator(max_length = 40))]
    pub tracking_number: String,
    #[oai(validator(max_length = 200))]
    pub description: Option<String>,
    /// Default true.
    #[oai(rename = "isActive")]
    pub is_active: Option<bool>,
    #[oai(rename = "isSuspended")]
    pub is_suspended: Option<bool>,
    /// Needed when suspended: Budget exhausted 1, Project closed 2, Under review 3, Other 4.
    #[oai(rename = "suspensionReasonID")]
    pub suspension_reason_id: Option<i32>,
    /// Default: today, when suspended.
    #[oai(rename = "suspensionDate")]
    pub suspension_date: Option<NaiveDate>,
    #[oai(flatten)]
    pub limits: LimitFields,
    /// An employee of the code's site flagged supervisor.
    pub supervisor: Option<i64>,
    #[oai(rename = "trackingCodeGroup", validator(max_length = 40))]
    pub tracking_code_group: Option<String>,
    /// The CIDs the code is valid for (its level must enable item restrictions); absent on update: unchanged;
    /// empty: every item.
    #[oai(rename = "restrictedCidNos", validator(max_items = 500))]
    pub restricted_cid_nos: Option<Vec<i64>>,
}

/// Limits (extended cost per period; absent: no limit) and whether a supervisor may override each.
#[derive(Object, Clone, Debug, Default)]
pub struct LimitFields {
    #[oai(rename = "limitDaily")]
    pub limit_daily: Option<Money>,
    #[oai(rename = "limitWeekly")]
    pub limit_weekly: Option<Money>,
    #[oai(rename = "limitMonthly")]
    pub limit_monthly: Option<Money>,
    #[oai(rename = "limitYearly")]
    pub limit_yearly: Option<Money>,
    #[oai(rename = "overrideDaily")]
    pub override_daily: Option<bool>,
    #[oai(rename = "overrideWeekly")]
    pub override_weekly: Option<bool>,
    #[oai(rename = "overrideMonthly")]
    pub override_monthly: Option<bool>,
    #[oai(rename = "overrideYearly")]
    pub override_yearly: Option<bool>,
}

/// A new code in full (Create/).
#[derive(Object, Clone, Debug)]
pub struct TrackingCodeCreate {
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    #[oai(flatten)]
    pub fields: TrackingCodeFields,
}

/// A code's new state in full (Update/): every field is replaced (absent optional fields are cleared), except
/// `restrictedCidNos`, which is unchanged when absent. The level of a code never changes.
#[derive(Object, Clone, Debug)]
pub struct TrackingCodeUpdate {
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: i64,
    #[oai(flatten)]
    pub fields: TrackingCodeFields,
}

/// The minimal create (Min2/Create/): a level, a number and a description; active, no limits.
#[derive(Object, Clone, Debug)]
pub struct TrackingCodeMin2Create {
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    #[oai(rename = "trackingNumber", validator(max_length = 40))]
    pub tracking_number: String,
    #[oai(validator(max_length = 200))]
    pub description: Option<String>,
}

/// The identity update (Min2/Update/): number, description, active; nothing else changes.
#[derive(Object, Clone, Debug)]
pub struct TrackingCodeMin2Update {
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: i64,
    #[oai(rename = "trackingNumber", validator(max_length = 40))]
    pub tracking_number: String,
    #[oai(validator(max_length = 200))]
    pub description: Option<String>,
    /// Absent: unchanged.
    #[oai(rename = "isActive")]
    pub is_active: Option<bool>,
}

/// The limits update (Min3/Update/): the four limits and their override flags, all replaced; nothing else changes.
#[derive(Object, Clone, Debug)]
pub struct TrackingCodeMin3Update {
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: i64,
    #[oai(flatten)]
    pub limits: LimitFields,
}

/// AddSupervisor/: one supervisor for many codes (absent: the codes lose their supervisor).
#[derive(Object, Clone, Debug)]
#[oai(rename = "TrackingCodeAddSupervisor")]
pub struct AddSupervisor {
    #[oai(rename = "trackingCodeIds", validator(min_items = 1, max_items = 500))]
    pub tracking_code_ids: Vec<i64>,
    pub supervisor: Option<i64>,
}

#[derive(Object, Clone, Debug)]
#[oai(rename = "TrackingCodeAddSupervisorResult")]
pub struct AddSupervisorResult {
    /// Codes changed.
    pub updated: i64,
}

/// TrackingCodesBySearch/: the codes of one level at the current site.
#[derive(Object, Clone, Debug, Default)]
pub struct TrackingCodeSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    /// Number starts with, or description contains (case-insensitive).
    #[oai(validator(max_length = 100))]
    pub text: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: Option<bool>,
    #[oai(rename = "isSuspended")]
    pub is_suspended: Option<bool>,
    #[oai(rename = "trackingCodeGroup", validator(max_length = 40))]
    pub tracking_code_group: Option<String>,
    pub supervisor: Option<i64>,
    /// Only codes with at least one limit.
    #[oai(rename = "hasLimits")]
    pub has_limits: Option<bool>,
}

/// QuickSearch/: pickers (the first 20 active codes of a level).
#[derive(Object, Clone, Debug, Default)]
pub struct TrackingCodeQuickSearch {
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    #[oai(validator(max_length = 100))]
    pub text: Option<String>,
}

/// A code offered in a picker.
#[derive(Object, FromRow, Clone, Debug, PartialEq)]
pub struct TrackingCodeOption {
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: i64,
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    #[oai(rename = "trackingNumber")]
    pub tracking_number: String,
    pub description: Option<String>,
    #[oai(rename = "isSuspended")]
    pub is_suspended: bool,
    /// The CIP's default at this level (TrackingCodesByCIP).
    #[oai(rename = "isDefault")]
    pub is_default: bool,
}

/// Where a code is used (Reference/{id}).
#[derive(Object, Clone, Debug)]
pub struct TrackingCodeReference {
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: i64,
    /// False when nothing refers to the code.
    #[oai(rename = "inUse")]
    pub in_use: bool,
    /// Employees whose default at the code's level is this code.
    pub employees: Vec<ReferenceEmployee>,
    /// CIPs whose default at the code's level is this code.
    pub cips: Vec<ReferenceCip>,
    /// Employee groups restricted to this code (and others) at its level.
    pub groups: Vec<ReferenceGroup>,
    /// Items the code is restricted to.
    #[oai(rename = "restrictedItems")]
    pub restricted_items: Vec<RestrictedItem>,
    /// Codes this employee supervises is not a reference; ledger rows charged to the code will be (ledger work).
    #[oai(rename = "supervisedBy")]
    pub supervised_by: Option<String>,
}

#[derive(Object, FromRow, Clone, Debug, PartialEq)]
pub struct ReferenceEmployee {
    pub employee_id: i64,
    pub employee_number: String,
    pub name: String,
    pub is_active: bool,
}

#[derive(Object, FromRow, Clone, Debug, PartialEq)]
pub struct ReferenceCip {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
}

#[derive(Object, FromRow, Clone, Debug, PartialEq)]
pub struct ReferenceGroup {
    pub employee_group_id: i64,
    pub description: String,
}

/// One level's default code of an employee or a CIP (TrackingCodeDefaultsByRelationship).
#[derive(Object, FromRow, Clone, Debug, PartialEq)]
pub struct TrackingDefault {
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    #[oai(rename = "trackingLevelDescription")]
    pub tracking_level_description: String,
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: Option<i64>,
    #[oai(rename = "trackingNumber")]
    pub tracking_number: Option<String>,
    pub description: Option<String>,
}

/// When codes are asked (spec 4 section 4, tracking events).
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackingEvent {
    Receipt,
    Issue,
    ItemMaint,
}

/// The selection check's input: a code id or free-form text per level, and whose defaults fill the gaps.
#[derive(Object, Clone, Debug, Default)]
pub struct SelectionCheck {
    #[oai(rename = "trackingCode1Id")]
    pub tracking_code1_id: Option<i64>,
    #[oai(rename = "trackingCode2Id")]
    pub tracking_code2_id: Option<i64>,
    #[oai(rename = "trackingCode3Id")]
    pub tracking_code3_id: Option<i64>,
    #[oai(rename = "trackingCode4Id")]
    pub tracking_code4_id: Option<i64>,
    #[oai(rename = "trackingCode1Text", validator(max_length = 40))]
    pub tracking_code1_text: Option<String>,
    #[oai(rename = "trackingCode2Text", validator(max_length = 40))]
    pub tracking_code2_text: Option<String>,
    #[oai(rename = "trackingCode3Text", validator(max_length = 40))]
    pub tracking_code3_text: Option<String>,
    #[oai(rename = "trackingCode4Text", validator(max_length = 40))]
    pub tracking_code4_text: Option<String>,
    /// The drawer: their default codes fill empty levels, their groups' restrictions apply.
    pub employee_id: Option<i64>,
    /// The item: its CIP's defaults fill what the employee's do not, item restrictions apply to its CID.
    pub cip_no: Option<i64>,
}

/// One broken rule of a selection.
#[derive(Object, Clone, Debug, PartialEq)]
pub struct SelectionProblem {
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    /// `trackingCode{n}Id`, or `trackingCode{n}Text` for free-form text.
    pub field: String,
    pub message: String,
}

/// The selection check's answer: the selection with defaults filled, and every broken rule.
#[derive(Object, Clone, Debug)]
pub struct SelectionResult {
    #[oai(rename = "isValid")]
    pub is_valid: bool,
    #[oai(rename = "trackingCode1Id")]
    pub tracking_code1_id: Option<i64>,
    #[oai(rename = "trackingCode2Id")]
    pub tracking_code2_id: Option<i64>,
    #[oai(rename = "trackingCode3Id")]
    pub tracking_code3_id: Option<i64>,
    #[oai(rename = "trackingCode4Id")]
    pub tracking_code4_id: Option<i64>,
    #[oai(rename = "trackingCode1Text")]
    pub tracking_code1_text: Option<String>,
    #[oai(rename = "trackingCode2Text")]
    pub tracking_code2_text: Option<String>,
    #[oai(rename = "trackingCode3Text")]
    pub tracking_code3_text: Option<String>,
    #[oai(rename = "trackingCode4Text")]
    pub tracking_code4_text: Option<String>,
    pub problems: Vec<SelectionProblem>,
}

/// The code search's order (TrackingCodesBySearch).
pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("trackingNumber", "tracking_number"),
        ("description", "description"),
        ("trackingCodeId", "tracking_code_id"),
        ("isActive", "is_active"),
        ("isSuspended", "is_suspended"),
        ("suspensionDate", "suspension_date"),
        ("trackingCodeGroup", "tracking_code_group"),
        ("supervisorName", "supervisor_name"),
        ("limitDaily", "limit_daily"),
        ("limitWeekly", "limit_weekly"),
        ("limitMonthly", "limit_monthly"),
        ("limitYearly", "limit_yearly"),
    ],
    default_field: "trackingNumber",
    default_descending: false,
};
