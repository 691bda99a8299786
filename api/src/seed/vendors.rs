//! Demo vendors (issue 10): about twenty believable suppliers per ERP company of each demo client, with addresses,
//! terms, a few manufacturers (codes of the item master's manufacturers), VMI vendors at ACME-SOUTH (the one demo site
//! with a VMI ERP type), one hidden vendor, one diverse supplier, a remit-to pair; their vendor_site records.
//! Idempotent: vendors are keyed by code, ERP type and company; records are only filled where empty.

/// (code, name, address1, city, state, zip, phone, terms, manufacturer, vmi, diversity code, hidden, remit_to, contact)
type Row = (&'static str, &'static str, &'static str, &'static str, &'static str, &'static str, &'static str, &'static str, bool, bool, Option<&'static str>, bool, bool, &'static str);

const VENDORS: &[Row] = &[
    ("10452", "Grainger Industrial Supply", "100 Grainger Pkwy", "Lake Forest", "IL", "60045", "847-535-1000", "NET30", false, false, None, false, false, "Dana Whitfield"),
    ("20114", "Fastenal Company", "2001 Theurer Blvd", "Winona", "MN", "55987", "507-454-5374", "NET30", false, true, None, false, false, "Chris Olson"),
    ("30871", "SKF USA Inc.", "890 Forty Foot Rd", "Lansdale", "PA", "19446", "267-436-6000", "2%10NET30", true, false, None, false, false, "Priya Raman"),
    ("SKF", "SKF Bearings (manufacturer direct)", "890 Forty Foot Rd", "Lansdale", "PA", "19446", "267-436-6000", "NET45", true, false, None, false, false, "Priya Raman"),
    ("TIMKEN", "The Timken Company", "4500 Mount Pleasant St NW", "North Canton", "OH", "44720", "234-262-3000", "NET45", true, false, None, false, false, "Mark Ellis"),
    ("3M", "3M Company", "3M Center", "Saint Paul", "MN", "55144", "651-733-1110", "NET60", true, false, None, false, false, "Hannah Berg"),
    ("PARKER", "Parker Hannifin Corporation", "6035 Parkland Blvd", "Cleveland", "OH", "44124", "216-896-3000", "NET45", true, false, None, false, false, "Luis Romero"),
    ("GATES", "Gates Corporation", "1144 15th St", "Denver", "CO", "80202", "303-744-1911", "NET30", true, false, None, false, false, "Amy Tran"),
    ("FLUKE", "Fluke Corporation", "6920 Seaway Blvd", "Everett", "WA", "98203", "425-347-6100", "NET30", true, false, None, false, false, "Ben Carter"),
    ("LOCTITE", "Henkel Loctite", "One Henkel Way", "Rocky Hill", "CT", "06067", "860-571-5100", "NET30", true, false, None, false, false, "Sara Klein"),
    ("41007", "MSC Industrial Supply", "515 Broadhollow Rd", "Melville", "NY", "11747", "516-812-2000", "NET30", false, false, None, false, false, "Tom Reyes"),
    ("41022", "Motion Industries", "1605 Alton Rd", "Birmingham", "AL", "35210", "205-956-1122", "1%10NET30", false, false, None, false, false, "Janet Moore"),
    ("41035", "Applied Industrial Technologies", "1 Applied Plaza", "Cleveland", "OH", "44115", "216-426-4000", "NET30", false, false, None, false, false, "Kevin Shaw"),
    ("41048", "Kaman Distribution Group", "1 Vision Way", "Bloomfield", "CT", "06002", "860-243-7100", "NET45", false, false, None, false, false, "Olivia Grant"),
    ("41051", "Lone Star Safety Supply", "2200 W Loop S", "Houston", "TX", "77027", "713-555-0147", "NET30", false, false, Some("WBE"), false, false, "Rosa Delgado"),
    ("41063", "Global Industrial", "11 Harbor Park Dr", "Port Washington", "NY", "11050", "888-978-7759", "CC", false, false, None, false, false, "Web orders"),
    ("41077", "Bearing Service Co.", "630 Alpha Dr", "Pittsburgh", "PA", "15238", "412-963-7710", "COD", false, false, None, false, false, "Frank Lutz"),
    ("41080", "Midwest Hose & Fittings", "1400 Stevens Ave", "Minneapolis", "MN", "55403", "612-555-0190", "NET30", false, false, None, false, false, "Greg Hanson"),
    ("41094", "Old Dominion Abrasives (closed account)", "77 Mill St", "Richmond", "VA", "23219", "804-555-0111", "NET30", false, false, None, true, false, "n/a"),
    ("49001", "Grainger Remittance Center", "Dept 883", "Palatine", "IL", "60038", "847-535-1000", "NET30", false, false, None, false, true, "Accounts receivable"),
    ("VMI-2201", "Fastenal Vending Solutions", "2001 Theurer Blvd", "Winona", "MN", "55987", "507-454-5374", "NET30", false, true, None, false, false, "Vending desk"),
    ("VMI-2202", "Grainger KeepStock", "100 Grainger Pkwy", "Lake Forest", "IL", "60045", "847-535-1000", "NET30", false, true, None, false, false, "KeepStock team"),
];

