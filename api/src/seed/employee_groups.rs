//! Demo employee groups (docs/employee-groups.md): per demo site an Approver group (SUPERVISORS) and Limit groups
//! MAINT, PROD and QA with believable daily/weekly/monthly/yearly limits; every employee of the site in one Limit
//! group (supervisors also in SUPERVISORS); item groups (Abrasives, Cutting tools, PPE, Bearings, Fasteners) assigned
//! to the demo CIDs by description; item-group limits, delivery locations, tracking restrictions and assets. Every
//! statement fills only what is missing, so seeding stays idempotent.

use anyhow::Context;
use kernel::num::Money;
use sqlx::PgConnection;

use super::SeedDay;

/// Limits of a demo group, in whole currency units: daily, weekly, monthly, yearly, cost limit.
type Amounts = (Option<i64>, Option<i64>, Option<i64>, Option<i64>, Option<i64>);

/// (description, type, limits)
const GROUPS: &[(&str, i32, Amounts)] = &[
    ("SUPERVISORS", 2, (None, None, None, None, Some(2500))),
    ("MAINT", 1, (Some(400), Some(1500), Some(5000), Some(50000), Some(500))),
    ("PROD", 1, (Some(200), Some(600), Some(2000), Some(20000), Some(250))),
    ("QA", 1, (Some(100), Some(300), Some(1000), Some(10000), Some(150))),
];

/// (item group, description patterns of its CIDs)
const ITEM_GROUPS: &[(&str, &str)] = &[
    ("Abrasives", "%(ABRASIVE|GRINDING|SANDING|DISC|WHEEL)%"),
    ("Cutting tools", "%(DRILL|END MILL|INSERT|TAP|REAMER|SAW|BLADE|BIT)%"),
    ("PPE", "%(GLOVE|GLASSES|GOGGLE|EAR|MASK|RESPIRATOR|VEST|HELMET|SAFETY)%"),
    ("Bearings", "%(BEARING|BUSHING)%"),
    ("Fasteners", "%(BOLT|SCREW|NUT|WASHER|RIVET|ANCHOR|PIN)%"),
];

/// (group, item group, period 1-4, limit in whole currency units)
const ITEM_GROUP_LIMITS: &[(&str, &str, i32, i64)] = &[
    ("MAINT", "Cutting tools", 2, 200),
    ("MAINT", "Abrasives", 3, 300),
    ("PROD", "PPE", 2, 60),
    ("PROD", "Cutting tools", 1, 40),
    ("QA", "PPE", 3, 80),
];

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    let schemas: Vec<(i64, String)> = sqlx::query_as("select client_id, schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for (client_id, schema) in schemas {
        site_groups(conn, client_id, &schema, day).await.with_context(|| format!("seeding employee groups of {schema}"))?;
    }
    Ok(())
}

