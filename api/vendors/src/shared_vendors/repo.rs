//! SQL of shared vendors (shared schema `asp`), and the tenant reads and writes of the client vendors assigned to
//! them (through the `vendor_at_site` view: the vendor rule).

use chrono::NaiveDate;
use sqlx::PgConnection;
use tenancy::TenantTx;

use kernel::listing::{self, Page, Search};
use kernel::num::Percent;

use super::model::{AssignedVendor, SharedVendor, SharedVendorRow, SharedVendorSite, SharedVendorSummaryRow, SiteLink, VendorLink};

// The shapes every record kind of shared vendors repeats, written once: an update of a record by its key from the
// struct of its stored fields, an insert of a child record answering its key, a delete by key. `sqlx::query!` needs
// its statement as a literal, so each use names its statement (still compile-checked) and the fields it binds, in
// order after the key ($1) and before the user (last).
macro_rules! update_by_key {
    ($name:ident($fields:ty): $sql:tt, $($field:ident),+) => {
        pub async fn $name(conn: &mut sqlx::PgConnection, id: i64, v: &$fields, user: i64) -> Result<(), sqlx::Error> {
            sqlx::query!($sql, id, $(v.$field,)+ user).execute(conn).await?;
            Ok(())
        }
    };
}

/// The insert of a child record of shared vendor `sv`, answering the new key.
macro_rules! insert_child {
    ($name:ident($fields:ty): $sql:tt, $($field:ident),+) => {
        pub async fn $name(conn: &mut sqlx::PgConnection, sv: i64, v: &$fields, user: i64) -> Result<i64, sqlx::Error> {
            sqlx::query_scalar!($sql, sv, $(v.$field,)+ user).fetch_one(conn).await
        }
    };
}

/// The delete of a record by its key.
macro_rules! delete_by_key {
    ($name:ident: $sql:tt) => {
        pub async fn $name(conn: &mut sqlx::PgConnection, id: i64) -> Result<(), sqlx::Error> {
            sqlx::query!($sql, id).execute(conn).await?;
            Ok(())
        }
    };
}

pub(crate) use {delete_by_key, insert_child, update_by_key};

pub async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<SharedVendor>, sqlx::Error> {
    sqlx::query_as!(
        SharedVendor,
        r#"select s.shared_vendor_id, s.shared_vendor_name, s.is_active, s.preferred_supplier, s.sourcing_manager, s.duns_number, s.tax_id,
                  s.website, s.parent_company, s.offers_web_ordering, s.offers_punchout, s.offers_edi, s.offers_online_invoicing,
                  s.web_ordering_url, s.web_ordering_notes, s.pay_terms_code, s.pay_terms_days, s.pay_terms_discount_pct as "pay_terms_discount_pct: Percent",
                  s.incentive_program, s.incentive_rebate_pct as "incentive_rebate_pct: Percent", s.incentive_notes, s.cost_update_frequency,
                  s.cost_info_notes, s.is_vip, s.vip_manager, s.strategy, s.strategy_notes, s.notes, s.market_type_id,
                  (select t.description from asp.type_value t where t.type_code = 'SharedVendorMarketType' and t.value_id = s.market_type_id
                     and t.site_id is null and t.erp_type_id is null and t.ecs_id is null) as market_type,
                  s.target_margin_pct as "target_margin_pct: Percent", s.min_margin_pct as "min_margin_pct: Percent", s.market_margin_notes,
                  s.created_by_id, s.created_at, s.updated_by_id, s.updated_at
           from asp.shared_vendor s where s.shared_vendor_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// Locks the shared vendor's row for the rest of the transaction; `false` when there is none.
pub async fn lock(conn: &mut PgConnection, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select shared_vendor_id from asp.shared_vendor where shared_vendor_id = $1 for update", id).fetch_optional(conn).await?.is_some())
}

pub async fn exists(conn: &mut PgConnection, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select shared_vendor_id from asp.shared_vendor where shared_vendor_id = $1", id).fetch_optional(conn).await?.is_some())
}

/// Is the shared vendor there and active?
pub async fn is_active(conn: &mut PgConnection, id: i64) -> Result<Option<bool>, sqlx::Error> {
    sqlx::query_scalar!("select is_active from asp.shared_vendor where shared_vendor_id = $1", id).fetch_optional(conn).await
}

/// The shared vendor other than `except` whose name is `name`, compared as the unique index does.
pub async fn name_owner(conn: &mut PgConnection, name: &str, except: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select shared_vendor_id from asp.shared_vendor where lower(shared_vendor_name) = lower($1) and shared_vendor_id <> $2", name, except)
        .fetch_optional(conn)
        .await
}

/// Is `value_id` an active value of the list `type_code` (the provider-wide row)?
pub async fn type_value_exists(conn: &mut PgConnection, type_code: &str, value_id: i32) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.type_value where type_code = $1 and value_id = $2 and is_active) as "e!""#,
        type_code,
        value_id
    )
    .fetch_one(conn)
    .await
}

