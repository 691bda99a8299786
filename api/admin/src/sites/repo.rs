//! SQL of the sites resource, over the shared schema (`asp.site`, `asp.client`).

use sqlx::PgConnection;

use kernel::listing::{self, Criteria, Search};

use super::model::{SiteFilters, SiteRecord};

/// The columns of [`SiteRecord`]; their output names are what [`super::model::SORT`] sorts by.
pub const COLUMNS: &str = "s.site_id as id, s.site_code, s.site_name, s.client_id, c.client_code, s.erp_type_id, s.is_active,
    s.customer_portal_catalog, s.asp8_rfq, s.show_ctb_usage";

/// The values of a site as written (create and update; the client is written on create only).
pub struct SiteValues<'a> {
    pub site_code: &'a str,
    pub site_name: &'a str,
    pub erp_type_id: i32,
    pub is_active: bool,
    pub customer_portal_catalog: bool,
    pub asp8_rfq: bool,
    pub show_ctb_usage: bool,
}

/// Matching sites (one page) and how many match in all (up to the page's cap, when set).
/// `reach`: only these sites (a user administrator's own).
pub async fn search(conn: &mut PgConnection, c: &Criteria<SiteFilters>, reach: Option<&[i64]>) -> Result<(Vec<SiteRecord>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select {COLUMNS} from asp.site s join asp.client c using (client_id)"));
    if let Some(q) = c.q.as_deref() {
        s.and_contains(&["s.site_code", "s.site_name", "c.client_code"], q);
    }
    for ids in [c.ids.clone(), reach.map(<[i64]>::to_vec)].into_iter().flatten() {
        s.and_bind("s.site_id = any(", ids).push(")");
    }
    if let Some(client_id) = c.filters.client_id {
        s.and_bind("s.client_id = ", client_id);
    }
    if let Some(is_active) = c.filters.is_active {
        s.and_bind("s.is_active = ", is_active);
    }
    listing::fetch_built_page::<SiteRecord>(conn, s.into_builder(), &c.page).await
}

/// The site `id`; `lock` holds its row until the transaction ends.
pub async fn find(conn: &mut PgConnection, id: i64, lock: bool) -> Result<Option<SiteRecord>, sqlx::Error> {
    if lock {
        sqlx::query_scalar!("select site_id from asp.site where site_id = $1 for update", id).fetch_optional(&mut *conn).await?;
    }
    // The columns of COLUMNS (a compile-checked statement takes its text as a literal).
    sqlx::query_as!(
        SiteRecord,
        "select s.site_id as id, s.site_code, s.site_name, s.client_id, c.client_code, s.erp_type_id, s.is_active,
             s.customer_portal_catalog, s.asp8_rfq, s.show_ctb_usage
         from asp.site s join asp.client c using (client_id) where s.site_id = $1",
        id
    )
    .fetch_optional(&mut *conn)
    .await
}

pub async fn client_exists(conn: &mut PgConnection, client_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.client where client_id = $1) as "exists!""#, client_id).fetch_one(&mut *conn).await
}

/// Is `code` used by a site other than `except`?
pub async fn code_taken(conn: &mut PgConnection, code: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.site where site_code = $1 and site_id is distinct from $2) as "taken!""#, code, except)
        .fetch_one(&mut *conn)
        .await
}

/// Inserts the site of `client_id`; answers its id.
pub async fn insert(conn: &mut PgConnection, client_id: i64, v: &SiteValues<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.site (client_id, site_code, site_name, erp_type_id, is_active, customer_portal_catalog, asp8_rfq, show_ctb_usage)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning site_id",
        client_id,
        v.site_code,
        v.site_name,
        v.erp_type_id,
        v.is_active,
        v.customer_portal_catalog,
        v.asp8_rfq,
        v.show_ctb_usage
    )
    .fetch_one(&mut *conn)
    .await
}

pub async fn update(conn: &mut PgConnection, id: i64, v: &SiteValues<'_>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.site set site_code = $2, site_name = $3, erp_type_id = $4, is_active = $5, customer_portal_catalog = $6,
             asp8_rfq = $7, show_ctb_usage = $8 where site_id = $1",
        id,
        v.site_code,
        v.site_name,
        v.erp_type_id,
        v.is_active,
        v.customer_portal_catalog,
        v.asp8_rfq,
        v.show_ctb_usage
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn deactivate(conn: &mut PgConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.site set is_active = false where site_id = $1", id).execute(&mut *conn).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sites::model::SORT;

    #[test]
    fn every_sort_field_maps_to_an_output_column() {
        // The output name of each selected column: its alias, or the column after the table prefix.
        let names: Vec<&str> = COLUMNS.split(',').map(|c| c.trim().rsplit([' ', '.']).next().unwrap_or_default()).collect();
        for (_, col) in SORT.fields {
            assert!(names.contains(col), "{col}");
        }
    }
}
