//! Wire types of shared vendors, their site links and the client vendors assigned to them.

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::{PageRequest, SortSpec};
use kernel::num::Percent;
use kernel::page_type;

/// A shared vendor with every detail block.
#[derive(Object, FromRow, Serialize, Clone, Debug, PartialEq)]
pub struct SharedVendor {
    pub shared_vendor_id: i64,
    pub shared_vendor_name: String,
    pub is_active: bool,
    // Identification
    pub preferred_supplier: bool,
    pub sourcing_manager: Option<String>,
    /// Dun & Bradstreet number, 9 digits.
    pub duns_number: Option<String>,
    pub tax_id: Option<String>,
    pub website: Option<String>,
    pub parent_company: Option<String>,
    // WebOrderingInfo
    pub offers_web_ordering: bool,
    pub offers_punchout: bool,
    pub offers_edi: bool,
    pub offers_online_invoicing: bool,
    pub web_ordering_url: Option<String>,
    pub web_ordering_notes: Option<String>,
    // FergusonCostInfo
    /// A code of the 'SharedVendorPayTerms' list, e.g. `NET30`.
    pub pay_terms_code: Option<String>,
    pub pay_terms_days: Option<i32>,
    /// Early-payment discount, percent.
    pub pay_terms_discount_pct: Option<Percent>,
    pub incentive_program: bool,
    /// Rebate, percent of purchases.
    pub incentive_rebate_pct: Option<Percent>,
    pub incentive_notes: Option<String>,
    /// How often the supplier sends its cost file, e.g. `Quarterly`.
    pub cost_update_frequency: Option<String>,
    pub cost_info_notes: Option<String>,
    // VIPManagement
    pub is_vip: bool,
    pub vip_manager: Option<String>,
    pub strategy: Option<String>,
    pub strategy_notes: Option<String>,
    pub notes: Option<String>,
    // MarketMargin
    /// A value of the 'SharedVendorMarketType' list.
    pub market_type_id: Option<i32>,
    pub market_type: Option<String>,
    /// Percent.
    pub target_margin_pct: Option<Percent>,
    /// Percent.
    pub min_margin_pct: Option<Percent>,
    pub market_margin_notes: Option<String>,
    pub created_by_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_by_id: Option<i64>,
    pub updated_at: DateTime<Utc>,
}

/// A new shared vendor (`Insert`): the name is required and unique (case-insensitive).
#[derive(Object, Clone, Debug, Default)]
pub struct SharedVendorInsertInput {
    pub shared_vendor_name: Option<String>,
    /// Default true.
    pub is_active: Option<bool>,
    pub preferred_supplier: Option<bool>,
    pub sourcing_manager: Option<String>,
}

/// The header of a shared vendor (`Update`): name and active flag; a field left out keeps its value.
#[derive(Object, Clone, Debug, Default)]
pub struct SharedVendorUpdateInput {
    pub shared_vendor_id: Option<i64>,
    pub shared_vendor_name: Option<String>,
    pub is_active: Option<bool>,
}

/// The Identification block. Every block update replaces the whole block: a field left out or `null` is cleared
/// (flags become false).
#[derive(Object, Clone, Debug, Default)]
pub struct IdentificationInput {
    pub shared_vendor_id: Option<i64>,
    pub preferred_supplier: Option<bool>,
    pub sourcing_manager: Option<String>,
    pub duns_number: Option<String>,
    pub tax_id: Option<String>,
    pub website: Option<String>,
    pub parent_company: Option<String>,
}

/// The WebOrderingInfo block: what the supplier's website offers (replaces the block).
#[derive(Object, Clone, Debug, Default)]
pub struct WebOrderingInfoInput {
    pub shared_vendor_id: Option<i64>,
    pub offers_web_ordering: Option<bool>,
    pub offers_punchout: Option<bool>,
    pub offers_edi: Option<bool>,
    pub offers_online_invoicing: Option<bool>,
    pub web_ordering_url: Option<String>,
    pub web_ordering_notes: Option<String>,
}

