//! Wire types of employee groups and their relations.

use chrono::{DateTime, NaiveDate, Utc};
use kernel::listing::{PageRequest, SortSpec};
use kernel::num::Money;
use kernel::page_type;
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

/// EmployeeGroupType: what a group is for (docs/employee-groups.md).
pub const GROUP_TYPES: &[(i32, &str)] = &[(1, "Limit"), (2, "Approver"), (3, "Delivery")];
/// What `enforced_level` means for a group's limits.
pub const ENFORCED_LEVELS: &[(i32, &str)] = &[(0, "None"), (1, "Warn"), (2, "Enforce")];
/// Periods of an item-group limit.
pub const PERIODS: &[(i32, &str)] = &[(1, "Daily"), (2, "Weekly"), (3, "Monthly"), (4, "Yearly")];

pub fn name_of(table: &[(i32, &'static str)], v: i32) -> String {
    table.iter().find(|(k, _)| *k == v).map(|(_, n)| (*n).to_owned()).unwrap_or_default()
}

/// An employee group of a site.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct EmployeeGroup {
    #[oai(rename = "employeeGroupID")]
    pub employee_group_id: i64,
    /// The same as employeeGroupID (the spec names it both ways).
    #[oai(rename = "groupID")]
    pub group_id: i64,
    pub site_id: i64,
    pub description: String,
    /// EmployeeGroupType: 1 Limit, 2 Approver, 3 Delivery.
    pub group_type: i32,
    pub group_type_text: String,
    pub vmi: bool,
    #[oai(rename = "defaultGroup")]
    pub default_group: bool,
    #[oai(rename = "limitDaily")]
    pub limit_daily: Option<Money>,
    #[oai(rename = "limitWeekly")]
    pub limit_weekly: Option<Money>,
    #[oai(rename = "limitMonthly")]
    pub limit_monthly: Option<Money>,
    #[oai(rename = "limitYearly")]
    pub limit_yearly: Option<Money>,
    /// From when the daily limit applies (none: always).
    #[oai(rename = "startLimitDaily")]
    pub start_limit_daily: Option<NaiveDate>,
    #[oai(rename = "startLimitWeekly")]
    pub start_limit_weekly: Option<NaiveDate>,
    #[oai(rename = "startLimitMonthly")]
    pub start_limit_monthly: Option<NaiveDate>,
    #[oai(rename = "startLimitYearly")]
    pub start_limit_yearly: Option<NaiveDate>,
    /// 0 none (limits shown, never checked), 1 warn (reported, not refused), 2 enforce (refused).
    pub enforced_level: i32,
    pub enforced_level_text: String,
    pub budget_amount: Option<Money>,
    pub budget_start: Option<NaiveDate>,
    pub budget_end: Option<NaiveDate>,
    /// The Approver group (type 2) whose members approve this group's service requests.
    pub approver_group_id: Option<i64>,
    pub approver_group: Option<String>,
    #[oai(rename = "bypass_SR_approval")]
    pub bypass_sr_approval: bool,
    /// The most one request line may cost without approval.
    #[oai(rename = "costLimit")]
    pub cost_limit: Option<Money>,
    pub member_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for EmployeeGroup {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

page_type!(EmployeeGroupPage, EmployeeGroup, "resultList");

/// A new group (POST, employee_group_id absent) or a changed one (PUT, employee_group_id given).
#[derive(Object, Clone, Debug, Default)]
pub struct EmployeeGroupInput {
    pub employee_group_id: Option<i64>,
    /// The site of a new group (default: the current site). Ignored on PUT.
    pub site_id: Option<i64>,
    #[oai(validator(max_length = 500))]
    pub description: String,
    /// 1 Limit (default), 2 Approver, 3 Delivery.
    pub group_type: Option<i32>,
    pub vmi: Option<bool>,
    #[oai(rename = "defaultGroup")]
    pub default_group: Option<bool>,
    #[oai(rename = "limitDaily")]
    pub limit_daily: Option<Money>,
    #[oai(rename = "limitWeekly")]
    pub limit_weekly: Option<Money>,
    #[oai(rename = "limitMonthly")]
    pub limit_monthly: Option<Money>,
    #[oai(rename = "limitYearly")]
    pub limit_yearly: Option<Money>,
    #[oai(rename = "startLimitDaily")]
    pub start_limit_daily: Option<NaiveDate>,
    #[oai(rename = "startLimitWeekly")]
    pub start_limit_weekly: Option<NaiveDate>,
    #[oai(rename = "startLimitMonthly")]
    pub start_limit_monthly: Option<NaiveDate>,
    #[oai(rename = "startLimitYearly")]
    pub start_limit_yearly: Option<NaiveDate>,
    /// 0 none, 1 warn, 2 enforce (default).
    pub enforced_level: Option<i32>,
    pub budget_amount: Option<Money>,
    pub budget_start: Option<NaiveDate>,
    pub budget_end: Option<NaiveDate>,
    pub approver_group_id: Option<i64>,
    #[oai(rename = "bypass_SR_approval")]
    pub bypass_sr_approval: Option<bool>,
    #[oai(rename = "costLimit")]
    pub cost_limit: Option<Money>,
}

#[derive(Object, Clone, Debug, Default)]
pub struct EmployeeGroupSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Description contains.
    #[oai(validator(max_length = 100))]
    pub text: Option<String>,
    pub group_type: Option<i32>,
}

/// The group a relation call is about.
#[derive(Object, Clone, Debug)]
pub struct GroupRef {
    pub employee_group_id: i64,
}

// ---- delivery locations

#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct DeliveryLocation {
    pub delivery_location_id: i64,
    pub employee_group_id: i64,
    pub site_id: i64,
    pub location: String,
    pub description: Option<String>,
    pub is_default: bool,
}

#[derive(Object, Clone, Debug)]
pub struct DeliveryLocationInput {
    /// Absent on Insert; the row to change on Update.
    pub delivery_location_id: Option<i64>,
    pub employee_group_id: i64,
    #[oai(validator(max_length = 500))]
    pub location: String,
    #[oai(validator(max_length = 1000))]
    pub description: Option<String>,
    pub is_default: Option<bool>,
}

// ---- assigned employees

/// An employee of the group's site and whether they are in the group.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct AssignedEmployee {
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
    #[oai(rename = "employeeNumber")]
    pub employee_number: String,
    #[oai(rename = "lastName")]
    pub last_name: String,
    #[oai(rename = "firstName")]
    pub first_name: String,
    #[oai(rename = "badgeNumber")]
    pub badge_number: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    #[oai(rename = "isSuspended")]
    pub is_suspended: bool,
    #[oai(rename = "inGroup")]
    pub in_group: bool,
}

