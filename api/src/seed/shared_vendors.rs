//! Demo shared vendors (docs/shared-vendors.md): four real-world suppliers with their detail blocks, contacts,
//! brands, commodities, grades, competitor brands, account contacts and site links at the demo sites; the demo
//! clients' vendors 10452, 20114 and 30871 are assigned to Grainger, Fastenal and SKF. Runs after the item master's
//! seed (brands and commodity codes). Each kind of record is added only to a shared vendor that has none yet, so
//! seeding twice changes nothing.

use anyhow::Context;
use kernel::num::Percent;
use sqlx::PgConnection;

use super::SeedDay;

struct Demo {
    name: &'static str,
    preferred: bool,
    manager: &'static str,
    duns: &'static str,
    website: &'static str,
    parent: Option<&'static str>,
    /// web ordering, punch-out, EDI, online invoicing
    offers: (bool, bool, bool, bool),
    /// (code, days, discount percent)
    terms: (&'static str, i32, &'static str),
    /// Incentive rebate, percent.
    rebate: Option<&'static str>,
    frequency: &'static str,
    vip: Option<&'static str>,
    strategy: &'static str,
    market_type_id: i32,
    /// Target and minimum margin, percent.
    margins: (&'static str, &'static str),
    /// (contact type, name, phone, ext, email)
    contacts: &'static [(i32, &'static str, &'static str, Option<&'static str>, &'static str)],
    brands: &'static [&'static str],
    commodities: &'static [&'static str],
    /// (category, grade, comments)
    grades: &'static [(i32, i32, &'static str)],
    competitors: &'static [(&'static str, &'static str)],
    /// (name, role, phone, email)
    account: &'static [(&'static str, &'static str, &'static str, &'static str)],
    /// Sites linked, with the SPA number when the supplier gave one.
    sites: &'static [(&'static str, Option<&'static str>)],
    vend_code: Option<&'static str>,
}

