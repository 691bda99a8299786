//! Alert Auditing (spec 2): which alert notifications were sent at the caller's sites, and to whom. The rows live in
//! the client's schema (`notification`, `notification_recipient`); the alert types in the shared `asp.type_notification`.
//!
//! Searches cover the caller's current client only: one site (which the caller must be allowed to audit, else 403)
//! or every site of that client where the caller holds FSSConnectAdmin. A notification of another client, or of a
//! site the caller may not audit, answers 404 like a missing one.

use api_macros::guarded;
use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Utc};
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde::Serialize;
use sqlx::{FromRow, PgConnection};
use tenancy::{SiteScope, TenantTx};

use kernel::records;
use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::export::{self, ExportColumn, XlsxFile};
use kernel::listing::{capped_sql, date_window, Page, PageRequest, SortSpec};
use kernel::ApiTags;
use kernel::page_type;
use kernel::Perm;
use kernel::state::AppState;

/// The permission alert auditing needs, at the current site and at every site searched.
pub const ADMIN: &[Perm] = &[Perm::FSSConnectAdmin];
/// Start date default: this many days back.
pub const DEFAULT_DAYS_BACK: i64 = 30;
/// Dates must lie within 01/01 of the year this many years back and 01/01 of the year this many years ahead.
pub const DATE_BOUND_YEARS: i32 = 10;

/// The alert search form. Empty texts count as not given.
#[derive(Debug, Clone, Default, Object)]
pub struct AlertSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    /// ASP purchase order number; digits only.
    pub po_no: Option<String>,
    /// Work order number; digits only.
    pub wo_no: Option<String>,
    /// Requisition number; digits only.
    pub req_no: Option<String>,
    /// CIP ID; digits only.
    pub cip_no: Option<String>,
    /// `YYYY-MM-DD` (a full timestamp is accepted, its date is used); default 30 days back.
    pub date_start: Option<String>,
    /// `YYYY-MM-DD`, inclusive; default tomorrow.
    pub date_end: Option<String>,
    /// A type_notification_id; null or 0 for all types.
    pub alert_type: Option<i64>,
    /// One of the caller's sites of the current client; null or empty for all of them.
    pub site_code: Option<String>,
}

#[derive(Debug, Object)]
pub struct AlertSearchExport {
    #[oai(flatten)]
    pub search: AlertSearch,
    pub columns: Vec<ExportColumn>,
}

/// One sent alert.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct AlertAuditRow {
    pub notification_id: i64,
    /// The alert type's description.
    pub notification_type: Option<String>,
    /// The alert type's id (for `GET /api/V1/AlertAuditing/Type?type_id=`).
    pub type_notification_id: i64,
    pub po_no: Option<i64>,
    pub wo_no: Option<i64>,
    pub req_no: Option<i64>,
    pub cip_no: Option<i64>,
    pub cid_no: Option<i64>,
    pub created_timestamp: DateTime<Utc>,
    pub site_code: String,
}

page_type!(AlertAuditPage, AlertAuditRow, "resultList");

/// The header of one sent alert.
#[derive(Debug, Clone, Object, FromRow)]
pub struct AlertNotification {
    pub notification_id: i64,
    pub notification_name: String,
    pub site_id: i64,
    pub site_code: String,
    pub created_date: DateTime<Utc>,
    pub subject: Option<String>,
}

#[derive(Debug, Clone, Default, Object)]
pub struct AlertUsersRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub notification_id: Option<i64>,
}

/// One recipient of an alert and the channels it went out on.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct AlertRecipient {
    pub username: String,
    pub asp_users_id: Option<i64>,
    pub inbox_sent: bool,
    pub email_sent: bool,
    pub text_sent: bool,
    pub toastr_sent: bool,
    pub created_date: DateTime<Utc>,
}

page_type!(AlertRecipientPage, AlertRecipient, "resultList");

