//! Demo cost catalogues (docs/costs.md): the demo shared vendors, the demo clients' vendors linked to them (where the
//! shared vendor helper did not link them already), and for every item the demo CIPs buy from those vendors a
//! catalogue cost with three breaks valid today; about two in five differ from what the sites pay, so the Vendor Cost
//! Review has rows. Also a few expired and future costs, an agreement catalogue, and SKF's own parts.

use sqlx::PgConnection;

use super::SeedDay;

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    sqlx::query(
        "insert into asp.shared_vendor (shared_vendor_name)
         select v.name from (values ('Grainger'), ('Fastenal'), ('SKF'), ('Motion Industries')) as v(name)
         where not exists (select 1 from asp.shared_vendor s where lower(s.shared_vendor_name) = lower(v.name))",
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "insert into asp.shared_vendor_cost_header (shared_vendor_id, special_pricing_agreement_id, description)
         select s.shared_vendor_id, v.spa, v.d from asp.shared_vendor s
         join (values ('grainger', null, 'List price'), ('grainger', 'SPA-2026-014', 'Maintenance supplies agreement 2026'),
                      ('fastenal', null, 'List price'), ('skf', null, 'List price'), ('motion industries', null, 'List price'))
           as v(name, spa, d) on v.name = lower(s.shared_vendor_name)
         on conflict do nothing",
    )
    .execute(&mut *conn)
    .await?;
    let schemas: Vec<String> = sqlx::query_scalar("select schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for schema in schemas {
        sqlx::query(&format!(
            "update {schema}.vendor v set shared_vendor_id = s.shared_vendor_id
             from asp.shared_vendor s
             where v.shared_vendor_id is null
               and lower(s.shared_vendor_name) = case v.vend_code when '10452' then 'grainger' when '20114' then 'fastenal' when '30871' then 'skf' end"
        ))
        .execute(&mut *conn)
        .await?;
        // The cost valid today: list price for most, the agreement for every fourth Grainger item. The factor makes
        // two items in five differ from the cheapest site's average cost (some cheaper, some dearer).
        sqlx::query(&format!(
            "insert into asp.shared_vendor_cost (cost_header_id, shared_vendor_id, mfg_code, mfg_part_no, item_id, vendor_part_no,
                 description, commodity_code, brand_id, start_date, end_date, min_order_qty, purch_factor, type_pack_id,
                 qty_per_type_pack, list_price, qty_break_1, cost_1, qty_break_2, cost_2, qty_break_3, cost_3)
             select h.cost_header_id, x.sv, x.mfg_code, x.mfg_part_no, x.item_id, 'V' || x.item_id, x.desc1, x.commodity_code,
                    x.brand_id, $1::date - 90, $1::date + 275, 1, 1, 1, 1, round(x.cost * 1.3, 2),
                    1, x.cost, 10, round(x.cost * 0.95, 4), 50, round(x.cost * 0.9, 4)
             from (select distinct on (v.shared_vendor_id, p.item_id) v.shared_vendor_id as sv, i.item_id, i.mfg_code, i.mfg_part_no,
                          i.desc1, i.commodity_code, i.brand_id,
                          round(p.cust_avg_cost * case i.item_id % 5 when 1 then 0.92 when 3 then 1.07 else 1 end, 4) as cost
                   from {schema}.cip p
                   join {schema}.vendor v on v.vend_code = p.vend_code and v.shared_vendor_id is not null
                   join asp.item_master i on i.item_id = p.item_id
                   where p.cust_avg_cost is not null
                   order by v.shared_vendor_id, p.item_id, p.cust_avg_cost) x
             join asp.shared_vendor s on s.shared_vendor_id = x.sv
             join asp.shared_vendor_cost_header h on h.shared_vendor_id = x.sv
                  and h.special_pricing_agreement_id is not distinct from
                      case when lower(s.shared_vendor_name) = 'grainger' and x.item_id % 4 = 0 then 'SPA-2026-014' end
             on conflict do nothing"
        ))
        .bind(day.today())
        .execute(&mut *conn)
        .await?;
    }
    // History and what is coming: last year's cost of every seventh item, next quarter's of every ninth.
    sqlx::query(
        "insert into asp.shared_vendor_cost (cost_header_id, shared_vendor_id, mfg_code, mfg_part_no, item_id, vendor_part_no,
             description, start_date, end_date, min_order_qty, qty_break_1, cost_1, qty_break_2, cost_2)
         select c.cost_header_id, c.shared_vendor_id, c.mfg_code, c.mfg_part_no, c.item_id, c.vendor_part_no, c.description,
                v.s, v.e, 1, 1, round(c.cost_1 * v.f, 4), 25, round(c.cost_1 * v.f * 0.93, 4)
         from asp.shared_vendor_cost c
         cross join lateral (values ($1::date - 455, $1::date - 91, 0.96, 7), ($1::date + 276, $1::date + 640, 1.04, 9)) as v(s, e, f, m)
         where c.cost_import_id is null and c.start_date = $1::date - 90 and c.item_id % v.m = 0
         on conflict do nothing",
    )
    .bind(day.today())
    .execute(&mut *conn)
    .await?;
    // SKF's own catalogue: its parts in the item master, whether the demo sites stock them or not.
    sqlx::query(
        "insert into asp.shared_vendor_cost (cost_header_id, shared_vendor_id, mfg_code, mfg_part_no, item_id, vendor_part_no,
             description, commodity_code, brand_id, start_date, end_date, min_order_qty, type_pack_id, qty_per_type_pack,
             list_price, qty_break_1, cost_1, qty_break_2, cost_2, qty_break_3, cost_3, qty_break_4, cost_4)
         select h.cost_header_id, h.shared_vendor_id, i.mfg_code, i.mfg_part_no, i.item_id, 'SKF-' || i.mfg_part_no, i.desc1,
                i.commodity_code, i.brand_id, date_trunc('year', $1::date)::date, (date_trunc('year', $1::date) + interval '1 year - 1 day')::date,
                5, 2, 5, round(8 + (i.item_id % 40) * 1.5, 2),
                5, round(6 + (i.item_id % 40) * 1.1, 4), 25, round((6 + (i.item_id % 40) * 1.1) * 0.94, 4),
                100, round((6 + (i.item_id % 40) * 1.1) * 0.88, 4), 500, round((6 + (i.item_id % 40) * 1.1) * 0.81, 4)
         from asp.item_master i
         join asp.shared_vendor s on lower(s.shared_vendor_name) = 'skf'
         join asp.shared_vendor_cost_header h on h.shared_vendor_id = s.shared_vendor_id and h.special_pricing_agreement_id is null
         where i.mfg_code = 'SKF'
         on conflict do nothing",
    )
    .bind(day.today())
    .execute(&mut *conn)
    .await?;
    Ok(())
}
