//! SQL of the shared vendor cost catalogue (shared schema `asp`). The vendor's catalogue look-up reads the client's
//! vendor through the `vendor_at_site` view (the vendor rule), in the caller's tenant transaction.

use std::sync::OnceLock;

use chrono::NaiveDate;
use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::{PgConnection, Postgres, Row};

use kernel::listing::{self, Page, Search};
use tenancy::TenantTx;

use super::model::{break_columns, CostFilter, CostRow, CostValues, MAX_BREAKS};

/// The columns of [`CostRow`].
pub fn columns() -> &'static str {
    static COLUMNS: OnceLock<String> = OnceLock::new();
    COLUMNS.get_or_init(|| {
        let breaks: Vec<String> = (1..=MAX_BREAKS)
            .map(|n| {
                let (qty, cost) = break_columns(n);
                format!("c.{qty}, c.{cost}")
            })
            .collect();
        format!(
            "c.shared_vendor_cost_id, c.cost_header_id, c.shared_vendor_id, sv.shared_vendor_name,
             h.special_pricing_agreement_id, c.mfg_code, c.mfg_part_no, c.item_id, i.desc1 as item_desc, c.vendor_part_no,
             c.alternate_part_no, c.description, c.unspsc, c.commodity_code, c.brand_id, b.brand_name, c.start_date, c.end_date,
             c.min_order_qty, c.purch_factor, c.type_pack_id, tp.description as type_pack, c.qty_per_type_pack, c.list_price,
             {}, c.is_active, c.created_at, c.updated_at",
            breaks.join(", ")
        )
    })
}

pub const FROM: &str = "from asp.shared_vendor_cost c
    join asp.shared_vendor_cost_header h on h.cost_header_id = c.cost_header_id
    join asp.shared_vendor sv on sv.shared_vendor_id = c.shared_vendor_id
    left join asp.item_master i on i.item_id = c.item_id
    left join asp.brand b on b.brand_id = c.brand_id
    left join asp.type_value tp on tp.type_code = 'Pack' and tp.value_id = c.type_pack_id
         and tp.site_id is null and tp.erp_type_id is null and tp.ecs_id is null";

pub async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<CostRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {} {FROM} where c.shared_vendor_cost_id = $1", columns())).bind(id).fetch_optional(conn).await
}

pub async fn find_many(conn: &mut PgConnection, ids: &[i64]) -> Result<Vec<CostRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {} {FROM} where c.shared_vendor_cost_id = any($1) order by c.shared_vendor_cost_id", columns()))
        .bind(ids)
        .fetch_all(conn)
        .await
}

/// The search: `today` decides what "expired" means, so a search and the status it shows agree; `part` is matched
/// (contains, case-insensitive) against the part numbers and the description.
pub async fn search(conn: &mut PgConnection, f: &CostFilter, part: Option<&str>, today: NaiveDate, page: &Page) -> Result<(Vec<CostRow>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select {} {FROM}", columns()));
    if let Some(v) = f.shared_vendor_id {
        s.and_bind("c.shared_vendor_id = ", v);
    }
    if let Some(v) = f.cost_header_id {
        s.and_bind("c.cost_header_id = ", v);
    }
    if let Some(text) = part {
        s.and_contains(&["concat_ws(' ', c.mfg_part_no, c.vendor_part_no, c.alternate_part_no, c.description)"], text);
    }
    if let Some(v) = &f.mfg_code {
        s.and_bind("lower(c.mfg_code) = lower(", v.trim().to_owned()).push(")");
    }
    if let Some(v) = f.item_id {
        s.and_bind("c.item_id = ", v);
    }
    if let Some(v) = f.brand_id {
        s.and_bind("c.brand_id = ", v);
    }
    if let Some(v) = &f.commodity_code {
        s.and_bind("c.commodity_code = ", v.trim().to_owned());
    }
    if let Some(d) = f.active_on {
        s.and_bind("c.is_active and ", d).push(" between c.start_date and c.end_date");
    }
    if let Some(expired) = f.expired {
        s.and_bind(if expired { "(not c.is_active or c.end_date < " } else { "not (not c.is_active or c.end_date < " }, today).push(")");
    }
    if let Some(ids) = &f.ids {
        s.and_bind("c.shared_vendor_cost_id = any(", ids.clone()).push(")");
    }
    listing::fetch_built_page(conn, s.into_builder(), page).await
}

pub async fn shared_vendor_name(conn: &mut PgConnection, id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select shared_vendor_name from asp.shared_vendor where shared_vendor_id = $1", id).fetch_optional(conn).await
}