/// Is `code` an active code of the list `type_code`?
pub async fn type_code_exists(conn: &mut PgConnection, type_code: &str, code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.type_value where type_code = $1 and upper(code) = upper($2) and is_active) as "e!""#,
        type_code,
        code
    )
    .fetch_one(conn)
    .await
}

pub async fn insert(conn: &mut PgConnection, name: &str, is_active: bool, preferred: bool, sourcing_manager: Option<&str>, user: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.shared_vendor (shared_vendor_name, is_active, preferred_supplier, sourcing_manager, created_by_id, updated_by_id)
         values ($1, $2, $3, $4, $5, $5) returning shared_vendor_id",
        name,
        is_active,
        preferred,
        sourcing_manager,
        user
    )
    .fetch_one(conn)
    .await
}

pub async fn update_header(conn: &mut PgConnection, id: i64, name: &str, is_active: bool, user: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.shared_vendor set shared_vendor_name = $2, is_active = $3, updated_by_id = $4, updated_at = now() where shared_vendor_id = $1",
        id,
        name,
        is_active,
        user
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The Identification block as stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Identification {
    pub preferred_supplier: bool,
    pub sourcing_manager: Option<String>,
    pub duns_number: Option<String>,
    pub tax_id: Option<String>,
    pub website: Option<String>,
    pub parent_company: Option<String>,
}

update_by_key!(update_identification(Identification): "update asp.shared_vendor set preferred_supplier = $2, sourcing_manager = $3, duns_number = $4, tax_id = $5, website = $6,
             parent_company = $7, updated_by_id = $8, updated_at = now()
         where shared_vendor_id = $1",
    preferred_supplier, sourcing_manager, duns_number, tax_id, website, parent_company);

/// The WebOrderingInfo block as stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WebOrdering {
    pub offers_web_ordering: bool,
    pub offers_punchout: bool,
    pub offers_edi: bool,
    pub offers_online_invoicing: bool,
    pub web_ordering_url: Option<String>,
    pub web_ordering_notes: Option<String>,
}

update_by_key!(update_web_ordering(WebOrdering): "update asp.shared_vendor set offers_web_ordering = $2, offers_punchout = $3, offers_edi = $4, offers_online_invoicing = $5,
             web_ordering_url = $6, web_ordering_notes = $7, updated_by_id = $8, updated_at = now()
         where shared_vendor_id = $1",
    offers_web_ordering, offers_punchout, offers_edi, offers_online_invoicing, web_ordering_url, web_ordering_notes);

/// The FergusonCostInfo block as stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CostInfo {
    pub pay_terms_code: Option<String>,
    pub pay_terms_days: Option<i32>,
    pub pay_terms_discount_pct: Option<Percent>,
    pub incentive_program: bool,
    pub incentive_rebate_pct: Option<Percent>,
    pub incentive_notes: Option<String>,
    pub cost_update_frequency: Option<String>,
    pub cost_info_notes: Option<String>,
}

