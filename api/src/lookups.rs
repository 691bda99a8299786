//! The four records the shell looks up by id for its navigation history and pop-ups (spec 2 section 7): a CIP
//! (cip_code), an employee (lastName, firstName), a vendor (vend_name, vend_code) and a tracking code
//! (trackingNumber). Site-scoped business data in the client's schema, reached only through a granted
//! [`tenancy::SiteScope`]; the inventory and procurement issues build these areas out.

use api_macros::guarded;
use chrono::NaiveDate;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use sqlx::postgres::PgRow;
use sqlx::FromRow;
use tenancy::{SiteScope, TenantTx};

use crate::access::Caller;
use crate::records;
use crate::error::{ApiError, ApiResult};
use crate::openapi::ApiTags;
use crate::state::AppState;

/// Customer item at a location (CIP).
#[derive(Object, FromRow, Clone, Debug)]
pub struct Cip {
    pub cip_no: i64,
    pub site_id: i64,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    /// Item status: Active 1, Obsolete 2, DeActivated 3, InConversionProcess 4, Pending 5, Orphan 6, Supersede 7,
    /// Labor 8, ItemExchanged 9, RejectedItemAdd 10.
    pub status_id: i32,
    pub location: Option<String>,
    pub qty_on_hand: f64,
    pub qty_avail: f64,
    /// Average cost (US dollars, 3 decimals); null unless the caller holds InvFISPrice at the record's site.
    pub cust_avg_cost: Option<f64>,
    pub consigned: bool,
}

/// Employee (the people who draw items, not application users).
#[derive(Object, FromRow, Clone, Debug)]
pub struct Employee {
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
    pub site_id: i64,
    #[oai(rename = "siteCode")]
    pub site_code: Option<String>,
    #[oai(rename = "employeeNumber")]
    pub employee_number: String,
    #[oai(rename = "lastName")]
    pub last_name: String,
    #[oai(rename = "firstName")]
    pub first_name: String,
    #[oai(rename = "badgeNumber")]
    pub badge_number: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub company: Option<String>,
    #[oai(rename = "customerEmployeeNum")]
    pub customer_employee_num: Option<String>,
    pub supervisor: bool,
    pub supervisor_id: Option<i64>,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    #[oai(rename = "isSuspended")]
    pub is_suspended: bool,
    #[oai(rename = "suspensionDate")]
    pub suspension_date: Option<NaiveDate>,
}

/// Vendor, the common part.
#[derive(Object, FromRow, Clone, Debug)]
pub struct Vendor {
    pub vend_id: i64,
    pub site_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    /// ERP type: None 0, Enterprise 1, SXE 2, FreescaleSAP 3, Trilogie 4, TrilogieWD 5, TrilogieIntegrated 6,
    /// NetSuite 7.
    pub erp_type_id: i32,
    pub erp_company: Option<String>,
    pub is_vmi: bool,
    pub is_manufacturer: bool,
    pub active: bool,
}

/// Tracking code.
#[derive(Object, FromRow, Clone, Debug)]
pub struct TrackingCode {
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: i64,
    pub site_id: i64,
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    #[oai(rename = "trackingNumber")]
    pub tracking_number: String,
    pub description: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    #[oai(rename = "isSuspended")]
    pub is_suspended: bool,
}

/// A record looked up by id: how to read it, what to answer when it is not visible, and which site it belongs to.
trait LookupRecord: for<'r> FromRow<'r, PgRow> + Send + Unpin {
    /// Selects one record by its id (`$1`) from the tenant schema on the search_path.
    const SELECT_BY_ID: &'static str;
    const NOT_FOUND: &'static str;
    fn site_id(&self) -> i64;
}