/// The header (catalogue) of a shared vendor and agreement, created on first use.
pub async fn header_for(conn: &mut PgConnection, shared_vendor_id: i64, agreement: Option<&str>, user_id: Option<i64>) -> Result<i64, sqlx::Error> {
    sqlx::query!(
        "insert into asp.shared_vendor_cost_header (shared_vendor_id, special_pricing_agreement_id, created_by_id, updated_by_id)
         values ($1, $2, $3, $3) on conflict do nothing",
        shared_vendor_id,
        agreement,
        user_id
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query_scalar!(
        "select cost_header_id from asp.shared_vendor_cost_header
         where shared_vendor_id = $1 and special_pricing_agreement_id is not distinct from $2",
        shared_vendor_id,
        agreement
    )
    .fetch_one(conn)
    .await
}

/// The item master part of a manufacturer and part number (case-insensitive).
pub async fn item_for(conn: &mut PgConnection, mfg_code: &str, mfg_part_no: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select item_id from asp.item_master where lower(mfg_code) = lower($1) and lower(mfg_part_no) = lower($2) order by item_id limit 1",
        mfg_code,
        mfg_part_no
    )
    .fetch_optional(conn)
    .await
}

pub async fn pack_known(conn: &mut PgConnection, type_pack_id: i32) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.type_value where type_code = 'Pack' and value_id = $1 and is_active) as "e!""#,
        type_pack_id
    )
    .fetch_one(conn)
    .await
}

pub async fn brand_known(conn: &mut PgConnection, brand_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.brand where brand_id = $1) as "e!""#, brand_id).fetch_one(conn).await
}

pub async fn commodity_known(conn: &mut PgConnection, code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.commodity_code where commodity_code = $1) as "e!""#, code).fetch_one(conn).await
}

/// Active costs of the shared vendor and part whose dates overlap `start..=end`, other than `except`.
pub async fn overlapping(
    conn: &mut PgConnection,
    shared_vendor_id: i64,
    mfg_code: &str,
    mfg_part_no: &str,
    start: NaiveDate,
    end: NaiveDate,
    except: Option<i64>,
) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select shared_vendor_cost_id from asp.shared_vendor_cost
         where shared_vendor_id = $1 and lower(mfg_code) = lower($2) and lower(mfg_part_no) = lower($3) and is_active
           and daterange(start_date, end_date, '[]') && daterange($4, $5, '[]')
           and shared_vendor_cost_id is distinct from $6
         order by start_date",
        shared_vendor_id,
        mfg_code,
        mfg_part_no,
        start,
        end,
        except
    )
    .fetch_all(conn)
    .await
}

/// The columns a cost's insert and update write, in the order [`bind_values`] binds them.
fn value_columns() -> Vec<String> {
    let mut columns: Vec<String> = [
        "mfg_code", "mfg_part_no", "item_id", "vendor_part_no", "alternate_part_no", "description", "unspsc", "commodity_code", "brand_id",
        "start_date", "end_date", "min_order_qty", "purch_factor", "type_pack_id", "qty_per_type_pack", "list_price",
    ]
    .map(String::from)
    .into();
    columns.extend((1..=MAX_BREAKS).flat_map(|n| <[String; 2]>::from(break_columns(n))));
    columns
}

fn bind_values<'q>(q: Query<'q, Postgres, PgArguments>, v: &CostValues, item_id: Option<i64>) -> Query<'q, Postgres, PgArguments> {
    let mut q = q
        .bind(v.mfg_code.clone())
        .bind(v.mfg_part_no.clone())
        .bind(item_id)
        .bind(v.vendor_part_no.clone())
        .bind(v.alternate_part_no.clone())
        .bind(v.description.clone())
        .bind(v.unspsc.clone())
        .bind(v.commodity_code.clone())
        .bind(v.brand_id)
        .bind(v.start_date)
        .bind(v.end_date)
        .bind(v.min_order_qty)
        .bind(v.purch_factor)
        .bind(v.type_pack_id)
        .bind(v.qty_per_type_pack)
        .bind(v.list_price);
    for n in 0..MAX_BREAKS {
        q = q.bind(v.qty[n]).bind(v.cost[n]);
    }
    q
}

// The insert and the update are runtime statements: their text is built from the one list of columns (and the 8
// break columns from `break_columns`); costs.rs and cost_import.rs cover them.