/// The FergusonCostInfo block: pay terms, incentives and the cost file (replaces the block).
#[derive(Object, Clone, Debug, Default)]
pub struct CostInfoInput {
    pub shared_vendor_id: Option<i64>,
    /// A code of the 'SharedVendorPayTerms' list.
    pub pay_terms_code: Option<String>,
    pub pay_terms_days: Option<i32>,
    pub pay_terms_discount_pct: Option<Percent>,
    pub incentive_program: Option<bool>,
    pub incentive_rebate_pct: Option<Percent>,
    pub incentive_notes: Option<String>,
    pub cost_update_frequency: Option<String>,
    pub cost_info_notes: Option<String>,
}

/// The VIPManagement block: VIP flag, strategy and notes (replaces the block).
#[derive(Object, Clone, Debug, Default)]
pub struct VipManagementInput {
    pub shared_vendor_id: Option<i64>,
    pub is_vip: Option<bool>,
    pub vip_manager: Option<String>,
    pub strategy: Option<String>,
    pub strategy_notes: Option<String>,
    pub notes: Option<String>,
}

/// The MarketMargin block (replaces the block).
#[derive(Object, Clone, Debug, Default)]
pub struct MarketMarginInput {
    pub shared_vendor_id: Option<i64>,
    /// A value of the 'SharedVendorMarketType' list.
    pub market_type_id: Option<i32>,
    pub target_margin_pct: Option<Percent>,
    pub min_margin_pct: Option<Percent>,
    pub market_margin_notes: Option<String>,
}

/// A shared vendor search (`Search`, `SummarySearch`).
#[derive(Object, Clone, Debug, Default)]
pub struct SharedVendorSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Part of the name (case-insensitive).
    #[oai(validator(max_length = 200))]
    pub search_text: Option<String>,
    pub is_active: Option<bool>,
    pub is_vip: Option<bool>,
    pub preferred_supplier: Option<bool>,
}

/// One row of `Search`.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct SharedVendorRow {
    pub shared_vendor_id: i64,
    pub shared_vendor_name: String,
    pub is_active: bool,
    pub preferred_supplier: bool,
    pub is_vip: bool,
    pub sourcing_manager: Option<String>,
    pub market_type: Option<String>,
    pub updated_at: DateTime<Utc>,
}

page_type!(SharedVendorPage, SharedVendorRow, "itemList");

/// One row of `SummarySearch`: what the current client has of the shared vendor.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct SharedVendorSummaryRow {
    pub shared_vendor_id: i64,
    pub shared_vendor_name: String,
    pub is_active: bool,
    pub is_vip: bool,
    /// The current client's vendors, visible at the current site, assigned to it.
    pub vendor_count: i64,
    /// Its site links at the current client's sites.
    pub site_count: i64,
    pub contact_count: i64,
    pub brand_count: i64,
    /// Its current catalogue costs: active and not ended before today (UTC), those starting later included, as the
    /// cost catalogue's 'Current' filter counts them.
    pub current_cost_count: i64,
}

page_type!(SharedVendorSummaryPage, SharedVendorSummaryRow, "itemList");

/// A site link search (`SearchSharedVendorSite`): the links of one shared vendor at the sites the caller may use.
#[derive(Object, Clone, Debug, Default)]
pub struct SharedVendorSiteSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub shared_vendor_id: Option<i64>,
}

/// A site link with its special pricing agreement.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct SharedVendorSite {
    pub shared_vendor_site_id: i64,
    pub shared_vendor_id: i64,
    pub site_id: i64,
    pub site_code: String,
    pub site_name: String,
    /// Special pricing agreement number.
    pub spa_number: Option<String>,
    pub spa_start_date: Option<NaiveDate>,
    pub spa_end_date: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
}

page_type!(SharedVendorSitePage, SharedVendorSite, "itemList");

/// A new site link (`InsertSharedVendorSite`).
#[derive(Object, Clone, Debug, Default)]
pub struct SharedVendorSiteInput {
    pub shared_vendor_id: Option<i64>,
    pub site_id: Option<i64>,
    pub spa_number: Option<String>,
    pub spa_start_date: Option<NaiveDate>,
    pub spa_end_date: Option<NaiveDate>,
}

/// A site link as the checks need it.
#[derive(FromRow, Clone, Debug, Serialize)]
pub struct SiteLink {
    pub shared_vendor_site_id: i64,
    pub shared_vendor_id: i64,
    pub site_id: i64,
    pub client_id: i64,
    pub spa_number: Option<String>,
    pub spa_start_date: Option<NaiveDate>,
    pub spa_end_date: Option<NaiveDate>,
}