impl LookupRecord for Cip {
    const SELECT_BY_ID: &'static str = "select cip_no, site_id, cid_no, item_id, cip_code, cust_item_code, cust_desc1, cust_desc2, status_id, location,
        qty_on_hand::float8 as qty_on_hand, qty_avail::float8 as qty_avail, cust_avg_cost::float8 as cust_avg_cost, consigned
        from cip where cip_no = $1";
    const NOT_FOUND: &'static str = "The item you are trying to find does not exist.";
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

impl LookupRecord for Employee {
    const SELECT_BY_ID: &'static str = "select e.employee_id, e.site_id, s.site_code, e.employee_number, e.last_name, e.first_name, e.badge_number, e.email,
        e.phone, e.company, e.customer_employee_num, e.supervisor, e.supervisor_id, e.is_active, e.is_suspended, e.suspension_date
        from employee e left join asp.site s on s.site_id = e.site_id where e.employee_id = $1";
    const NOT_FOUND: &'static str = "The employee you are trying to find does not exist.";
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

impl LookupRecord for Vendor {
    const SELECT_BY_ID: &'static str =
        "select vend_id, site_id, vend_code, vend_name, erp_type_id, erp_company, is_vmi, is_manufacturer, active from vendor where vend_id = $1";
    const NOT_FOUND: &'static str = "The vendor you are trying to find does not exist.";
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

impl LookupRecord for TrackingCode {
    const SELECT_BY_ID: &'static str = "select tracking_code_id, site_id, tracking_level_id, tracking_number, description, is_active, is_suspended
        from tracking_code where tracking_code_id = $1";
    const NOT_FOUND: &'static str = "The tracking code you are trying to find does not exist.";
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

// Repository: takes the tenant transaction, so it cannot run without a granted scope.
async fn find<R: LookupRecord>(tx: &mut TenantTx, id: i64) -> Result<Option<R>, sqlx::Error> {
    sqlx::query_as(R::SELECT_BY_ID).bind(id).fetch_optional(&mut **tx).await
}

/// Loads a record of the caller's client (the current site's schema), then checks the caller may use the record's
/// own site with one of `perms`; a record of another client (another schema) or of a site the caller may not use
/// is indistinguishable from a missing one. Answers the record with the scope of its site.
async fn load_visible<R: LookupRecord>(state: &AppState, caller: &Caller, id: i64, perms: &[&str]) -> ApiResult<(SiteScope, R)> {
    let scope = records::current_scope(state, caller, perms).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let found: Option<R> = find(&mut tx, id).await?;
    tx.commit().await?;
    let record = found.ok_or_else(|| ApiError::not_found(R::NOT_FOUND))?;
    let scope = records::record_scope(state, caller, &scope, record.site_id(), perms, R::NOT_FOUND).await?;
    Ok((scope, record))
}

const CIP_READ: &[&str] = &["BasicAccess"];
const EMPLOYEE_READ: &[&str] = &["EmpView"];
const VENDOR_READ: &[&str] = &["ViewVendors"];
const TRACKING_CODE_READ: &[&str] = &["BasicAccess"];
/// Shows the average cost (spec 1 section 2: the item picker's cost column).
const SEE_AVERAGE_COST: &[&str] = &["InvFISPrice"];

pub struct LookupApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl LookupApi {
    /// CIP by id
    ///
    /// The customer item at a location (navigation history shows cip_code). cust_avg_cost is null unless the caller
    /// holds InvFISPrice at the record's site. Records of other clients, or of sites the caller may not use, answer
    /// 404.
    #[requires("BasicAccess", errors(404))]
    #[oai(path = "/Item/CIP/:id", method = "get", operation_id = "itemCipGetById")]
    async fn cip(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<Cip>> {
        let (scope, mut cip) = load_visible::<Cip>(&state, &caller, id.0, CIP_READ).await?;
        if !state.authz.has_any(caller.user_id, scope.site_id(), SEE_AVERAGE_COST).await? {
            cip.cust_avg_cost = None;
        }
        Ok(Json(cip))
    }

    /// Employee by id
    ///
    /// Navigation history shows lastName, firstName. Records of other clients, or of sites the caller may not use,
    /// answer 404.
    #[requires("EmpView", errors(404))]
    #[oai(path = "/Employee/:id", method = "get", operation_id = "employeeGetById")]
    async fn employee(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<Employee>> {
        let (_, employee) = load_visible::<Employee>(&state, &caller, id.0, EMPLOYEE_READ).await?;
        Ok(Json(employee))
    }

    /// Vendor by id, the common part
    ///
    /// Navigation history shows vend_name, vend_code. Records of other clients, or of sites the caller may not use,
    /// answer 404.
    #[requires("ViewVendors", errors(404))]
    #[oai(path = "/Vendor/Common/:id", method = "get", operation_id = "vendorGetCommonById")]
    async fn vendor(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<Vendor>> {
        let (_, vendor) = load_visible::<Vendor>(&state, &caller, id.0, VENDOR_READ).await?;
        Ok(Json(vendor))
    }

    /// Tracking code by id
    ///
    /// Navigation history shows trackingNumber. Records of other clients, or of sites the caller may not use, answer
    /// 404.
    #[requires("BasicAccess", errors(404))]
    #[oai(path = "/TrackingCode/:id", method = "get", operation_id = "trackingCodeGetById")]
    async fn tracking_code(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<TrackingCode>> {
        let (_, code) = load_visible::<TrackingCode>(&state, &caller, id.0, TRACKING_CODE_READ).await?;
        Ok(Json(code))
    }
}
