//! Demo employees and workflow factors (docs/employees.md): per demo site about 40 employees with badges, shifts,
//! labor costs and ability flags, a few supervisors with their teams, PINs for some (demo PIN 1234), a suspended and
//! an inactive one, three workflow factors assigned by role, approver groups per workflow type, and item limits on
//! the site's first CIDs. Every statement fills only what is missing, so seeding stays idempotent.

use anyhow::Context;
use kernel::auth::password;
use sqlx::PgConnection;

use super::SeedDay;

/// The PIN of the demo employees that have one.
pub const DEMO_PIN: &str = "1234";

const LAST: &[&str] = &[
    "Anderson", "Brooks", "Castillo", "Dawson", "Ellis", "Fischer", "Garcia", "Hughes", "Ibrahim", "Jensen", "Kowalski", "Larsen", "Moreno",
    "Nguyen", "Owens", "Patel", "Quinn", "Reyes", "Schmidt", "Turner", "Underwood", "Vasquez", "Walsh", "Young", "Zimmerman", "Bauer",
    "Carter", "Diaz", "Evans", "Foster", "Gibson", "Harris", "Irwin", "Jordan", "Keller", "Mason", "Nash",
];
const FIRST: &[&str] = &[
    "Alex", "Bianca", "Carlos", "Dana", "Eli", "Fatima", "George", "Hana", "Ivan", "Julia", "Kofi", "Lena", "Marco", "Nora", "Omar",
    "Priya", "Quentin", "Rosa", "Sam", "Tara", "Umar", "Vera", "Will", "Xenia", "Yusuf", "Zoe", "Ben", "Chloe", "Dev", "Emma", "Finn",
    "Gia", "Hugo", "Isla", "Jack", "Kim", "Leo",
];

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    let pin_hash = password::hash(DEMO_PIN)?;
    let schemas: Vec<(i64, String)> = sqlx::query_as("select client_id, schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for (client_id, schema) in schemas {
        site_employees(conn, client_id, &schema, &pin_hash, day).await.with_context(|| format!("seeding employees of {schema}"))?;
    }
    Ok(())
}

