//! Wire types of the child records of a shared vendor.

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::{PageRequest, SortSpec};
use kernel::page_type;

/// The search of one kind of child record of a shared vendor.
#[derive(Object, Clone, Debug, Default)]
pub struct ChildSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub shared_vendor_id: Option<i64>,
    /// Part of the record's names or codes (case-insensitive).
    #[oai(validator(max_length = 200))]
    pub search_text: Option<String>,
}

/// A person at the supplier.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct SharedVendorContact {
    pub shared_vendor_contact_id: i64,
    pub shared_vendor_id: i64,
    /// A value of the 'SharedVendorContactType' list.
    pub contact_type_id: i32,
    pub contact_type: Option<String>,
    pub contact_name: String,
    pub phone: Option<String>,
    pub phone_ext: Option<String>,
    pub email: Option<String>,
    pub notes: Option<String>,
    pub updated_at: DateTime<Utc>,
}

page_type!(SharedVendorContactPage, SharedVendorContact, "itemList");

/// A contact to add (`Contact/Insert`) or change (`Contact/Update`, with its id; every field is replaced).
#[derive(Object, Clone, Debug, Default)]
pub struct ContactInput {
    /// Required for `Update`.
    pub shared_vendor_contact_id: Option<i64>,
    /// Required for `Insert`.
    pub shared_vendor_id: Option<i64>,
    pub contact_type_id: Option<i32>,
    pub contact_name: Option<String>,
    /// 7 to 15 digits with the usual separators.
    pub phone: Option<String>,
    /// Up to 6 digits.
    pub phone_ext: Option<String>,
    pub email: Option<String>,
    pub notes: Option<String>,
}

/// A brand the supplier carries.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct SharedVendorBrand {
    pub shared_vendor_brand_id: i64,
    pub shared_vendor_id: i64,
    pub brand_id: i64,
    pub brand_name: String,
    pub mfg_code: Option<String>,
    pub created_at: DateTime<Utc>,
}

page_type!(SharedVendorBrandPage, SharedVendorBrand, "itemList");

/// A brand to add (`Brand/Insert`): an active brand of the item master, once per shared vendor.
#[derive(Object, Clone, Debug, Default)]
pub struct BrandInput {
    pub shared_vendor_id: Option<i64>,
    pub brand_id: Option<i64>,
}

/// A commodity (UNSPSC) the supplier covers.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct SharedVendorCommodity {
    pub shared_vendor_commodity_id: i64,
    pub shared_vendor_id: i64,
    pub commodity_code: String,
    pub description: String,
    pub created_at: DateTime<Utc>,
}

page_type!(SharedVendorCommodityPage, SharedVendorCommodity, "itemList");

/// A commodity to add (`Commodity/Insert`): an active 8-digit commodity code, once per shared vendor.
#[derive(Object, Clone, Debug, Default)]
pub struct CommodityInput {
    pub shared_vendor_id: Option<i64>,
    pub commodity_code: Option<String>,
}

/// The provider's grade of the supplier in one category.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct SharedVendorGrade {
    pub shared_vendor_grade_id: i64,
    pub shared_vendor_id: i64,
    /// A value of the 'SharedVendorGradeCategory' list.
    pub grade_category_id: i32,
    pub grade_category: Option<String>,
    /// A value of the 'SharedVendorGrade' list.
    pub grade_id: i32,
    pub grade: Option<String>,
    pub graded_on: Option<NaiveDate>,
    pub comments: Option<String>,
    pub updated_at: DateTime<Utc>,
}

page_type!(SharedVendorGradePage, SharedVendorGrade, "itemList");

/// A grade to add (`Grade/Insert`, one per category) or change (`Grade/Update`, with its id).
#[derive(Object, Clone, Debug, Default)]
pub struct GradeInput {
    /// Required for `Update`.
    pub shared_vendor_grade_id: Option<i64>,
    /// Required for `Insert`.
    pub shared_vendor_id: Option<i64>,
    pub grade_category_id: Option<i32>,
    pub grade_id: Option<i32>,
    pub graded_on: Option<NaiveDate>,
    pub comments: Option<String>,
}

/// A brand that competes with the supplier's.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct SharedVendorCompetitorBrand {
    pub shared_vendor_competitor_brand_id: i64,
    pub shared_vendor_id: i64,
    pub brand_name: String,
    pub notes: Option<String>,
    pub created_at: DateTime<Utc>,
}

page_type!(SharedVendorCompetitorBrandPage, SharedVendorCompetitorBrand, "itemList");

/// A competitor brand to add (`CompetitorBrand/Insert`), once per name and shared vendor.
#[derive(Object, Clone, Debug, Default)]
pub struct CompetitorBrandInput {
    pub shared_vendor_id: Option<i64>,
    pub brand_name: Option<String>,
    pub notes: Option<String>,
}

/// One of the provider's own people who look after the supplier's account.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct SharedVendorAccountContact {
    pub shared_vendor_account_contact_id: i64,
    pub shared_vendor_id: i64,
    pub contact_name: String,
    pub role_title: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub notes: Option<String>,
    pub updated_at: DateTime<Utc>,
}

page_type!(SharedVendorAccountContactPage, SharedVendorAccountContact, "itemList");

/// An account contact to add (`FergusonAccountContact/Insert`) or change (`.../Update`, with its id).
#[derive(Object, Clone, Debug, Default)]
pub struct AccountContactInput {
    /// Required for `Update`.
    pub shared_vendor_account_contact_id: Option<i64>,
    /// Required for `Insert`.
    pub shared_vendor_id: Option<i64>,
    pub contact_name: Option<String>,
    pub role_title: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub notes: Option<String>,
}

pub const CONTACT_SORT: SortSpec = SortSpec {
    fields: &[("shared_vendor_contact_id", "shared_vendor_contact_id"), ("contact_name", "contact_name"), ("contact_type", "contact_type"), ("email", "email"), ("phone", "phone"), ("updated_at", "updated_at")],
    default_field: "contact_name",
    default_descending: false,
};

pub const BRAND_SORT: SortSpec = SortSpec {
    fields: &[("shared_vendor_brand_id", "shared_vendor_brand_id"), ("brand_name", "brand_name"), ("mfg_code", "mfg_code"), ("created_at", "created_at")],
    default_field: "brand_name",
    default_descending: false,
};

pub const COMMODITY_SORT: SortSpec = SortSpec {
    fields: &[("shared_vendor_commodity_id", "shared_vendor_commodity_id"), ("commodity_code", "commodity_code"), ("description", "description"), ("created_at", "created_at")],
    default_field: "commodity_code",
    default_descending: false,
};

pub const GRADE_SORT: SortSpec = SortSpec {
    fields: &[("shared_vendor_grade_id", "shared_vendor_grade_id"), ("grade_category", "grade_category"), ("grade", "grade"), ("graded_on", "graded_on"), ("updated_at", "updated_at")],
    default_field: "grade_category",
    default_descending: false,
};

pub const COMPETITOR_BRAND_SORT: SortSpec = SortSpec {
    fields: &[("shared_vendor_competitor_brand_id", "shared_vendor_competitor_brand_id"), ("brand_name", "brand_name"), ("created_at", "created_at")],
    default_field: "brand_name",
    default_descending: false,
};

pub const ACCOUNT_CONTACT_SORT: SortSpec = SortSpec {
    fields: &[("shared_vendor_account_contact_id", "shared_vendor_account_contact_id"), ("contact_name", "contact_name"), ("role_title", "role_title"), ("email", "email"), ("updated_at", "updated_at")],
    default_field: "contact_name",
    default_descending: false,
};
