//! Demo crib devices and locations (docs/cip.md): per demo site the location segments (Aisle-Rack-Bin), a coil vending
//! machine and a locker with bins, a crib shelving unit, a kanban rack; a few CIPs dispensed from the vending bins
//! (Vending), a preventive-maintenance kit, kanban bins for Kanban CIPs, alternate and virtual locations, related
//! items and default employee and tracking code for the well-known bearing. Every statement fills only what is
//! missing, so seeding stays idempotent.

use anyhow::Context;
use sqlx::PgConnection;

/// (station_code, description, station_type, location, bins)
const STATIONS: &[(&str, &str, i32, &str, &[&str])] = &[
    ("VM-01", "Coil vending machine by the press line", 1, "A-01", &["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]),
    ("LK-01", "PPE locker", 2, "B-01", &["D01", "D02", "D03", "D04"]),
    ("SHELF-01", "Crib shelving, aisle C", 50, "C", &["C1", "C2", "C3"]),
    ("KB-RACK1", "Kanban rack, assembly", 100, "K-01", &[]),
];

pub async fn demo(conn: &mut PgConnection) -> anyhow::Result<()> {
    segments(conn).await.context("seeding location segments")?;
    let schemas: Vec<(i64, String)> = sqlx::query_as("select client_id, schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for (client_id, schema) in schemas {
        site_devices(conn, client_id, &schema).await.with_context(|| format!("seeding crib devices of {schema}"))?;
    }
    Ok(())
}

async fn segments(conn: &mut PgConnection) -> anyhow::Result<()> {
    sqlx::query(
        "insert into asp.site_location_segment (site_id, seg_no, seg_name, seg_length)
         select s.site_id, v.no, v.name, v.len from asp.site s
         cross join (values (1, 'Aisle', 6), (2, 'Rack', 3), (3, 'Bin', 3)) as v(no, name, len)
         where s.site_code in ('ACME-NORTH', 'ACME-SOUTH', 'GEA-POR', 'GEA-MAIN')
           and not exists (select 1 from asp.site_location_segment x where x.site_id = s.site_id)",
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn site_devices(conn: &mut PgConnection, client_id: i64, schema: &str) -> anyhow::Result<()> {
    for (code, description, station_type, location, bins) in STATIONS {
        sqlx::query(&format!(
            "insert into {schema}.station (site_id, station_code, description, station_type, location, serial_no)
             select s.site_id, $2, $3, $4, $5, 'SN-' || s.site_id || '-' || $2 from asp.site s
             where s.client_id = $1 and not exists (select 1 from {schema}.station x where x.site_id = s.site_id and x.station_code = $2)"
        ))
        .bind(client_id)
        .bind(code)
        .bind(description)
        .bind(station_type)
        .bind(location)
        .execute(&mut *conn)
        .await?;
        let bins: Vec<String> = bins.iter().map(|b| (*b).to_owned()).collect();
        sqlx::query(&format!(
            "insert into {schema}.station_bin (site_id, station_id, bin_code, capacity)
             select st.site_id, st.station_id, b.code, 12 from {schema}.station st cross join unnest($2::text[]) as b(code)
             where st.site_id in (select site_id from asp.site where client_id = $1) and st.station_code = $3
               and not exists (select 1 from {schema}.station_bin x where x.station_id = st.station_id and x.bin_code = b.code)"
        ))
        .bind(client_id)
        .bind(&bins)
        .bind(code)
        .execute(&mut *conn)
        .await?;
    }
    let sites = format!("(select site_id from asp.site where client_id = {client_id})");
    for statement in [
        // The first six active MinMax CIPs of a site that are not the well-known three go into the vending machine's
        // bins and become Vending CIPs (a Vending CIP is dispensing).
        format!(
            "with picked as (
                 select c.cip_no, c.site_id, row_number() over (partition by c.site_id order by c.cip_no) as n
                 from {schema}.cip c
                 where c.site_id in {sites} and c.status_id = 1 and c.repl_type = 2 and c.cip_code like 'C%' and c.cid_no is not null
                   and not exists (select 1 from {schema}.station_bin b where b.site_id = c.site_id and b.cip_no is not null)),
             free as (
                 select b.station_bin_id, b.site_id, row_number() over (partition by b.site_id order by b.bin_code) as n
                 from {schema}.station_bin b join {schema}.station s on s.station_id = b.station_id
                 where s.station_code = 'VM-01' and s.site_id in {sites})
             update {schema}.station_bin b set cip_no = p.cip_no
             from picked p join free f on f.site_id = p.site_id and f.n = p.n
             where b.station_bin_id = f.station_bin_id and p.n <= 6"
        ),
        format!(
            "update {schema}.cip c set dispensing = true, repl_type = 3, keep_full = false
             where c.site_id in {sites} and not c.dispensing
               and exists (select 1 from {schema}.station_bin b join {schema}.station s on s.station_id = b.station_id
                           where b.cip_no = c.cip_no and s.station_code = 'VM-01')"
        ),
        // Gloves in the PPE locker, not dispensing by itself (storage of a dispensing CIP is a choice, not a rule).
        format!(
            "update {schema}.station_bin b set cip_no = c.cip_no
             from {schema}.cip c, {schema}.station s
             where s.station_id = b.station_id and s.station_code = 'LK-01' and b.bin_code = 'D01' and b.cip_no is null
               and c.site_id = s.site_id and c.cip_code = 'GLV-NTR-L' and s.site_id in {sites}"
        ),
        // A preventive-maintenance kit per site: its CID flagged kit, its CIP, and three children.
        format!(
            "insert into {schema}.cid (site_id, cust_item_code, cust_desc1, cust_desc2, kit, stock_item, vend_code)
             select s.site_id, 'KIT-PM-100', 'KIT, PREVENTIVE MAINTENANCE', 'PRESS LINE MONTHLY', true, true, '10452'
             from asp.site s where s.site_id in {sites}
               and not exists (select 1 from {schema}.cid d where d.site_id = s.site_id and d.cust_item_code = 'KIT-PM-100')"
        ),
        format!(
            "insert into {schema}.cip (site_id, cid_no, cip_code, status_id, location, loc_seg1, loc_seg2, loc_seg3, qty_on_hand, qty_avail,
                 min_qty, max_qty, lot_qty, repl_type)
             select d.site_id, d.cid_no, 'KIT-PM-100', 1, 'K-02-01', 'K', '02', '01', 4, 4, 1, 6, 1, 2
             from {schema}.cid d where d.site_id in {sites} and d.cust_item_code = 'KIT-PM-100'
               and not exists (select 1 from {schema}.cip c where c.site_id = d.site_id and c.cip_code = 'KIT-PM-100')"
        ),
        format!(
            "insert into {schema}.kit_child (site_id, parent_cip_no, child_cip_no, qty, seq)
             select k.site_id, k.cip_no, c.cip_no, v.qty, v.seq
             from {schema}.cip k
             join (values ('BRG-6204-2RS', 2, 1), ('GLV-NTR-L', 1, 2), ('DRL-HSS-025', 4, 3)) as v(code, qty, seq) on true
             join {schema}.cip c on c.site_id = k.site_id and c.cip_code = v.code
             where k.site_id in {sites} and k.cip_code = 'KIT-PM-100'
               and not exists (select 1 from {schema}.kit_child x where x.parent_cip_no = k.cip_no)"
        ),
        format!(
            "update {schema}.station_bin b set cip_no = k.cip_no
             from {schema}.cip k, {schema}.station s
             where s.station_id = b.station_id and s.station_code = 'LK-01' and b.bin_code = 'D04' and b.cip_no is null
               and k.site_id = s.site_id and k.cip_code = 'KIT-PM-100' and s.site_id in {sites}"
        ),
        // Two kanban bins for each of the first three Kanban CIPs of a site, on its kanban rack.
        format!(
            "insert into {schema}.kanban_bin (site_id, cip_no, station_id, tool_code, bin_qty, bin_status, location)
             select c.site_id, c.cip_no, r.station_id, 'KB-' || c.cip_no || '-' || n, greatest(coalesce(c.lot_qty, 1), 1),
                    case when n = 1 then 1 else 2 end, 'K-01-0' || n
             from (select c.*, row_number() over (partition by c.site_id order by c.cip_no) as k
                   from {schema}.cip c where c.site_id in {sites} and c.repl_type = 1 and c.status_id = 1) c
             join {schema}.station r on r.site_id = c.site_id and r.station_code = 'KB-RACK1'
             cross join generate_series(1, 2) n
             where c.k <= 3 and not exists (select 1 from {schema}.kanban_bin x where x.cip_no = c.cip_no)"
        ),
        // Alternate and virtual locations of the well-known three (aisle Z holds overflow stock).
        format!(
            "insert into {schema}.alternate_location (site_id, cip_no, location, loc_seg1, loc_seg2, loc_seg3, notes)
             select c.site_id, c.cip_no, 'Z-' || v.rack || '-01', 'Z', v.rack, '01', 'Overflow'
             from {schema}.cip c join (values ('BRG-6204-2RS', '01'), ('GLV-NTR-L', '02'), ('DRL-HSS-025', '03')) as v(code, rack) on v.code = c.cip_code
             where c.site_id in {sites} and not exists (select 1 from {schema}.alternate_location x where x.cip_no = c.cip_no)"
        ),
        format!(
            "insert into {schema}.virtual_location (site_id, cip_no, location, loc_seg1, loc_seg2, description)
             select c.site_id, c.cip_no, v.loc, split_part(v.loc, '-', 1), split_part(v.loc, '-', 2), v.description
             from {schema}.cip c
             join (values ('BRG-6204-2RS', 'LINE2-CAB', 'Line 2 point-of-use cabinet'), ('GLV-NTR-L', 'TRUCK-07', 'Service truck 7')) as v(code, loc, description)
               on v.code = c.cip_code
             where c.site_id in {sites} and not exists (select 1 from {schema}.virtual_location x where x.cip_no = c.cip_no)"
        ),
        // The bearing's substitute: the next ball bearing of its site.
        format!(
            "insert into {schema}.related_item (site_id, cip_no, related_cip_no, relation)
             select b.site_id, b.cip_no, o.cip_no, 1
             from {schema}.cip b
             join lateral (select o.cip_no from {schema}.cip o where o.site_id = b.site_id and o.cust_desc1 = 'BEARING, BALL'
                           and o.cip_no <> b.cip_no and o.status_id = 1 order by o.cip_no limit 1) o on true
             where b.site_id in {sites} and b.cip_code = 'BRG-6204-2RS'
               and not exists (select 1 from {schema}.related_item x where x.cip_no = b.cip_no)"
        ),
        format!(
            "update {schema}.cip c set default_employee_id = e.employee_id, default_track1 = t.tracking_code_id
             from {schema}.employee e, {schema}.tracking_code t
             where c.site_id in {sites} and c.cip_code = 'BRG-6204-2RS' and c.default_employee_id is null
               and e.site_id = c.site_id and e.employee_number = 'E1001'
               and t.site_id = c.site_id and t.tracking_level_id = 1 and t.tracking_number = 'CC-4100'"
        ),
    ] {
        sqlx::query(&statement).execute(&mut *conn).await?;
    }
    Ok(())
}
