//! Demo values of the reference lists that belong to one site (docs/type-lists.md): a site's own ship method,
//! workflow default and price code list, and the historic price methods each demo site offers. The provider-wide
//! values come with migrations/global/0022_type_values_seed.sql. Fills only what is missing.

use sqlx::PgConnection;

pub async fn demo(conn: &mut PgConnection) -> anyhow::Result<()> {
    // value ids from 100 up: clear of the provider-wide values of the same lists.
    sqlx::query(
        "insert into asp.type_value (type_code, value_id, code, description, description2, sort_order, site_id)
         select v.type_code, v.value_id, v.code, v.description, null, v.sort_order, s.site_id
         from (values
             ('ACME-NORTH', 'ShipMethod', 100, 'ACMEN-SHUTTLE', 'Acme North shuttle van', 200),
             ('ACME-SOUTH', 'ShipMethod', 101, 'ACMES-COURIER', 'Acme South local courier', 200),
             ('GEA-MAIN', 'ShipMethod', 102, 'GEA-DOCK', 'GEA dock pickup', 200),
             ('ACME-NORTH', 'WorkflowDefault', 100, 'PLANTMGR', 'Route to the North plant manager', 200),
             ('ACME-NORTH', 'PCList', 100, 'N', 'Price code N (Acme North contract)', 200),
             ('GEA-MAIN', 'PCList', 101, 'G', 'Price code G (GEA contract)', 200)
         ) as v(site_code, type_code, value_id, code, description, sort_order)
         join asp.site s on s.site_code = v.site_code
         on conflict do nothing",
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "insert into asp.type_historic_pricing_method_site (site_id, type_value_id, created_by_id)
         select s.site_id, v.type_value_id, (select asp_users_id from asp.asp_users where user_id = 'admin')
         from asp.site s
         join asp.type_value v on v.type_code = 'HistoricPriceMethod' and v.site_id is null
          and v.code in (case when s.site_code like 'ACME%' then 'LAST' else 'AVG' end, 'CONTRACT', case when s.site_code = 'ACME-NORTH' then 'LOW' end)
         where s.site_code in ('ACME-NORTH', 'ACME-SOUTH', 'GEA-MAIN', 'GEA-POR')
         on conflict do nothing",
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}
