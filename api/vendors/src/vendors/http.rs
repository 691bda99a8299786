//! Operations of the vendor resource (spec 4 section 7 "Vendors"; docs/vendors.md). Every read at a site applies
//! the vendor rule (`vendor_at_site`) and the caller's vendor restrictions: another client's or another ERP
//! company's vendor answers 404.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::*;
use super::blocks::{self, Block};
use super::service::{self, Kind};

pub struct VendorApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Vendor")]
impl VendorApi {
    /// Vendor hover card
    ///
    /// The vendor and manufacturer pop-up: name, code, address, phone, terms, hold, VMI, preferred at this site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Hover/:id", method = "get", operation_id = "vendorGetHoverById")]
    async fn hover(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<VendorHover>> {
        Ok(Json(service::hover(&state, &caller, &scope, id.0, false).await?))
    }
    /// Vendor hover card with its buyer
    ///
    /// The hover card plus the vendor's buyer (name and email).
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Hover/Buyer/:id", method = "get", operation_id = "vendorGetHoverBuyerById")]
    async fn hover_buyer(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<VendorHover>> {
        Ok(Json(service::hover(&state, &caller, &scope, id.0, true).await?))
    }
    /// Vendor by id, the common part
    ///
    /// Navigation history shows vend_name, vend_code. Records of other clients, of other ERP companies, or outside the
    /// caller's vendor restrictions answer 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Common/:id", method = "get", operation_id = "vendorGetCommonById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Vendor>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }
    /// Vendor by code, the common part
    ///
    /// The code is resolved at the current site (the vendor rule).
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Common/ERPVendCode/:code", method = "get", operation_id = "vendorGetCommonERPVendCodeByCode")]
    async fn common_by_code(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<Vendor>> {
        Ok(Json(service::common_by_code(&state, &caller, &scope, &code.0).await?))
    }
    /// One change of a vendor
    ///
    /// The audit event (who, acting as whom, when, what changed) of a vendor seen at the current site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Audit/Detail/:auditId", method = "get", operation_id = "vendorGetAuditDetailByAuditId")]
    async fn audit_detail(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, #[oai(name = "auditId")] audit_id: Path<i64>) -> ApiResult<Json<VendorAuditDetail>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, audit_id.0).await?))
    }
    /// One change of a vendor's site record
    ///
    /// The audit event of a vendor_site record of the current site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/VendorSite/Audit/Detail/:auditId", method = "get", operation_id = "vendorGetVendorSiteAuditDetailByAuditId")]
    async fn vendor_site_audit_detail(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, #[oai(name = "auditId")] audit_id: Path<i64>) -> ApiResult<Json<VendorAuditDetail>> {
        Ok(Json(service::vendor_site_audit_detail(&state, &caller, &scope, audit_id.0).await?))
    }
    /// The vendor and manufacturer route guard's look-up
    ///
    /// 404 when the vendor is not visible at the current site (ERP type, company, VMI ERP type; restrictions);
    /// `is_manufacturer` decides the manufacturer route.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/VendorCode/:code", method = "get", operation_id = "vendorGetVendorCodeByCode")]
    async fn vendor_code(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<VendorCodeAnswer>> {
        Ok(Json(service::vendor_code(&state, &caller, &scope, &code.0).await?))
    }
    /// Header block of a vendor
    ///
    /// By vendor code at the current site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Header/:code", method = "get", operation_id = "vendorGetHeaderByCode")]
    async fn header(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<VendorHeader>> {
        Ok(Json(service::block(&state, &caller, &scope, &code.0, blocks::header_of).await?))
    }
    /// Billing block of a vendor
    ///
    /// By vendor code at the current site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Billing/:code", method = "get", operation_id = "vendorGetBillingByCode")]
    async fn billing(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<VendorBilling>> {
        Ok(Json(service::block(&state, &caller, &scope, &code.0, blocks::billing_of).await?))
    }
    /// Location block (address) of a vendor
    ///
    /// By vendor code at the current site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Location/:code", method = "get", operation_id = "vendorGetLocationByCode")]
    async fn location(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<VendorLocation>> {
        Ok(Json(service::block(&state, &caller, &scope, &code.0, blocks::location_of).await?))
    }
    /// Accounting-system (NetSuite) block of a vendor
    ///
    /// By vendor code at the current site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/NetSuite/:code", method = "get", operation_id = "vendorGetNetSuiteByCode")]
    async fn netsuite(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<VendorNetSuite>> {
        Ok(Json(service::block(&state, &caller, &scope, &code.0, blocks::netsuite_of).await?))
    }
    /// Miscellaneous block of a vendor
    ///
    /// By vendor code at the current site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Miscellaneous/:code", method = "get", operation_id = "vendorGetMiscellaneousByCode")]
    async fn miscellaneous(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<VendorMiscellaneous>> {
        Ok(Json(service::block(&state, &caller, &scope, &code.0, blocks::miscellaneous_of).await?))
    }
    /// Identification block of a vendor
    ///
    /// By vendor code at the current site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Identification/:code", method = "get", operation_id = "vendorGetIdentificationByCode")]
    async fn identification(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<VendorIdentification>> {
        Ok(Json(service::block(&state, &caller, &scope, &code.0, blocks::identification_of).await?))
    }
    /// Remit-to vendors a vendor may name
    ///
    /// Vendors flagged remit-to of the same ERP type and company, visible at the site, whose code or name starts with
    /// `x` (`*`: all); at most 100, by code.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/RemitTo/:code/:x", method = "get", operation_id = "vendorGetRemitToByCodeAndX")]
    async fn remit_to_candidates(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>, x: Path<String>) -> ApiResult<Json<Vec<Vendor>>> {
        Ok(Json(service::remit_to_candidates(&state, &caller, &scope, &code.0, &x.0).await?))
    }
    /// Set-up block of a vendor
    ///
    /// Read only: VMI, ERP type, hold, flags, shared vendor. The flags change through the header block.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/SetUpData/:code", method = "get", operation_id = "vendorGetSetUpDataByCode")]
    async fn set_up(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<VendorSetUp>> {
        Ok(Json(service::set_up(&state, &caller, &scope, &code.0).await?))
    }
    /// The vendor of a CIP
    ///
    /// The CIP (cip_no) of the current site and its vendor as the site sees it.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Common/CIP/:cip", method = "get", operation_id = "vendorGetCommonCIPByCip")]
    async fn common_by_cip(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip: Path<i64>) -> ApiResult<Json<Vendor>> {
        Ok(Json(service::common_by_cip(&state, &caller, &scope, cip.0).await?))
    }
    /// The non-consigned counterpart of a vendor
    ///
    /// Path: vendor code, then site id (the current site; any other answers 404). The vendor named by its
    /// nonconsigned_vend_code, or the vendor itself when it names none.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Common/NonConsigned/:a/:b", method = "get", operation_id = "vendorGetCommonNonConsignedByAAndB")]
    async fn non_consigned(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, a: Path<String>, b: Path<i64>) -> ApiResult<Json<Vendor>> {
        Ok(Json(service::non_consigned(&state, &caller, &scope, &a.0, b.0).await?))
    }
    /// Where a vendor's payments go
    ///
    /// Its remit-to vendor, or the vendor itself when it names none.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/RemitTo/VendorCode/:code", method = "get", operation_id = "vendorGetRemitToVendorCodeByCode")]
    async fn remit_to_of(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, code: Path<String>) -> ApiResult<Json<Vendor>> {
        Ok(Json(service::remit_to_of(&state, &caller, &scope, &code.0).await?))
    }
    /// Add a vendor
    ///
    /// The new-vendor payload; the vendor takes the current site's ERP type and company and gets the site's vendor
    /// record. Without vend_code the next free number (from 10000) of that ERP type and company is given.
    #[requires(UpdateVendor, errors(409))]
    #[oai(path = "/Vendor/Insert", method = "post", operation_id = "vendorPostInsert")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<NewVendor>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::insert(&state, &caller, &scope, &body, Kind::Plain).await?))
    }
    /// Add a VMI vendor
    ///
    /// As Insert, with the site's VMI ERP type and no company (400 on site_code when the site has no VMI ERP type).
    #[requires(UpdateVendor, errors(409))]
    #[oai(path = "/Vendor/InsertVMI", method = "post", operation_id = "vendorPostInsertVMI")]
    async fn insert_vmi(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<NewVendor>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::insert(&state, &caller, &scope, &body, Kind::Vmi).await?))
    }
    /// Add a NetSuite vendor
    ///
    /// As Insert, at a NetSuite site (400 on site_code otherwise), with the accounting-system fields.
    #[requires(AddUpdateNetSuiteVendor, errors(409))]
    #[oai(path = "/Vendor/InsertNetSuite", method = "post", operation_id = "vendorPostInsertNetSuite")]
    async fn insert_netsuite(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<NewVendor>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::insert(&state, &caller, &scope, &body, Kind::NetSuite).await?))
    }
    /// Vendor search
    ///
    /// The paged envelope and the filters of VendorSearchRequest at the current site; hidden vendors only with
    /// show_hidden; no_site_filter and ignore_restrictions need VendorSearchAllSites (403). Sortable: the list row's
    /// vend_code, vend_name, cust_code, cust_vendor_number, city, state, postal_code, terms_code, vmi, division_no,
    /// company, hold, erp_type_id, active, preferred, corporate_preferred, diverse_supplier, is_hidden, is_manufacturer,
    /// shared_vendor_name.
    #[requires(ViewVendors)]
    #[oai(path = "/Vendor/GetBySearchCriteria", method = "post", operation_id = "vendorPostGetBySearchCriteria")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorSearchRequest>) -> ApiResult<Json<VendorPage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }
    /// Vendor quick search
    ///
    /// The vendor search with the quick filters (criteria: code, name or customer vendor number containing the text;
    /// mfg, vmi, isOEM, erp_type_id, division_no, company, vmi_erp_type_id, cust_code, currency_code_type_id,
    /// consigned_vmi, remit_to_only).
    #[requires(ViewVendors)]
    #[oai(path = "/Vendor/GetByQuickSearchCriteria", method = "post", operation_id = "vendorPostGetByQuickSearchCriteria")]
    async fn quick_search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorSearchRequest>) -> ApiResult<Json<VendorPage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }
    /// Change a vendor's header block
    ///
    /// The whole vendor is validated as changed (Vendor/Validate's rules); the change is audited.
    #[requires(UpdateVendor, errors(404))]
    #[oai(path = "/Vendor/VendorHeader/Update", method = "post", operation_id = "vendorPostVendorHeaderUpdate")]
    async fn update_header(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorHeader>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::update_block(&state, &caller, &scope, Block::Header(&body)).await?))
    }
    /// Change a vendor's location block
    ///
    /// The whole vendor is validated as changed (Vendor/Validate's rules); the change is audited.
    #[requires(UpdateVendor, errors(404))]
    #[oai(path = "/Vendor/VendorLocation/Update", method = "post", operation_id = "vendorPostVendorLocationUpdate")]
    async fn update_location(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorLocation>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::update_block(&state, &caller, &scope, Block::Location(&body)).await?))
    }
    /// Change a vendor's identification block
    ///
    /// The whole vendor is validated as changed (Vendor/Validate's rules); the change is audited.
    #[requires(UpdateVendor, errors(404))]
    #[oai(path = "/Vendor/VendorIdentification/Update", method = "post", operation_id = "vendorPostVendorIdentificationUpdate")]
    async fn update_identification(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorIdentification>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::update_block(&state, &caller, &scope, Block::Identification(&body)).await?))
    }
    /// Change a vendor's billing block
    ///
    /// The whole vendor is validated as changed (Vendor/Validate's rules); the change is audited.
    #[requires(UpdateVendor, errors(404))]
    #[oai(path = "/Vendor/VendorBilling/Update", method = "post", operation_id = "vendorPostVendorBillingUpdate")]
    async fn update_billing(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorBilling>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::update_block(&state, &caller, &scope, Block::Billing(&body)).await?))
    }
    /// Change a vendor's miscellaneous block
    ///
    /// The whole vendor is validated as changed (Vendor/Validate's rules); the change is audited.
    #[requires(UpdateVendor, errors(404))]
    #[oai(path = "/Vendor/VendorMiscellaneous/Update", method = "post", operation_id = "vendorPostVendorMiscellaneousUpdate")]
    async fn update_miscellaneous(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorMiscellaneous>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::update_block(&state, &caller, &scope, Block::Miscellaneous(&body)).await?))
    }
    /// Change a vendor's accounting-system (NetSuite) block
    ///
    /// The whole vendor is validated as changed (Vendor/Validate's rules); the change is audited.
    #[requires(AddUpdateNetSuiteVendor, errors(404))]
    #[oai(path = "/Vendor/VendorNetSuite/Update", method = "post", operation_id = "vendorPostVendorNetSuiteUpdate")]
    async fn update_netsuite(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorNetSuite>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::update_block(&state, &caller, &scope, Block::NetSuite(&body)).await?))
    }
    /// Hide or show a vendor
    ///
    /// The body's vend_id must be the path's id (400 otherwise). Hidden vendors leave the searches unless asked for.
    #[requires(UpdateVendor, errors(404))]
    #[oai(path = "/Vendor/UpdateHidden/:id", method = "post", operation_id = "vendorPostUpdateHiddenById")]
    async fn update_hidden(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>, body: Json<HiddenUpdate>) -> ApiResult<Json<VendorSaved>> {
        Ok(Json(service::update_hidden(&state, &caller, &scope, id.0, &body).await?))
    }
    /// Validate a new vendor
    ///
    /// What Insert (InsertVMI with `vmi`) would refuse, every problem at once: duplicate code at the ERP type and
    /// company, 'You must select a Diversity Type.', tax id, address (state of the country, US/CA postal codes),
    /// unknown list values. Nothing is saved.
    #[requires(UpdateVendor)]
    #[oai(path = "/Vendor/Vendor/Validate", method = "post", operation_id = "vendorPostVendorValidate")]
    async fn validate(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorValidateRequest>) -> ApiResult<Json<VendorValid>> {
        Ok(Json(service::validate_new(&state, &caller, &scope, &body).await?))
    }
}