pub async fn demo(conn: &mut sqlx::PgConnection) -> anyhow::Result<()> {
    // ACME-SOUTH takes part in VMI (NetSuite VMI); ACME-NORTH stays without a VMI ERP type, so VMI vendors are not
    // visible there (tests rely on both).
    sqlx::query("update asp.site set vmi_erp_type_id = 7 where site_code = 'ACME-SOUTH' and vmi_erp_type_id is null").execute(&mut *conn).await?;
    let clients: Vec<(i64, String)> = sqlx::query_as("select client_id, client_code from asp.client where client_code in ('ACME', 'GEA') order by client_code")
        .fetch_all(&mut *conn)
        .await?;
    for (client_id, code) in clients {
        let schema = tenancy::ClientCode::parse(&code)?.schema_name();
        // VMI vendors only where a site of the client has a VMI ERP type (they carry no company).
        let vmi_erp: Option<i32> = sqlx::query_scalar("select max(vmi_erp_type_id) from asp.site where client_id = $1").bind(client_id).fetch_one(&mut *conn).await?;
        for (i, v) in VENDORS.iter().enumerate() {
            let (vcode, name, addr, city, state, zip, phone, terms, mfg, vmi, diversity, hidden, remit, contact) = *v;
            if vmi && vcode != "20114" && vmi_erp.is_none() {
                continue;
            }
            // 20114 keeps its row of the lookup seed (a VMI vendor with the company set); the other VMI vendors
            // carry no company, as InsertVMI makes them.
            sqlx::query(&format!(
                "insert into {schema}.vendor (vend_code, vend_name, erp_type_id, erp_company, is_vmi, is_manufacturer)
                 select $1, $2, coalesce(case when $3 then $5 end, s.erp_type_id), case when $3 then null else s.erp_company end, $3, $4
                 from (select distinct erp_type_id, erp_company from asp.site where client_id = $6) s
                 where not ($3 and $1 = '20114')
                 on conflict do nothing"
            ))
            .bind(vcode)
            .bind(name)
            .bind(vmi)
            .bind(mfg)
            .bind(vmi_erp)
            .bind(client_id)
            .execute(&mut *conn)
            .await?;
            sqlx::query(&format!(
                "update {schema}.vendor v set
                    address1 = $2, city = $3, postal_code = $5, phone = $6, terms_code = $7,
                    state_type_id = (select value_id from asp.type_value where type_code = 'State' and code = $4 and description2 = 'US' and site_id is null and erp_type_id is null and ecs_id is null),
                    type_country_code_id = 840,
                    currency_code_type_id = 840,
                    freight_terms_type_id = (select value_id from asp.type_value where type_code = 'FreightTerms' and code = 'PPA' and site_id is null),
                    ship_type = 'UPSG',
                    contact_name = $8,
                    email = lower(regexp_replace(split_part($9, ' ', 1), '[^A-Za-z0-9]', '', 'g')) || '@vendors.demo.example',
                    tax_id = lpad(((($10::int * 7919) % 90) + 10)::text, 2, '0') || '-' || lpad(((($10::int * 104729) % 9000000) + 1000000)::text, 7, '0'),
                    cust_vendor_number = 'CV-' || v.vend_code,
                    account_no = 'AC' || lpad(($10::int * 37 + 1000)::text, 6, '0'),
                    division_no = case when $10::int % 3 = 0 then '20' else '10' end,
                    diverse_supplier = $11::text is not null,
                    diversity_type = (select value_id from asp.type_value where type_code = 'VendorDiversity' and code = $11 and site_id is null),
                    is_hidden = $12,
                    remit_to = $13,
                    min_purc_amount = case when $10::int % 4 = 0 then 50 end,
                    comments = case when $7 = 'COD' then 'Cash on delivery only: no open account.' end,
                    ns_internal_id = case when v.erp_type_id = 7 then (2000 + $10::int)::text end
                 where v.vend_code = $1 and v.address1 is null"
            ))
            .bind(vcode)
            .bind(addr)
            .bind(city)
            .bind(state)
            .bind(zip)
            .bind(phone)
            .bind(terms)
            .bind(contact)
            .bind(name)
            .bind(i as i32 + 1)
            .bind(diversity)
            .bind(hidden)
            .bind(remit)
            .execute(&mut *conn)
            .await?;
        }
        // A vendor of an ERP company no demo site uses (a client's old ERP company): it exists, yet no site sees it.
        sqlx::query(&format!(
            "insert into {schema}.vendor (vend_code, vend_name, erp_type_id, erp_company, address1, city, postal_code, type_country_code_id)
             values ('70001', 'Legacy Mill Supply (former ERP company)', 7, $1 || '-OLD', '9 Old Mill Rd', 'Dayton', '45402', 840)
             on conflict do nothing"
        ))
        .bind(&code)
        .execute(&mut *conn)
        .await?;
        // The demo buyer looks after the main suppliers (the buyer hover card).
        sqlx::query(&format!(
            "update {schema}.vendor set buyer_id = (select asp_users_id from asp.asp_users where user_id = 'buyer')
             where vend_code in ('10452', '30871', '41022') and buyer_id is null"
        ))
        .execute(&mut *conn)
        .await?;
        // Grainger pays through its remittance center.
        sqlx::query(&format!("update {schema}.vendor set remit_to_vend_code = '49001' where vend_code = '10452' and not is_vmi and remit_to_vend_code is null"))
            .execute(&mut *conn)
            .await?;
        sqlx::query(&format!(
            "insert into {schema}.vendor_site (site_id, vend_id)
             select a.site_id, a.vend_id from {schema}.vendor_at_site a join asp.site s using (site_id)
             where s.client_id = $1
             on conflict do nothing"
        ))
        .bind(client_id)
        .execute(&mut *conn)
        .await?;
        sqlx::query(&format!(
            "update {schema}.vendor_site vs set
                preferred = v.vend_code in ('10452', '30871', 'SKF', '41022'),
                vendor_cust_account = 'ACCT-' || s.site_code || '-' || v.vend_code,
                notes = case when v.vend_code = '10452' then 'Primary MRO supplier; call before expediting.' end,
                inside_sales_notes = case when v.vend_code in ('10452', '41007') then 'Inside sales: ask for the industrial desk.' end
             from {schema}.vendor v, asp.site s
             where v.vend_id = vs.vend_id and s.site_id = vs.site_id and vs.vendor_cust_account is null"
        ))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
