//! `asp seed --demo`: two clients with two sites each and one user per kind of person (README lists them).

use anyhow::Context;
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};

use kernel::auth::password;
use kernel::config::Settings;

pub mod alerts;
pub mod costs;
pub mod custom_fields;
pub mod cycle_counts;
pub mod device_tokens;
pub mod devices;
pub mod employees;
pub mod employee_groups;
pub mod files;
pub mod items;
pub mod tracking;
pub mod vendors;
pub mod vendor_sites;
pub mod type_lists;
pub mod ledger;
pub mod ledger_volume;
pub mod rfqs;
pub mod shared_vendors;
pub mod volume;

pub const DEMO_PASSWORD: &str = "Demo@pass1";

/// The day the demo data is written as of (`asp seed --demo --today 2026-11-15`; by default the real date): every
/// date and time the seed writes is counted back (or on) from it, so one day gives one demo, whenever it is seeded.
/// Its clock stands at the start of that day (UTC): nothing seeded lies after midnight, so seeding as of the real date
/// never writes the future.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedDay(pub NaiveDate);

impl SeedDay {
    /// Today, by the real clock (UTC).
    pub fn real() -> Self {
        Self(Utc::now().date_naive())
    }

    pub fn today(self) -> NaiveDate {
        self.0
    }

    /// The seed's "now": the start of the day.
    pub fn now(self) -> DateTime<Utc> {
        self.0.and_time(NaiveTime::MIN).and_utc()
    }
}

struct DemoUser {
    login: &'static str,
    fname: &'static str,
    lname: &'static str,
    staff: bool,
    customer: bool,
    punchin: bool,
    supplier: bool,
    /// (site code, role name); access to every listed site.
    grants: &'static [(&'static str, &'static str)],
}

const ALL_SITES: [&str; 4] = ["ACME-NORTH", "ACME-SOUTH", "GEA-POR", "GEA-MAIN"];

const USERS: &[DemoUser] = &[
    DemoUser { login: "buyer", fname: "Bea", lname: "Buyer", staff: false, customer: false, punchin: false, supplier: false,
        grants: &[("ACME-NORTH", "Buyer"), ("ACME-SOUTH", "Buyer")] },
    DemoUser { login: "warehouse", fname: "Walt", lname: "Warehouse", staff: false, customer: false, punchin: false, supplier: false,
        grants: &[("ACME-NORTH", "Warehouse"), ("ACME-SOUTH", "Warehouse")] },
    DemoUser { login: "customer", fname: "Cora", lname: "Customer", staff: false, customer: true, punchin: false, supplier: false,
        grants: &[("GEA-MAIN", "CustomerPortal")] },
    DemoUser { login: "punchin", fname: "Pat", lname: "Punchin", staff: false, customer: true, punchin: true, supplier: false,
        grants: &[("GEA-POR", "PunchIn"), ("GEA-MAIN", "PunchIn")] },
    DemoUser { login: "supplier", fname: "Sam", lname: "Supplier", staff: false, customer: false, punchin: false, supplier: true,
        grants: &[("ACME-NORTH", "SupplierPortal")] },
];

/// Each demo client's records are numbered in a range of their own (ACME from 1, GEA from 1 000 000 001): every
/// client schema numbers its rows from 1, so both clients would have a cip 3, and a test (or an attacker's probe)
/// sending GEA's id as an ACME user would silently reach ACME's own record and prove nothing. With distinct ranges a
/// foreign id names no record of the caller's client (docs/testing.md, "Cross-tenant probes").
const CLIENT_ID_RANGE: i64 = 1_000_000_000;

/// Moves every sequence of a freshly provisioned client schema to `offset` (the next row gets `offset + 1`).
async fn distinct_ids(conn: &mut sqlx::PgConnection, schema: &str, offset: i64) -> anyhow::Result<()> {
    if offset == 0 {
        return Ok(());
    }
    // pg_sequences, not information_schema.sequences: the latter leaves out the sequences of identity columns.
    sqlx::query("select setval(format('%I.%I', schemaname, sequencename)::regclass, $2, false) from pg_sequences where schemaname = $1")
        .bind(schema)
        .bind(offset + 1)
        .execute(&mut *conn)
        .await
        .with_context(|| format!("numbering {schema} from {offset}"))?;
    Ok(())
}