async fn site_groups(conn: &mut PgConnection, client_id: i64, schema: &str, day: SeedDay) -> anyhow::Result<()> {
    let money = |v: &Option<i64>| v.map(Money::from);
    for (description, group_type, (daily, weekly, monthly, yearly, cost)) in GROUPS {
        sqlx::query(&format!(
            "insert into {schema}.employee_group (site_id, description, group_type, limit_daily, limit_weekly, limit_monthly, limit_yearly,
                 enforced_level, cost_limit, budget_amount, budget_start, budget_end, default_group)
             select s.site_id, $2, $3, $4, $5, $6, $7, case when $3 = 1 and $2 <> 'MAINT' then 1 else 2 end, $8,
                    $7, date_trunc('year', $9::date)::date, (date_trunc('year', $9::date) + interval '1 year - 1 day')::date, $2 = 'PROD'
             from asp.site s
             where s.client_id = $1 and not exists (select 1 from {schema}.employee_group g where g.site_id = s.site_id and upper(g.description) = upper($2))"
        ))
        .bind(client_id)
        .bind(description)
        .bind(group_type)
        .bind(money(daily))
        .bind(money(weekly))
        .bind(money(monthly))
        .bind(money(yearly))
        .bind(money(cost))
        .bind(day.today())
        .execute(&mut *conn)
        .await?;
    }
    for statement in [
        // Limit groups are approved by the site's SUPERVISORS.
        format!(
            "update {schema}.employee_group g set approver_group_id = a.employee_group_id
             from {schema}.employee_group a
             where a.site_id = g.site_id and a.description = 'SUPERVISORS' and g.group_type = 1 and g.approver_group_id is null
               and g.site_id in (select site_id from asp.site where client_id = $1)"
        ),
        // Supervisors into SUPERVISORS and MAINT; everyone else not yet in a Limit group into MAINT, PROD or QA in turn.
        format!(
            "insert into {schema}.employee_group_member (site_id, employee_group_id, employee_id)
             select e.site_id, g.employee_group_id, e.employee_id from {schema}.employee e
             join {schema}.employee_group g on g.site_id = e.site_id and g.description in ('SUPERVISORS', 'MAINT')
             where e.supervisor and e.site_id in (select site_id from asp.site where client_id = $1)
             on conflict do nothing"
        ),
        format!(
            "insert into {schema}.employee_group_member (site_id, employee_group_id, employee_id)
             select e.site_id, g.employee_group_id, e.employee_id
             from (select e.*, row_number() over (partition by e.site_id order by e.employee_number) as n from {schema}.employee e
                   where e.site_id in (select site_id from asp.site where client_id = $1)
                     and not exists (select 1 from {schema}.employee_group_member m join {schema}.employee_group x using (employee_group_id)
                                     where m.employee_id = e.employee_id and x.group_type = 1)) e
             join {schema}.employee_group g on g.site_id = e.site_id and g.description = (array['PROD', 'QA', 'MAINT'])[1 + e.n % 3]
             on conflict do nothing"
        ),
        format!(
            "insert into {schema}.employee_group_delivery_location (site_id, employee_group_id, location, description, is_default)
             select g.site_id, g.employee_group_id, v.loc, v.d, v.def from {schema}.employee_group g
             join (values ('MAINT', 'MAINT-SHOP', 'Maintenance shop bench', true), ('MAINT', 'PRESS-LINE-2', 'Press line 2 cabinet', false),
                          ('PROD', 'ASSY-CELL-1', 'Assembly cell 1 point-of-use', true), ('QA', 'QA-LAB', 'Quality lab', true))
               as v(grp, loc, d, def) on v.grp = g.description
             where g.site_id in (select site_id from asp.site where client_id = $1)
               and not exists (select 1 from {schema}.employee_group_delivery_location x where x.employee_group_id = g.employee_group_id)"
        ),
        // MAINT may charge only the maintenance cost center at level 1.
        format!(
            "insert into {schema}.employee_group_tracking_restriction (site_id, employee_group_id, tracking_code_id)
             select g.site_id, g.employee_group_id, t.tracking_code_id from {schema}.employee_group g
             join {schema}.tracking_code t on t.site_id = g.site_id and t.tracking_level_id = 1 and t.tracking_number = 'CC-4100'
             where g.description = 'MAINT' and g.site_id in (select site_id from asp.site where client_id = $1)
             on conflict do nothing"
        ),
        // MAINT may check out the site's repairable CIPs (a few).
        format!(
            "insert into {schema}.employee_group_asset (site_id, employee_group_id, cip_no, notes)
             select g.site_id, g.employee_group_id, c.cip_no, 'Check out at the crib window'
             from {schema}.employee_group g
             join lateral (select p.cip_no from {schema}.cip p join {schema}.cid d on d.cid_no = p.cid_no
                           where p.site_id = g.site_id and d.repairable order by p.cip_no limit 3) c on true
             where g.description = 'MAINT' and g.site_id in (select site_id from asp.site where client_id = $1)
             on conflict do nothing"
        ),
    ] {
        sqlx::query(&statement).bind(client_id).execute(&mut *conn).await?;
    }
    for (item_group, pattern) in ITEM_GROUPS {
        sqlx::query(&format!(
            "insert into {schema}.item_group (site_id, description)
             select s.site_id, $2 from asp.site s
             where s.client_id = $1 and not exists (select 1 from {schema}.item_group i where i.site_id = s.site_id and upper(i.description) = upper($2))"
        ))
        .bind(client_id)
        .bind(item_group)
        .execute(&mut *conn)
        .await?;
        sqlx::query(&format!(
            "update {schema}.cid c set item_group_id = i.item_group_id from {schema}.item_group i
             where i.site_id = c.site_id and i.description = $2 and c.item_group_id is null and upper(c.cust_desc1) similar to $3
               and c.site_id in (select site_id from asp.site where client_id = $1)"
        ))
        .bind(client_id)
        .bind(item_group)
        .bind(pattern)
        .execute(&mut *conn)
        .await?;
    }
    for (group, item_group, period, limit) in ITEM_GROUP_LIMITS {
        sqlx::query(&format!(
            "insert into {schema}.employee_group_item_group_limit (site_id, employee_group_id, item_group_id, period, limit_amount)
             select g.site_id, g.employee_group_id, i.item_group_id, $4, $5
             from {schema}.employee_group g join {schema}.item_group i on i.site_id = g.site_id and i.description = $3
             where g.description = $2 and g.site_id in (select site_id from asp.site where client_id = $1)
             on conflict do nothing"
        ))
        .bind(client_id)
        .bind(group)
        .bind(item_group)
        .bind(period)
        .bind(Money::from(*limit))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
