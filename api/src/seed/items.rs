//! Demo catalogue: manufacturers, brands, commodity and hazardous codes and a few thousand item-master parts in the
//! provider tier; per demo site a few hundred CIDs, each stocked at a location (CIP) with quantities, replenishment
//! settings and usage. Every statement fills only what is missing, so seeding stays idempotent.

use anyhow::Context;
use kernel::num::UnitCost;
use sqlx::PgConnection;

use super::SeedDay;

/// (mfg_code, name, brands)
const MANUFACTURERS: &[(&str, &str, &[&str])] = &[
    ("SKF", "SKF USA Inc.", &["SKF Explorer", "SKF Energy Efficient"]),
    ("TIMKEN", "The Timken Company", &["Timken", "Fafnir"]),
    ("3M", "3M Company", &["Scotch-Brite", "Cubitron", "Peltor"]),
    ("ANSELL", "Ansell Healthcare", &["TouchNTuff", "HyFlex"]),
    ("DEWALT", "DeWalt Industrial Tool Co.", &["DeWalt", "DeWalt FlexVolt"]),
    ("STANLEY", "Stanley Black & Decker", &["Stanley", "Proto"]),
    ("LOCTITE", "Henkel Loctite", &["Loctite"]),
    ("PARKER", "Parker Hannifin", &["Parker", "Parflex"]),
    ("GATES", "Gates Corporation", &["PowerGrip", "Gates Hi-Power"]),
    ("FLUKE", "Fluke Corporation", &["Fluke"]),
    ("KLEIN", "Klein Tools", &["Klein"]),
    ("MSA", "MSA Safety", &["V-Gard", "Altair"]),
];

/// (noun, modifier variants, commodity code, unit of measure id, hazardous code, base cost)
type Family = (&'static str, &'static [&'static str], &'static str, i32, Option<&'static str>, &'static str);

const FAMILIES: &[Family] = &[
    ("BEARING, BALL", &["SEALED", "SHIELDED", "OPEN", "DEEP GROOVE", "ANGULAR CONTACT"], "31171504", 1, None, "6.5"),
    ("BEARING, TAPERED ROLLER", &["CONE", "CUP", "ASSEMBLY"], "31171505", 1, None, "18.0"),
    ("GLOVE, NITRILE", &["SMALL", "MEDIUM", "LARGE", "X-LARGE"], "46181504", 2, None, "11.5"),
    ("GLOVE, CUT RESISTANT", &["A2", "A3", "A4", "A5"], "46181504", 9, None, "7.25"),
    ("DRILL BIT, HSS", &["1/8 IN", "3/16 IN", "1/4 IN", "5/16 IN", "3/8 IN", "1/2 IN"], "27112802", 1, None, "2.75"),
    ("DISC, ABRASIVE", &["36 GRIT", "60 GRIT", "80 GRIT", "120 GRIT"], "31191505", 3, None, "3.1"),
    ("ADHESIVE, THREADLOCKER", &["BLUE 242", "RED 271", "PURPLE 222"], "31201610", 1, Some("UN1993"), "14.9"),
    ("HOSE, HYDRAULIC", &["1/4 IN", "3/8 IN", "1/2 IN", "3/4 IN"], "40142008", 5, None, "4.4"),
    ("BELT, V", &["A36", "A48", "B52", "B60", "5VX800"], "26111802", 1, None, "12.2"),
    ("MULTIMETER, DIGITAL", &["TRUE RMS", "CLAMP", "INSULATION"], "41113023", 1, None, "189.0"),
    ("SCREWDRIVER SET", &["6 PC", "8 PC", "INSULATED 7 PC"], "27111701", 10, None, "34.0"),
    ("HARD HAT", &["TYPE I WHITE", "TYPE I YELLOW", "TYPE II BLUE"], "46181701", 1, None, "21.5"),
    ("LUBRICANT, AEROSOL", &["PENETRATING", "SILICONE", "DRY PTFE"], "15121902", 1, Some("UN1950"), "8.75"),
    ("FUSE, CARTRIDGE", &["10A", "15A", "20A", "30A"], "39121601", 2, None, "5.6"),
];

const COMMODITY_CODES: &[(&str, &str)] = &[
    ("31171504", "Ball bearings"),
    ("31171505", "Roller bearings"),
    ("46181504", "Protective gloves"),
    ("27112802", "Drill bits"),
    ("31191505", "Abrasive discs"),
    ("31201610", "Threadlockers"),
    ("40142008", "Hydraulic hoses"),
    ("26111802", "Drive belts"),
    ("41113023", "Multimeters"),
    ("27111701", "Screwdrivers"),
    ("46181701", "Hard hats"),
    ("15121902", "Penetrating lubricants"),
    ("39121601", "Fuses"),
];

const HAZARDOUS_CODES: &[(&str, &str, &str)] = &[
    ("UN1993", "Flammable liquid, n.o.s.", "3"),
    ("UN1950", "Aerosols", "2.1"),
    ("UN1263", "Paint or paint related material", "3"),
    ("UN2794", "Batteries, wet, filled with acid", "8"),
];

/// Item-master parts per manufacturer and family (12 manufacturers x 14 families x 18 = 3,024 parts).
const PARTS_PER_FAMILY: i32 = 18;
/// CIDs per demo site, each with one CIP.
const CIDS_PER_SITE: i32 = 240;

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    catalogue(conn).await.context("seeding the item master")?;
    let clients: Vec<(i64, String)> = sqlx::query_as("select client_id, schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for (client_id, schema) in clients {
        site_items(conn, client_id, &schema, day).await.with_context(|| format!("seeding items of {schema}"))?;
    }
    Ok(())
}