pub async fn update_cost_info(conn: &mut PgConnection, id: i64, v: &CostInfo, user: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.shared_vendor set pay_terms_code = $2, pay_terms_days = $3, pay_terms_discount_pct = $4, incentive_program = $5,
             incentive_rebate_pct = $6, incentive_notes = $7, cost_update_frequency = $8, cost_info_notes = $9,
             updated_by_id = $10, updated_at = now()
         where shared_vendor_id = $1",
        id,
        v.pay_terms_code,
        v.pay_terms_days,
        v.pay_terms_discount_pct as _,
        v.incentive_program,
        v.incentive_rebate_pct as _,
        v.incentive_notes,
        v.cost_update_frequency,
        v.cost_info_notes,
        user
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The VIPManagement block as stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VipManagement {
    pub is_vip: bool,
    pub vip_manager: Option<String>,
    pub strategy: Option<String>,
    pub strategy_notes: Option<String>,
    pub notes: Option<String>,
}

update_by_key!(update_vip(VipManagement): "update asp.shared_vendor set is_vip = $2, vip_manager = $3, strategy = $4, strategy_notes = $5, notes = $6,
             updated_by_id = $7, updated_at = now()
         where shared_vendor_id = $1",
    is_vip, vip_manager, strategy, strategy_notes, notes);

/// The MarketMargin block as stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MarketMargin {
    pub market_type_id: Option<i32>,
    pub target_margin_pct: Option<Percent>,
    pub min_margin_pct: Option<Percent>,
    pub market_margin_notes: Option<String>,
}

pub async fn update_market_margin(conn: &mut PgConnection, id: i64, v: &MarketMargin, user: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.shared_vendor set market_type_id = $2, target_margin_pct = $3, min_margin_pct = $4, market_margin_notes = $5,
             updated_by_id = $6, updated_at = now()
         where shared_vendor_id = $1",
        id,
        v.market_type_id,
        v.target_margin_pct as _,
        v.min_margin_pct as _,
        v.market_margin_notes,
        user
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// What a shared vendor search matches.
#[derive(Debug, Clone, Default)]
pub struct Filters {
    /// Contained in the name (case-insensitive).
    pub name: Option<String>,
    pub is_active: Option<bool>,
    pub is_vip: Option<bool>,
    pub preferred_supplier: Option<bool>,
}

/// The conditions of a shared vendor search over `asp.shared_vendor s`.
fn filtered(s: &mut Search<'_>, f: &Filters) {
    if let Some(text) = &f.name {
        s.and_contains(&["s.shared_vendor_name"], text);
    }
    for (column, value) in [("s.is_active = ", f.is_active), ("s.is_vip = ", f.is_vip), ("s.preferred_supplier = ", f.preferred_supplier)] {
        if let Some(v) = value {
            s.and_bind(column, v);
        }
    }
}

pub async fn search(conn: &mut PgConnection, f: &Filters, page: &Page) -> Result<(Vec<SharedVendorRow>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select s.shared_vendor_id, s.shared_vendor_name, s.is_active, s.preferred_supplier, s.is_vip, s.sourcing_manager,
                (select t.description from asp.type_value t where t.type_code = 'SharedVendorMarketType' and t.value_id = s.market_type_id
                   and t.site_id is null and t.erp_type_id is null and t.ecs_id is null) as market_type,
                s.updated_at
         from asp.shared_vendor s",
    );
    filtered(&mut s, f);
    listing::fetch_built_page(conn, s.into_builder(), page).await
}

/// The summary search, in the client's transaction: its vendors visible at `site_id` and the links of the site's
/// client (the site row `cs`, read once, names both).
pub async fn summary(tx: &mut TenantTx, f: &Filters, page: &Page, site_id: i64) -> Result<(Vec<SharedVendorSummaryRow>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select s.shared_vendor_id, s.shared_vendor_name, s.is_active, s.is_vip,
                (select count(*) from vendor v join vendor_at_site a on a.vend_id = v.vend_id and a.site_id = cs.site_id
                  where v.shared_vendor_id = s.shared_vendor_id) as vendor_count,
                (select count(*) from asp.shared_vendor_site l join asp.site st on st.site_id = l.site_id
                  where l.shared_vendor_id = s.shared_vendor_id and st.client_id = cs.client_id) as site_count,
                (select count(*) from asp.shared_vendor_contact c where c.shared_vendor_id = s.shared_vendor_id) as contact_count,
                (select count(*) from asp.shared_vendor_brand b where b.shared_vendor_id = s.shared_vendor_id) as brand_count,
                cc.current_cost_count
         from asp.shared_vendor s
         cross join asp.site cs
         -- One index-only range scan per shared vendor (shared_vendor_cost_current_idx), however large the catalogue.
         cross join lateral (select count(*) as current_cost_count from asp.shared_vendor_cost c
                  where c.shared_vendor_id = s.shared_vendor_id and c.is_active
                    and c.end_date >= (now() at time zone 'utc')::date) cc",
    );
    s.and_bind("cs.site_id = ", site_id);
    filtered(&mut s, f);
    listing::fetch_built_page(&mut **tx, s.into_builder(), page).await
}

