//! Demo tracking levels and codes (docs/tracking-codes.md): per demo site the levels Cost Centre, Job and Machine
//! (none required, so the crib counter works without choosing; Job accepts free-form text, Machine enables item
//! restrictions), believable codes with some limits and override flags, a suspended code, supervisors, an item
//! restriction and the first employees' default cost centres. Every statement fills only what is missing.

use anyhow::Context;
use sqlx::PgConnection;

use super::SeedDay;

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    let schemas: Vec<String> = sqlx::query_scalar("select schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for schema in schemas {
        site_tracking(conn, &schema, day).await.with_context(|| format!("seeding tracking codes of {schema}"))?;
    }
    Ok(())
}

async fn site_tracking(conn: &mut PgConnection, schema: &str, day: SeedDay) -> anyhow::Result<()> {
    let sites = "(select site_id from asp.site where site_code in ('ACME-NORTH', 'ACME-SOUTH', 'GEA-POR', 'GEA-MAIN'))";
    sqlx::query(&format!(
        "insert into {schema}.tracking_level (site_id, tracking_level_id, description, is_active, is_required, enable_item_restrictions,
             can_free_form, employee_default_required, send_to_cribmaster, tracking_timing)
         select s.site_id, v.level, v.description, true, false, v.restrict, v.free, v.emp_default, v.crib, 2
         from (select site_id from asp.site where site_id in {sites}) s
         cross join (values (1, 'Cost Centre', false, true, true, true), (2, 'Job', false, true, false, true),
                            (3, 'Machine', true, false, false, false)) as v(level, description, restrict, free, emp_default, crib)
         where exists (select 1 from {schema}.tracking_code t where t.site_id = s.site_id)
         on conflict (site_id, tracking_level_id) do update set description = excluded.description, is_active = true,
             enable_item_restrictions = excluded.enable_item_restrictions, can_free_form = excluded.can_free_form,
             employee_default_required = excluded.employee_default_required, send_to_cribmaster = excluded.send_to_cribmaster
         where {schema}.tracking_level.description like 'Level %'"
    ))
    .execute(&mut *conn)
    .await?;
    sqlx::query(&format!(
        "insert into {schema}.tracking_code (site_id, tracking_level_id, tracking_number, description, limit_daily, limit_weekly,
             limit_monthly, limit_yearly, override_daily, override_weekly, override_monthly, override_yearly, tracking_code_group,
             is_suspended, suspension_date, suspension_reason_id)
         select s.site_id, v.level, v.num, v.description, v.ld, v.lw, v.lm, v.ly, v.od, v.ow, v.om, v.oy, v.grp,
                v.susp, case when v.susp then $1::date - 12 end, case when v.susp then 2 end
         from (select site_id from asp.site where site_id in {sites}) s
         cross join (values
             (1, 'CC-4300', 'Tooling cost center', null::numeric, 600::numeric, 2000::numeric, null::numeric, false, true, false, false, 'Plant', false),
             (1, 'CC-4400', 'Quality lab', 150, null, 900, 8000, false, false, true, false, 'Plant', false),
             (1, 'CC-4900', 'Line 4 retooling (closed)', null, null, null, null, false, false, false, false, 'Projects', true),
             (2, 'WO-7790', 'Work order 7790: press die change', null, null, 1200, null, false, false, false, false, 'Maintenance', false),
             (2, 'WO-7802', 'Work order 7802: conveyor rebuild', null, 400, null, 5000, false, true, false, true, 'Maintenance', false),
             (3, 'EQ-LATHE-01', 'CNC lathe 1', null, null, 500, null, false, false, true, false, 'Machining', false),
             (3, 'EQ-MILL-03', 'Vertical mill 3', null, null, null, null, false, false, false, false, 'Machining', false))
           as v(level, num, description, ld, lw, lm, ly, od, ow, om, oy, grp, susp)
         where exists (select 1 from {schema}.tracking_level l where l.site_id = s.site_id)
         on conflict (site_id, tracking_level_id, tracking_number) do nothing"
    ))
    .bind(day.today())
    .execute(&mut *conn)
    .await?;
    for statement in [
        // The seeded codes of the lookup records get limits too (the crib counter's believable refusals). The monthly
        // limit stays above the demo ledger's own draws of a month (about 2,500 on CC-4100), which would otherwise refuse
        // every issue late in a month.
        format!(
            "update {schema}.tracking_code set limit_daily = 300, limit_monthly = 5000, override_monthly = true, tracking_code_group = 'Plant'
             where site_id in {sites} and tracking_number = 'CC-4100' and limit_monthly is null"
        ),
        format!(
            "update {schema}.tracking_code set limit_weekly = 800, tracking_code_group = 'Plant'
             where site_id in {sites} and tracking_number = 'CC-4200' and limit_weekly is null"
        ),
        format!(
            "update {schema}.tracking_code set limit_yearly = 20000, tracking_code_group = 'Maintenance'
             where site_id in {sites} and tracking_number = 'WO-7781' and limit_yearly is null"
        ),
        // Maria Lopez (the supervisor) answers for the cost centres; employees default to a cost centre.
        format!(
            "update {schema}.tracking_code t set supervisor_id = e.employee_id from {schema}.employee e
             where t.site_id in {sites} and t.tracking_level_id = 1 and t.supervisor_id is null
               and e.site_id = t.site_id and e.employee_number = 'E1001'"
        ),
        format!(
            "update {schema}.employee e set track1 = t.tracking_code_id from {schema}.tracking_code t
             where e.site_id in {sites} and e.track1 is null and t.site_id = e.site_id and t.tracking_level_id = 1
               and t.tracking_number = case e.employee_number when 'E1001' then 'CC-4100' when 'E1002' then 'CC-4200' end"
        ),
        // The lathe takes only the first two items of its site (by customer item code).
        format!(
            "insert into {schema}.tracking_code_item (site_id, tracking_code_id, cid_no)
             select t.site_id, t.tracking_code_id, c.cid_no from {schema}.tracking_code t
             join lateral (select c.cid_no from {schema}.cid c where c.site_id = t.site_id order by c.cust_item_code, c.cid_no limit 2) c on true
             where t.site_id in {sites} and t.tracking_number = 'EQ-LATHE-01'
               and not exists (select 1 from {schema}.tracking_code_item x where x.tracking_code_id = t.tracking_code_id)"
        ),
    ] {
        sqlx::query(&statement).execute(&mut *conn).await?;
    }
    Ok(())
}
