//! Demo custom fields: per demo site a few CID and CIP fields (a list with possible values, a date, a number, free
//! text) and values on part of the demo CIDs and CIPs, so the item page's custom fields and the definitions screen
//! show something believable. Fills only sites without definitions, so seeding stays idempotent.

use anyhow::Context;
use sqlx::PgConnection;

/// (entity_type, field_no, label, field_type, required, max_length, possible values)
type Field = (&'static str, i32, &'static str, &'static str, bool, Option<i32>, &'static [(&'static str, &'static str)]);
const FIELDS: &[Field] = &[
    ("CID", 1, "Storeroom Zone", "list", false, None, &[("MAIN", "Main storeroom"), ("CAGE", "Secure cage"), ("YARD", "Outside yard"), ("OLD", "Former annex")]),
    ("CID", 2, "Last Engineering Review", "date", false, None, &[]),
    ("CID", 3, "Buyer Note", "text", false, Some(60), &[]),
    ("CIP", 1, "Count Frequency", "list", false, None, &[("WEEKLY", "Counted every week"), ("MONTHLY", "Counted every month"), ("QUARTERLY", "Counted every quarter")]),
    ("CIP", 2, "Shelf Capacity", "number", false, None, &[]),
];

pub async fn demo(conn: &mut PgConnection) -> anyhow::Result<()> {
    let clients: Vec<(i64, String)> = sqlx::query_as("select client_id, schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for (client_id, schema) in clients {
        site_fields(conn, client_id, &schema).await.with_context(|| format!("seeding custom fields of {schema}"))?;
    }
    Ok(())
}

async fn site_fields(conn: &mut PgConnection, client_id: i64, schema: &str) -> anyhow::Result<()> {
    let sites: Vec<i64> = sqlx::query_scalar(&format!(
        "select s.site_id from asp.site s where s.client_id = $1
           and not exists (select 1 from {schema}.custom_field_definition d where d.site_id = s.site_id) order by 1"
    ))
    .bind(client_id)
    .fetch_all(&mut *conn)
    .await?;
    for site_id in sites {
        for (entity, field_no, label, field_type, required, max_length, values) in FIELDS {
            let def_id: i64 = sqlx::query_scalar(&format!(
                "insert into {schema}.custom_field_definition (site_id, entity_type, field_no, label, field_type, is_required, max_length)
                 values ($1, $2, $3, $4, $5, $6, $7) returning custom_field_definition_id"
            ))
            .bind(site_id)
            .bind(entity)
            .bind(field_no)
            .bind(label)
            .bind(field_type)
            .bind(required)
            .bind(max_length)
            .fetch_one(&mut *conn)
            .await?;
            for (value, description) in *values {
                sqlx::query(&format!(
                    "insert into {schema}.custom_field_value_possible (site_id, custom_field_definition_id, custom_field_value, description, is_visible)
                     values ($1, $2, $3, $4, $3 <> 'OLD')"
                ))
                .bind(site_id)
                .bind(def_id)
                .bind(value)
                .bind(description)
                .execute(&mut *conn)
                .await?;
            }
        }
        // Values on part of the CIDs and CIPs, spread so every value shows somewhere.
        sqlx::query(&format!(
            "update {schema}.cid set
                 custom1 = (array['MAIN', 'CAGE', 'YARD'])[1 + cid_no % 3],
                 custom2 = case when crit_part or cid_no % 4 = 0 then to_char(date '2025-01-06' + (cid_no % 300)::int, 'YYYY-MM-DD') end,
                 custom3 = case when cid_no % 7 = 0 then 'Quote two vendors before reorder' end
             where site_id = $1 and cid_no % 2 = 0"
        ))
        .bind(site_id)
        .execute(&mut *conn)
        .await?;
        sqlx::query(&format!(
            "update {schema}.cip set
                 custom1 = (array['WEEKLY', 'MONTHLY', 'QUARTERLY'])[1 + cip_no % 3],
                 custom2 = (10 + (cip_no % 9) * 5)::text
             where site_id = $1 and cip_no % 3 <> 0"
        ))
        .bind(site_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
