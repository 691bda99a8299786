//! SQL of the vendor resource. Functions take the tenant transaction, so they cannot run without a granted scope.
//! Vendors are client tier: every read at a site goes through the `vendor_at_site` view (the vendor rule), and a
//! restricted user's reads also through `asp.user_vendor_restriction`.

use kernel::listing::{self, Page, Search};
use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::{PgConnection, Postgres, Row};
use tenancy::TenantTx;

use super::model::{VendorAuditDetail, VendorDetail, VendorFields, VendorHover, VendorRow};

/// Who reads, where: the site whose vendor rule applies, and the user whose restrictions apply (`None`: none).
#[derive(Debug, Clone, Copy)]
pub struct Sight {
    pub site_id: i64,
    pub client_id: i64,
    pub restricted_user: Option<i64>,
}

impl Sight {
    /// The vendor rule at `site_id` alone (no user's restrictions): how the records that name a vendor at a site
    /// (vendor sites, approved vendors, buyer settings) read it.
    pub fn site(site_id: i64, client_id: i64) -> Self {
        Self { site_id, client_id, restricted_user: None }
    }
}

const FIELDS: &str = "v.vend_name, v.is_manufacturer, v.active, v.cust_code, v.cust_vendor_number, v.sxe_code, v.tax_id, v.account_no,
    v.division_no, v.address1, v.address2, v.city, v.state_type_id, v.postal_code, v.county, v.phone, v.email, v.contact_name,
    v.type_country_code_id, v.is_international, v.terms_code, v.freight_terms_type_id, v.ship_type, v.currency_code_type_id,
    v.con_pay_schedule, v.min_purc_amount, v.ns_internal_id, v.ns_billing, v.ns_shipping, v.bank_info,
    v.diverse_supplier, v.diversity_type, v.form_template_id, v.bypass_template, v.comments, v.po_comments, v.product_file_notes,
    v.nonconsigned_vend_code, v.consigned_vend_code, v.do_not_send_to_erp, v.hold, v.po_hold_type, v.edi, v.consigned_vmi,
    v.supplier_managed, v.tap_asn_action_type, v.corporate_preferred, v.preferred_supplier, v.buyer_id, v.remit_to, v.remit_to_vend_code";

/// `from` of every read at a site: $1 the site, $2 the restricted user (null: none), $3 the client.
const AT_SITE: &str = "from vendor v
    join vendor_at_site a on a.vend_id = v.vend_id and a.site_id = $1
    left join vendor_site vs on vs.vend_id = v.vend_id and vs.site_id = $1
    left join asp.shared_vendor sv on sv.shared_vendor_id = v.shared_vendor_id
    where ($2::bigint is null or exists (select 1 from asp.user_vendor_restriction r
                                         where r.asp_users_id = $2 and r.client_id = $3 and r.vend_id = v.vend_id))";

fn detail_sql(condition: &str) -> String {
    format!(
        "select v.vend_id, v.vend_code, v.erp_type_id, v.erp_company, v.is_vmi, v.is_hidden, v.shared_vendor_id, sv.shared_vendor_name,
                v.last_trans_paid, {FIELDS}, vs.preferred, vs.vendor_cust_account, vs.notes, v.created_at, v.updated_at
         {AT_SITE} and {condition}"
    )
}

/// The vendor with this code visible to `sight` (codes repeat across ERP types and companies; the rule leaves at
/// most one at a site, and a VMI twin is preferred last).
pub async fn detail_by_code(tx: &mut TenantTx, sight: Sight, code: &str) -> Result<Option<VendorDetail>, sqlx::Error> {
    sqlx::query_as(&(detail_sql("upper(v.vend_code) = upper($4)") + " order by v.is_vmi, v.vend_id limit 1"))
        .bind(sight.site_id)
        .bind(sight.restricted_user)
        .bind(sight.client_id)
        .bind(code)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn detail_by_id(tx: &mut TenantTx, sight: Sight, id: i64) -> Result<Option<VendorDetail>, sqlx::Error> {
    sqlx::query_as(&detail_sql("v.vend_id = $4"))
        .bind(sight.site_id)
        .bind(sight.restricted_user)
        .bind(sight.client_id)
        .bind(id)
        .fetch_optional(&mut **tx)
        .await
}

/// The vendor with this code that `sight` reads (the vendor rule at its site and the user's restrictions), for a
/// reference to it in a write: (vend_id, vend_code as stored).
pub async fn visible_code(tx: &mut TenantTx, sight: Sight, code: &str) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as(&format!("select v.vend_id, v.vend_code {AT_SITE} and upper(v.vend_code) = upper($4) order by v.is_vmi, v.vend_id limit 1"))
        .bind(sight.site_id)
        .bind(sight.restricted_user)
        .bind(sight.client_id)
        .bind(code)
        .fetch_optional(&mut **tx)
        .await
}

