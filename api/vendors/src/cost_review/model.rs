//! Wire types of the vendor cost review.

use chrono::NaiveDate;
use kernel::listing::{PageRequest, SortSpec};
use kernel::num::{Percent, Quantity, UnitCost};
use kernel::page_type;
use poem_openapi::{Enum, Object};
use serde::Serialize;
use sqlx::FromRow;

/// One review record: a CIP, its vendor and the catalogue cost that differs from the CIP's cost.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct CostReviewRecord {
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_desc1: Option<String>,
    pub item_id: i64,
    pub mfg_code: String,
    pub mfg_part_no: String,
    pub vend_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    pub shared_vendor_id: i64,
    pub shared_vendor_name: String,
    pub shared_vendor_cost_id: i64,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// The catalogue's cost at its first break (the minimum order).
    pub catalog_cost: UnitCost,
    pub min_order_qty: Quantity,
    /// What the site pays: the CIP's average cost.
    pub site_cost: UnitCost,
    /// catalog_cost - site_cost: negative when the catalogue is cheaper.
    pub difference: UnitCost,
    /// difference / site_cost in percent, 2 decimals (none when the site cost is 0).
    pub difference_percent: Option<Percent>,
}

/// Which way the catalogue differs.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub enum CostReviewDirection {
    /// The catalogue is cheaper than what the site pays.
    Lower,
    /// The catalogue costs more.
    Higher,
}

/// A column sub-filter: only rows whose `field` is one of `values` (the distinct values SHV-042 offers).
#[derive(Object, Clone, Debug)]
pub struct CostReviewColumnFilter {
    /// One of vend_code, vend_name, shared_vendor_name, mfg_code.
    #[oai(validator(max_length = 50))]
    pub field: String,
    #[oai(validator(max_items = 500))]
    pub values: Vec<String>,
}

#[derive(Object, Clone, Debug, Default)]
pub struct CostReviewFilter {
    /// CIP code, description, or manufacturer part number: contains (case-insensitive).
    #[oai(validator(max_length = 100))]
    pub q: Option<String>,
    pub shared_vendor_id: Option<i64>,
    #[oai(validator(max_length = 50))]
    pub vend_code: Option<String>,
    pub direction: Option<CostReviewDirection>,
    /// Only differences of at least this many percent (either way).
    pub min_percent: Option<Percent>,
    #[oai(rename = "filterList", validator(max_items = 10))]
    pub filter_list: Option<Vec<CostReviewColumnFilter>>,
}

#[derive(Object, Clone, Debug)]
pub struct CostReviewSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: CostReviewFilter,
}

page_type!(CostReviewPage, CostReviewRecord, "itemList");

/// The distinct values of one review column (SHV-042), within the other filters.
#[derive(Object, Clone, Debug)]
pub struct CostReviewDistinctValuesRequest {
    /// One of vend_code, vend_name, shared_vendor_name, mfg_code.
    #[oai(validator(max_length = 50))]
    pub field: String,
    #[oai(flatten)]
    pub filter: CostReviewFilter,
}

#[derive(Object, Clone, Debug)]
pub struct CostReviewDistinctValues {
    pub field: String,
    /// At most 500, in order.
    pub values: Vec<String>,
}

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("difference_percent", "difference_percent"),
        ("difference", "difference"),
        ("cip_code", "cip_code"),
        ("vend_code", "vend_code"),
        ("shared_vendor_name", "shared_vendor_name"),
        ("mfg_part_no", "mfg_part_no"),
        ("catalog_cost", "catalog_cost"),
        ("site_cost", "site_cost"),
    ],
    default_field: "difference_percent",
    default_descending: true,
};

/// The review columns a sub-filter or the distinct values may name: (name, output column).
pub const FILTER_FIELDS: &[(&str, &str)] =
    &[("vend_code", "vend_code"), ("vend_name", "vend_name"), ("shared_vendor_name", "shared_vendor_name"), ("mfg_code", "mfg_code")];
