//! SQL of the cost catalogue import (shared schema `asp`).

use chrono::NaiveDate;
use kernel::num::{Quantity, UnitCost};
use sqlx::PgConnection;

use super::model::{CostImportRow, CostImportProblem};

pub async fn create(conn: &mut PgConnection, shared_vendor_id: i64, file_name: &str, total_rows: i32, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.shared_vendor_cost_import (shared_vendor_id, file_name, total_rows, created_by_id)
         values ($1, $2, $3, $4) returning cost_import_id",
        shared_vendor_id,
        file_name,
        total_rows,
        user_id
    )
    .fetch_one(conn)
    .await
}

pub async fn progress(conn: &mut PgConnection, id: i64, phase: &str, processed: i32) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.shared_vendor_cost_import set phase = $2, processed_rows = $3 where cost_import_id = $1", id, phase, processed)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn finish(conn: &mut PgConnection, id: i64, status: &str, applied: i32, problems: &[CostImportProblem], problem_count: i32) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.shared_vendor_cost_import
         set status = $2, applied_rows = $3, problems = $4, problem_count = $5, processed_rows = total_rows, finished_at = now()
         where cost_import_id = $1",
        id,
        status,
        applied,
        sqlx::types::Json(problems) as _,
        problem_count
    )
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<CostImportRow>, sqlx::Error> {
    sqlx::query_as!(
        CostImportRow,
        r#"select cost_import_id, shared_vendor_id, file_name, status, phase, total_rows, processed_rows, applied_rows,
                  problem_count, problems as "problems: sqlx::types::Json<Vec<CostImportProblem>>", created_at, finished_at
           from asp.shared_vendor_cost_import where cost_import_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// The active pack types: value and code.
pub async fn packs(conn: &mut PgConnection) -> Result<Vec<(i32, Option<String>)>, sqlx::Error> {
    let rows = sqlx::query!("select value_id, code from asp.type_value where type_code = 'Pack' and is_active").fetch_all(conn).await?;
    Ok(rows.into_iter().map(|r| (r.value_id, r.code)).collect())
}

pub async fn brands(conn: &mut PgConnection) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select brand_id from asp.brand").fetch_all(conn).await
}

pub async fn commodities(conn: &mut PgConnection) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!("select commodity_code from asp.commodity_code").fetch_all(conn).await
}

/// Item master parts among the (lower-case) manufacturer codes and part numbers.
pub async fn items_for(conn: &mut PgConnection, codes: &[String], parts: &[String]) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select i.item_id, lower(i.mfg_code) as "mfg_code!", lower(i.mfg_part_no) as "mfg_part_no!"
           from asp.item_master i join unnest($1::text[], $2::text[]) as k(c, p) on lower(i.mfg_code) = k.c and lower(i.mfg_part_no) = k.p"#,
        codes,
        parts
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.item_id, r.mfg_code, r.mfg_part_no)).collect())
}

/// The shared vendor's active costs of these (lower-case) parts: id, code, part, start, end.
pub async fn existing(conn: &mut PgConnection, shared_vendor_id: i64, codes: &[String], parts: &[String]) -> Result<Vec<(i64, String, String, NaiveDate, NaiveDate)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select c.shared_vendor_cost_id, lower(c.mfg_code) as "mfg_code!", lower(c.mfg_part_no) as "mfg_part_no!", c.start_date, c.end_date
           from asp.shared_vendor_cost c join (select distinct * from unnest($2::text[], $3::text[])) as k(c, p)
             on lower(c.mfg_part_no) = k.p and lower(c.mfg_code) = k.c
           where c.shared_vendor_id = $1 and c.is_active"#,
        shared_vendor_id,
        codes,
        parts
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.shared_vendor_cost_id, r.mfg_code, r.mfg_part_no, r.start_date, r.end_date)).collect())
}

/// Column arrays of the rows one insert statement writes.
#[derive(Default)]
pub struct Batch {
    pub header: Vec<i64>,
    pub mfg_code: Vec<String>,
    pub mfg_part_no: Vec<String>,
    pub item_id: Vec<Option<i64>>,
    pub vendor_part_no: Vec<Option<String>>,
    pub alternate_part_no: Vec<Option<String>>,
    pub description: Vec<Option<String>>,
    pub unspsc: Vec<Option<String>>,
    pub commodity_code: Vec<Option<String>>,
    pub brand_id: Vec<Option<i64>>,
    pub start_date: Vec<NaiveDate>,
    pub end_date: Vec<NaiveDate>,
    pub min_order_qty: Vec<Quantity>,
    pub purch_factor: Vec<Quantity>,
    pub type_pack_id: Vec<Option<i32>>,
    pub qty_per_type_pack: Vec<Option<Quantity>>,
    pub list_price: Vec<Option<UnitCost>>,
    pub qty: [Vec<Option<Quantity>>; 8],
    pub cost: [Vec<Option<UnitCost>>; 8],
}