/// The hover card of vendor `id` (with its buyer's name when `with_buyer`).
pub async fn hover(tx: &mut TenantTx, sight: Sight, id: i64, with_buyer: bool) -> Result<Option<VendorHover>, sqlx::Error> {
    sqlx::query_as(
        "select v.vend_id, v.vend_code, v.vend_name, v.address1, v.address2, v.city, st.code as state, v.postal_code, co.code as country,
                v.phone, v.email, v.contact_name, v.terms_code, te.description as terms_description, v.hold, ho.description as hold_description,
                v.is_vmi, v.is_manufacturer, v.active, coalesce(vs.preferred, false) as preferred, vs.vendor_cust_account, v.buyer_id,
                case when $5 then u.lname || ', ' || u.fname end as buyer_name, case when $5 then u.email end as buyer_email
         from vendor v
         join vendor_at_site a on a.vend_id = v.vend_id and a.site_id = $1
         left join vendor_site vs on vs.vend_id = v.vend_id and vs.site_id = $1
         left join asp.type_value st on st.type_code = 'State' and st.value_id = v.state_type_id and st.site_id is null and st.erp_type_id is null and st.ecs_id is null
         left join asp.type_value co on co.type_code = 'Country' and co.value_id = v.type_country_code_id and co.site_id is null and co.erp_type_id is null and co.ecs_id is null
         left join lateral (select t.description from asp.type_value t where t.type_code = 'Terms' and t.code = v.terms_code order by t.site_id nulls last, t.erp_type_id nulls last limit 1) te on true
         left join asp.type_value ho on ho.type_code = 'VendorHold' and ho.value_id = v.hold and ho.site_id is null and ho.erp_type_id is null and ho.ecs_id is null
         left join asp.asp_users u on u.asp_users_id = v.buyer_id
         where v.vend_id = $4
           and ($2::bigint is null or exists (select 1 from asp.user_vendor_restriction r
                                              where r.asp_users_id = $2 and r.client_id = $3 and r.vend_id = v.vend_id))",
    )
    .bind(sight.site_id)
    .bind(sight.restricted_user)
    .bind(sight.client_id)
    .bind(id)
    .bind(with_buyer)
    .fetch_optional(&mut **tx)
    .await
}

/// Search filters as validated by the service.
#[derive(Debug, Clone, Default)]
pub struct SearchFilter {
    pub site_id: i64,
    pub client_id: i64,
    /// Apply the vendor rule of the site (false only for VendorSearchAllSites holders asking for it).
    pub site_rule: bool,
    pub restricted_user: Option<i64>,
    pub show_hidden: bool,
    pub filter_sxe_code: bool,
    pub assigned_to_shared_vendor: Option<bool>,
    pub vend_code_to_ignore: Option<String>,
    pub exclude_cod_vendors: bool,
    pub manufacturers_only: bool,
    pub text: Option<String>,
    pub mfg: Option<bool>,
    pub vmi: Option<bool>,
    pub erp_type_id: Option<i32>,
    pub division_no: Option<String>,
    pub company: Option<String>,
    pub vmi_erp_type_id: Option<i32>,
    pub cust_code: Option<String>,
    pub currency_code_type_id: Option<i32>,
    pub consigned_vmi: Option<bool>,
    pub remit_to_only: bool,
}

