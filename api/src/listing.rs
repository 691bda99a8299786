//! The shared list machinery of every search screen: paging, sort allow-lists, the 5000-row cap, dates.
//!
//! A resource's service takes a [`Page`] (already validated) and answers rows plus a total; the spec's paged-search
//! shape (`{itemList|resultList, totalCount}`) and the react-admin simple-rest shape (`admin::rest`) are thin
//! adapters over that one service.

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::Object;

use crate::error::{ApiError, ValidationError};

pub const PAGE_SIZES: [i64; 6] = [10, 20, 50, 100, 200, 500];
pub const DEFAULT_PAGE_SIZE: i64 = 10;
/// Searches stop at this many matching rows; sorting applies to those rows only (spec 2 section 9).
pub const ROW_CAP: i64 = 5000;
pub const ROW_CAP_MESSAGE: &str = "This search was limited to the first 5000 matching rows. Your results may not be complete.";

/// The paging part of every search request. Page numbers are zero-based (`pageNumber`, or `pageIndex` on the
/// screens that call it that).
#[derive(Debug, Clone, Default, Object)]
pub struct PageRequest {
    #[oai(rename = "pageNumber")]
    pub page_number: Option<i64>,
    #[oai(rename = "pageIndex")]
    pub page_index: Option<i64>,
    /// One of 10, 20, 50, 100, 200, 500 (default 10).
    #[oai(rename = "pageSize")]
    pub page_size: Option<i64>,
    #[oai(rename = "sortField")]
    pub sort_field: Option<String>,
    /// `asc` or `desc`.
    #[oai(rename = "sortDirection")]
    pub sort_direction: Option<String>,
}

/// Which fields a resource can be sorted by (API name, SQL expression), and its default order.
pub struct SortSpec {
    pub fields: &'static [(&'static str, &'static str)],
    pub default_field: &'static str,
    pub default_descending: bool,
}

/// A validated page: safe to splice `order_by` into SQL because it comes from the allow-list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub offset: i64,
    pub limit: i64,
    pub order_by: String,
}

impl Page {
    /// All rows up to the cap, for exports.
    pub fn export(order_by: String) -> Self {
        Self { offset: 0, limit: ROW_CAP, order_by }
    }
}

fn sort_column(spec: &SortSpec, field: &str) -> Option<&'static str> {
    spec.fields.iter().find(|(name, _)| name.eq_ignore_ascii_case(field)).map(|(_, col)| *col)
}

impl PageRequest {
    pub fn resolve(&self, spec: &SortSpec) -> Result<Page, ApiError> {
        let mut errors = Vec::new();
        let size = self.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if !PAGE_SIZES.contains(&size) {
            errors.push(ValidationError::new("pageSize", "invalidPageSize", "The page size must be one of 10, 20, 50, 100, 200, 500."));
        }
        let page = self.page_number.or(self.page_index).unwrap_or(0);
        if page < 0 {
            errors.push(ValidationError::new("pageNumber", "invalidPage", "The page number cannot be negative."));
        }
        let descending = match self.sort_direction.as_deref().map(str::to_ascii_lowercase).as_deref() {
            None | Some("") => None,
            Some("asc") => Some(false),
            Some("desc") => Some(true),
            Some(_) => {
                errors.push(ValidationError::new("sortDirection", "invalidSortDirection", "The sort direction must be asc or desc."));
                None
            }
        };
        let column = match self.sort_field.as_deref().filter(|f| !f.is_empty()) {
            None => sort_column(spec, spec.default_field),
            Some(f) => {
                let c = sort_column(spec, f);
                if c.is_none() {
                    errors.push(ValidationError::new("sortField", "invalidSortField", &format!("Sorting by {f} is not supported.")));
                }
                c
            }
        };
        if !errors.is_empty() {
            return Err(ApiError::validation(errors));
        }
        let column = column.ok_or_else(|| ApiError::internal("default sort field missing from its allow-list"))?;
        // Without a field of its own, a requested direction applies to the default field (spec: a default sort
        // direction has no effect until a field is chosen, which the UI tells the user).
        let descending = descending.unwrap_or(if self.sort_field.is_some() { false } else { spec.default_descending });
        // A stable tie-break keeps pages from overlapping.
        let order_by = format!("{column} {} nulls last", if descending { "desc" } else { "asc" });
        let offset = page.saturating_mul(size);
        if offset >= ROW_CAP {
            return Err(ApiError::invalid("pageNumber", "invalidPage", "Searches stop at the first 5000 matching rows."));
        }
        Ok(Page { offset, limit: size.min(ROW_CAP - offset), order_by })
    }
}

/// The SQL of a capped search: `base` is a `select <columns> from ... where ...` without order or limit, using bind
/// parameters `$1..$(next_param-1)`. Answers (page query, count query); the page query takes two more parameters
/// (limit, offset).
pub fn capped_sql(base: &str, order_by: &str, next_param: usize) -> (String, String) {
    search_sql(base, order_by, next_param, Some(ROW_CAP))
}