// ---------------------------------------------------------------------------------------------------- site links

/// The links of a shared vendor at the sites of `client_id` the user has access to.
pub async fn search_sites(conn: &mut PgConnection, shared_vendor_id: i64, user_id: i64, client_id: i64, page: &Page) -> Result<(Vec<SharedVendorSite>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select l.shared_vendor_site_id, l.shared_vendor_id, l.site_id, st.site_code, st.site_name, l.spa_number, l.spa_start_date,
                l.spa_end_date, l.created_at
         from asp.shared_vendor_site l
         join asp.site st on st.site_id = l.site_id
         join asp.user_site us on us.site_id = l.site_id",
    );
    s.and_bind("l.shared_vendor_id = ", shared_vendor_id);
    s.and_bind("us.asp_users_id = ", user_id);
    s.and_bind("st.client_id = ", client_id);
    listing::fetch_built_page(conn, s.into_builder(), page).await
}

pub async fn find_site_link(conn: &mut PgConnection, id: i64) -> Result<Option<SiteLink>, sqlx::Error> {
    sqlx::query_as!(
        SiteLink,
        "select l.shared_vendor_site_id, l.shared_vendor_id, l.site_id, st.client_id, l.spa_number, l.spa_start_date, l.spa_end_date
         from asp.shared_vendor_site l join asp.site st on st.site_id = l.site_id where l.shared_vendor_site_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}

pub async fn site_link_exists(conn: &mut PgConnection, shared_vendor_id: i64, site_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.shared_vendor_site where shared_vendor_id = $1 and site_id = $2) as "e!""#,
        shared_vendor_id,
        site_id
    )
    .fetch_one(conn)
    .await
}

pub async fn insert_site_link(
    conn: &mut PgConnection,
    shared_vendor_id: i64,
    site_id: i64,
    spa_number: Option<&str>,
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
    user: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.shared_vendor_site (shared_vendor_id, site_id, spa_number, spa_start_date, spa_end_date, created_by_id)
         values ($1, $2, $3, $4, $5, $6) returning shared_vendor_site_id",
        shared_vendor_id,
        site_id,
        spa_number,
        start,
        end,
        user
    )
    .fetch_one(conn)
    .await
}