pub async fn search(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<VendorRow>, i64), sqlx::Error> {
    // Two phases: only the id and sort value of up to 5000 matches are collected, counted and sorted; the page's 20
    // rows alone are joined to their site record, shared vendor and list values. The site's row `s` is read once:
    // the vendor rule is a condition on each vendor row (the view's join probed per row was most of the time of a
    // quick search matching thousands of vendors), and the sort expressions of [`SORT`] name the site through it.
    let mut s = Search::new("from vendor v cross join asp.site s");
    s.and_bind("s.site_id = ", f.site_id);
    if f.site_rule {
        s.and().push("vendor_rule(v.is_vmi, v.erp_type_id, v.erp_company, s.erp_type_id, s.erp_company, s.vmi_erp_type_id)");
    }
    if let Some(user) = f.restricted_user {
        s.and_bind("exists (select 1 from asp.user_vendor_restriction r where r.asp_users_id = ", user)
            .push(" and r.client_id = ")
            .push_bind(f.client_id)
            .push(" and r.vend_id = v.vend_id)");
    }
    if !f.show_hidden {
        s.and().push("not v.is_hidden");
    }
    if f.filter_sxe_code {
        s.and().push("nullif(btrim(v.sxe_code), '') is not null");
    }
    match f.assigned_to_shared_vendor {
        Some(true) => {
            s.and().push("v.shared_vendor_id is not null");
        }
        Some(false) => {
            s.and().push("v.shared_vendor_id is null");
        }
        None => {}
    }
    if let Some(v) = &f.vend_code_to_ignore {
        s.and_bind("upper(v.vend_code) <> upper(", v.clone()).push(")");
    }
    if f.exclude_cod_vendors {
        s.and().push("coalesce(upper(v.terms_code), '') <> 'COD'");
    }
    if f.manufacturers_only {
        s.and().push("v.is_manufacturer");
    }
    if let Some(text) = &f.text {
        // Code, name and customer vendor number in one lower-cased column with one trigram index (tenant 0020):
        // one index scan and one comparison per candidate row instead of three.
        s.and_bind("v.search_text like lower(", listing::contains_pattern(text)).push(")");
    }
    if let Some(v) = f.mfg {
        s.and_bind("v.is_manufacturer = ", v);
    }
    if let Some(v) = f.vmi {
        s.and_bind("v.is_vmi = ", v);
    }
    if let Some(v) = f.erp_type_id {
        s.and_bind("v.erp_type_id = ", v);
    }
    if let Some(v) = &f.division_no {
        s.and_bind("upper(v.division_no) = upper(", v.clone()).push(")");
    }
    if let Some(v) = &f.company {
        s.and_bind("upper(v.erp_company) = upper(", v.clone()).push(")");
    }
    if let Some(v) = f.vmi_erp_type_id {
        s.and_bind("(v.is_vmi and v.erp_type_id = ", v).push(")");
    }
    if let Some(v) = &f.cust_code {
        s.and_bind("upper(v.cust_code) = upper(", v.clone()).push(")");
    }
    if let Some(v) = f.currency_code_type_id {
        s.and_bind("v.currency_code_type_id = ", v);
    }
    if let Some(v) = f.consigned_vmi {
        s.and_bind("v.consigned_vmi = ", v);
    }
    if f.remit_to_only {
        s.and().push("v.remit_to");
    }
    s.detail()
        .push(
            "select v.vend_id, v.vend_code, v.cust_code, v.vend_name, v.cust_vendor_number, v.address1, v.city, st.code as state, v.postal_code,
                v.terms_code, v.is_vmi as vmi, case when v.is_vmi then v.erp_type_id end as vmi_erp_type_id, v.division_no,
                v.erp_company as company, v.hold, v.erp_type_id, v.active, v.consigned_vmi, v.account_no, v.diverse_supplier,
                v.diversity_type, dt.description as diversity_type_description, coalesce(vs.preferred, false) as preferred,
                v.corporate_preferred, v.tap_asn_action_type as tap, v.phone, v.comments, v.remit_to, v.currency_code_type_id, v.tax_id,
                v.sxe_code, sv.shared_vendor_name, v.shared_vendor_id, v.is_hidden, v.is_manufacturer, v.preferred_supplier,
                vs.vendor_cust_account, vs.inside_sales_notes, vs.outside_sales_notes, vs.notes, v.buyer_id,
                p.asp_key, p.asp_sort, true as asp_present
         from asp_page p
         join vendor v on v.vend_id = p.asp_key
         left join vendor_site vs on vs.vend_id = v.vend_id and vs.site_id = ",
        )
        .push_bind(f.site_id)
        .push(
            "
         left join asp.shared_vendor sv on sv.shared_vendor_id = v.shared_vendor_id
         left join asp.type_value st on st.type_code = 'State' and st.value_id = v.state_type_id and st.site_id is null and st.erp_type_id is null and st.ecs_id is null
         left join asp.type_value dt on dt.type_code = 'VendorDiversity' and dt.value_id = v.diversity_type and dt.site_id is null and dt.erp_type_id is null and dt.ecs_id is null",
        );
    listing::fetch_built_keyed_page(tx, "v.vend_id", s, page).await
}