page_type!(AssignedEmployeePage, AssignedEmployee, "resultList");

#[derive(Object, Clone, Debug)]
#[oai(rename = "EmployeeGroupAssignedSearchRequest")]
pub struct AssignedSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub employee_group_id: i64,
    /// true: members only (default); false: the site's employees not in the group; null: every employee of the site.
    #[oai(rename = "inGroup")]
    pub in_group: Option<bool>,
    /// Number or badge starts with, or name contains.
    #[oai(validator(max_length = 100))]
    pub text: Option<String>,
}

/// Employees named by number (Insert adds them; Update makes the group exactly these).
#[derive(Object, Clone, Debug)]
pub struct AssignedInput {
    pub employee_group_id: i64,
    #[oai(rename = "employeeNumbers", validator(max_items = 1000))]
    pub employee_numbers: Vec<String>,
}

/// What an assignment call changed.
#[derive(Object, Clone, Debug, Serialize)]
pub struct AssignedResult {
    pub employee_group_id: i64,
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub member_count: i64,
}

// ---- assets

#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct GroupAsset {
    pub employee_group_id: i64,
    pub site_id: i64,
    pub cip_no: i64,
    pub cip_code: String,
    pub description: Option<String>,
    pub notes: Option<String>,
}

page_type!(GroupAssetPage, GroupAsset, "resultList");