impl Batch {
    pub fn len(&self) -> usize {
        self.header.len()
    }

    pub fn is_empty(&self) -> bool {
        self.header.is_empty()
    }
}

/// Writes a batch in one statement (arrays unnested side by side). A runtime statement: its 8 break columns as
/// nullable arrays are beyond what the compile-time check types; the import's tests cover it.
pub async fn insert_batch(conn: &mut PgConnection, shared_vendor_id: i64, import_id: i64, user_id: i64, b: &Batch) -> Result<u64, sqlx::Error> {
    let sql = "insert into asp.shared_vendor_cost (cost_header_id, shared_vendor_id, cost_import_id, mfg_code, mfg_part_no, item_id,
             vendor_part_no, alternate_part_no, description, unspsc, commodity_code, brand_id, start_date, end_date, min_order_qty,
             purch_factor, type_pack_id, qty_per_type_pack, list_price,
             qty_break_1, cost_1, qty_break_2, cost_2, qty_break_3, cost_3, qty_break_4, cost_4,
             qty_break_5, cost_5, qty_break_6, cost_6, qty_break_7, cost_7, qty_break_8, cost_8, created_by_id, updated_by_id)
         select t.h, $1, $2, t.mc, t.mp, t.item, t.vp, t.ap, t.d, t.u, t.cc, t.b, t.sd, t.ed, t.moq, t.pf, t.tp, t.qp, t.lp,
             t.q1, t.c1, t.q2, t.c2, t.q3, t.c3, t.q4, t.c4, t.q5, t.c5, t.q6, t.c6, t.q7, t.c7, t.q8, t.c8, $3, $3
         from unnest($4::bigint[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[], $10::text[], $11::text[],
             $12::text[], $13::bigint[], $14::date[], $15::date[], $16::numeric[], $17::numeric[], $18::int[], $19::numeric[],
             $20::numeric[], $21::numeric[], $22::numeric[], $23::numeric[], $24::numeric[], $25::numeric[], $26::numeric[],
             $27::numeric[], $28::numeric[], $29::numeric[], $30::numeric[], $31::numeric[], $32::numeric[], $33::numeric[],
             $34::numeric[], $35::numeric[], $36::numeric[])
           as t(h, mc, mp, item, vp, ap, d, u, cc, b, sd, ed, moq, pf, tp, qp, lp, q1, c1, q2, c2, q3, c3, q4, c4, q5, c5, q6, c6, q7, c7, q8, c8)";
    let mut q = sqlx::query(sql)
        .bind(shared_vendor_id)
        .bind(import_id)
        .bind(user_id)
        .bind(&b.header)
        .bind(&b.mfg_code)
        .bind(&b.mfg_part_no)
        .bind(&b.item_id)
        .bind(&b.vendor_part_no)
        .bind(&b.alternate_part_no)
        .bind(&b.description)
        .bind(&b.unspsc)
        .bind(&b.commodity_code)
        .bind(&b.brand_id)
        .bind(&b.start_date)
        .bind(&b.end_date)
        .bind(&b.min_order_qty)
        .bind(&b.purch_factor)
        .bind(&b.type_pack_id)
        .bind(&b.qty_per_type_pack)
        .bind(&b.list_price);
    for n in 0..8 {
        q = q.bind(&b.qty[n]).bind(&b.cost[n]);
    }
    Ok(q.execute(conn).await?.rows_affected())
}

/// The shared vendor's name and the active sites of the clients whose vendors are linked to it (each client's
/// `vendor.shared_vendor_id`, client tier): who buys from the catalogue an import changed.
pub async fn sites_buying_from(
    conn: &mut PgConnection,
    shared_vendor_id: i64,
) -> Result<(String, Vec<i64>), sqlx::Error> {
    let name = sqlx::query_scalar!(
        "select shared_vendor_name from asp.shared_vendor where shared_vendor_id = $1",
        shared_vendor_id
    )
    .fetch_optional(&mut *conn)
    .await?
    .unwrap_or_default();
    let clients = sqlx::query!(
        r#"select c.client_id, c.schema_name, array_agg(s.site_id order by s.site_id) as "site_ids!"
           from asp.client c join asp.site s on s.client_id = c.client_id and s.is_active
           where c.is_active group by c.client_id, c.schema_name order by c.client_id"#
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut sites = Vec::new();
    for c in clients {
        let Some(schema) = tenancy::SchemaName::parse(&c.schema_name) else {
            continue;
        };
        // The schema name is checked by SchemaName (client_ plus lower-case letters, digits, underscores).
        let linked: bool = sqlx::query_scalar(&format!(
            "select exists (select 1 from {}.vendor where shared_vendor_id = $1)",
            schema.as_str()
        ))
        .bind(shared_vendor_id)
        .fetch_one(&mut *conn)
        .await?;
        if linked {
            sites.extend(c.site_ids);
        }
    }
    Ok((name, sites))
}
