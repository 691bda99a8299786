//! Demo cycle counts and min/max suggestions (docs/cycle-counts.md, docs/min-max-tuning.md): per demo site the plan
//! settings, one open count sheet of the due CIPs in aisle A, and the min/max suggestions computed by the same code
//! the daily job runs. Idempotent: settings and the sheet only where missing; the refresh is idempotent itself.

use anyhow::Context;
use sqlx::{PgConnection, PgPool};

pub async fn demo(pool: &PgPool, conn: &mut PgConnection) -> anyhow::Result<()> {
    let sites: Vec<(String, i64)> = sqlx::query_as(
        "select c.schema_name, s.site_id from asp.site s join asp.client c on c.client_id = s.client_id
         where s.site_code in ('ACME-NORTH', 'ACME-SOUTH', 'GEA-POR', 'GEA-MAIN') order by s.site_id",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (schema, site_id) in sites {
        let name = tenancy::SchemaName::parse(&schema).with_context(|| format!("schema {schema}"))?;
        sqlx::query(&format!("insert into {name}.stock_count_settings (site_id) select $1 where not exists (select 1 from {name}.stock_count_settings where site_id = $1)"))
            .bind(site_id)
            .execute(&mut *conn)
            .await?;
        // A few classes, so the plan shows different frequencies: bearings A, gloves B.
        sqlx::query(&format!(
            "update {name}.cid set curr_abc_class_type_id = case when cust_item_code like 'CP-10021%' then 1 else 2 end
             where site_id = $1 and curr_abc_class_type_id is null and cust_item_code in ('CP-10021', 'CP-10388')"
        ))
        .bind(site_id)
        .execute(&mut *conn)
        .await?;
        let open: bool = sqlx::query_scalar(&format!("select exists (select 1 from {name}.count_sheet where site_id = $1)"))
            .bind(site_id)
            .fetch_one(&mut *conn)
            .await?;
        if !open {
            let sheet: i64 = sqlx::query_scalar(&format!(
                "insert into {name}.count_sheet (site_id, location_from, location_to) values ($1, 'A', 'A') returning sheet_id"
            ))
            .bind(site_id)
            .fetch_one(&mut *conn)
            .await?;
            sqlx::query(&format!(
                "insert into {name}.count_sheet_line (sheet_id, site_id, cip_no, line_no)
                 select $1, $2, c.cip_no, row_number() over (order by c.location, c.cip_code)::int
                 from (select cip_no, location, cip_code from {name}.cip
                       where site_id = $2 and status_id = 1 and last_count_date is null and location like 'A%'
                       order by location, cip_code limit 10) c"
            ))
            .bind(sheet)
            .bind(site_id)
            .execute(&mut *conn)
            .await?;
        }
        let mut tx = stock::apd::repo::begin_site(pool, &name, site_id).await?;
        stock::apd::service::refresh_site(&mut tx, site_id).await.with_context(|| format!("min/max suggestions of site {site_id}"))?;
        tx.commit().await?;
    }
    Ok(())
}