#[derive(Object, Clone, Debug)]
pub struct GroupAssetInput {
    pub employee_group_id: i64,
    pub cip_no: i64,
    #[oai(validator(max_length = 1000))]
    pub notes: Option<String>,
}

#[derive(Object, Clone, Debug)]
pub struct GroupPageRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub employee_group_id: i64,
}

// ---- tracking restrictions

/// A tracking code of the group's site and whether the group may charge it.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct TrackingRestriction {
    pub tracking_code_id: i64,
    pub tracking_level_id: i64,
    pub tracking_number: String,
    pub description: Option<String>,
    pub is_active: bool,
    /// The code is on the group's list for its level.
    pub allowed: bool,
}

page_type!(TrackingRestrictionPage, TrackingRestriction, "resultList");

#[derive(Object, Clone, Debug)]
pub struct TrackingRestrictionSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub employee_group_id: i64,
    pub tracking_level_id: Option<i64>,
    /// true: the group's list only.
    pub allowed_only: Option<bool>,
}

/// The codes of one tracking level the group may charge (an empty list lifts the restriction at that level).
#[derive(Object, Clone, Debug)]
pub struct TrackingRestrictionUpdate {
    pub employee_group_id: i64,
    pub tracking_level_id: i64,
    #[oai(validator(max_items = 1000))]
    pub tracking_code_ids: Vec<i64>,
}

// ---- item groups and their limits

#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct ItemGroup {
    pub item_group_id: i64,
    pub site_id: i64,
    pub description: String,
    pub cid_count: i64,
}

#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct ItemGroupLimit {
    pub employee_group_id: i64,
    pub site_id: i64,
    pub item_group_id: i64,
    pub item_group: String,
    /// 1 daily, 2 weekly, 3 monthly, 4 yearly.
    pub period: i32,
    pub period_text: String,
    pub limit_amount: Money,
}

page_type!(ItemGroupLimitPage, ItemGroupLimit, "resultList");

#[derive(Object, Clone, Debug)]
pub struct ItemGroupLimitInput {
    pub employee_group_id: i64,
    pub item_group_id: i64,
    pub period: i32,
    pub limit_amount: Money,
}

/// Sort allow-lists of the group search and of the relations' searches (name the caller sends, output column).
pub const GROUP_SORT: SortSpec = SortSpec {
    fields: &[
        ("description", "upper(description)"),
        ("employeeGroupID", "employee_group_id"),
        ("group_type", "group_type"),
        ("limitDaily", "limit_daily"),
        ("limitWeekly", "limit_weekly"),
        ("limitMonthly", "limit_monthly"),
        ("limitYearly", "limit_yearly"),
        ("member_count", "member_count"),
        ("updated_at", "updated_at"),
    ],
    default_field: "description",
    default_descending: false,
};

pub const ASSIGNED_SORT: SortSpec = SortSpec {
    fields: &[("employeeNumber", "employee_number"), ("lastName", "upper(last_name)"), ("firstName", "upper(first_name)"), ("inGroup", "in_group")],
    default_field: "employeeNumber",
    default_descending: false,
};

pub const ASSET_SORT: SortSpec = SortSpec { fields: &[("cip_code", "cip_code"), ("cip_no", "cip_no")], default_field: "cip_code", default_descending: false };

pub const TRACKING_SORT: SortSpec = SortSpec {
    fields: &[("tracking_number", "tracking_number"), ("tracking_level_id", "tracking_level_id"), ("allowed", "allowed")],
    default_field: "tracking_number",
    default_descending: false,
};

pub const LIMIT_SORT: SortSpec = SortSpec {
    fields: &[("item_group", "upper(item_group)"), ("period", "period"), ("limit_amount", "limit_amount")],
    default_field: "item_group",
    default_descending: false,
};