/// Some vendor other than `except` already has this code at this ERP type and company.
pub async fn code_taken(tx: &mut TenantTx, code: &str, erp_type_id: i32, erp_company: Option<&str>, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "select exists(select 1 from vendor where upper(vend_code) = upper($1) and erp_type_id = $2
                       and coalesce(erp_company, '') = coalesce($3, '') and vend_id is distinct from $4)",
    )
    .bind(code)
    .bind(erp_type_id)
    .bind(erp_company)
    .bind(except)
    .fetch_one(&mut **tx)
    .await
}

/// The next numeric vendor code of an ERP type and company (from 10000).
pub async fn next_code(tx: &mut TenantTx, erp_type_id: i32, erp_company: Option<&str>) -> Result<String, sqlx::Error> {
    let n: i64 = sqlx::query_scalar(
        "select greatest(10000, coalesce(max(vend_code::bigint), 0) + 1) from vendor
         where vend_code ~ '^[0-9]{1,15}$' and erp_type_id = $1 and coalesce(erp_company, '') = coalesce($2, '')",
    )
    .bind(erp_type_id)
    .bind(erp_company)
    .fetch_one(&mut **tx)
    .await?;
    Ok(n.to_string())
}

/// The site's code, ERP type, ERP company and VMI ERP type.
pub async fn site_erp(tx: &mut TenantTx, site_id: i64) -> Result<(String, i32, Option<String>, Option<i32>), sqlx::Error> {
    sqlx::query_as("select site_code, erp_type_id, erp_company, vmi_erp_type_id from asp.site where site_id = $1")
        .bind(site_id)
        .fetch_one(&mut **tx)
        .await
}

/// Binds the fields in the order of `FIELD_NAMES`, from `$first`.
fn bind_fields<'q>(q: Query<'q, Postgres, PgArguments>, f: &VendorFields) -> Query<'q, Postgres, PgArguments> {
    q.bind(f.vend_name.clone())
        .bind(f.is_manufacturer)
        .bind(f.active)
        .bind(f.cust_code.clone())
        .bind(f.cust_vendor_number.clone())
        .bind(f.sxe_code.clone())
        .bind(f.tax_id.clone())
        .bind(f.account_no.clone())
        .bind(f.division_no.clone())
        .bind(f.address1.clone())
        .bind(f.address2.clone())
        .bind(f.city.clone())
        .bind(f.state_type_id)
        .bind(f.postal_code.clone())
        .bind(f.county.clone())
        .bind(f.phone.clone())
        .bind(f.email.clone())
        .bind(f.contact_name.clone())
        .bind(f.type_country_code_id)
        .bind(f.is_international)
        .bind(f.terms_code.clone())
        .bind(f.freight_terms_type_id)
        .bind(f.ship_type.clone())
        .bind(f.currency_code_type_id)
        .bind(f.con_pay_schedule.clone())
        .bind(f.min_purc_amount)
        .bind(f.ns_internal_id.clone())
        .bind(f.ns_billing.clone())
        .bind(f.ns_shipping.clone())
        .bind(f.bank_info.clone())
        .bind(f.diverse_supplier)
        .bind(f.diversity_type)
        .bind(f.form_template_id)
        .bind(f.bypass_template)
        .bind(f.comments.clone())
        .bind(f.po_comments.clone())
        .bind(f.product_file_notes.clone())
        .bind(f.nonconsigned_vend_code.clone())
        .bind(f.consigned_vend_code.clone())
        .bind(f.do_not_send_to_erp)
        .bind(f.hold)
        .bind(f.po_hold_type)
        .bind(f.edi)
        .bind(f.consigned_vmi)
        .bind(f.supplier_managed)
        .bind(f.tap_asn_action_type)
        .bind(f.corporate_preferred)
        .bind(f.preferred_supplier)
        .bind(f.buyer_id)
        .bind(f.remit_to)
        .bind(f.remit_to_vend_code.clone())
}