/// A client vendor (visible at the current site) and the shared vendor it is assigned to.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct AssignedVendor {
    pub vend_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    pub erp_type_id: i32,
    pub erp_company: Option<String>,
    pub is_vmi: bool,
    pub is_manufacturer: bool,
    pub active: bool,
    pub shared_vendor_id: Option<i64>,
    pub shared_vendor_name: Option<String>,
}

page_type!(AssignedVendorPage, AssignedVendor, "itemList");

/// The client vendors assigned to one shared vendor (`Vendors/{id}`).
#[derive(Object, Clone, Debug, Default)]
pub struct AssignedVendorSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Part of the code or name (case-insensitive).
    #[oai(validator(max_length = 200))]
    pub search_text: Option<String>,
    /// Exactly this code (case-insensitive).
    #[oai(validator(max_length = 50))]
    pub vend_code: Option<String>,
    #[oai(validator(max_length = 50))]
    pub erp_company: Option<String>,
    pub is_vmi: Option<bool>,
}

/// The distinct values of one column of `Vendors/{id}`, for a column filter.
#[derive(Object, Clone, Debug, Default)]
pub struct FieldDistinctValuesRequest {
    /// One of vend_code, vend_name, erp_type_id, erp_company, is_vmi, is_manufacturer, active.
    pub field_name: Option<String>,
    #[oai(flatten)]
    pub search: AssignedVendorSearchRequest,
}

/// The distinct values (as text, sorted, at most 500) of `field_name`.
#[derive(Object, Clone, Debug)]
pub struct FieldDistinctValues {
    pub field_name: String,
    pub values: Vec<String>,
}

/// A client vendor as assigning needs it.
#[derive(FromRow, Clone, Debug, Serialize)]
pub struct VendorLink {
    pub vend_id: i64,
    pub vend_code: String,
    pub shared_vendor_id: Option<i64>,
}

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("shared_vendor_id", "shared_vendor_id"),
        ("shared_vendor_name", "lower(shared_vendor_name)"),
        ("is_active", "is_active"),
        ("preferred_supplier", "preferred_supplier"),
        ("is_vip", "is_vip"),
        ("sourcing_manager", "sourcing_manager"),
        ("market_type", "market_type"),
        ("updated_at", "updated_at"),
    ],
    default_field: "shared_vendor_name",
    default_descending: false,
};

pub const SUMMARY_SORT: SortSpec = SortSpec {
    fields: &[
        ("shared_vendor_id", "shared_vendor_id"),
        ("shared_vendor_name", "lower(shared_vendor_name)"),
        ("is_active", "is_active"),
        ("is_vip", "is_vip"),
        ("vendor_count", "vendor_count"),
        ("site_count", "site_count"),
        ("contact_count", "contact_count"),
        ("brand_count", "brand_count"),
        ("current_cost_count", "current_cost_count"),
    ],
    default_field: "shared_vendor_name",
    default_descending: false,
};

pub const SITE_SORT: SortSpec = SortSpec {
    fields: &[
        ("shared_vendor_site_id", "shared_vendor_site_id"),
        ("site_code", "site_code"),
        ("site_name", "site_name"),
        ("spa_number", "spa_number"),
        ("spa_start_date", "spa_start_date"),
        ("spa_end_date", "spa_end_date"),
        ("created_at", "created_at"),
    ],
    default_field: "site_code",
    default_descending: false,
};

pub const VENDOR_SORT: SortSpec = SortSpec {
    fields: &[
        ("vend_id", "vend_id"),
        ("vend_code", "vend_code"),
        ("vend_name", "vend_name"),
        ("erp_type_id", "erp_type_id"),
        ("erp_company", "erp_company"),
        ("is_vmi", "is_vmi"),
        ("is_manufacturer", "is_manufacturer"),
        ("active", "active"),
    ],
    default_field: "vend_code",
    default_descending: false,
};

/// The columns of `Vendors/{id}` a column filter may ask the distinct values of (name sent, output column).
pub const DISTINCT_FIELDS: &[(&str, &str)] = &[
    ("vend_code", "vend_code"),
    ("vend_name", "vend_name"),
    ("erp_type_id", "erp_type_id"),
    ("erp_company", "erp_company"),
    ("is_vmi", "is_vmi"),
    ("is_manufacturer", "is_manufacturer"),
    ("active", "active"),
];
