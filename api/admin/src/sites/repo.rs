//! SQL of the sites resource, over the shared schema (`asp.site`, `asp.client`).

use sqlx::PgConnection;

use kernel::listing::{self, Criteria};

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
    let base = format!(
        "select {COLUMNS} from asp.site s join asp.client c using (client_id)
            where ($1::text is null or s.site_code ilike $1 or s.site_name ilike $1 or c.client_code ilike $1)
              and ($2::bigint[] is null or s.site_id = any($2))
              and ($3::bigint is null or s.client_id = $3)
              and ($4::boolean is null or s.is_active = $4)
              and ($5::bigint[] is null or s.site_id = any($5))"
    );
    let (q, ids, client_id, is_active) = (c.q_pattern(), c.ids.clone(), c.filters.client_id, c.filters.is_active);
    let reach: Option<Vec<i64>> = reach.map(<[i64]>::to_vec);
    listing::fetch_page::<SiteRecord>(conn, &base, &c.page, move |query| query.bind(q).bind(ids).bind(client_id).bind(is_active).bind(reach)).await
}

/// The site `id`; `lock` holds its row until the transaction ends.
pub async fn find(conn: &mut PgConnection, id: i64, lock: bool) -> Result<Option<SiteRecord>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from asp.site s join asp.client c using (client_id) where s.site_id = $1{}",
        if lock { " for update of s" } else { "" }
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

pub async fn client_exists(conn: &mut PgConnection, client_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from asp.client where client_id = $1)").bind(client_id).fetch_one(&mut *conn).await
}

/// Is `code` used by a site other than `except`?
pub async fn code_taken(conn: &mut PgConnection, code: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from asp.site where site_code = $1 and site_id is distinct from $2)")
        .bind(code)
        .bind(except)
        .fetch_one(&mut *conn)
        .await
}

/// Inserts the site of `client_id`; answers its id.
pub async fn insert(conn: &mut PgConnection, client_id: i64, v: &SiteValues<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "insert into asp.site (client_id, site_code, site_name, erp_type_id, is_active, customer_portal_catalog, asp8_rfq, show_ctb_usage)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning site_id",
    )
    .bind(client_id)
    .bind(v.site_code)
    .bind(v.site_name)
    .bind(v.erp_type_id)
    .bind(v.is_active)
    .bind(v.customer_portal_catalog)
    .bind(v.asp8_rfq)
    .bind(v.show_ctb_usage)
    .fetch_one(&mut *conn)
    .await
}

pub async fn update(conn: &mut PgConnection, id: i64, v: &SiteValues<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update asp.site set site_code = $2, site_name = $3, erp_type_id = $4, is_active = $5, customer_portal_catalog = $6,
             asp8_rfq = $7, show_ctb_usage = $8 where site_id = $1",
    )
    .bind(id)
    .bind(v.site_code)
    .bind(v.site_name)
    .bind(v.erp_type_id)
    .bind(v.is_active)
    .bind(v.customer_portal_catalog)
    .bind(v.asp8_rfq)
    .bind(v.show_ctb_usage)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn deactivate(conn: &mut PgConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update asp.site set is_active = false where site_id = $1").bind(id).execute(&mut *conn).await?;
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
