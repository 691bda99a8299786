//! Demo vendor sites, approved vendors and buyer settings (docs/vendor-sites.md): each demo site's record of its
//! vendors (preferred, contact, comments, the customer account), approved vendors for some of the demo items'
//! manufacturers, and the vendors the demo buyer handles. Runs after the vendors and the item master; idempotent.

use anyhow::Context;
use sqlx::PgConnection;

use super::SeedDay;

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    let clients: Vec<(i64, String)> = sqlx::query_as("select client_id, schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for (client_id, schema) in clients {
        site_records(conn, &schema, day).await.with_context(|| format!("seeding vendor sites of {schema}"))?;
        approved(conn, &schema).await.with_context(|| format!("seeding approved vendors of {schema}"))?;
        buyers(conn, client_id).await.with_context(|| format!("seeding buyer settings of client {client_id}"))?;
    }
    Ok(())
}

/// Fills the vendor sites that have no contact yet: a contact per vendor and site, the site's account number at the
/// vendor, comments; the distributor is preferred everywhere.
async fn site_records(conn: &mut PgConnection, schema: &str, day: SeedDay) -> anyhow::Result<()> {
    sqlx::query(&format!(
        "update {schema}.vendor_site vs set
             preferred = d.preferred,
             contact_name = d.contact || ' (' || s.site_code || ')',
             email = d.mailbox || '.' || lower(replace(s.site_code, '-', '')) || '@' || d.domain,
             vendor_comments = d.comments,
             po_comments = d.po_comments,
             vendor_cust_account = d.account_prefix || '-' || lpad((s.site_id * 1000 + v.vend_id)::text, 7, '0'),
             inside_sales_notes = d.inside,
             outside_sales_notes = d.outside,
             notes = 'Reviewed at the annual supplier meeting.',
             updated_at = $1
         from {schema}.vendor v, asp.site s,
              (values ('10452', true, 'Dana Whitfield', 'orders', 'grainger.example', 'Branch delivers daily before 10:00.',
                       'Ship complete; call the storeroom on arrival.', 'GR', 'Quotes same day under $5,000.', 'Visits monthly; vending review each quarter.'),
                      ('30871', false, 'Henrik Lund', 'service', 'skf.example', 'Factory direct for bearings over 100 mm bore.',
                       'Reference the reliability program on every order.', 'SKF', 'Lead times confirmed within 24 hours.', 'Condition-monitoring audit twice a year.'),
                      ('20114', false, 'Marcy Doyle', 'vmi', 'fastenal.example', 'Vending and bin-stock partner.',
                       'VMI replenishment only.', 'FAS', 'Bin counts every Tuesday.', 'Onsite technician two days a week.'))
                as d(code, preferred, contact, mailbox, domain, comments, po_comments, account_prefix, inside, outside)
         where v.vend_id = vs.vend_id and s.site_id = vs.site_id and v.vend_code = d.code and vs.contact_name is null"
    ))
    .bind(day.now())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Approved vendors for the bearing and safety manufacturers at every site the vendor rule shows the vendors at, and
/// a few more at each client's first site only, so that copying to another site has something to copy.
async fn approved(conn: &mut PgConnection, schema: &str) -> anyhow::Result<()> {
    sqlx::query(&format!(
        "insert into {schema}.approved_vendor (site_id, mfg_code, vend_id)
         select a.site_id, x.mfg, a.vend_id
         from {schema}.vendor_at_site a
         join {schema}.vendor v on v.vend_id = a.vend_id
         join asp.site s on s.site_id = a.site_id
         join (values ('SKF', '30871', false), ('SKF', '10452', false), ('TIMKEN', '10452', false), ('MSA', '10452', false),
                      ('3M', '10452', true), ('LOCTITE', '10452', true), ('PARKER', '30871', true))
           as x(mfg, code, first_site_only) on x.code = v.vend_code
         join asp.manufacturer m on m.mfg_code = x.mfg
         where not x.first_site_only
            or s.site_id = (select min(f.site_id) from asp.site f where f.client_id = s.client_id and f.app_type = 0)
         on conflict do nothing"
    ))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The demo buyer handles the client's distributor and bearing vendor.
async fn buyers(conn: &mut PgConnection, client_id: i64) -> anyhow::Result<()> {
    sqlx::query(
        "insert into asp.vendor_buyer_settings (asp_users_id, client_id, vend_code)
         select distinct us.asp_users_id, $1, x.code
         from asp.asp_users u
         join asp.user_site us on us.asp_users_id = u.asp_users_id
         join asp.site s on s.site_id = us.site_id and s.client_id = $1
         cross join (values ('10452'), ('30871')) as x(code)
         where u.user_id = 'buyer'
         on conflict do nothing",
    )
    .bind(client_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