const FIELD_NAMES: [&str; 51] = [
    "vend_name", "is_manufacturer", "active", "cust_code", "cust_vendor_number", "sxe_code", "tax_id", "account_no", "division_no",
    "address1", "address2", "city", "state_type_id", "postal_code", "county", "phone", "email", "contact_name", "type_country_code_id",
    "is_international", "terms_code", "freight_terms_type_id", "ship_type", "currency_code_type_id", "con_pay_schedule",
    "min_purc_amount", "ns_internal_id", "ns_billing", "ns_shipping", "bank_info", "diverse_supplier", "diversity_type",
    "form_template_id", "bypass_template", "comments", "po_comments", "product_file_notes", "nonconsigned_vend_code",
    "consigned_vend_code", "do_not_send_to_erp", "hold", "po_hold_type", "edi", "consigned_vmi", "supplier_managed",
    "tap_asn_action_type", "corporate_preferred", "preferred_supplier", "buyer_id", "remit_to", "remit_to_vend_code",
];

/// Inserts a vendor; answers its id.
pub async fn insert(
    tx: &mut TenantTx,
    code: &str,
    erp_type_id: i32,
    erp_company: Option<&str>,
    is_vmi: bool,
    f: &VendorFields,
    user_id: i64,
) -> Result<i64, sqlx::Error> {
    let params: Vec<String> = (1..=FIELD_NAMES.len()).map(|i| format!("${i}")).collect();
    let n = FIELD_NAMES.len();
    let sql = format!(
        "insert into vendor ({}, vend_code, erp_type_id, erp_company, is_vmi, created_by_id, updated_by_id)
         values ({}, ${}, ${}, ${}, ${}, ${}, ${})
         returning vend_id",
        FIELD_NAMES.join(", "),
        params.join(", "),
        n + 1,
        n + 2,
        n + 3,
        n + 4,
        n + 5,
        n + 5
    );
    let row = bind_fields(sqlx::query(&sql), f)
        .bind(code)
        .bind(erp_type_id)
        .bind(erp_company)
        .bind(is_vmi)
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await?;
    row.try_get("vend_id")
}

/// Writes every field of vendor `id`.
pub async fn update(tx: &mut TenantTx, id: i64, f: &VendorFields, user_id: i64) -> Result<(), sqlx::Error> {
    let n = FIELD_NAMES.len();
    let sets: Vec<String> = FIELD_NAMES.iter().enumerate().map(|(i, c)| format!("{c} = ${}", i + 1)).collect();
    let sql = format!("update vendor set {}, updated_by_id = ${}, updated_at = now() where vend_id = ${}", sets.join(", "), n + 1, n + 2);
    bind_fields(sqlx::query(&sql), f).bind(user_id).bind(id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn set_hidden(tx: &mut TenantTx, id: i64, hidden: bool, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update vendor set is_hidden = $2, updated_by_id = $3, updated_at = now() where vend_id = $1")
        .bind(id)
        .bind(hidden)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The site's record of a new vendor.
pub async fn insert_vendor_site(tx: &mut TenantTx, site_id: i64, vend_id: i64, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into vendor_site (site_id, vend_id, created_by_id, updated_by_id) values ($1, $2, $3, $3) on conflict (site_id, vend_id) do nothing",
    )
    .bind(site_id)
    .bind(vend_id)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The vendor code of CIP `cip_no` at the site.
pub async fn cip_vend_code(tx: &mut TenantTx, site_id: i64, cip_no: i64) -> Result<Option<Option<String>>, sqlx::Error> {
    sqlx::query_scalar("select vend_code from cip where cip_no = $1 and site_id = $2")
        .bind(cip_no)
        .bind(site_id)
        .fetch_optional(&mut **tx)
        .await
}

/// Remit-to vendors visible to `sight` whose code or name starts with `prefix` (all when empty), by code.
pub async fn remit_to_candidates(tx: &mut TenantTx, sight: Sight, except_id: i64, prefix: &str) -> Result<Vec<VendorDetail>, sqlx::Error> {
    sqlx::query_as(
        &(detail_sql("v.remit_to and not v.is_hidden and v.vend_id <> $4 and (starts_with(upper(v.vend_code), upper($5)) or starts_with(upper(v.vend_name), upper($5)))")
            + " order by v.vend_code limit 100"),
    )
    .bind(sight.site_id)
    .bind(sight.restricted_user)
    .bind(sight.client_id)
    .bind(except_id)
    .bind(prefix)
    .fetch_all(&mut **tx)
    .await
}

// ---- the shared schema ----

/// An active value of list `list` with this value id.
pub async fn type_value_exists(conn: &mut PgConnection, list: &str, value_id: i32) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from asp.type_value where type_code = $1 and value_id = $2 and is_active)")
        .bind(list)
        .bind(value_id)
        .fetch_one(conn)
        .await
}

/// An active value of list `list` with this code (case-insensitive).
pub async fn type_code_exists(conn: &mut PgConnection, list: &str, code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from asp.type_value where type_code = $1 and upper(code) = upper($2) and is_active)")
        .bind(list)
        .bind(code)
        .fetch_one(conn)
        .await
}