/// [`capped_sql`] with the cap chosen by the caller (`None`: no cap, as in the console's simple-rest lists).
pub fn search_sql(base: &str, order_by: &str, next_param: usize, cap: Option<i64>) -> (String, String) {
    let limit = cap.map(|n| format!(" limit {}", n.max(0))).unwrap_or_default();
    let found = format!("with found as ({base}{limit})");
    (
        format!("{found} select * from found order by {order_by}, 1 limit ${} offset ${}", next_param, next_param + 1),
        format!("{found} select count(*) from found"),
    )
}

/// Did the search hit the cap?
pub fn limited(total: i64) -> bool {
    total >= ROW_CAP
}

/// Start and end dates of a search; `default_back_days` before today and tomorrow when missing.
pub fn date_window(
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
    default_back_days: i64,
) -> Result<(DateTime<Utc>, DateTime<Utc>), ApiError> {
    let today = Utc::now().date_naive();
    let start = start.unwrap_or(today - chrono::Duration::days(default_back_days));
    let end = end.unwrap_or(today + chrono::Duration::days(1));
    if start > end {
        return Err(ApiError::invalid("start_date", "startAfterEnd", "Start Date can not be greater than the End Date"));
    }
    let to_utc = |d: NaiveDate| d.and_hms_opt(0, 0, 0).map(|t| t.and_utc());
    match (to_utc(start), to_utc(end + chrono::Duration::days(1))) {
        (Some(s), Some(e)) => Ok((s, e)),
        _ => Err(ApiError::invalid("start_date", "invalid", "Please enter a valid value for Start Date")),
    }
}

/// Declares a page answer type for one row type: `page_type!(ReleasePage, Release, "itemList");`.
#[macro_export]
macro_rules! page_type {
    ($name:ident, $row:ty, $list:literal) => {
        #[derive(Debug, poem_openapi::Object)]
        pub struct $name {
            #[oai(rename = $list)]
            pub list: Vec<$row>,
            #[oai(rename = "totalCount")]
            pub total_count: i64,
            /// The search stopped at 5000 matching rows.
            pub limited: bool,
            /// The row-limit notice to show when `limited`.
            #[oai(rename = "limitMessage")]
            pub limit_message: Option<String>,
        }

        impl $name {
            pub fn new(list: Vec<$row>, total_count: i64) -> Self {
                let limited = $crate::listing::limited(total_count);
                Self { list, total_count, limited, limit_message: limited.then(|| $crate::listing::ROW_CAP_MESSAGE.to_owned()) }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: SortSpec = SortSpec { fields: &[("release_number", "r.release_number"), ("release_title", "r.release_title")], default_field: "release_number", default_descending: true };

    fn req(page: Option<i64>, size: Option<i64>, field: Option<&str>, dir: Option<&str>) -> PageRequest {
        PageRequest { page_number: page, page_index: None, page_size: size, sort_field: field.map(Into::into), sort_direction: dir.map(Into::into) }
    }

    #[test]
    fn defaults_are_page_zero_ten_rows_and_the_default_sort() {
        let p = PageRequest::default().resolve(&SPEC).expect("valid");
        assert_eq!(p, Page { offset: 0, limit: 10, order_by: "r.release_number desc nulls last".into() });
    }

    #[test]
    fn a_sort_field_outside_the_allow_list_is_a_400_never_sql() {
        for bad in ["release_number; drop table x", "1", "r.release_number", "password_hash"] {
            assert!(req(None, None, Some(bad), None).resolve(&SPEC).is_err(), "{bad}");
        }
        let p = req(Some(2), Some(20), Some("RELEASE_TITLE"), Some("ASC")).resolve(&SPEC).expect("valid");
        assert_eq!(p.offset, 40);
        assert_eq!(p.order_by, "r.release_title asc nulls last");
    }

    #[test]
    fn page_sizes_and_directions_are_checked() {
        assert!(req(None, Some(15), None, None).resolve(&SPEC).is_err());
        assert!(req(None, Some(0), None, None).resolve(&SPEC).is_err());
        assert!(req(None, None, None, Some("sideways")).resolve(&SPEC).is_err());
        assert!(req(Some(-1), None, None, None).resolve(&SPEC).is_err());
        for size in PAGE_SIZES {
            assert!(req(None, Some(size), None, None).resolve(&SPEC).is_ok());
        }
    }

    #[test]
    fn pages_stop_at_the_row_cap() {
        let last = req(Some(9), Some(500), None, None).resolve(&SPEC).expect("valid");
        assert_eq!((last.offset, last.limit), (4500, 500));
        assert!(req(Some(10), Some(500), None, None).resolve(&SPEC).is_err());
        assert!(limited(5000) && !limited(4999));
    }

    #[test]
    fn capped_sql_limits_before_sorting() {
        let (page, count) = capped_sql("select a from t where b = $1", "a desc", 2);
        assert_eq!(page, "with found as (select a from t where b = $1 limit 5000) select * from found order by a desc, 1 limit $2 offset $3");
        assert!(count.ends_with("select count(*) from found"));
    }

    #[test]
    fn date_windows_default_and_refuse_reversed_ranges() {
        let (s, e) = date_window(None, None, 7).expect("valid");
        assert_eq!((e - s).num_days(), 9);
        let a = NaiveDate::from_ymd_opt(2026, 3, 2);
        let b = NaiveDate::from_ymd_opt(2026, 3, 1);
        assert!(date_window(a, b, 7).is_err());
    }
}
