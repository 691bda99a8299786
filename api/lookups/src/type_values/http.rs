//! Operations of the reference lists (spec 4 "Type lookups", api/V1/Type; docs/type-lists.md). Every one answers
//! `TypeValue`s ordered by sort order then description; reading needs basic access at the current site.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use tenancy::SiteScope;

use super::model::TypeValue;
use super::service::{self, Include};

pub struct TypeApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Type", tag = "ApiTags::Type")]
impl TypeApi {
    /// States and provinces
    ///
    /// US states, DC, territories and Canadian provinces and territories (ISO 3166-2): `code` 'TX', `description2` the country's alpha-2 code. Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/States", method = "get", operation_id = "typeGetStates")]
    async fn states(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "State", Include::Active).await?))
    }

    /// All states and provinces
    ///
    /// As States, including deactivated values (`isActive` false) that older records may still carry.
    #[requires(BasicAccess)]
    #[oai(path = "/GetAllStates", method = "get", operation_id = "typeGetAllStates")]
    async fn all_states(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "State", Include::All).await?))
    }

    /// Clients
    ///
    /// valueID is the client id, `code` its code: every active client for a provider administrator (FSSConnectAdmin or SuperUserAdmin at the current site), else the clients of the caller's sites.
    #[requires(BasicAccess)]
    #[oai(path = "/GetAllClientIDs", method = "get", operation_id = "typeGetAllClientIDs")]
    async fn all_client_ids(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::clients(&state, &caller).await?))
    }

    /// Currencies
    ///
    /// ISO 4217: valueID the numeric code (USD 840), `code` the alpha-3 code. Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Currency", method = "get", operation_id = "typeGetCurrency")]
    async fn currency(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "Currency", Include::Active).await?))
    }

    /// All currencies
    ///
    /// As Currency, including deactivated values (ISO codes for testing, precious metals, ...) that older records may still carry.
    #[requires(BasicAccess)]
    #[oai(path = "/AllCurrency", method = "get", operation_id = "typeGetAllCurrency")]
    async fn all_currency(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "Currency", Include::All).await?))
    }

    /// Ship methods
    ///
    /// The ship methods for every site, ERP type and ecs (values limited to one are answered by the variants).
    #[requires(BasicAccess)]
    #[oai(path = "/ShipMethods", method = "get", operation_id = "typeGetShipMethods")]
    async fn ship_methods(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "ShipMethod", Include::Active).await?))
    }

    /// Ship methods of a site
    ///
    /// The ship methods for every site plus those of site `site` and of its ERP type. A site the caller may not use answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/ShipMethods/Site/:site", method = "get", operation_id = "typeGetShipMethodsSiteBySite")]
    async fn ship_methods_by_site(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site: Path<i64>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::at_site(&state, &caller, &scope, "ShipMethod", site.0).await?))
    }

    /// Ship methods of an ERP type
    ///
    /// The ship methods for every ERP type plus those of ERP type `erpType` (an 'ERPType' value id, else 404).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/ShipMethods/ERPType/:erpType", method = "get", operation_id = "typeGetShipMethodsERPTypeByErpType")]
    async fn ship_methods_by_erp_type(&self, state: Data<&AppState>, #[oai(name = "erpType")] erp_type: Path<i32>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::for_erp_type(&state, "ShipMethod", erp_type.0).await?))
    }

    /// Ship methods of a site ERP or customer code
    ///
    /// The ship methods for every ecs plus those of ecs `ecs`.
    #[requires(BasicAccess)]
    #[oai(path = "/ShipMethods/Ecs/:ecs", method = "get", operation_id = "typeGetShipMethodsEcsByEcs")]
    async fn ship_methods_by_ecs(&self, state: Data<&AppState>, ecs: Path<i64>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::for_ecs(&state, "ShipMethod", ecs.0).await?))
    }

    /// Vendor hold codes
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/VendorHold", method = "get", operation_id = "typeGetVendorHold")]
    async fn vendor_hold(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "VendorHold", Include::Active).await?))
    }

    /// Vendor hold methods
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/VendorHoldMethods", method = "get", operation_id = "typeGetVendorHoldMethods")]
    async fn vendor_hold_methods(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "VendorHoldMethod", Include::Active).await?))
    }

    /// ERP codes shown in audits
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/ERPCodesForAudit", method = "get", operation_id = "typeGetERPCodesForAudit")]
    async fn erp_codes_for_audit(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "ERPCodeForAudit", Include::Active).await?))
    }

    /// Vendor diversity types
    ///
    /// Active values; `description2` the certification's usual abbreviation.
    #[requires(BasicAccess)]
    #[oai(path = "/VendorDiversity", method = "get", operation_id = "typeGetVendorDiversity")]
    async fn vendor_diversity(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "VendorDiversity", Include::Active).await?))
    }

    /// All vendor diversity types
    ///
    /// As VendorDiversity, including deactivated values that older records may still carry.
    #[requires(BasicAccess)]
    #[oai(path = "/AllVendorDiversity", method = "get", operation_id = "typeGetAllVendorDiversity")]
    async fn all_vendor_diversity(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "VendorDiversity", Include::All).await?))
    }

    /// Advance ship notice actions
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/ASNAction", method = "get", operation_id = "typeGetASNAction")]
    async fn asn_action(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "ASNAction", Include::Active).await?))
    }

    /// All advance ship notice actions
    ///
    /// As ASNAction, including deactivated values that older records may still carry.
    #[requires(BasicAccess)]
    #[oai(path = "/AllASNAction", method = "get", operation_id = "typeGetAllASNAction")]
    async fn all_asn_action(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "ASNAction", Include::All).await?))
    }

    /// Consigned pay schedules
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/ConsignedPaySchedule", method = "get", operation_id = "typeGetConsignedPaySchedule")]
    async fn consigned_pay_schedule(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "ConsignedPaySchedule", Include::Active).await?))
    }

    /// Freight terms
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/FreightTerms", method = "get", operation_id = "typeGetFreightTerms")]
    async fn freight_terms(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "FreightTerms", Include::Active).await?))
    }

    /// Payment terms
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Terms", method = "get", operation_id = "typeGetTerms")]
    async fn terms(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "Terms", Include::Active).await?))
    }

    /// Pre-repair form templates
    ///
    /// Active values of the 'FormTemplate' list.
    #[requires(BasicAccess)]
    #[oai(path = "/PreRepairFormTemplates", method = "get", operation_id = "typeGetPreRepairFormTemplates")]
    async fn pre_repair_form_templates(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "FormTemplate", Include::Active).await?))
    }

    /// Countries
    ///
    /// ISO 3166-1: valueID the numeric code (US 840), `code` the alpha-2 code, `description2` the alpha-3 code. Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Country", method = "get", operation_id = "typeGetCountry")]
    async fn country(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "Country", Include::Active).await?))
    }

    /// ERP companies
    ///
    /// The ERP companies of the current site's client (read from its sites): `code` the company as records store it, valueID its ERP type, `description2` the ERP type's name.
    #[requires(BasicAccess)]
    #[oai(path = "/Company", method = "get", operation_id = "typeGetCompany")]
    async fn company(&self, state: Data<&AppState>, scope: Data<&SiteScope>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::companies(&state, &scope).await?))
    }

    /// Trilogie logons of a site
    ///
    /// The 'TrilogieLogon' values for every site plus those of site `site` and of its ERP type. A site the caller may not use answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/TrilogieLogon/:site", method = "get", operation_id = "typeGetTrilogieLogonBySite")]
    async fn trilogie_logon_by_site(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site: Path<i64>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::at_site(&state, &caller, &scope, "TrilogieLogon", site.0).await?))
    }

    /// Replenishment types
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Replenishment", method = "get", operation_id = "typeGetReplenishment")]
    async fn replenishment(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "Replenishment", Include::Active).await?))
    }

    /// Station types
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/StationTypes", method = "get", operation_id = "typeGetStationTypes")]
    async fn station_types(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "StationType", Include::Active).await?))
    }

    /// Over, short and damaged reasons
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/OSD/Reason", method = "get", operation_id = "typeGetOSDReason")]
    async fn osd_reason(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "OSDReason", Include::Active).await?))
    }

    /// Over, short and damaged statuses
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/OSD/Status", method = "get", operation_id = "typeGetOSDStatus")]
    async fn osd_status(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "OSDStatus", Include::Active).await?))
    }

    /// Workflow defaults of a site
    ///
    /// The 'WorkflowDefault' values for every site plus those of site `site` and of its ERP type. A site the caller may not use answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Workflow/Default/:site", method = "get", operation_id = "typeGetWorkflowDefaultBySite")]
    async fn workflow_default_by_site(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site: Path<i64>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::at_site(&state, &caller, &scope, "WorkflowDefault", site.0).await?))
    }

    /// Workflow types
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Workflow/Types", method = "get", operation_id = "typeGetWorkflowTypes")]
    async fn workflow_types(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "WorkflowType", Include::Active).await?))
    }

    /// Workflow template member kinds
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Workflow/Template/Member", method = "get", operation_id = "typeGetWorkflowTemplateMember")]
    async fn workflow_template_member(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "WorkflowTemplateMember", Include::Active).await?))
    }

    /// Workflow approval groups
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Workflow/ApprovalGroup", method = "get", operation_id = "typeGetWorkflowApprovalGroup")]
    async fn workflow_approval_group(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "WorkflowApprovalGroup", Include::Active).await?))
    }

    /// ERP types
    ///
    /// The 'ERPType' list (not editable: the product depends on these ids): None 0, Enterprise 1, SXE 2, FreescaleSAP 3, Trilogie 4, TrilogieWD 5, TrilogieIntegrated 6, NetSuite 7.
    #[requires(BasicAccess)]
    #[oai(path = "/ERP", method = "get", operation_id = "typeGetERP")]
    async fn erp(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "ERPType", Include::Active).await?))
    }

    /// Delivery locations
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/DeliveryLocation", method = "get", operation_id = "typeGetDeliveryLocation")]
    async fn delivery_location(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "DeliveryLocation", Include::Active).await?))
    }

    /// Requisition hold reasons
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Requisition/Hold/Reason", method = "get", operation_id = "typeGetRequisitionHoldReason")]
    async fn requisition_hold_reason(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "RequisitionHoldReason", Include::Active).await?))
    }

    /// Item change requisition reasons
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Requisition/IC/Reason", method = "get", operation_id = "typeGetRequisitionICReason")]
    async fn requisition_ic_reason(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "RequisitionICReason", Include::Active).await?))
    }

    /// Warehouses
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/Warehouse", method = "get", operation_id = "typeGetWarehouse")]
    async fn warehouse(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "Warehouse", Include::Active).await?))
    }

    /// Packs by code
    ///
    /// The active packs (units of measure) whose code starts with `x`, ignoring case ('B' answers BX and BG).
    #[requires(BasicAccess)]
    #[oai(path = "/Pack/:x", method = "get", operation_id = "typeGetPackByX")]
    async fn pack_by_x(&self, state: Data<&AppState>, x: Path<String>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::packs_by_code(&state, &x.0).await?))
    }

    /// Packs by description
    ///
    /// The active packs whose description contains `x`, ignoring case.
    #[requires(BasicAccess)]
    #[oai(path = "/Pack/Description/:x", method = "get", operation_id = "typeGetPackDescriptionByX")]
    async fn pack_description_by_x(&self, state: Data<&AppState>, x: Path<String>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::packs_by_description(&state, &x.0).await?))
    }

    /// Historic price methods of a site
    ///
    /// The active historic price methods site `site` offers. A site the caller may not use answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/HistoricPriceMethodSite/:site", method = "get", operation_id = "typeGetHistoricPriceMethodSiteBySite")]
    async fn historic_price_method_site_by_site(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site: Path<i64>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::historic_methods_of_site(&state, &caller, &scope, site.0).await?))
    }

    /// Special pricing agreement types
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/SPATypes", method = "get", operation_id = "typeGetSPATypes")]
    async fn spa_types(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "SPAType", Include::Active).await?))
    }

    /// Advance delivery notice types
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/ADNTypes", method = "get", operation_id = "typeGetADNTypes")]
    async fn adn_types(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "ADNType", Include::Active).await?))
    }

    /// Price code lists of a site
    ///
    /// The 'PCList' values for every site plus those of site `site_id` (default: the current site) and of its ERP type. A site the caller may not use answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/PCList", method = "get", operation_id = "typeGetPCList")]
    async fn pc_list(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Query<Option<i64>>) -> ApiResult<Json<Vec<TypeValue>>> {
        let site_id = site_id.0.unwrap_or(scope.site_id());
        Ok(Json(service::at_site(&state, &caller, &scope, "PCList", site_id).await?))
    }

    /// Request types
    ///
    /// Active values of the 'RequestType' list.
    #[requires(BasicAccess)]
    #[oai(path = "/RequestList", method = "get", operation_id = "typeGetRequestList")]
    async fn request_list(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "RequestType", Include::Active).await?))
    }

    /// Message types
    ///
    /// Active values of the 'MessageType' list.
    #[requires(BasicAccess)]
    #[oai(path = "/MessageTypeList", method = "get", operation_id = "typeGetMessageTypeList")]
    async fn message_type_list(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "MessageType", Include::Active).await?))
    }

    /// Preferred supplier levels
    ///
    /// Active values of the 'PreferredSupplier' list.
    #[requires(BasicAccess)]
    #[oai(path = "/PreferredSupplierList", method = "get", operation_id = "typeGetPreferredSupplierList")]
    async fn preferred_supplier_list(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "PreferredSupplier", Include::Active).await?))
    }

    /// Sourcing managers
    ///
    /// Active values of the 'SourceManager' list.
    #[requires(BasicAccess)]
    #[oai(path = "/SourceManagerList", method = "get", operation_id = "typeGetSourceManagerList")]
    async fn source_manager_list(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "SourceManager", Include::Active).await?))
    }

    /// RFQ triage statuses
    ///
    /// Active values.
    #[requires(BasicAccess)]
    #[oai(path = "/RFQTriageStatus", method = "get", operation_id = "typeGetRFQTriageStatus")]
    async fn rfq_triage_status(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "RFQTriageStatus", Include::Active).await?))
    }

    /// Shared vendor lists
    ///
    /// The active values of every shared-vendor list (SharedVendorContactType, SharedVendorGrade, SharedVendorMarketType, SharedVendorIncentiveType, SharedVendorPayTerms), list by list: `typeID` names the list.
    #[requires(BasicAccess)]
    #[oai(path = "/SharedVendor", method = "get", operation_id = "typeGetSharedVendorTypeLists")]
    async fn shared_vendor_type_lists(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::shared_vendor_lists(&state).await?))
    }

    /// Debit memo reasons of an ERP type
    ///
    /// The debit memo reasons for every ERP type plus those of ERP type `x` (an 'ERPType' value id, else 404); `code` is the short code.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/GetDebitMemoReasonShortCodeList/:x", method = "get", operation_id = "typeGetDebitMemoReasonShortCodeListByX")]
    async fn debit_memo_reason_short_code_list_by_x(&self, state: Data<&AppState>, x: Path<i32>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::for_erp_type(&state, "DebitMemoReason", x.0).await?))
    }

    /// Market types
    ///
    /// Active values of the 'MarketType' list.
    #[requires(BasicAccess)]
    #[oai(path = "/GetMarketTypes", method = "get", operation_id = "typeGetMarketTypes")]
    async fn market_types(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "MarketType", Include::Active).await?))
    }

    /// Customer credit types
    ///
    /// Active values of the 'CustomerCreditType' list.
    #[requires(BasicAccess)]
    #[oai(path = "/GetCustomerCreditTypeList", method = "get", operation_id = "typeGetCustomerCreditTypeList")]
    async fn customer_credit_type_list(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "CustomerCreditType", Include::Active).await?))
    }
}

/// The vendor screens' diversity picker (VND-006), answered from the same 'VendorDiversity' list.
pub struct VendorTypeApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Vendor", tag = "ApiTags::Type")]
impl VendorTypeApi {
    /// Vendor diversity types
    ///
    /// The active 'VendorDiversity' values, as `GET api/V1/Type/VendorDiversity` answers them.
    #[requires(BasicAccess)]
    #[oai(path = "/GetVendorDiversityTypes", method = "get", operation_id = "vendorGetVendorDiversityTypes")]
    async fn vendor_diversity_types(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::list(&state, "VendorDiversity", Include::Active).await?))
    }
}