pub async fn site_link_row(conn: &mut PgConnection, id: i64) -> Result<Option<SharedVendorSite>, sqlx::Error> {
    sqlx::query_as!(
        SharedVendorSite,
        "select l.shared_vendor_site_id, l.shared_vendor_id, l.site_id, st.site_code, st.site_name, l.spa_number, l.spa_start_date,
                l.spa_end_date, l.created_at
         from asp.shared_vendor_site l join asp.site st on st.site_id = l.site_id where l.shared_vendor_site_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}

delete_by_key!(delete_site_link: "delete from asp.shared_vendor_site where shared_vendor_site_id = $1");

// ---------------------------------------------------------------------------------------------------- client vendors

/// The client's vendors with code `vend_code` (case-insensitive) visible at `site_id`, locked for the change.
pub async fn vendors_by_code(tx: &mut TenantTx, site_id: i64, vend_code: &str) -> Result<Vec<VendorLink>, sqlx::Error> {
    sqlx::query_as!(
        VendorLink,
        "select v.vend_id, v.vend_code, v.shared_vendor_id
         from vendor v join vendor_at_site a on a.vend_id = v.vend_id and a.site_id = $1
         where upper(v.vend_code) = upper($2)
         order by v.vend_id
         for update of v",
        site_id,
        vend_code
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn set_vendor_shared(tx: &mut TenantTx, vend_id: i64, shared_vendor_id: Option<i64>, user: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update vendor set shared_vendor_id = $2, updated_by_id = $3, updated_at = now() where vend_id = $1",
        vend_id,
        shared_vendor_id,
        user
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The client's vendors visible at `site_id` that are assigned to a shared vendor (`only` narrows to one).
pub async fn assigned_vendors(tx: &mut TenantTx, site_id: i64, only: Option<i64>) -> Result<Vec<AssignedVendor>, sqlx::Error> {
    sqlx::query_as!(
        AssignedVendor,
        r#"select v.vend_id, v.vend_code, v.vend_name, v.erp_type_id, v.erp_company, v.is_vmi, v.is_manufacturer, v.active,
                  v.shared_vendor_id, s.shared_vendor_name as "shared_vendor_name?"
           from vendor v
           join vendor_at_site a on a.vend_id = v.vend_id and a.site_id = $1
           left join asp.shared_vendor s on s.shared_vendor_id = v.shared_vendor_id
           where v.shared_vendor_id is not null and ($2::bigint is null or v.shared_vendor_id = $2)
           order by v.vend_code, v.vend_id"#,
        site_id,
        only
    )
    .fetch_all(&mut **tx)
    .await
}

/// What a search of the vendors assigned to a shared vendor matches.
#[derive(Debug, Clone, Default)]
pub struct VendorFilters {
    pub shared_vendor_id: i64,
    pub site_id: i64,
    /// Contained in the code or name (case-insensitive).
    pub text: Option<String>,
    pub vend_code: Option<String>,
    pub erp_company: Option<String>,
    pub is_vmi: Option<bool>,
}

/// `head` over the vendors assigned to the shared vendor and visible at the site that `f` matches.
fn assigned<'a>(head: &str, f: &VendorFilters) -> Search<'a> {
    let mut s = Search::new(format!(
        "{head}
         from vendor v
         join vendor_at_site a on a.vend_id = v.vend_id
         left join asp.shared_vendor s on s.shared_vendor_id = v.shared_vendor_id"
    ));
    s.and_bind("a.site_id = ", f.site_id);
    s.and_bind("v.shared_vendor_id = ", f.shared_vendor_id);
    if let Some(text) = &f.text {
        s.and_contains(&["v.vend_code", "v.vend_name"], text);
    }
    if let Some(c) = &f.vend_code {
        s.and_bind("upper(v.vend_code) = upper(", c.clone()).push(")");
    }
    if let Some(c) = &f.erp_company {
        s.and_bind("upper(v.erp_company) = upper(", c.clone()).push(")");
    }
    if let Some(b) = f.is_vmi {
        s.and_bind("v.is_vmi = ", b);
    }
    s
}

const ASSIGNED_COLUMNS: &str = "select v.vend_id, v.vend_code, v.vend_name, v.erp_type_id, v.erp_company, v.is_vmi, v.is_manufacturer, v.active,
        v.shared_vendor_id, s.shared_vendor_name";

pub async fn search_vendors(tx: &mut TenantTx, f: &VendorFilters, page: &Page) -> Result<(Vec<AssignedVendor>, i64), sqlx::Error> {
    listing::fetch_built_page(&mut **tx, assigned(ASSIGNED_COLUMNS, f).into_builder(), page).await
}

/// The distinct values of `column` (a vendor column of the vendor search, from the service's allow-list) as text.
pub async fn distinct_vendor_values(tx: &mut TenantTx, f: &VendorFilters, column: &'static str) -> Result<Vec<String>, sqlx::Error> {
    let mut s = assigned(&format!("select distinct v.{column}::text as value"), f);
    s.and().push("v.").push(column).push(" is not null");
    s.push(" order by 1 limit 500");
    s.into_builder().build_query_scalar::<String>().persistent(false).fetch_all(&mut **tx).await
}

/// The vendors `ids` as the assignment shows them, visible at `site_id`.
pub async fn vendors_by_ids(tx: &mut TenantTx, site_id: i64, ids: &[i64]) -> Result<Vec<AssignedVendor>, sqlx::Error> {
    sqlx::query_as!(
        AssignedVendor,
        r#"select v.vend_id, v.vend_code, v.vend_name, v.erp_type_id, v.erp_company, v.is_vmi, v.is_manufacturer, v.active,
                  v.shared_vendor_id, s.shared_vendor_name as "shared_vendor_name?"
           from vendor v
           join vendor_at_site a on a.vend_id = v.vend_id and a.site_id = $1
           left join asp.shared_vendor s on s.shared_vendor_id = v.shared_vendor_id
           where v.vend_id = any($2)
           order by v.vend_id"#,
        site_id,
        ids
    )
    .fetch_all(&mut **tx)
    .await
}
