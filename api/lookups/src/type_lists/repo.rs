//! SQL of the list administration (shared schema `asp`).

use sqlx::PgConnection;

use kernel::listing::{self, Page, Search};

use super::model::{TypeList, TypeValueRecord};

/// A validated new value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewValue {
    pub value_id: Option<i32>,
    pub code: Option<String>,
    pub description: String,
    pub description2: Option<String>,
    pub sort_order: Option<i32>,
    pub site_id: Option<i64>,
    pub erp_type_id: Option<i32>,
    pub ecs_id: Option<i64>,
}

/// The validated texts of a changed value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueChange {
    pub code: Option<String>,
    pub description: String,
    pub description2: Option<String>,
    pub sort_order: i32,
    pub is_active: bool,
}

pub async fn lists(conn: &mut PgConnection) -> Result<Vec<TypeList>, sqlx::Error> {
    sqlx::query_as!(
        TypeList,
        r#"select l.type_code, l.description, l.editable, count(v.type_value_id) as "value_count!",
                  count(v.type_value_id) filter (where v.is_active) as "active_count!"
           from asp.type_list l left join asp.type_value v using (type_code)
           group by l.type_code order by l.type_code"#
    )
    .fetch_all(conn)
    .await
}

/// The list (for an edit: locked, so a concurrent change of `editable` is seen).
pub async fn list(conn: &mut PgConnection, type_code: &str) -> Result<Option<(String, bool)>, sqlx::Error> {
    let row = sqlx::query!("select type_code, editable from asp.type_list where type_code = $1 for share", type_code).fetch_optional(conn).await?;
    Ok(row.map(|r| (r.type_code, r.editable)))
}

const COLUMNS: &str = "v.type_value_id, v.type_code, v.value_id, v.code, v.description, v.description2, v.sort_order, v.is_active,
    v.site_id, s.site_code, v.erp_type_id, v.ecs_id, nullif(trim(u.fname || ' ' || u.lname), '') as updated_by, v.updated_at";

/// A page of one list's values without a site or of `sites`; `text` is matched anywhere in the code and both
/// descriptions, ignoring case.
pub async fn search(
    conn: &mut PgConnection,
    type_code: &str,
    sites: &[i64],
    text: Option<&str>,
    active: Option<bool>,
    page: &Page,
) -> Result<(Vec<TypeValueRecord>, i64), sqlx::Error> {
    let mut s = Search::new(format!(
        "select {COLUMNS}, lower(v.description) as description_order
         from asp.type_value v left join asp.site s on s.site_id = v.site_id left join asp.asp_users u on u.asp_users_id = v.updated_by_id"
    ));
    s.and_bind("v.type_code = ", type_code);
    if let Some(text) = text {
        s.and_contains(&["v.code", "v.description", "v.description2"], text);
    }
    if let Some(active) = active {
        s.and_bind("v.is_active = ", active);
    }
    s.and_bind("(v.site_id is null or v.site_id = any(", sites.to_vec()).push("))");
    listing::fetch_built_page(conn, s.into_builder(), page).await
}

pub async fn find(conn: &mut PgConnection, type_value_id: i64) -> Result<Option<TypeValueRecord>, sqlx::Error> {
    sqlx::query_as!(
        TypeValueRecord,
        r#"select v.type_value_id, v.type_code, v.value_id, v.code, v.description, v.description2, v.sort_order, v.is_active,
                  v.site_id, s.site_code as "site_code?", v.erp_type_id, v.ecs_id,
                  nullif(trim(u.fname || ' ' || u.lname), '') as "updated_by?", v.updated_at
           from asp.type_value v left join asp.site s on s.site_id = v.site_id left join asp.asp_users u on u.asp_users_id = v.updated_by_id
           where v.type_value_id = $1"#,
        type_value_id
    )
    .fetch_optional(conn)
    .await
}

/// Is `value_id` taken in the list for exactly this scope?
pub async fn value_taken(conn: &mut PgConnection, type_code: &str, n: &NewValue, value_id: i32) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from asp.type_value where type_code = $1 and value_id = $2 and site_id is not distinct from $3
                  and erp_type_id is not distinct from $4 and ecs_id is not distinct from $5) as "e!""#,
        type_code,
        value_id,
        n.site_id,
        n.erp_type_id,
        n.ecs_id
    )
    .fetch_one(conn)
    .await
}

/// The next value id of a list (one above the highest of any scope, so a new value never shadows another's).
/// Counted in bigint: after a value with the highest int id there is no next one (the caller answers 409).
pub async fn next_value_id(conn: &mut PgConnection, type_code: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"select coalesce(max(value_id), 0)::bigint + 1 as "n!" from asp.type_value where type_code = $1"#, type_code).fetch_one(conn).await
}

pub async fn site_exists(conn: &mut PgConnection, site_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists (select 1 from asp.site where site_id = $1) as "e!""#, site_id).fetch_one(conn).await
}

pub async fn erp_type_exists(conn: &mut PgConnection, erp_type_id: i32) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists (select 1 from asp.type_value where type_code = 'ERPType' and value_id = $1) as "e!""#, erp_type_id)
        .fetch_one(conn)
        .await
}

/// Inserts the value; answers its id. The sort order defaults to after the list's last value (capped at the highest int).
pub async fn insert(conn: &mut PgConnection, type_code: &str, n: &NewValue, value_id: i32, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.type_value (type_code, value_id, code, description, description2, sort_order, site_id, erp_type_id, ecs_id, updated_by_id)
         values ($1, $2, $3, $4, $5, coalesce($6, (select least(coalesce(max(sort_order), 0)::bigint + 10, 2147483647)::int from asp.type_value where type_code = $1)), $7, $8, $9, $10)
         returning type_value_id",
        type_code,
        value_id,
        n.code,
        n.description,
        n.description2,
        n.sort_order,
        n.site_id,
        n.erp_type_id,
        n.ecs_id,
        user_id
    )
    .fetch_one(conn)
    .await
}

pub async fn update(conn: &mut PgConnection, type_value_id: i64, c: &ValueChange, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.type_value set code = $2, description = $3, description2 = $4, sort_order = $5, is_active = $6, updated_by_id = $7,
             updated_at = now()
         where type_value_id = $1",
        type_value_id,
        c.code,
        c.description,
        c.description2,
        c.sort_order,
        c.is_active,
        user_id
    )
    .execute(conn)
    .await?;
    Ok(())
}