const DEMO: &[Demo] = &[
    Demo {
        name: "Grainger",
        preferred: true,
        manager: "Dana Whitfield",
        duns: "006908044",
        website: "https://www.grainger.com",
        parent: Some("W.W. Grainger, Inc."),
        offers: (true, true, true, true),
        terms: ("NET30", 30, "1.0"),
        rebate: Some("2.5"),
        frequency: "Quarterly",
        vip: Some("Dana Whitfield"),
        strategy: "Primary MRO supplier for safety, electrical test and hand tools; consolidate tail spend here.",
        market_type_id: 1,
        margins: ("24.0", "16.0"),
        contacts: &[
            (1, "Megan Ortiz", "(847) 535-1000", Some("4412"), "megan.ortiz@grainger.example"),
            (4, "Grainger Customer Service", "(800) 472-4643", None, "service@grainger.example"),
            (3, "Luis Romero", "(847) 535-2210", None, "ar.team@grainger.example"),
        ],
        brands: &["Scotch-Brite", "Peltor", "Fluke", "Klein", "V-Gard", "DeWalt"],
        commodities: &["46181701", "41113023", "27111701", "46181504"],
        grades: &[(1, 1, "Returns under 0.5% for two years."), (2, 2, "Next-day fill rate 96%."), (3, 2, "List minus 18% on the core list.")],
        competitors: &[("MSC Direct", "Competes on metalworking and cutting tools."), ("Zoro", "Grainger-owned online channel; watch price parity.")],
        account: &[("Rachel Kim", "Strategic account manager", "(312) 555-0141", "rachel.kim@provider.example")],
        sites: &[("ACME-NORTH", Some("SPA-GR-2026-0117")), ("ACME-SOUTH", Some("SPA-GR-2026-0118")), ("GEA-MAIN", None)],
        vend_code: Some("10452"),
    },
    Demo {
        name: "Fastenal",
        preferred: true,
        manager: "Tom Becker",
        duns: "055342756",
        website: "https://www.fastenal.com",
        parent: None,
        offers: (true, true, true, false),
        terms: ("NET45", 45, "0.0"),
        rebate: Some("1.5"),
        frequency: "Monthly",
        vip: None,
        strategy: "Vending and onsite stores for fasteners, threadlockers and gloves.",
        market_type_id: 3,
        margins: ("28.0", "20.0"),
        contacts: &[
            (1, "Kyle Jensen", "(507) 454-5374", Some("220"), "kyle.jensen@fastenal.example"),
            (5, "Vending support desk", "(507) 453-8000", None, "vending@fastenal.example"),
        ],
        brands: &["Loctite", "Stanley", "Proto", "HyFlex"],
        commodities: &["27112802", "31201610", "46181504"],
        grades: &[(1, 2, "Occasional mixed lots on bulk fasteners."), (2, 1, "Vending restock within 24 hours.")],
        competitors: &[("Würth", "Bin service offers at GEA-MAIN."), ("Lawson Products", "Regional VMI competitor.")],
        account: &[("Marcus Lee", "Vending program lead", "(312) 555-0177", "marcus.lee@provider.example")],
        sites: &[("ACME-NORTH", Some("SPA-FA-2025-0932")), ("GEA-POR", None), ("GEA-MAIN", Some("SPA-FA-2026-0040"))],
        vend_code: Some("20114"),
    },
    Demo {
        name: "SKF",
        preferred: false,
        manager: "Ingrid Holm",
        duns: "001326630",
        website: "https://www.skf.com/us",
        parent: Some("AB SKF"),
        offers: (true, false, true, false),
        terms: ("NET60", 60, "0.0"),
        rebate: None,
        frequency: "Annually",
        vip: Some("Ingrid Holm"),
        strategy: "Direct manufacturer relationship for bearings; reliability engineering support included.",
        market_type_id: 4,
        margins: ("18.0", "12.0"),
        contacts: &[(1, "Anders Nilsson", "+1 (267) 436-6000", None, "anders.nilsson@skf.example"), (5, "Application engineering", "(267) 436-6400", None, "engineering@skf.example")],
        brands: &["SKF Explorer", "SKF Energy Efficient"],
        commodities: &["31171504", "31171505"],
        grades: &[(1, 1, "Explorer class bearings, no field failures reported."), (3, 3, "Prices above distributor offers on small bore.")],
        competitors: &[("Timken", "Tapered roller alternative."), ("NSK", "Deep groove ball alternative.")],
        account: &[("Priya Natarajan", "Category manager, power transmission", "(312) 555-0190", "priya.natarajan@provider.example")],
        sites: &[("ACME-SOUTH", Some("SPA-SKF-2026-0007"))],
        vend_code: Some("30871"),
    },
    Demo {
        name: "Motion Industries",
        preferred: false,
        manager: "Priya Natarajan",
        duns: "003217543",
        website: "https://www.motion.com",
        parent: Some("Genuine Parts Company"),
        offers: (true, true, false, true),
        terms: ("NET30", 30, "0.5"),
        rebate: None,
        frequency: "Quarterly",
        vip: None,
        strategy: "Second source for bearings, belts and hydraulic hose; local branches for emergencies.",
        market_type_id: 2,
        margins: ("21.0", "14.0"),
        contacts: &[(2, "Carla Reyes", "(205) 956-1122", Some("31"), "carla.reyes@motion.example")],
        brands: &["Timken", "Fafnir", "Gates Hi-Power", "PowerGrip", "Parker"],
        commodities: &["31171505", "26111802", "40142008"],
        grades: &[(2, 2, "Branch stock covers most emergency orders.")],
        competitors: &[("Applied Industrial Technologies", "Competes branch for branch.")],
        account: &[],
        sites: &[("GEA-MAIN", None)],
        vend_code: None,
    },
];

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    for d in DEMO {
        one(conn, d, day).await.with_context(|| format!("seeding shared vendor {}", d.name))?;
    }
    Ok(())
}

