//! Demo RFQs (the site-tier foundation of migrations/tenant/0022_rfq.sql): at each demo plant (not the punch-in
//! portal) one RFQ sent to three vendors, one of which answered, and one urgent RFQ still being prepared, each with
//! lines of the site's CIPs. Runs after the vendors, their site records and the items; idempotent (a site that has
//! an RFQ gets none).

use anyhow::Context;
use sqlx::PgConnection;

use super::SeedDay;

/// (status, due in days, urgent, buyer comment, lines, vendors as (code, status, sent days ago, answered days ago,
/// contact on the RFQ)).
type Rfq = (i32, i32, bool, &'static str, i64, &'static [(&'static str, i32, Option<i32>, Option<i32>, Option<(&'static str, &'static str)>)]);

const RFQS: &[Rfq] = &[
    (2, 7, false, "Bearings and belts for the press line rebuild; quote lead times.", 2, &[
        ("10452", 3, Some(4), Some(1), None),
        ("41022", 2, Some(4), None, Some(("Janet Moore", "janet.moore@motion.demo.example"))),
        ("30871", 2, Some(3), None, None),
    ]),
    (1, 14, true, "Replacement seals before the shutdown.", 1, &[("41007", 1, None, None, None)]),
];

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    let clients: Vec<String> = sqlx::query_scalar("select schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for schema in clients {
        let sites: Vec<i64> = sqlx::query_scalar(&format!(
            "select s.site_id from asp.site s join asp.client c using (client_id)
             where c.schema_name = $1 and s.app_type = 0 and not exists (select 1 from {schema}.rfq_header h where h.site_id = s.site_id)
             order by s.site_id"
        ))
        .bind(&schema)
        .fetch_all(&mut *conn)
        .await?;
        for site in sites {
            for rfq in RFQS {
                one(conn, &schema, site, rfq, day).await.with_context(|| format!("seeding an RFQ at site {site} of {schema}"))?;
            }
        }
    }
    Ok(())
}

async fn one(conn: &mut PgConnection, schema: &str, site: i64, rfq: &Rfq, day: SeedDay) -> anyhow::Result<()> {
    let (status, due_in, urgent, comment, lines, vendors) = *rfq;
    // The demo buyer where it works, else the administrator.
    let rfq_id: i64 = sqlx::query_scalar(&format!(
        "insert into {schema}.rfq_header (site_id, status, due_date, buyer_id, urgent, buyer_comment, prefix_text, created_by_id, updated_by_id)
         select $1, $2, $6::date + $3, u.asp_users_id, $4, $5, 'Please quote the items below.', u.asp_users_id, u.asp_users_id
         from asp.asp_users u join asp.user_site us on us.asp_users_id = u.asp_users_id and us.site_id = $1
         where u.user_id in ('buyer', 'admin')
         order by u.user_id = 'buyer' desc limit 1
         returning rfq_id"
    ))
    .bind(site)
    .bind(status)
    .bind(due_in)
    .bind(urgent)
    .bind(comment)
    .bind(day.today())
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query(&format!(
        "insert into {schema}.rfq_detail (site_id, rfq_id, line_no, cip_no, quantity, detail_status)
         select $1, $2, row_number() over (order by c.cip_no), c.cip_no, 10 * row_number() over (order by c.cip_no), $3
         from (select cip_no from {schema}.cip where site_id = $1 order by cip_no limit $4) c"
    ))
    .bind(site)
    .bind(rfq_id)
    .bind(status)
    .bind(lines)
    .execute(&mut *conn)
    .await?;
    for (code, vendor_status, sent, answered, contact) in vendors {
        // Only a vendor the vendor rule shows at the site (the non-VMI twin when a code has both).
        sqlx::query(&format!(
            "insert into {schema}.rfq_vendor (site_id, rfq_id, vend_id, status, contact_name, contact_email, sent_date, times_sent, responded_date)
             select $1, $2, v.vend_id, $3, $4, $5, $9 - make_interval(days => $6), case when $6 is null then 0 else 1 end,
                    $9 - make_interval(days => $7)
             from {schema}.vendor v join {schema}.vendor_at_site a on a.vend_id = v.vend_id and a.site_id = $1
             where v.vend_code = $8
             order by v.is_vmi, v.vend_id limit 1"
        ))
        .bind(site)
        .bind(rfq_id)
        .bind(vendor_status)
        .bind(contact.map(|c| c.0))
        .bind(contact.map(|c| c.1))
        .bind(sent)
        .bind(answered)
        .bind(code)
        .bind(day.now())
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