pub async fn demo(settings: &Settings, day: SeedDay) -> anyhow::Result<()> {
    tenancy::migrate_all(settings.owner_url(), settings.app_role().as_deref()).await.context("migrating before seeding")?;
    let pool = tenancy::connect_pool(settings.owner_url(), 2).await?;
    // One connection for the whole seed: its session setting below must hold for every statement.
    let mut conn = pool.acquire().await?;
    let clients = [("ACME", "Acme Manufacturing", [("ACME-NORTH", "Acme North Plant", 0, false), ("ACME-SOUTH", "Acme South Plant", 0, false)]),
                   ("GEA", "GEA Industrial", [("GEA-POR", "GEA Punch-in Portal", 2, true), ("GEA-MAIN", "GEA Main Works", 0, false)])];
    for (index, (code, name, sites)) in clients.into_iter().enumerate() {
        let code = tenancy::ClientCode::parse(code)?;
        let exists: Option<i64> = sqlx::query_scalar("select client_id from asp.client where client_code = $1")
            .bind(code.as_str())
            .fetch_optional(&mut *conn)
            .await?;
        let client_id = match exists {
            Some(id) => id,
            None => {
                let id = tenancy::create_tenant(settings.owner_url(), &code, name, settings.app_role().as_deref()).await?.client_id;
                distinct_ids(&mut conn, code.schema_name().as_str(), index as i64 * CLIENT_ID_RANGE).await?;
                id
            }
        };
        for (site_code, site_name, app_type, catalog) in sites {
            sqlx::query(
                "insert into asp.site (client_id, site_code, site_name, erp_type_id, erp_company, app_type, customer_portal_catalog)
                 values ($1, $2, $3, 7, $4, $5, $6) on conflict (site_code) do nothing",
            )
            .bind(client_id)
            .bind(site_code)
            .bind(site_name)
            .bind(code.as_str())
            .bind(app_type)
            .bind(catalog)
            .execute(&mut *conn)
            .await?;
        }
        let schema = code.schema_name();
        // Seeding is an operator's act, not a request: it writes the tenant schema directly.
        see_every_site(&mut conn).await?;
        sqlx::query(&format!(
            "insert into {schema}.address (site_id, ship_to_name, address1, city, state, postal_code, contact_name)
             select s.site_id, s.site_name || ' receiving', '100 Dock Road', 'Springfield', 'IL', '62701', 'Receiving desk'
             from asp.site s where s.client_id = $1
               and not exists (select 1 from {schema}.address a where a.site_id = s.site_id)"
        ))
        .bind(client_id)
        .execute(&mut *conn)
        .await?;
        // A few sent alerts per site for Alert Auditing, spread over the last weeks.
        sqlx::query(&format!(
            "insert into {schema}.notification (site_id, type_notification_id, notification_name, subject, po_no, req_no, cip_no, created_timestamp)
             select s.site_id, 1 + (g % 5), t.description, t.description || ' for ' || s.site_code,
                    case when g % 2 = 0 then 4500 + g end, case when g % 2 = 1 then 7100 + g end, 90000 + g,
                    $2 - make_interval(days => g * 2)
             from asp.site s cross join generate_series(1, 6) g
             join asp.type_notification t on t.type_notification_id = 1 + (g % 5)
             where s.client_id = $1 and not exists (select 1 from {schema}.notification n where n.site_id = s.site_id)"
        ))
        .bind(client_id)
        .bind(day.now())
        .execute(&mut *conn)
        .await?;
        sqlx::query(&format!(
            "insert into {schema}.notification_recipient (site_id, notification_id, asp_users_id, username, inbox_sent, email_sent, text_sent, toastr_sent, created_date)
             select n.site_id, n.notification_id, null, r.username, true, r.email, false, r.toast, n.created_timestamp
             from {schema}.notification n
             cross join (values ('buyer', true, true), ('warehouse', false, true), ('admin', true, false)) as r(username, email, toast)
             where not exists (select 1 from {schema}.notification_recipient x where x.notification_id = n.notification_id)"
        ))
        .execute(&mut *conn)
        .await?;
    }

    let hash = password::hash(DEMO_PASSWORD)?;
    let expires = day.now() + Duration::days(settings.password_max_age_days);
    // (login, first name, last name, staff, customer, punch-in, supplier, grants)
    type UserRow<'a> = (&'a str, &'a str, &'a str, bool, bool, bool, bool, Vec<(&'a str, &'a str)>);
    let mut all: Vec<UserRow> = USERS
        .iter()
        .map(|u| (u.login, u.fname, u.lname, u.staff, u.customer, u.punchin, u.supplier, u.grants.to_vec()))
        .collect();
    all.push(("admin", "Ada", "Admin", true, false, false, false, ALL_SITES.iter().map(|s| (*s, "Administrator")).collect()));
    all.push(("support", "Sid", "Support", true, false, false, false, ALL_SITES.iter().map(|s| (*s, "Support")).collect()));

    for (login, fname, lname, staff, customer, punchin, supplier, grants) in all {
        let user_id: i64 = sqlx::query_scalar(
            "insert into asp.asp_users (user_id, fname, lname, email, fss_employee, customer_portal_user, is_punchin_user,
                 supplier_portal_user, first_time_user, password_hash, password_expiration_date, bugtracker_username)
             values ($1, $2, $3, $1 || '@demo.example', $4, $5, $6, $7, false, $8, $9, $1)
             on conflict ((lower(user_id))) do update set fname = excluded.fname
             returning asp_users_id",
        )
        .bind(login)
        .bind(fname)
        .bind(lname)
        .bind(staff)
        .bind(customer)
        .bind(punchin)
        .bind(supplier)
        .bind(&hash)
        .bind(expires)
        .fetch_one(&mut *conn)
        .await?;
        for (site, role) in grants {
            sqlx::query(
                "insert into asp.user_site (asp_users_id, site_id) select $1, site_id from asp.site where site_code = $2 on conflict do nothing",
            )
            .bind(user_id)
            .bind(site)
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "insert into asp.user_site_role (asp_users_id, site_id, security_role_id)
                 select $1, s.site_id, r.security_role_id from asp.site s, asp.security_role r
                 where s.site_code = $2 and r.role_name = $3 on conflict do nothing",
            )
            .bind(user_id)
            .bind(site)
            .bind(role)
            .execute(&mut *conn)
            .await?;
        }
    }
    sqlx::query(
        "update asp.asp_users u set current_site_id = s.site_id from asp.site s
         where u.user_id = 'punchin' and s.site_code = 'GEA-POR' and u.current_site_id is null",
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "insert into asp.punchin_location (site_id, business_unit, state, city, map_to_site_id)
         select por.site_id, v.bu, v.st, v.city, m.site_id
         from asp.site por, asp.site m,
              (values ('Industrial', 'OR', 'Portland', 'GEA-POR'), ('Industrial', 'OR', 'Salem', 'GEA-MAIN'),
                      ('Energy', 'WA', 'Seattle', 'GEA-MAIN')) as v(bu, st, city, target)
         where por.site_code = 'GEA-POR' and m.site_code = v.target
           and not exists (select 1 from asp.punchin_location l where l.site_id = por.site_id)",
    )
    .execute(&mut *conn)
    .await?;

    // ---- Lookup records (api/src/lookups.rs): a few CIPs, employees, vendors and tracking codes per site. ----
    // Each table is filled only at sites that have none of its rows yet, so seeding stays idempotent.
    let client_codes: Vec<String> = sqlx::query_scalar("select client_code from asp.client where client_code in ('ACME', 'GEA') order by client_code")
        .fetch_all(&mut *conn)
        .await?;
    for code in client_codes {
        let client = tenancy::ClientCode::parse(&code)?;
        let schema = client.schema_name();
        let client_id: i64 = sqlx::query_scalar("select client_id from asp.client where client_code = $1").bind(client.as_str()).fetch_one(&mut *conn).await?;
        see_every_site(&mut conn).await?;
        for statement in [
            format!(
                "insert into {schema}.employee (site_id, employee_number, last_name, first_name, badge_number, email, supervisor, is_active)
                 select s.site_id, v.num, v.last_name, v.first_name, v.badge, v.email, v.supervisor, v.active
                 from asp.site s cross join (values
                     ('E1001', 'Lopez', 'Maria', 'B-2201', 'maria.lopez@demo.example', true, true),
                     ('E1002', 'Chen', 'David', 'B-2202', 'david.chen@demo.example', false, true),
                     ('E1003', 'Okafor', 'Grace', 'B-2203', null, false, false))
                   as v(num, last_name, first_name, badge, email, supervisor, active)
                 where s.client_id = $1 and not exists (select 1 from {schema}.employee e where e.site_id = s.site_id)"
            ),
            format!(
                "insert into {schema}.vendor (vend_code, vend_name, erp_type_id, erp_company, is_vmi, is_manufacturer)
                 select v.code, v.name, s.erp_type_id, s.erp_company, v.vmi, v.mfg
                 from (select distinct erp_type_id, erp_company from asp.site where client_id = $1) s cross join (values
                     ('10452', 'Grainger Industrial Supply', false, false),
                     ('20114', 'Fastenal Company', true, false),
                     ('30871', 'SKF USA Inc.', false, true))
                   as v(code, name, vmi, mfg)
                 on conflict do nothing"
            ),
            format!(
                "insert into {schema}.vendor_site (site_id, vend_id)
                 select a.site_id, a.vend_id from {schema}.vendor_at_site a join asp.site s using (site_id)
                 where s.client_id = $1
                 on conflict do nothing"
            ),
            format!(
                "insert into {schema}.tracking_code (site_id, tracking_level_id, tracking_number, description)
                 select s.site_id, v.level, v.num, v.description
                 from asp.site s cross join (values
                     (1, 'CC-4100', 'Maintenance cost center'), (1, 'CC-4200', 'Production cost center'),
                     (2, 'WO-7781', 'Work order 7781'), (3, 'EQ-PRESS-02', 'Press line 2'))
                   as v(level, num, description)
                 where s.client_id = $1 and not exists (select 1 from {schema}.tracking_code t where t.site_id = s.site_id)"
            ),
        ] {
            sqlx::query(&statement).bind(client_id).execute(&mut *conn).await?;
        }
    }
    // ---- end of lookup records ----
    items::demo(&mut conn, day).await?;
    see_every_site(&mut conn).await?;
    vendors::demo(&mut conn).await.context("seeding vendors")?;
    devices::demo(&mut conn).await?;
    tracking::demo(&mut conn, day).await?;
    device_tokens::demo(&mut conn, day).await?;
    type_lists::demo(&mut conn).await?;
    files::demo(settings, &mut conn).await?;
    custom_fields::demo(&mut conn).await?;
    employees::demo(&mut conn, day).await.context("seeding employees")?;
    employee_groups::demo(&mut conn, day).await?;
    ledger::demo(&mut conn, day).await?;
    cycle_counts::demo(&pool, &mut conn).await?;
    shared_vendors::demo(&mut conn, day).await?;
    vendor_sites::demo(&mut conn, day).await.context("seeding vendor sites")?;
    costs::demo(&mut conn, day).await.context("seeding cost catalogues")?;
    rfqs::demo(&mut conn, day).await.context("seeding RFQs")?;
    alerts::demo(&mut conn, day).await.context("seeding alerts")?;
    Ok(())
}

/// Demo data is written by the owner, who is subject to the site tier's row-level security too (it is forced) unless
/// a superuser: this session sees every site, as no request ever does.
async fn see_every_site(conn: &mut sqlx::PgConnection) -> anyhow::Result<()> {
    sqlx::query("select set_config('asp.site_ids', (select coalesce(array_agg(site_id), '{}')::text from asp.site), false)")
        .execute(&mut *conn)
        .await?;
    Ok(())
}
