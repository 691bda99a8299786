//! What the console services share: the adapter-neutral search criteria, input checks and the audit diff.
//!
//! A service takes a [`Criteria`] whose sort column can only come from that service's allow-list (a `&'static str`
//! picked by [`Criteria::sort_from`]), so both the simple-rest adapter and the spec-shaped adapter feed the same
//! search without either of them ever splicing caller text into SQL.

use serde_json::{Map, Value};

use crate::error::{ApiError, ValidationError};

/// An allow-list: (name the caller may send, output column of the service's search query).
pub type SortFields = &'static [(&'static str, &'static str)];

/// One search, independent of the HTTP shape it came in.
#[derive(Debug, Clone)]
pub struct Criteria<F> {
    /// Free text matched against the resource's main text columns (case-insensitive substring).
    pub q: Option<String>,
    /// Only these ids (react-admin's getMany).
    pub ids: Option<Vec<i64>>,
    /// Output column from the resource's allow-list.
    pub sort: &'static str,
    pub descending: bool,
    pub offset: i64,
    pub limit: i64,
    /// Stop counting and sorting at this many matching rows (the spec's 5000-row cap); `None` for no cap.
    pub cap: Option<i64>,
    /// The resource's own filters.
    pub filters: F,
}

impl<F: Default> Criteria<F> {
    /// The first `limit` rows in the default order.
    pub fn first(sort: &'static str, limit: i64) -> Self {
        Self { q: None, ids: None, sort, descending: false, offset: 0, limit, cap: None, filters: F::default() }
    }
}

impl<F> Criteria<F> {
    /// Looks `field` up in `allowed` (exact name, then case-insensitive); `None` gives `default`. Anything else is
    /// a 400 on `param` with errorType `invalidSortField`.
    pub fn sort_from(allowed: SortFields, field: Option<&str>, default: &'static str, param: &str) -> Result<&'static str, ApiError> {
        let Some(field) = field.map(str::trim).filter(|f| !f.is_empty()) else { return Ok(default) };
        allowed
            .iter()
            .find(|(name, _)| *name == field)
            .or_else(|| allowed.iter().find(|(name, _)| name.eq_ignore_ascii_case(field)))
            .map(|(_, col)| *col)
            .ok_or_else(|| ApiError::invalid(param, "invalidSortField", &format!("Sorting by {field} is not supported.")))
    }

    /// `order by` text: the chosen column, then `tie_break` so pages never overlap.
    pub fn order_by(&self, tie_break: &str) -> String {
        let dir = if self.descending { "desc nulls last" } else { "asc nulls last" };
        if self.sort == tie_break {
            format!("{} {dir}", self.sort)
        } else {
            format!("{} {dir}, {tie_break}", self.sort)
        }
    }

    /// `q` as an `ilike` pattern (`%q%`, with the pattern characters escaped).
    pub fn q_pattern(&self) -> Option<String> {
        self.q.as_deref().map(contains_pattern)
    }
}

/// `%text%` for `ilike`, escaping `\`, `%` and `_` (PostgreSQL's default escape character is the backslash).
pub fn contains_pattern(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('%');
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// Collects validation messages so one answer lists every problem.
#[derive(Default)]
pub struct Problems(pub Vec<ValidationError>);

impl Problems {
    pub fn add(&mut self, field: &str, error_type: &str, error: &str) {
        self.0.push(ValidationError::new(field, error_type, error));
    }
    pub fn push(&mut self, e: ValidationError) {
        self.0.push(e);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// `Ok(())` when nothing was found, else the 400.
    pub fn check(self) -> Result<(), ApiError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError::validation(self.0))
        }
    }

    /// Trimmed required text of at most `max` characters without control characters.
    pub fn required_text(&mut self, field: &str, label: &str, value: &str, max: usize) -> String {
        let v = value.trim();
        if v.is_empty() {
            self.add(field, "required", &format!("Please enter a value for {label}."));
        } else {
            self.check_text(field, label, v, max);
        }
        v.to_owned()
    }

