//! Sites service: `asp.site` (with its client's code). A site's business data lives in its client's schema, so a
//! site never moves to another client and is never removed: "deleting" deactivates it.

use poem_openapi::Object;
use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, PgConnection, PgPool};

use kernel::listing;
use kernel::access::Caller;
use kernel::criteria::{self, Criteria, Problems, SortFields};
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

pub const SORTS: SortFields = &[
    ("id", "id"),
    ("site_code", "site_code"),
    ("site_name", "site_name"),
    ("client_id", "client_id"),
    ("client_code", "client_code"),
    ("erp_type_id", "erp_type_id"),
    ("is_active", "is_active"),
];
pub const DEFAULT_SORT: &str = "site_code";

/// The ERP types of spec 1 section 4 (0 None ... 7 NetSuite).
pub const ERP_TYPES: std::ops::RangeInclusive<i32> = 0..=7;

const NOT_FOUND: &str = "The site you are trying to find does not exist.";

#[derive(Debug, Clone, Object, Serialize, FromRow)]
pub struct SiteRecord {
    /// site_id
    pub id: i64,
    pub site_code: String,
    pub site_name: String,
    pub client_id: i64,
    pub client_code: String,
    pub erp_type_id: i32,
    pub is_active: bool,
    pub customer_portal_catalog: bool,
    pub asp8_rfq: bool,
    pub show_ctb_usage: bool,
}

/// A site as written by the console; absent fields keep their value on update (defaults on create). `client_code`
/// is read-only (it follows `client_id`), and `client_id` cannot change once the site exists.
#[derive(Debug, Clone, Default, Object)]
pub struct SiteInput {
    pub site_code: Option<String>,
    pub site_name: Option<String>,
    pub client_id: Option<i64>,
    pub erp_type_id: Option<i32>,
    pub is_active: Option<bool>,
    pub customer_portal_catalog: Option<bool>,
    pub asp8_rfq: Option<bool>,
    pub show_ctb_usage: Option<bool>,
}

#[derive(Debug, Clone, Default)]
pub struct SiteFilters {
    pub client_id: Option<i64>,
    pub is_active: Option<bool>,
}

const COLUMNS: &str = "s.site_id as id, s.site_code, s.site_name, s.client_id, c.client_code, s.erp_type_id, s.is_active,
    s.customer_portal_catalog, s.asp8_rfq, s.show_ctb_usage";

pub async fn search(pool: &PgPool, c: &Criteria<SiteFilters>) -> ApiResult<(Vec<SiteRecord>, i64)> {
    let base = format!(
        "select {COLUMNS} from asp.site s join asp.client c using (client_id)
            where ($1::text is null or s.site_code ilike $1 or s.site_name ilike $1 or c.client_code ilike $1)
              and ($2::bigint[] is null or s.site_id = any($2))
              and ($3::bigint is null or s.client_id = $3)
              and ($4::boolean is null or s.is_active = $4)"
    );
    let (page_sql, count_sql) = listing::search_sql(&base, &c.order_by("id"), 5, c.cap);
    let q = c.q_pattern();
    let mut conn = pool.acquire().await?;
    let total: i64 = sqlx::query_scalar(&count_sql)
        .bind(&q)
        .bind(&c.ids)
        .bind(c.filters.client_id)
        .bind(c.filters.is_active)
        .fetch_one(&mut *conn)
        .await?;
    let rows: Vec<SiteRecord> = sqlx::query_as(&page_sql)
        .bind(&q)
        .bind(&c.ids)
        .bind(c.filters.client_id)
        .bind(c.filters.is_active)
        .bind(c.limit.max(0))
        .bind(c.offset.max(0))
        .fetch_all(&mut *conn)
        .await?;
    Ok((rows, total))
}

