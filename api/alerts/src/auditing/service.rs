//! Rules of alert auditing: the search form's checks, which sites a search covers, and the object-level check of a
//! notification by id.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Utc};
use tenancy::SiteScope;

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::listing::{date_window, Page, SortSpec};
use kernel::perm;
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use kernel::Perm;

use super::model::{AlertAuditPage, AlertAuditRow, AlertNotification, AlertRecipientPage, AlertSearch, AlertSearchExport, AlertType, AlertUsersRequest, SiteCode};
use super::repo::{self, AlertFilter};

/// The permission alert auditing needs, at the current site and at every site searched.
pub const ADMIN: &[Perm] = &[Perm::FSSConnectAdmin];
/// Start date default: this many days back.
pub const DEFAULT_DAYS_BACK: i64 = 30;
/// Dates must lie within 01/01 of the year this many years back and 01/01 of the year this many years ahead.
pub const DATE_BOUND_YEARS: i32 = 10;

pub const NOT_FOUND: &str = "The alert notification you are trying to find does not exist.";
const NO_SITE_ACCESS: &str = "You do not have access to this site.";

pub const SEARCH_SORT: SortSpec = SortSpec {
    fields: &[
        ("notification_id", "notification_id"),
        ("notification_type", "notification_type"),
        ("type_notification_id", "type_notification_id"),
        ("po_no", "po_no"),
        ("wo_no", "wo_no"),
        ("req_no", "req_no"),
        ("cip_no", "cip_no"),
        ("cid_no", "cid_no"),
        ("created_timestamp", "created_timestamp"),
        ("site_code", "site_code"),
    ],
    default_field: "notification_id",
    default_descending: false,
};

pub const RECIPIENT_SORT: SortSpec = SortSpec {
    fields: &[
        ("username", "username"),
        ("inbox_sent", "inbox_sent"),
        ("email_sent", "email_sent"),
        ("text_sent", "text_sent"),
        ("toastr_sent", "toastr_sent"),
        ("created_date", "created_date"),
    ],
    default_field: "username",
    default_descending: true,
};

fn digits(problems: &mut Problems, v: &Option<String>, field: &str, label: &str) -> Option<i64> {
    let v = trimmed(v)?;
    if !v.bytes().all(|b| b.is_ascii_digit()) {
        problems.add(field, "digitsOnly", &format!("{label} must contain digits only."));
        return None;
    }
    match v.parse::<i64>() {
        Ok(n) => Some(n),
        Err(_) => {
            problems.add(field, "tooLong", &format!("{label} is too long."));
            None
        }
    }
}

/// `YYYY-MM-DD`, `MM/DD/YYYY`, or a timestamp (its UTC date).
pub fn parse_date(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s, "%Y-%m-%d")
        .ok()
        .or_else(|| NaiveDate::parse_from_str(s, "%m/%d/%Y").ok())
        .or_else(|| DateTime::parse_from_rfc3339(s).ok().map(|d| d.with_timezone(&Utc).date_naive()))
        .or_else(|| NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f").ok().map(|d| d.date()))
}

fn date(problems: &mut Problems, v: &Option<String>, field: &str, label: &str) -> Option<NaiveDate> {
    let v = trimmed(v)?;
    let parsed = parse_date(v);
    if parsed.is_none() {
        problems.add(field, "invalid", &format!("Please enter a valid value for {label}"));
    }
    parsed
}

/// Checks the search form against the spec's rules, `today` being the current UTC date; every problem is reported
/// at once.
pub fn validate(s: &AlertSearch, today: NaiveDate) -> ApiResult<AlertFilter> {
    let mut problems = Problems::default();
    let po_no = digits(&mut problems, &s.po_no, "po_no", "PO Number");
    let wo_no = digits(&mut problems, &s.wo_no, "wo_no", "Work Order Number");
    let req_no = digits(&mut problems, &s.req_no, "req_no", "Requisition Number");
    let cip_no = digits(&mut problems, &s.cip_no, "cip_no", "CIP ID");
    let start_given = date(&mut problems, &s.date_start, "date_start", "Start Date");
    let end_given = date(&mut problems, &s.date_end, "date_end", "End Date");
    let start = start_given.unwrap_or(today - chrono::Duration::days(DEFAULT_DAYS_BACK));
    let end = end_given.unwrap_or(today + chrono::Duration::days(1));
    let earliest = NaiveDate::from_ymd_opt(today.year() - DATE_BOUND_YEARS, 1, 1);
    let latest = NaiveDate::from_ymd_opt(today.year() + DATE_BOUND_YEARS, 1, 1);
    if let Some(earliest) = earliest.filter(|e| start < *e) {
        problems.add("date_start", "outOfRange", &format!("Start Date must be on/after {}", earliest.format("%m/%d/%Y")));
    }
    if let Some(latest) = latest.filter(|l| end > *l) {
        problems.add("date_end", "outOfRange", &format!("End Date must be on/before {}", latest.format("%m/%d/%Y")));
    }
    if start > end {
        problems.add("date_start", "startAfterEnd", "Start Date can not be greater than the End Date");
    }
    let alert_type = match s.alert_type {
        None | Some(0) => None,
        Some(t) if t < 0 => {
            problems.add("alert_type", "invalid", "Please enter a valid value for Alert Type");
            None
        }
        Some(t) => Some(t),
    };
    let site_code = trimmed(&s.site_code).map(str::to_ascii_uppercase);
    if site_code.as_ref().is_some_and(|c| c.len() > 40) {
        problems.add("site_code", "invalid", "Please enter a valid value for Site Code");
    }
    problems.check()?;
    let (from, to) = date_window(Some(start), Some(end), DEFAULT_DAYS_BACK)
        .map_err(|_| ApiError::invalid("date_start", "startAfterEnd", "Start Date can not be greater than the End Date"))?;
    Ok(AlertFilter { po_no, wo_no, req_no, cip_no, from, to, alert_type, site_code })
}