#[derive(Debug, Clone, Object, FromRow)]
pub struct AlertType {
    pub type_notification_id: i64,
    pub description: String,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct SiteCode {
    pub site_id: i64,
    pub site_code: String,
}

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

const NOT_FOUND: &str = "The alert notification you are trying to find does not exist.";

/// A validated search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlertFilter {
    pub po_no: Option<i64>,
    pub wo_no: Option<i64>,
    pub req_no: Option<i64>,
    pub cip_no: Option<i64>,
    pub from: DateTime<Utc>,
    /// Exclusive.
    pub to: DateTime<Utc>,
    pub alert_type: Option<i64>,
    pub site_code: Option<String>,
}

fn clean(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn digits(errors: &mut Vec<ValidationError>, v: &Option<String>, field: &str, label: &str) -> Option<i64> {
    let v = clean(v)?;
    if !v.bytes().all(|b| b.is_ascii_digit()) {
        errors.push(ValidationError::new(field, "digitsOnly", &format!("{label} must contain digits only.")));
        return None;
    }
    match v.parse::<i64>() {
        Ok(n) => Some(n),
        Err(_) => {
            errors.push(ValidationError::new(field, "tooLong", &format!("{label} is too long.")));
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

fn date(errors: &mut Vec<ValidationError>, v: &Option<String>, field: &str, label: &str) -> Option<NaiveDate> {
    let v = clean(v)?;
    let parsed = parse_date(v);
    if parsed.is_none() {
        errors.push(ValidationError::new(field, "invalid", &format!("Please enter a valid value for {label}")));
    }
    parsed
}

/// Checks the search form against the spec's rules, `today` being the current UTC date.
pub fn validate(s: &AlertSearch, today: NaiveDate) -> Result<AlertFilter, Vec<ValidationError>> {
    let mut errors = Vec::new();
    let po_no = digits(&mut errors, &s.po_no, "po_no", "PO Number");
    let wo_no = digits(&mut errors, &s.wo_no, "wo_no", "Work Order Number");
    let req_no = digits(&mut errors, &s.req_no, "req_no", "Requisition Number");
    let cip_no = digits(&mut errors, &s.cip_no, "cip_no", "CIP ID");
    let start_given = date(&mut errors, &s.date_start, "date_start", "Start Date");
    let end_given = date(&mut errors, &s.date_end, "date_end", "End Date");
    let start = start_given.unwrap_or(today - chrono::Duration::days(DEFAULT_DAYS_BACK));
    let end = end_given.unwrap_or(today + chrono::Duration::days(1));
    let earliest = NaiveDate::from_ymd_opt(today.year() - DATE_BOUND_YEARS, 1, 1);
    let latest = NaiveDate::from_ymd_opt(today.year() + DATE_BOUND_YEARS, 1, 1);
    if let Some(earliest) = earliest.filter(|e| start < *e) {
        errors.push(ValidationError::new("date_start", "outOfRange", &format!("Start Date must be on/after {}", earliest.format("%m/%d/%Y"))));
    }
    if let Some(latest) = latest.filter(|l| end > *l) {
        errors.push(ValidationError::new("date_end", "outOfRange", &format!("End Date must be on/before {}", latest.format("%m/%d/%Y"))));
    }
    if start > end {
        errors.push(ValidationError::new("date_start", "startAfterEnd", "Start Date can not be greater than the End Date"));
    }
    let alert_type = match s.alert_type {
        None | Some(0) => None,
        Some(t) if t < 0 => {
            errors.push(ValidationError::new("alert_type", "invalid", "Please enter a valid value for Alert Type"));
            None
        }
        Some(t) => Some(t),
    };
    let site_code = clean(&s.site_code).map(str::to_ascii_uppercase);
    if site_code.as_ref().is_some_and(|c| c.len() > 40) {
        errors.push(ValidationError::new("site_code", "invalid", "Please enter a valid value for Site Code"));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let (from, to) = date_window(Some(start), Some(end), DEFAULT_DAYS_BACK).map_err(|_| {
        vec![ValidationError::new("date_start", "startAfterEnd", "Start Date can not be greater than the End Date")]
    })?;
    Ok(AlertFilter { po_no, wo_no, req_no, cip_no, from, to, alert_type, site_code })
}

// Repository: tenant rows only through a granted scope's transaction.
async fn search(tx: &mut TenantTx, sites: &[i64], f: &AlertFilter, page: &Page) -> Result<(Vec<AlertAuditRow>, i64), sqlx::Error> {
    let base = "select n.notification_id, t.description as notification_type, n.type_notification_id, n.po_no, n.wo_no, n.req_no,
                n.cip_no, n.cid_no, n.created_timestamp, s.site_code
         from notification n
         join asp.site s on s.site_id = n.site_id
         left join asp.type_notification t on t.type_notification_id = n.type_notification_id
         where n.site_id = any($1) and n.created_timestamp >= $2 and n.created_timestamp < $3
           and ($4::bigint is null or n.po_no = $4) and ($5::bigint is null or n.wo_no = $5)
           and ($6::bigint is null or n.req_no = $6) and ($7::bigint is null or n.cip_no = $7)
           and ($8::bigint is null or n.type_notification_id = $8)";
    let (rows_sql, count_sql) = capped_sql(base, &page.order_by, 9);
    let rows = sqlx::query_as(&rows_sql)
        .bind(sites)
        .bind(f.from)
        .bind(f.to)
        .bind(f.po_no)
        .bind(f.wo_no)
        .bind(f.req_no)
        .bind(f.cip_no)
        .bind(f.alert_type)
        .bind(page.limit)
        .bind(page.offset)
        .fetch_all(&mut **tx)
        .await?;
    let total = sqlx::query_scalar(&count_sql)
        .bind(sites)
        .bind(f.from)
        .bind(f.to)
        .bind(f.po_no)
        .bind(f.wo_no)
        .bind(f.req_no)
        .bind(f.cip_no)
        .bind(f.alert_type)
        .fetch_one(&mut **tx)
        .await?;
    Ok((rows, total))
}

/// A notification of the scope's client (its site must belong to that client).
async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<AlertNotification>, sqlx::Error> {
    let client_id = tx.scope().client_id();
    sqlx::query_as(
        "select n.notification_id, n.notification_name, n.site_id, s.site_code, n.created_timestamp as created_date, n.subject
         from notification n join asp.site s on s.site_id = n.site_id
         where n.notification_id = $1 and s.client_id = $2",
    )
    .bind(id)
    .bind(client_id)
    .fetch_optional(&mut **tx)
    .await
}

/// Recipients of a notification at the transaction's site.
async fn recipients(tx: &mut TenantTx, notification_id: i64, page: &Page) -> Result<(Vec<AlertRecipient>, i64), sqlx::Error> {
    let site_id = tx.site_id();
    let base = "select username, asp_users_id, inbox_sent, email_sent, text_sent, toastr_sent, created_date
         from notification_recipient where notification_id = $1 and site_id = $2";
    let (rows_sql, count_sql) = capped_sql(base, &page.order_by, 3);
    let rows = sqlx::query_as(&rows_sql).bind(notification_id).bind(site_id).bind(page.limit).bind(page.offset).fetch_all(&mut **tx).await?;
    let total = sqlx::query_scalar(&count_sql).bind(notification_id).bind(site_id).fetch_one(&mut **tx).await?;
    Ok((rows, total))
}

async fn alert_types(conn: &mut PgConnection) -> Result<Vec<AlertType>, sqlx::Error> {
    sqlx::query_as("select type_notification_id, description from asp.type_notification order by description").fetch_all(conn).await
}

async fn alert_type(conn: &mut PgConnection, id: i64) -> Result<Option<AlertType>, sqlx::Error> {
    sqlx::query_as("select type_notification_id, description from asp.type_notification where type_notification_id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// The user's available sites of one client, by site code.
async fn client_sites_of_user(conn: &mut PgConnection, user_id: i64, client_id: i64) -> Result<Vec<SiteCode>, sqlx::Error> {
    sqlx::query_as(
        "select s.site_id, s.site_code from asp.user_site us join asp.site s using (site_id) join asp.client c using (client_id)
         where us.asp_users_id = $1 and s.client_id = $2 and s.is_active and c.is_active and not s.is_ignored order by s.site_code",
    )
    .bind(user_id)
    .bind(client_id)
    .fetch_all(conn)
    .await
}

async fn site_by_code(conn: &mut PgConnection, code: &str) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("select site_id, client_id from asp.site where site_code = $1").bind(code).fetch_optional(conn).await
}

// Service.
/// The caller's current site, granted for auditing (the guard checked the permission there already).
fn current_scope(caller: &Caller) -> ApiResult<SiteScope> {
    caller.current_scope()
}

/// The caller's available sites of the scope's client where the caller may audit alerts.
pub async fn auditable_sites(state: &AppState, caller: &Caller, scope: &SiteScope) -> ApiResult<Vec<SiteCode>> {
    let mut out = Vec::new();
    let mut conn = state.pool.acquire().await?;
    let sites = client_sites_of_user(&mut conn, caller.user_id, scope.client_id()).await?;
    drop(conn);
    let admin: Vec<&str> = ADMIN.iter().map(|p| p.as_str()).collect();
    for site in sites {
        if state.authz.has_any(caller.user_id, site.site_id, &admin).await? {
            out.push(site);
        }
    }
    Ok(out)
}

/// The sites a search covers: the one asked for (403 unless the caller may audit it and it belongs to the current
/// client), else all auditable sites of the current client.
async fn searched_sites(state: &AppState, caller: &Caller, scope: &SiteScope, site_code: Option<&str>) -> ApiResult<Vec<i64>> {
    let Some(code) = site_code else {
        return Ok(auditable_sites(state, caller, scope).await?.into_iter().map(|s| s.site_id).collect());
    };
    let mut conn = state.pool.acquire().await?;
    let (site_id, client_id) = site_by_code(&mut conn, code).await?.ok_or_else(|| ApiError::forbidden("You do not have access to this site."))?;
    drop(conn);
    state.authz.grant(caller.user_id, site_id, &ADMIN.iter().map(|p| p.as_str()).collect::<Vec<_>>()).await?;
    if client_id != scope.client_id() {
        return Err(ApiError::forbidden(&format!("Site {code} belongs to another client; switch to one of its sites to audit its alerts.")));
    }
    Ok(vec![site_id])
}

pub async fn search_alerts(state: &AppState, caller: &Caller, body: &AlertSearch, page: &Page) -> ApiResult<(Vec<AlertAuditRow>, i64)> {
    let filter = validate(body, Utc::now().date_naive()).map_err(ApiError::validation)?;
    let scope = current_scope(caller)?;
    let sites = searched_sites(state, caller, &scope, filter.site_code.as_deref()).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let found = search(&mut tx, &sites, &filter, page).await?;
    tx.commit().await?;
    Ok(found)
}

/// Loads a notification of the caller's current client, then checks the caller may audit the notification's own
/// site; otherwise it is as missing. Answers the scope of the notification's site.
async fn load_visible(state: &AppState, caller: &Caller, id: i64) -> ApiResult<(SiteScope, AlertNotification)> {
    let scope = current_scope(caller)?;
    let mut tx = scope.begin(&state.pool).await?;
    let found = find(&mut tx, id).await?;
    tx.commit().await?;
    let notification = found.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let scope = records::record_scope(state, caller, &scope, notification.site_id, ADMIN, NOT_FOUND).await?;
    Ok((scope, notification))
}

pub struct AlertAuditingApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::DevOps")]
impl AlertAuditingApi {
    /// Search sent alerts
    ///
    /// Alerts of the current client: at `site_code` (403 unless the caller may audit it there and it belongs to the
    /// current client) or at every site of the client where the caller may. Default sort notification_id
    /// ascending; dates default to 30 days back through tomorrow and must lie between 01/01 ten years back and
    /// 01/01 ten years ahead.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/AlertAuditing/Search", method = "post", operation_id = "alertAuditingPostSearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<AlertSearch>) -> ApiResult<Json<AlertAuditPage>> {
        let page = body.page.resolve(&SEARCH_SORT)?;
        let (rows, total) = search_alerts(&state, &caller, &body, &page).await?;
        Ok(Json(AlertAuditPage::new(rows, total)))
    }

    /// Sent alerts as an Excel workbook
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/AlertAuditing/Search/Export", method = "post", operation_id = "alertAuditingPostSearchExport")]
    async fn export(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<AlertSearchExport>) -> ApiResult<XlsxFile> {
        let page = body.search.page.resolve(&SEARCH_SORT)?;
        let (rows, _) = search_alerts(&state, &caller, &body.search, &Page::export(page.order_by)).await?;
        export::respond(&body.columns, &rows)
    }

    /// Alert type by id
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/AlertAuditing/Type", method = "get", operation_id = "alertAuditingGetType")]
    async fn get_type(&self, state: Data<&AppState>, type_id: Query<Option<i64>>) -> ApiResult<Json<AlertType>> {
        let Some(id) = type_id.0 else {
            return Err(ApiError::invalid("type_id", "required", "Please enter a valid value for Type Id"));
        };
        let mut conn = state.pool.acquire().await?;
        alert_type(&mut conn, id).await?.map(Json).ok_or_else(|| ApiError::not_found("No such alert type."))
    }

    /// Sent alert by id
    ///
    /// Notifications of another client, or of a site where the caller may not audit alerts, answer 404.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/AlertAuditing/:id", method = "get", operation_id = "alertAuditingGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<AlertNotification>> {
        let (_, notification) = load_visible(&state, &caller, id.0).await?;
        Ok(Json(notification))
    }

    /// Recipients of a sent alert
    ///
    /// Default sort username descending; 404 as for the alert itself.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/AlertAuditing/Users", method = "post", operation_id = "alertAuditingPostUsers")]
    async fn users(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<AlertUsersRequest>) -> ApiResult<Json<AlertRecipientPage>> {
        let page = body.page.resolve(&RECIPIENT_SORT)?;
        let Some(id) = body.notification_id else {
            return Err(ApiError::invalid("notification_id", "required", "Please enter a valid value for Notification Id"));
        };
        let (scope, notification) = load_visible(&state, &caller, id).await?;
        let mut tx = scope.begin(&state.pool).await?;
        let (rows, total) = recipients(&mut tx, notification.notification_id, &page).await?;
        tx.commit().await?;
        Ok(Json(AlertRecipientPage::new(rows, total)))
    }

    /// All alert types
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Type/GetAllAlertTypes", method = "get", operation_id = "typeGetAllAlertTypes")]
    async fn all_types(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<AlertType>>> {
        let mut conn = state.pool.acquire().await?;
        Ok(Json(alert_types(&mut conn).await?))
    }

    /// Site codes for the alert search
    ///
    /// The caller's available sites of the current client where the caller may audit alerts, by site code.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Type/GetAllSiteCodes", method = "get", operation_id = "typeGetAllSiteCodes")]
    async fn all_site_codes(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Vec<SiteCode>>> {
        let scope = current_scope(&caller)?;
        Ok(Json(auditable_sites(&state, &caller, &scope).await?))
    }
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

    fn messages(r: Result<AlertFilter, Vec<ValidationError>>) -> Vec<(String, String)> {
        r.err().unwrap_or_default().into_iter().map(|e| (e.field, e.error)).collect()
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