/// The code of value `value_id` of list `list`.
pub async fn type_code_of(conn: &mut PgConnection, list: &str, value_id: i32) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select code from asp.type_value where type_code = $1 and value_id = $2 and is_active order by site_id nulls first, erp_type_id nulls first limit 1",
    )
    .bind(list)
    .bind(value_id)
    .fetch_optional(conn)
    .await
}

/// The description of value `value_id` of list `list`.
pub async fn type_description(conn: &mut PgConnection, list: &str, value_id: i32) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select description from asp.type_value where type_code = $1 and value_id = $2 order by site_id nulls first, erp_type_id nulls first limit 1",
    )
    .bind(list)
    .bind(value_id)
    .fetch_optional(conn)
    .await
}

/// The country (alpha-2) a 'State' value belongs to.
pub async fn state_country(conn: &mut PgConnection, state_type_id: i32) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select description2 from asp.type_value where type_code = 'State' and value_id = $1 and is_active order by site_id nulls first limit 1",
    )
    .bind(state_type_id)
    .fetch_optional(conn)
    .await
}

/// One audit event of `entity` at the client, by id.
pub async fn audit_event(conn: &mut PgConnection, audit_id: i64, entity: &str, client_id: i64) -> Result<Option<VendorAuditDetail>, sqlx::Error> {
    sqlx::query_as(
        "select e.audit_event_id, e.occurred_at, e.action, e.entity, e.entity_id, r.user_id as changed_by,
                case when e.acting_as_user_id is distinct from e.actor_user_id then a.user_id end as acting_as, e.site_id, e.changes
         from asp.audit_event e
         left join asp.asp_users r on r.asp_users_id = e.actor_user_id
         left join asp.asp_users a on a.asp_users_id = e.acting_as_user_id
         where e.audit_event_id = $1 and e.entity = $2 and e.client_id = $3",
    )
    .bind(audit_id)
    .bind(entity)
    .bind(client_id)
    .fetch_optional(conn)
    .await
}

/// The vendor of a vendor_site row, if the row is at `site_id` (row-level security also limits it to the scope).
pub async fn vendor_site_vendor(tx: &mut TenantTx, vendor_site_id: i64, site_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select vend_id from vendor_site where vendor_site_id = $1 and site_id = $2")
        .bind(vendor_site_id)
        .bind(site_id)
        .fetch_optional(&mut **tx)
        .await
}

/// User `id` may use a site of client `client_id` (a vendor's buyer must).
pub async fn user_of_client(conn: &mut PgConnection, id: i64, client_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from asp.user_site us join asp.site s using (site_id) where us.asp_users_id = $1 and s.client_id = $2)")
        .bind(id)
        .bind(client_id)
        .fetch_one(conn)
        .await
}