fn admin_names() -> Vec<&'static str> {
    ADMIN.iter().map(|p| p.as_str()).collect()
}

/// The scope of `site_id` when the caller may audit alerts there: the current site answers from the caller's own
/// access; another site of the client is asked of the authorizer (whose scope then lets the search's transaction
/// see that site's rows, which row-level security would hide otherwise).
async fn audit_scope(state: &AppState, caller: &Caller, scope: &SiteScope, site_id: i64) -> ApiResult<Option<SiteScope>> {
    if site_id == scope.site_id() {
        return Ok(caller.holds_any(ADMIN).then(|| scope.clone()));
    }
    let access = state.authz.access(caller.user_id, site_id).await?;
    Ok(access.filter(|a| a.holds_any(admin_names())).map(|a| a.scope().clone()))
}

/// The caller's available sites of the scope's client where the caller may audit alerts, with their scopes.
async fn auditable(state: &AppState, caller: &Caller, scope: &SiteScope) -> ApiResult<Vec<(SiteCode, SiteScope)>> {
    let mut conn = state.pool.acquire().await?;
    let sites = repo::client_sites_of_user(&mut conn, caller.user_id, scope.client_id()).await?;
    drop(conn);
    let mut out = Vec::new();
    for site in sites {
        if let Some(s) = audit_scope(state, caller, scope, site.site_id).await? {
            out.push((site, s));
        }
    }
    Ok(out)
}

/// The caller's available sites of the scope's client where the caller may audit alerts.
pub async fn auditable_sites(state: &AppState, caller: &Caller, scope: &SiteScope) -> ApiResult<Vec<SiteCode>> {
    Ok(auditable(state, caller, scope).await?.into_iter().map(|(code, _)| code).collect())
}

/// The sites a search covers: the one asked for (403 unless the caller may audit it and it belongs to the current
/// client), else all auditable sites of the current client.
async fn searched_sites(state: &AppState, caller: &Caller, scope: &SiteScope, site_code: Option<&str>) -> ApiResult<Vec<SiteScope>> {
    let Some(code) = site_code else {
        return Ok(auditable(state, caller, scope).await?.into_iter().map(|(_, s)| s).collect());
    };
    let mut conn = state.pool.acquire().await?;
    let (site_id, client_id) = repo::site_by_code(&mut conn, code).await?.ok_or_else(|| ApiError::forbidden(NO_SITE_ACCESS))?;
    drop(conn);
    let granted = if site_id == scope.site_id() {
        caller.holds_any(ADMIN).then(|| scope.clone())
    } else {
        let access = state.authz.access(caller.user_id, site_id).await?.ok_or_else(|| ApiError::forbidden(NO_SITE_ACCESS))?;
        access.holds_any(admin_names()).then(|| access.scope().clone())
    };
    let Some(granted) = granted else {
        return Err(ApiError::forbidden(&format!("You do not have permission: {}", perm::describe(ADMIN))));
    };
    if client_id != scope.client_id() {
        return Err(ApiError::forbidden(&format!("Site {code} belongs to another client; switch to one of its sites to audit its alerts.")));
    }
    Ok(vec![granted])
}

async fn matching(state: &AppState, caller: &Caller, scope: &SiteScope, search: &AlertSearch, page: &Page) -> ApiResult<(Vec<AlertAuditRow>, i64)> {
    let filter = validate(search, Utc::now().date_naive())?;
    let scopes = searched_sites(state, caller, scope, filter.site_code.as_deref()).await?;
    let mut tx = scope.begin(&state.pool).await?;
    for s in &scopes {
        tx.widen(s).await?;
    }
    let sites: Vec<i64> = scopes.iter().map(SiteScope::site_id).collect();
    let found = repo::search(&mut tx, &sites, &filter, page).await?;
    tx.commit().await?;
    Ok(found)
}