pub async fn insert(conn: &mut PgConnection, header_id: i64, shared_vendor_id: i64, v: &CostValues, item_id: Option<i64>, user_id: Option<i64>) -> Result<i64, sqlx::Error> {
    let columns = value_columns();
    let user = columns.len() + 3;
    let params: Vec<String> = (3..user).map(|i| format!("${i}")).collect();
    let sql = format!(
        "insert into asp.shared_vendor_cost (cost_header_id, shared_vendor_id, {}, created_by_id, updated_by_id)
         values ($1, $2, {}, ${user}, ${user}) returning shared_vendor_cost_id",
        columns.join(", "),
        params.join(", ")
    );
    let row = bind_values(sqlx::query(&sql).bind(header_id).bind(shared_vendor_id), v, item_id).bind(user_id).fetch_one(conn).await?;
    row.try_get("shared_vendor_cost_id")
}

pub async fn update(conn: &mut PgConnection, id: i64, v: &CostValues, item_id: Option<i64>, user_id: Option<i64>) -> Result<(), sqlx::Error> {
    let columns = value_columns();
    let sets: Vec<String> = columns.iter().enumerate().map(|(i, c)| format!("{c} = ${}", i + 2)).collect();
    let sql = format!(
        "update asp.shared_vendor_cost set {}, updated_by_id = ${}, updated_at = now() where shared_vendor_cost_id = $1",
        sets.join(", "),
        columns.len() + 2
    );
    bind_values(sqlx::query(&sql).bind(id), v, item_id).bind(user_id).execute(conn).await?;
    Ok(())
}

/// Locks the costs about to change (bulk expire and extend), so their before-images in the audit are what changed.
pub async fn lock(conn: &mut PgConnection, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select shared_vendor_cost_id from asp.shared_vendor_cost where shared_vendor_cost_id = any($1) order by shared_vendor_cost_id for update",
        ids
    )
    .fetch_all(conn)
    .await
}

/// Expires the costs (docs/costs.md): a cost that applied before `today` ends yesterday; one that never applied
/// (starts today or later) is withdrawn. Costs already ended or withdrawn are left alone. Answers the changed ids.
pub async fn expire(conn: &mut PgConnection, ids: &[i64], today: NaiveDate, user_id: Option<i64>) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "update asp.shared_vendor_cost
         set end_date = case when start_date < $2 then $2 - 1 else end_date end,
             is_active = start_date < $2,
             updated_by_id = $3, updated_at = now()
         where shared_vendor_cost_id = any($1) and is_active and end_date >= $2
         returning shared_vendor_cost_id",
        ids,
        today,
        user_id
    )
    .fetch_all(conn)
    .await
}

/// Gives the costs a new end date (withdrawn costs stay withdrawn). Answers the changed ids.
pub async fn extend(conn: &mut PgConnection, ids: &[i64], end_date: NaiveDate, user_id: Option<i64>) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "update asp.shared_vendor_cost set end_date = $2, updated_by_id = $3, updated_at = now()
         where shared_vendor_cost_id = any($1) and is_active
         returning shared_vendor_cost_id",
        ids,
        end_date,
        user_id
    )
    .fetch_all(conn)
    .await
}

/// Of `ids`, those that start after `end_date` (an extension would end them before they start).
pub async fn starting_after(conn: &mut PgConnection, ids: &[i64], end_date: NaiveDate) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select shared_vendor_cost_id from asp.shared_vendor_cost where shared_vendor_cost_id = any($1) and start_date > $2 order by 1",
        ids,
        end_date
    )
    .fetch_all(conn)
    .await
}

/// The vendor `vend_code` at the site (through the vendor rule) and its shared vendor.
pub struct SiteVendor {
    pub vend_id: i64,
    pub vend_code: String,
    pub shared_vendor_id: Option<i64>,
}

pub async fn vendor_at_site(tx: &mut TenantTx, site_id: i64, vend_code: &str) -> Result<Option<SiteVendor>, sqlx::Error> {
    sqlx::query_as!(
        SiteVendor,
        "select v.vend_id, v.vend_code, v.shared_vendor_id
         from vendor v join vendor_at_site a on a.vend_id = v.vend_id and a.site_id = $1
         where lower(v.vend_code) = lower($2)
         order by v.is_vmi, v.vend_id limit 1",
        site_id,
        vend_code
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The cost of the item in the shared vendor's catalogue valid on `day` (the exclusion constraint allows one per
/// part; an item matched by two part spellings takes the newest start).
pub async fn active_for_item(conn: &mut PgConnection, shared_vendor_id: i64, item_id: i64, day: NaiveDate) -> Result<Option<CostRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {} {FROM} where c.shared_vendor_id = $1 and c.item_id = $2 and c.is_active and $3 between c.start_date and c.end_date
         order by c.start_date desc limit 1",
        columns()
    ))
    .bind(shared_vendor_id)
    .bind(item_id)
    .bind(day)
    .fetch_optional(conn)
    .await
}