async fn site_employees(conn: &mut PgConnection, client_id: i64, schema: &str, pin_hash: &str, day: SeedDay) -> anyhow::Result<()> {
    let last: Vec<String> = LAST.iter().map(|s| (*s).to_owned()).collect();
    let first: Vec<String> = FIRST.iter().map(|s| (*s).to_owned()).collect();
    // E1004 ... E1040: supervisors E1004-E1006 each lead a team; every seventh can adjust, every fifth receives.
    sqlx::query(&format!(
        "insert into {schema}.employee (site_id, employee_number, last_name, first_name, badge_number, email, phone, company,
             supervisor, is_active, begin_time, end_time, labor_cost, can_adjust, can_receive, can_change_location, spot_buy,
             add_request, comments)
         select s.site_id, 'E' || (1000 + g), ($2::text[])[g - 3], ($3::text[])[g - 3], 'B-' || (3200 + g),
                lower(($3::text[])[g - 3] || '.' || ($2::text[])[g - 3]) || '@demo.example', '555-01' || lpad(g::text, 2, '0'),
                case when g % 9 = 0 then 'Contract Staffing Inc.' else s.site_name end,
                g between 4 and 6, g <> 40,
                case when g % 3 = 0 then time '14:00' else time '06:00' end, case when g % 3 = 0 then time '22:30' else time '14:30' end,
                (28 + (g % 7) * 2.5)::numeric(12, 2), g % 7 = 0 or g between 4 and 6, g % 5 = 0, g % 11 = 0, g % 8 = 0, g % 6 = 0,
                case when g = 40 then 'Left the company' end
         from asp.site s cross join generate_series(4, 40) g
         where s.client_id = $1
           and not exists (select 1 from {schema}.employee e where e.site_id = s.site_id and e.employee_number = 'E' || (1000 + g))"
    ))
    .bind(client_id)
    .bind(&last)
    .bind(&first)
    .execute(&mut *conn)
    .await?;
    let statements = [
        // Teams: E1007-E1018 report to E1004, E1019-E1029 to E1005, E1030-E1040 to E1006.
        format!(
            "update {schema}.employee e set supervisor_id = sup.employee_id
             from {schema}.employee sup
             where sup.site_id = e.site_id and e.supervisor_id is null
               and substr(e.employee_number, 2)::int between 1007 and 1040
               and sup.employee_number = case when substr(e.employee_number, 2)::int <= 1018 then 'E1004'
                                              when substr(e.employee_number, 2)::int <= 1029 then 'E1005' else 'E1006' end
               and e.site_id in (select site_id from asp.site where client_id = $1)"
        ),
        // Default tracking code of level 1 for most employees.
        format!(
            "update {schema}.employee e set track1 = t.tracking_code_id
             from {schema}.tracking_code t
             where t.site_id = e.site_id and t.tracking_level_id = 1 and e.track1 is null and substr(e.employee_number, 2)::int % 4 <> 0
               and t.tracking_code_id = (select min(x.tracking_code_id) from {schema}.tracking_code x where x.site_id = e.site_id and x.tracking_level_id = 1)
               and e.site_id in (select site_id from asp.site where client_id = $1)"
        ),
        // Workflow factors: Standard 10, Lead 50, Manager 100.
        format!(
            "insert into {schema}.wfl_employee_workflow_factor (site_id, factor_value, factor_description)
             select s.site_id, v.value, v.description from asp.site s
             cross join (values (10, 'Standard'), (50, 'Lead'), (100, 'Manager')) as v(value, description)
             where s.client_id = $1
               and not exists (select 1 from {schema}.wfl_employee_workflow_factor f where f.site_id = s.site_id and f.factor_description = v.description)"
        ),
        format!(
            "update {schema}.employee e set wfl_employee_workflow_factor_id = f.wfl_employee_workflow_factor_id
             from {schema}.wfl_employee_workflow_factor f
             where f.site_id = e.site_id and e.wfl_employee_workflow_factor_id is null
               and f.factor_description = case when e.employee_number = 'E1001' then 'Manager' when e.supervisor then 'Lead' else 'Standard' end
               and substr(e.employee_number, 2)::int % 10 <> 9
               and e.site_id in (select site_id from asp.site where client_id = $1)"
        ),
        // Approver groups per workflow type (spot buy 3, item add 1, item change 2, recommended buy 4).
        format!(
            "insert into {schema}.approver_group (site_id, description, type_workflow_id, min_factor_value)
             select s.site_id, v.description, v.type, v.min from asp.site s
             cross join (values ('Spot buy approvers', 3, 50), ('Item add approvers', 1, 50), ('Item change approvers', 2, 50),
                                ('Recommended buy managers', 4, 100)) as v(description, type, min)
             where s.client_id = $1
               and not exists (select 1 from {schema}.approver_group g where g.site_id = s.site_id and g.description = v.description)"
        ),
        // Weekly and monthly limits of the site's first CIDs for the first team.
        format!(
            "insert into {schema}.employee_item_limit (site_id, employee_id, cid_no, period, quantity)
             select e.site_id, e.employee_id, c.cid_no, p.period, p.qty
             from {schema}.employee e
             join lateral (select cid_no from {schema}.cid where site_id = e.site_id order by cid_no limit 2) c on true
             cross join (values (2, 5), (3, 15)) as p(period, qty)
             where substr(e.employee_number, 2)::int between 1007 and 1012
               and e.site_id in (select site_id from asp.site where client_id = $1)
               and not exists (select 1 from {schema}.employee_item_limit x where x.employee_id = e.employee_id)"
        ),
    ];
    for sql in &statements {
        sqlx::query(sql).bind(client_id).execute(&mut *conn).await?;
    }
    // One suspended employee per site; E1040 is inactive (deactivated).
    sqlx::query(&format!(
        "update {schema}.employee set is_suspended = true, suspension_date = $2::date - 3, suspension_reason_id = 2
         where employee_number = 'E1013' and not is_suspended and site_id in (select site_id from asp.site where client_id = $1)"
    ))
    .bind(client_id)
    .bind(day.today())
    .execute(&mut *conn)
    .await?;
    sqlx::query(&format!(
        "update {schema}.employee set deactivated_at = $2 - interval '30 days'
         where employee_number = 'E1040' and not is_active and deactivated_at is null and site_id in (select site_id from asp.site where client_id = $1)"
    ))
    .bind(client_id)
    .bind(day.now())
    .execute(&mut *conn)
    .await?;
    // PINs for the supervisors and every third employee of the teams.
    sqlx::query(&format!(
        "update {schema}.employee set pin_hash = $2
         where pin_hash is null and (employee_number in ('E1004', 'E1005', 'E1006') or substr(employee_number, 2)::int % 3 = 1 and substr(employee_number, 2)::int > 1006)
           and site_id in (select site_id from asp.site where client_id = $1)"
    ))
    .bind(client_id)
    .bind(pin_hash)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