async fn one(conn: &mut PgConnection, d: &Demo, day: SeedDay) -> anyhow::Result<()> {
    let existing: Option<i64> = sqlx::query_scalar("select shared_vendor_id from asp.shared_vendor where lower(shared_vendor_name) = lower($1)")
        .bind(d.name)
        .fetch_optional(&mut *conn)
        .await?;
    let id = match existing {
        Some(id) => id,
        None => {
            sqlx::query_scalar(
                "insert into asp.shared_vendor (shared_vendor_name, preferred_supplier, sourcing_manager, duns_number, website, parent_company,
                     offers_web_ordering, offers_punchout, offers_edi, offers_online_invoicing, web_ordering_url,
                     pay_terms_code, pay_terms_days, pay_terms_discount_pct, incentive_program, incentive_rebate_pct, cost_update_frequency,
                     is_vip, vip_manager, strategy, market_type_id, target_margin_pct, min_margin_pct)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $7 then $5 end, $11, $12, $13, $14 is not null, $14, $15,
                         $16 is not null, $16, $17, $18, $19, $20)
                 returning shared_vendor_id",
            )
            .bind(d.name)
            .bind(d.preferred)
            .bind(d.manager)
            .bind(d.duns)
            .bind(d.website)
            .bind(d.parent)
            .bind(d.offers.0)
            .bind(d.offers.1)
            .bind(d.offers.2)
            .bind(d.offers.3)
            .bind(d.terms.0)
            .bind(d.terms.1)
            .bind(Percent::parse(d.terms.2)?)
            .bind(d.rebate.map(Percent::parse).transpose()?)
            .bind(d.frequency)
            .bind(d.vip)
            .bind(d.strategy)
            .bind(d.market_type_id)
            .bind(Percent::parse(d.margins.0)?)
            .bind(Percent::parse(d.margins.1)?)
            .fetch_one(&mut *conn)
            .await?
        }
    };
    // Contacts have no natural key: they are added only to a shared vendor without any (the first seeding).
    let (has_contacts, has_account): (bool, bool) = sqlx::query_as(
        "select exists(select 1 from asp.shared_vendor_contact where shared_vendor_id = $1),
                exists(select 1 from asp.shared_vendor_account_contact where shared_vendor_id = $1)",
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await?;
    for (kind, name, phone, ext, email) in d.contacts.iter().filter(|_| !has_contacts) {
        sqlx::query(
            "insert into asp.shared_vendor_contact (shared_vendor_id, contact_type_id, contact_name, phone, phone_ext, email)
             values ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(kind)
        .bind(name)
        .bind(phone)
        .bind(ext)
        .bind(email)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query("insert into asp.shared_vendor_brand (shared_vendor_id, brand_id) select $1, b.brand_id from asp.brand b where b.brand_name = any($2) on conflict do nothing")
        .bind(id)
        .bind(d.brands)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "insert into asp.shared_vendor_commodity (shared_vendor_id, commodity_code) select $1, c.commodity_code from asp.commodity_code c
         where c.commodity_code = any($2) on conflict do nothing",
    )
    .bind(id)
    .bind(d.commodities)
    .execute(&mut *conn)
    .await?;
    for (category, grade, comments) in d.grades {
        sqlx::query(
            "insert into asp.shared_vendor_grade (shared_vendor_id, grade_category_id, grade_id, graded_on, comments)
             values ($1, $2, $3, $5::date - 45, $4) on conflict do nothing",
        )
        .bind(id)
        .bind(category)
        .bind(grade)
        .bind(comments)
        .bind(day.today())
        .execute(&mut *conn)
        .await?;
    }
    for (name, notes) in d.competitors {
        sqlx::query("insert into asp.shared_vendor_competitor_brand (shared_vendor_id, brand_name, notes) values ($1, $2, $3) on conflict do nothing")
            .bind(id)
            .bind(name)
            .bind(notes)
            .execute(&mut *conn)
            .await?;
    }
    for (name, role, phone, email) in d.account.iter().filter(|_| !has_account) {
        sqlx::query(
            "insert into asp.shared_vendor_account_contact (shared_vendor_id, contact_name, role_title, phone, email)
             values ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(name)
        .bind(role)
        .bind(phone)
        .bind(email)
        .execute(&mut *conn)
        .await?;
    }
    for (site, spa) in d.sites {
        sqlx::query(
            "insert into asp.shared_vendor_site (shared_vendor_id, site_id, spa_number, spa_start_date, spa_end_date)
             select $1, s.site_id, $3, case when $3 is not null then date_trunc('year', $4::date)::date end,
                    case when $3 is not null then (date_trunc('year', $4::date) + interval '2 years' - interval '1 day')::date end
             from asp.site s where s.site_code = $2
             on conflict do nothing",
        )
        .bind(id)
        .bind(site)
        .bind(spa)
        .bind(day.today())
        .execute(&mut *conn)
        .await?;
    }
    if let Some(code) = d.vend_code {
        let schemas: Vec<String> = sqlx::query_scalar("select schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id").fetch_all(&mut *conn).await?;
        for schema in schemas {
            sqlx::query(&format!("update {schema}.vendor set shared_vendor_id = $1 where vend_code = $2 and shared_vendor_id is null"))
                .bind(id)
                .bind(code)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}