    /// Trimmed optional text (empty becomes `None`) of at most `max` characters without control characters.
    pub fn optional_text(&mut self, field: &str, label: &str, value: Option<&str>, max: usize) -> Option<String> {
        let v = value.map(str::trim).filter(|v| !v.is_empty())?;
        self.check_text(field, label, v, max);
        Some(v.to_owned())
    }

    fn check_text(&mut self, field: &str, label: &str, v: &str, max: usize) {
        if v.chars().count() > max {
            self.add(field, "tooLong", &format!("{label} can be at most {max} characters."));
        } else if v.chars().any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t') {
            self.add(field, "invalid", &format!("Please enter a valid value for {label}."));
        }
    }
}

/// Ids in order of first appearance, without repeats.
pub fn dedup_ids(ids: &[i64]) -> Vec<i64> {
    let mut out: Vec<i64> = Vec::with_capacity(ids.len());
    for id in ids {
        if !out.contains(id) {
            out.push(*id);
        }
    }
    out
}

/// What changed between two JSON renderings of a record: `{field: {from, to}}` for every differing field.
pub fn diff(before: &Value, after: &Value) -> Value {
    let empty = Map::new();
    let b = before.as_object().unwrap_or(&empty);
    let a = after.as_object().unwrap_or(&empty);
    let mut out = Map::new();
    for (k, to) in a {
        let from = b.get(k).unwrap_or(&Value::Null);
        if from != to {
            out.insert(k.clone(), serde_json::json!({"from": from, "to": to}));
        }
    }
    for (k, from) in b {
        if !a.contains_key(k) {
            out.insert(k.clone(), serde_json::json!({"from": from, "to": Value::Null}));
        }
    }
    Value::Object(out)
}

/// A record as JSON for the audit trail.
pub fn snapshot<T: serde::Serialize>(record: &T) -> Value {
    serde_json::to_value(record).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SORTS: SortFields = &[("id", "id"), ("user_id", "user_id")];

    #[test]
    fn sort_fields_come_only_from_the_allow_list() {
        assert_eq!(Criteria::<()>::sort_from(SORTS, None, "user_id", "sort").ok(), Some("user_id"));
        assert_eq!(Criteria::<()>::sort_from(SORTS, Some("USER_ID"), "id", "sort").ok(), Some("user_id"));
        for bad in ["user_id; drop table asp.asp_users", "password_hash", "1", "u.user_id"] {
            let e = Criteria::<()>::sort_from(SORTS, Some(bad), "id", "sortField").expect_err("refused");
            match e {
                ApiError::BadRequest(b) => {
                    assert_eq!(b.0.errors[0].field, "sortField");
                    assert_eq!(b.0.errors[0].error_type, "invalidSortField");
                }
                other => panic!("expected 400, got {}", other.status()),
            }
        }
    }

    #[test]
    fn order_by_adds_a_tie_break() {
        let mut c = Criteria::<()>::first("user_id", 10);
        assert_eq!(c.order_by("id"), "user_id asc nulls last, id");
        c.descending = true;
        c.sort = "id";
        assert_eq!(c.order_by("id"), "id desc nulls last");
    }

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(contains_pattern("a%b_c\\"), "%a\\%b\\_c\\\\%");
    }

    #[test]
    fn diffs_name_only_changed_fields() {
        let d = diff(&serde_json::json!({"a": 1, "b": 2}), &serde_json::json!({"a": 1, "b": 3}));
        assert_eq!(d, serde_json::json!({"b": {"from": 2, "to": 3}}));
    }

    #[test]
    fn text_checks() {
        let mut p = Problems::default();
        assert_eq!(p.required_text("f", "F", "  x ", 5), "x");
        assert!(p.is_empty());
        p.required_text("f", "F", "  ", 5);
        p.required_text("g", "G", "toolong", 5);
        assert_eq!(p.optional_text("h", "H", Some("  "), 5), None);
        assert_eq!(p.0.len(), 2);
        assert_eq!(dedup_ids(&[3, 1, 3, 2, 1]), vec![3, 1, 2]);
    }
}