async fn load(conn: &mut PgConnection, id: i64, lock: bool) -> ApiResult<Option<SiteRecord>> {
    Ok(sqlx::query_as(&format!(
        "select {COLUMNS} from asp.site s join asp.client c using (client_id) where s.site_id = $1{}",
        if lock { " for update of s" } else { "" }
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?)
}

pub async fn get(pool: &PgPool, id: i64) -> ApiResult<SiteRecord> {
    let mut conn = pool.acquire().await?;
    load(&mut conn, id, false).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// Site codes are stored upper-case: letters, digits, `-`, `_` and `.`, starting with a letter or digit, at most 40.
fn check_code(p: &mut Problems, raw: &str) -> String {
    let code = p.required_text("site_code", "Site code", raw, 40).to_uppercase();
    let valid = code.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !code.is_empty() && !valid {
        p.add("site_code", "invalid", "A site code has only letters, digits, -, _ and . and starts with a letter or digit.");
    }
    code
}

fn check_erp(p: &mut Problems, erp: Option<i32>) {
    if erp.is_some_and(|e| !ERP_TYPES.contains(&e)) {
        p.add("erp_type_id", "invalid", "Please choose a valid ERP type.");
    }
}

async fn code_taken(conn: &mut PgConnection, code: &str, except: Option<i64>) -> ApiResult<bool> {
    Ok(sqlx::query_scalar("select exists(select 1 from asp.site where site_code = $1 and site_id is distinct from $2)")
        .bind(code)
        .bind(except)
        .fetch_one(&mut *conn)
        .await?)
}

fn taken(code: &str) -> ApiError {
    ApiError::conflict(&format!("The site code {code} is already used."))
}

fn audit_entry(action: &'static str, site: &SiteRecord, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity: "site", entity_id: site.id.to_string(), client_id: Some(site.client_id), site_id: Some(site.id), changes }
}

pub async fn create(state: &AppState, actor: &Caller, input: &SiteInput) -> ApiResult<SiteRecord> {
    let mut p = Problems::default();
    let code = check_code(&mut p, input.site_code.as_deref().unwrap_or_default());
    let name = p.required_text("site_name", "Name", input.site_name.as_deref().unwrap_or_default(), 200);
    check_erp(&mut p, input.erp_type_id);
    let mut tx = state.pool.begin().await?;
    match input.client_id {
        None => p.add("client_id", "required", "Please enter a value for Client."),
        Some(client) => {
            let exists: bool = sqlx::query_scalar("select exists(select 1 from asp.client where client_id = $1)")
                .bind(client)
                .fetch_one(&mut *tx)
                .await?;
            if !exists {
                p.add("client_id", "unknownClient", &format!("Client {client} does not exist."));
            }
        }
    }
    p.check()?;
    if code_taken(&mut tx, &code, None).await? {
        return Err(taken(&code));
    }
    let id: i64 = sqlx::query_scalar(
        "insert into asp.site (client_id, site_code, site_name, erp_type_id, is_active, customer_portal_catalog, asp8_rfq, show_ctb_usage)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning site_id",
    )
    .bind(input.client_id)
    .bind(&code)
    .bind(&name)
    .bind(input.erp_type_id.unwrap_or(0))
    .bind(input.is_active.unwrap_or(true))
    .bind(input.customer_portal_catalog.unwrap_or(false))
    .bind(input.asp8_rfq.unwrap_or(true))
    .bind(input.show_ctb_usage.unwrap_or(false))
    .fetch_one(&mut *tx)
    .await?;
    let created = load(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("created site vanished"))?;
    audit::record(&mut tx, Some(actor), audit_entry("site.create", &created, json!({"created": criteria::snapshot(&created)}))).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(state: &AppState, actor: &Caller, id: i64, input: &SiteInput) -> ApiResult<SiteRecord> {
    let mut p = Problems::default();
    let code = input.site_code.as_deref().map(|v| check_code(&mut p, v));
    let name = input.site_name.as_deref().map(|v| p.required_text("site_name", "Name", v, 200));
    check_erp(&mut p, input.erp_type_id);
    let mut tx = state.pool.begin().await?;
    let before = load(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    if input.client_id.is_some_and(|c| c != before.client_id) {
        p.add("client_id", "immutable", "A site cannot move to another client: its data lives with its client.");
    }
    p.check()?;
    let code = code.unwrap_or_else(|| before.site_code.clone());
    if code != before.site_code && code_taken(&mut tx, &code, Some(id)).await? {
        return Err(taken(&code));
    }
    sqlx::query(
        "update asp.site set site_code = $2, site_name = $3, erp_type_id = $4, is_active = $5, customer_portal_catalog = $6,
             asp8_rfq = $7, show_ctb_usage = $8 where site_id = $1",
    )
    .bind(id)
    .bind(&code)
    .bind(name.unwrap_or_else(|| before.site_name.clone()))
    .bind(input.erp_type_id.unwrap_or(before.erp_type_id))
    .bind(input.is_active.unwrap_or(before.is_active))
    .bind(input.customer_portal_catalog.unwrap_or(before.customer_portal_catalog))
    .bind(input.asp8_rfq.unwrap_or(before.asp8_rfq))
    .bind(input.show_ctb_usage.unwrap_or(before.show_ctb_usage))
    .execute(&mut *tx)
    .await?;
    let after = load(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("updated site vanished"))?;
    let changes = criteria::diff(&criteria::snapshot(&before), &criteria::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("site.update", &after, changes)).await?;
    tx.commit().await?;
    Ok(after)
}

/// Deactivates the site (nobody can use it any more; its data and history stay).
pub async fn delete(state: &AppState, actor: &Caller, id: i64) -> ApiResult<SiteRecord> {
    let mut tx = state.pool.begin().await?;
    let before = load(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    sqlx::query("update asp.site set is_active = false where site_id = $1").bind(id).execute(&mut *tx).await?;
    let after = load(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("deactivated site vanished"))?;
    let changes = criteria::diff(&criteria::snapshot(&before), &criteria::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("site.deactivate", &after, changes)).await?;
    tx.commit().await?;
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_codes_are_upper_cased_and_checked() {
        let mut p = Problems::default();
        assert_eq!(check_code(&mut p, " acme-west "), "ACME-WEST");
        assert!(p.is_empty());
        for bad in ["", "-LEAD", "WITH SPACE", "DROP;TABLE", "ÄRGER"] {
            let mut p = Problems::default();
            check_code(&mut p, bad);
            assert!(!p.is_empty(), "{bad}");
        }
        let mut p = Problems::default();
        check_erp(&mut p, Some(8));
        check_erp(&mut p, Some(-1));
        check_erp(&mut p, Some(7));
        assert_eq!(p.0.len(), 2);
    }

    #[test]
    fn every_sort_field_maps_to_an_output_column() {
        for (_, col) in SORTS {
            // The output name of each selected column: its alias, or the column after the table prefix.
            let names: Vec<&str> = COLUMNS.split(',').map(|c| c.trim().rsplit([' ', '.']).next().unwrap_or_default()).collect();
            assert!(names.contains(col), "{col}");
        }
    }
}