async fn catalogue(conn: &mut PgConnection) -> anyhow::Result<()> {
    for (code, name, brands) in MANUFACTURERS {
        sqlx::query("insert into asp.manufacturer (mfg_code, mfg_name) values ($1, $2) on conflict do nothing")
            .bind(code)
            .bind(name)
            .execute(&mut *conn)
            .await?;
        for brand in *brands {
            sqlx::query("insert into asp.brand (brand_name, mfg_code) values ($1, $2) on conflict do nothing")
                .bind(brand)
                .bind(code)
                .execute(&mut *conn)
                .await?;
        }
    }
    for (code, description) in COMMODITY_CODES {
        sqlx::query("insert into asp.commodity_code (commodity_code, segment, family, description) values ($1, left($1, 2), left($1, 4), $2) on conflict do nothing")
            .bind(code)
            .bind(description)
            .execute(&mut *conn)
            .await?;
    }
    for (code, description, class) in HAZARDOUS_CODES {
        sqlx::query("insert into asp.hazardous_code (haz_code, description, haz_class) values ($1, $2, $3) on conflict do nothing")
            .bind(code)
            .bind(description)
            .bind(class)
            .execute(&mut *conn)
            .await?;
    }
    let have: i64 = sqlx::query_scalar("select count(*) from asp.item_master").fetch_one(&mut *conn).await?;
    if have > 0 {
        return Ok(());
    }
    for (f, (noun, variants, commodity, uom, haz, cost)) in FAMILIES.iter().enumerate() {
        let variants: Vec<String> = variants.iter().map(|v| (*v).to_owned()).collect();
        // One statement per family: every manufacturer gets PARTS_PER_FAMILY parts of it.
        sqlx::query(
            "insert into asp.item_master (desc1, desc2, mfg_code, mfg_part_no, erp_vmi_item_code, item_status, shelf_life, lot_control,
                 serialized, repairable, haz_code, msds_req, asp_upc, commodity_code, uom_typeid, ship_weight, brand_id,
                 export_classification, export_country_code)
             select $1, $2[1 + (g % cardinality($2))] || ' ' || m.mfg_code, m.mfg_code,
                    upper(left(m.mfg_code, 3)) || '-' || lpad(($7::int * 1000 + g)::text, 6, '0'),
                    'VMI' || lpad(($7::int * 100000 + row_number() over ())::text, 8, '0'),
                    case when g % 41 = 0 then 3 when g % 29 = 0 then 2 else 1 end,
                    case when $5::text is not null then 730 end, $5::text is not null, $6 > 100 and g % 3 = 0, g % 7 = 0, $5::text, $5::text is not null,
                    '0' || lpad((abs(hashtext(m.mfg_code || $7::text || g::text)) % 100000000000)::text, 11, '0'),
                    $3, $4, round((0.05 + (g % 17) * 0.12)::numeric, 3),
                    (select b.brand_id from asp.brand b where b.mfg_code = m.mfg_code order by b.brand_id limit 1 offset (g % 2)),
                    case when g % 11 = 0 then 'EAR99' end, case when g % 5 = 0 then 'DE' else 'US' end
             from asp.manufacturer m cross join generate_series(1, $8) g
             on conflict do nothing",
        )
        .bind(noun)
        .bind(&variants)
        .bind(commodity)
        .bind(uom)
        .bind(haz)
        .bind(UnitCost::parse(cost)?)
        .bind(f as i32 + 1)
        .bind(PARTS_PER_FAMILY)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn site_items(conn: &mut PgConnection, client_id: i64, schema: &str, day: SeedDay) -> anyhow::Result<()> {
    // Every demo site gets the same three well-known parts first (tests and the README name them), then a slice of
    // the catalogue, each site a different one.
    sqlx::query(&format!(
        "insert into {schema}.cid (site_id, item_id, cust_item_code, cust_desc1, cust_desc2, cust_avg_cost, vend_code, avg_lead_time,
             curr_abc_class_type_id, crit_part, lot_control, serialized, repairable, uom_typeid)
         select s.site_id, i.item_id, v.cust_item_code, v.d1, v.d2, v.cost, '10452', 5, v.abc, v.abc = 1, i.lot_control, i.serialized, i.repairable, i.uom_typeid
         from asp.site s
         cross join (values ('CP-10021', 'BEARING, BALL', '6204-2RS SEALED', 4.125, 1, 1),
                            ('CP-10388', 'GLOVE, NITRILE', 'LARGE, BOX OF 100', 11.500, 2, 2),
                            ('CP-11002', 'DRILL BIT, HSS', '1/4 IN JOBBER', 2.750, 3, 3)) as v(cust_item_code, d1, d2, cost, abc, n)
         join lateral (select item_id, lot_control, serialized, repairable, uom_typeid from asp.item_master
                       where desc1 = v.d1 order by item_id limit 1) i on true
         where s.client_id = $1 and not exists (select 1 from {schema}.cid c where c.site_id = s.site_id)"
    ))
    .bind(client_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(&format!(
        "insert into {schema}.cid (site_id, item_id, cust_item_code, cust_desc1, cust_desc2, cust_avg_cost, vend_code, avg_lead_time,
             curr_abc_class_type_id, crit_part, lot_control, serialized, repairable, kit, uom_typeid, cid_status)
         select s.site_id, i.item_id, 'CP-' || lpad((20000 + i.rn)::text, 5, '0'), i.desc1, i.desc2,
                round((2 + (i.rn % 97) * 1.37)::numeric, 3), (array['10452', '20114', '30871'])[1 + i.rn % 3], 3 + i.rn % 20,
                1 + i.rn % 4, i.rn % 23 = 0, i.lot_control, i.serialized, i.repairable, false, i.uom_typeid,
                case when i.rn % 53 = 0 then 2 else 1 end
         from asp.site s
         join lateral (select m.*, row_number() over (order by m.item_id) as rn from asp.item_master m
                       where m.item_status = 1 and m.item_id % 4 = s.site_id % 4 order by m.item_id limit $2) i on true
         where s.client_id = $1 and (select count(*) from {schema}.cid c where c.site_id = s.site_id) <= 3"
    ))
    .bind(client_id)
    .bind(CIDS_PER_SITE)
    .execute(&mut *conn)
    .await?;
    // One CIP per CID; the well-known three keep their codes and locations.
    sqlx::query(&format!(
        "insert into {schema}.cip (site_id, cid_no, item_id, cip_code, status_id, location, loc_seg1, loc_seg2, loc_seg3,
             qty_on_hand, qty_avail, qty_on_order, qty_on_hold, cust_avg_cost, consigned, min_qty, max_qty, lot_qty, reorder_qty,
             repl_type, keep_full, vend_code, warehouse_cost,
             usage1, usage2, usage3, usage4, usage5, usage6, usage7, usage8, usage9, usage10, usage11, usage12, usage13,
             month_usage, trans_count_cy, trans_count_py, repl_count_cy, repl_count_py, last_issue_date, last_receipt_date)
         select c.site_id, c.cid_no, c.item_id,
                coalesce(k.cip_code, 'C' || c.cid_no), coalesce(k.status_id, case when c.cid_status = 2 then 2 else 1 end),
                coalesce(k.location, l.a || '-' || l.b || '-' || l.c), coalesce(split_part(k.location, '-', 1), l.a),
                coalesce(split_part(k.location, '-', 2), l.b), coalesce(split_part(k.location, '-', 3), l.c),
                coalesce(k.qoh, q.qoh), coalesce(k.qavail, q.qoh), q.on_order, case when n % 31 = 0 then 2 else 0 end,
                c.cust_avg_cost, coalesce(k.consigned, n % 9 = 0), q.min, q.max, q.lot, q.lot,
                case when n % 10 = 0 then 1 when n % 15 = 0 then 3 else 2 end, n % 12 = 0, c.vend_code, round(c.cust_avg_cost * 0.92, 3),
                u.m[1], u.m[2], u.m[3], u.m[4], u.m[5], u.m[6], u.m[7], u.m[8], u.m[9], u.m[10], u.m[11], u.m[12], u.m[13],
                u.m[1:12], 10 + n % 40, 20 + n % 60, n % 9, n % 14,
                $2 - make_interval(days => (n % 30)::int), $2 - make_interval(days => (3 + n % 45)::int)
         from (select c.*, row_number() over (partition by c.site_id order by c.cid_no) as n from {schema}.cid c
               where c.site_id in (select site_id from asp.site where client_id = $1)
                 and not exists (select 1 from {schema}.cip p where p.cid_no = c.cid_no)) c
         left join (values ('CP-10021', 'BRG-6204-2RS', 1, 'A-01-01', 24, 20, false), ('CP-10388', 'GLV-NTR-L', 1, 'B-02-03', 60, 60, true),
                           ('CP-11002', 'DRL-HSS-025', 2, 'C-04-02', 0, 0, false)) as k(cust_item_code, cip_code, status_id, location, qoh, qavail, consigned)
           on k.cust_item_code = c.cust_item_code
         cross join lateral (select chr(65 + (n % 6)::int) as a, lpad((1 + n % 12)::text, 2, '0') as b, lpad((1 + n % 5)::text, 2, '0') as c) l
         cross join lateral (select (5 + n % 40)::numeric as qoh, (n % 4 * 10)::numeric as on_order, (4 + n % 6)::numeric as min,
                                    (20 + n % 30)::numeric as max, (1 + n % 3 * 5)::numeric as lot) q
         cross join lateral (select array(select ((n * 7 + p * 13) % 25)::numeric from generate_series(1, 13) p) as m) u"
    ))
    .bind(client_id)
    .bind(day.now())
    .execute(&mut *conn)
    .await?;
    Ok(())
}