/// One page of the alerts sent at the searched sites, in the requested order.
pub async fn search(state: &AppState, caller: &Caller, scope: &SiteScope, search: &AlertSearch) -> ApiResult<AlertAuditPage> {
    let page = search.page.resolve(&SEARCH_SORT)?;
    let (rows, total) = matching(state, caller, scope, search, &page).await?;
    Ok(AlertAuditPage::new(rows, total))
}

/// The search's alerts (up to the cap) as a workbook of the requested columns.
pub async fn export(state: &AppState, caller: &Caller, scope: &SiteScope, request: &AlertSearchExport) -> ApiResult<XlsxFile> {
    let page = request.search.page.resolve(&SEARCH_SORT)?.export();
    let (rows, _) = matching(state, caller, scope, &request.search, &page).await?;
    export::respond(&request.columns, &rows)
}

/// A notification of the caller's current client at a site where the caller may audit alerts, with that site's
/// scope; anything else is 404.
async fn load_visible(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<(SiteScope, AlertNotification)> {
    records::load_visible(state, caller, scope, ADMIN, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await
}

pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<AlertNotification> {
    let (_, notification) = load_visible(state, caller, scope, id).await?;
    Ok(notification)
}

/// One page of a notification's recipients, read at the notification's own site.
pub async fn recipients(state: &AppState, caller: &Caller, scope: &SiteScope, request: &AlertUsersRequest) -> ApiResult<AlertRecipientPage> {
    let page = request.page.resolve(&RECIPIENT_SORT)?;
    let Some(id) = request.notification_id else {
        return Err(ApiError::invalid("notification_id", "required", "Please enter a valid value for Notification Id"));
    };
    let (record_scope, notification) = load_visible(state, caller, scope, id).await?;
    let mut tx = record_scope.begin(&state.pool).await?;
    let (rows, total) = repo::recipients(&mut tx, notification.notification_id, &page).await?;
    tx.commit().await?;
    Ok(AlertRecipientPage::new(rows, total))
}

pub async fn alert_type(state: &AppState, type_id: Option<i64>) -> ApiResult<AlertType> {
    let Some(id) = type_id else {
        return Err(ApiError::invalid("type_id", "required", "Please enter a valid value for Type Id"));
    };
    let mut conn = state.pool.acquire().await?;
    repo::alert_type(&mut conn, id).await?.ok_or_else(|| ApiError::not_found("No such alert type."))
}

pub async fn alert_types(state: &AppState) -> ApiResult<Vec<AlertType>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::alert_types(&mut conn).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    fn form(start: Option<&str>, end: Option<&str>) -> AlertSearch {
        AlertSearch { date_start: start.map(Into::into), date_end: end.map(Into::into), ..Default::default() }
    }

    fn messages(r: ApiResult<AlertFilter>) -> Vec<(String, String)> {
        match r {
            Err(ApiError::BadRequest(body)) => body.0.errors.into_iter().map(|e| (e.field, e.error)).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn numbers_must_be_digits_only_each_reported_on_its_field() {
        let s = AlertSearch { po_no: Some("12a".into()), wo_no: Some("-1".into()), req_no: Some(" 42 ".into()), cip_no: Some("1.5".into()), ..Default::default() };
        let fields: Vec<String> = messages(validate(&s, day(2026, 3, 1))).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, vec!["po_no", "wo_no", "cip_no"]);
        let ok = validate(&AlertSearch { req_no: Some(" 42 ".into()), po_no: Some("".into()), ..Default::default() }, day(2026, 3, 1)).expect("valid");
        assert_eq!((ok.req_no, ok.po_no), (Some(42), None));
    }

    #[test]
    fn dates_default_to_thirty_days_back_through_tomorrow() {
        let f = validate(&AlertSearch::default(), day(2026, 3, 31)).expect("valid");
        assert_eq!(f.from.date_naive(), day(2026, 3, 1));
        assert_eq!(f.to.date_naive(), day(2026, 4, 2));
    }

    #[test]
    fn dates_are_bounded_ten_years_either_side_and_ordered() {
        let today = day(2026, 6, 15);
        assert_eq!(messages(validate(&form(Some("2015-12-31"), None), today)), vec![("date_start".into(), "Start Date must be on/after 01/01/2016".into())]);
        assert!(validate(&form(Some("2016-01-01"), None), today).is_ok());
        assert_eq!(messages(validate(&form(None, Some("2036-01-02")), today)), vec![("date_end".into(), "End Date must be on/before 01/01/2036".into())]);
        assert_eq!(
            messages(validate(&form(Some("2026-03-02"), Some("2026-03-01")), today)),
            vec![("date_start".into(), "Start Date can not be greater than the End Date".into())]
        );
        assert_eq!(messages(validate(&form(Some("yesterday"), None), today))[0].0, "date_start");
        assert!(validate(&form(Some("03/01/2026"), Some("2026-03-05T10:00:00Z")), today).is_ok());
    }
}
