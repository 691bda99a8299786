//! Operations of the Transaction resource (spec 4 Transaction, TRN-001..018) and the movements that post stock
//! (spec 4 names none; docs/stock-ledger.md "Movement operations").

use api_macros::guarded;
use chrono::NaiveDate;
use kernel::access::Caller;
use kernel::audit::AuditDetail;
use kernel::error::{ApiError, ApiResult};
use kernel::export::XlsxFile;
use kernel::listing::PageRequest;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::*;
use super::service;
use crate::ledger::service::ReverseKind;

pub struct TransactionApi;

/// The GET searches' query parameters.
#[derive(Default)]
struct SearchQuery {
    start_date: Option<NaiveDate>,
    end_date: Option<NaiveDate>,
    trans_code: Option<String>,
    cip_no: Option<i64>,
    cid_no: Option<i64>,
    employee_number: Option<String>,
    tracking: Option<String>,
    req_no: Option<String>,
    po_no: Option<String>,
}

fn filter_of(q: SearchQuery) -> ApiResult<TransactionFilter> {
    let codes = match q.trans_code.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => {
            let mut out = Vec::new();
            for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let code = part.parse::<i32>().ok().or_else(|| crate::ledger::codes::TransCode::parse(part).map(|c| c.id()));
                match code {
                    Some(c) => out.push(c),
                    None => return Err(ApiError::invalid("trans_code", "invalid", &format!("{part} is not a transaction code."))),
                }
            }
            Some(out)
        }
    };
    Ok(TransactionFilter {
        start_date: q.start_date,
        end_date: q.end_date,
        trans_codes: codes,
        cip_no: q.cip_no,
        cid_no: q.cid_no,
        employee_number: q.employee_number,
        tracking: q.tracking,
        req_no: q.req_no,
        po_no: q.po_no,
        ..Default::default()
    })
}

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Stock")]
impl TransactionApi {
    /// Transaction by id
    ///
    /// One ledger row (spec 4 section 3 Transaction) with quantity on hand before and after. Costs are null
    /// without InvFISPrice. A row of another client, or of a site the caller may not use, answers 404.
    #[requires(TransactionView, errors(404))]
    #[oai(path = "/Transaction/:id", method = "get", operation_id = "transactionGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Transaction>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }

    /// Transaction types (the code table)
    ///
    /// Every transaction code of spec 1 section 4 with its effect on each CIP quantity column (factor per unit),
    /// on usage, whether it may take on hand below zero, whether it moves the average cost and how it is reversed.
    #[requires(TransactionView)]
    #[oai(path = "/Transaction/Type", method = "get", operation_id = "transactionGetType")]
    async fn types(&self) -> ApiResult<Json<Vec<TransactionType>>> {
        Ok(Json(service::types()))
    }

    /// Transactions by a list of ids
    ///
    /// `x`: tran ids separated by commas (1 to 200). Answers those of the current site (Min1 shape), by id;
    /// unknown ids are left out.
    #[requires(TransactionView)]
    #[oai(path = "/Transaction/GetListTranID/:x", method = "get", operation_id = "transactionGetListTranIDByX")]
    async fn by_ids(&self, state: Data<&AppState>, scope: Data<&SiteScope>, #[oai(validator(max_length = 4000))] x: Path<String>) -> ApiResult<Json<Vec<TransactionMin1>>> {
        Ok(Json(service::by_ids(&state, &scope, &x.0).await?))
    }

    /// Transaction detail (V2)
    ///
    /// The row, the rows linked to it (its reversal, the row it reverses, its transfer pair), the CIP's quantities
    /// now, and whether (and how) it may be reversed.
    #[requires(TransactionView, errors(404))]
    #[oai(path = "/Transaction/V2/:id", method = "get", operation_id = "transactionGetV2ById")]
    async fn get_v2(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<TransactionV2>> {
        Ok(Json(service::get_v2(&state, &caller, &scope, id.0).await?))
    }

    /// Transaction (Min1)
    #[requires(TransactionView, errors(404))]
    #[oai(path = "/Transaction/Min1/:id", method = "get", operation_id = "transactionGetMin1ById")]
    async fn get_min1(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<TransactionMin1>> {
        Ok(Json(service::get_min1(&state, &caller, &scope, id.0).await?))
    }

    /// Transaction search (GET)
    ///
    /// Paged (pageNumber, pageSize, sortField, sortDirection; default newest first). Filters: start_date and
    /// end_date (inclusive days; default the last 30 days unless a CIP, requisition or PO is named), trans_code
    /// (numbers or names, comma-separated), cip_no, cid_no, employeeNumber, tracking (any level), req_no, po_no.
    #[requires(TransactionView)]
    #[oai(path = "/Transaction/Search", method = "get", operation_id = "transactionGetSearch")]
    #[allow(clippy::too_many_arguments)]
    async fn search_get(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        start_date: Query<Option<NaiveDate>>,
        end_date: Query<Option<NaiveDate>>,
        #[oai(validator(max_length = 200))] trans_code: Query<Option<String>>,
        cip_no: Query<Option<i64>>,
        cid_no: Query<Option<i64>>,
        #[oai(name = "employeeNumber", validator(max_length = 50))] employee_number: Query<Option<String>>,
        #[oai(validator(max_length = 100))] tracking: Query<Option<String>>,
        #[oai(validator(max_length = 100))] req_no: Query<Option<String>>,
        #[oai(validator(max_length = 100))] po_no: Query<Option<String>>,
        #[oai(name = "pageNumber")] page_number: Query<Option<i64>>,
        #[oai(name = "pageSize")] page_size: Query<Option<i64>>,
        #[oai(name = "sortField", validator(max_length = 50))] sort_field: Query<Option<String>>,
        #[oai(name = "sortDirection", validator(max_length = 4))] sort_direction: Query<Option<String>>,
    ) -> ApiResult<Json<TransactionPage>> {
        let page = PageRequest::from_query(page_number.0, page_size.0, sort_field.0, sort_direction.0).resolve(&SORT)?;
        let filter = filter_of(SearchQuery {
            start_date: start_date.0,
            end_date: end_date.0,
            trans_code: trans_code.0,
            cip_no: cip_no.0,
            cid_no: cid_no.0,
            employee_number: employee_number.0,
            tracking: tracking.0,
            req_no: req_no.0,
            po_no: po_no.0,
        })?;
        Ok(Json(service::search(&state, &caller, &scope, &filter, &page).await?))
    }

    /// Transaction search (Min1)
    ///
    /// The GET search's parameters; rows in the Min1 shape.
    #[requires(TransactionView)]
    #[oai(path = "/Transaction/Min1/Search", method = "get", operation_id = "transactionGetMin1Search")]
    #[allow(clippy::too_many_arguments)]
    async fn search_min1(
        &self,
        state: Data<&AppState>,
        scope: Data<&SiteScope>,
        start_date: Query<Option<NaiveDate>>,
        end_date: Query<Option<NaiveDate>>,
        #[oai(validator(max_length = 200))] trans_code: Query<Option<String>>,
        cip_no: Query<Option<i64>>,
        cid_no: Query<Option<i64>>,
        #[oai(name = "employeeNumber", validator(max_length = 50))] employee_number: Query<Option<String>>,
        #[oai(name = "pageNumber")] page_number: Query<Option<i64>>,
        #[oai(name = "pageSize")] page_size: Query<Option<i64>>,
        #[oai(name = "sortField", validator(max_length = 50))] sort_field: Query<Option<String>>,
        #[oai(name = "sortDirection", validator(max_length = 4))] sort_direction: Query<Option<String>>,
    ) -> ApiResult<Json<TransactionMin1Page>> {
        let page = PageRequest::from_query(page_number.0, page_size.0, sort_field.0, sort_direction.0).resolve(&SORT)?;
        let filter = filter_of(SearchQuery {
            start_date: start_date.0,
            end_date: end_date.0,
            trans_code: trans_code.0,
            cip_no: cip_no.0,
            cid_no: cid_no.0,
            employee_number: employee_number.0,
            ..Default::default()
        })?;
        Ok(Json(service::search_min1(&state, &scope, &filter, &page).await?))
    }

    /// Last receipt price of a CIP
    ///
    /// The newest receipt (REC, not reversed) of the CIP: its unit cost (null without InvFISPrice), date,
    /// quantity and PO; all null when the CIP was never received. A CIP not at the current site answers 404.
    #[requires(TransactionView, errors(404))]
    #[oai(path = "/Transaction/CustLastRecPrice", method = "get", operation_id = "transactionGetCustLastRecPrice")]
    async fn last_rec_price(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Query<i64>) -> ApiResult<Json<LastReceiptPrice>> {
        Ok(Json(service::last_receipt_price(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Invoice of a transaction
    ///
    /// Invoices come with a later issue: today `invoiced` is false and the answer carries the transaction's own
    /// selling price and extended price.
    #[requires(TransactionView, errors(404))]
    #[oai(path = "/Transaction/Invoice/:tranId", method = "get", operation_id = "transactionGetInvoiceByTranId")]
    async fn invoice(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, #[oai(name = "tranId")] tran_id: Path<i64>) -> ApiResult<Json<TransactionInvoice>> {
        Ok(Json(service::invoice(&state, &caller, &scope, tran_id.0).await?))
    }

    /// Transaction audit detail
    ///
    /// Who posted the row, reversed it, set its packing list or reset its export, newest first.
    #[requires(TransactionView, errors(404))]
    #[oai(path = "/Transaction/Audit/Detail/:id", method = "get", operation_id = "transactionGetAuditDetailById")]
    async fn audit_detail(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, id.0).await?))
    }

    /// Transaction search (POST, paged)
    ///
    /// Filters: start_date, end_date, tran_id, trans_codes, cip_no, cid_no, cust_item_code, employeeNumber,
    /// tracking (any level) or track1-track4, req_no, erpPoNo, serial_lot, reversed. Sort fields: trans_date
    /// (default, newest first), tran_id, trans_code, cip_no, cip_code, cust_item_code, location, trans_qty,
    /// employeeNumber, employee_name, track1, req_no, po_no, extended_cost. Stops at 5000 matching rows (the newest).
    #[requires(TransactionView)]
    #[oai(path = "/Transaction/SearchV2", method = "post", operation_id = "transactionPostSearchV2")]
    async fn search_v2(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TransactionSearchRequest>) -> ApiResult<Json<TransactionPage>> {
        let page = body.page.resolve(&SORT)?;
        Ok(Json(service::search(&state, &caller, &scope, &body.filter, &page).await?))
    }

    /// Transaction search export
    ///
    /// The SearchV2 search (up to 5000 rows) as an Excel workbook of the given columns.
    #[requires(TransactionView)]
    #[oai(path = "/Transaction/SearchV2/Export", method = "post", operation_id = "transactionPostSearchV2Export")]
    async fn export(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TransactionSearchExport>) -> ApiResult<XlsxFile> {
        service::export(&state, &caller, &scope, &body).await
    }

    /// Distinct values of a column
    ///
    /// The values of one column (trans_code, location, employee_number, track1-4, req_no, po_no,
    /// cust_item_code, user_login, serial_lot) among the newest 5000 rows the SearchV2 filter finds, at most 100,
    /// sorted; `search_text` keeps those containing it. Transaction codes are listed and searched by their names
    /// (ISS, REC, ...).
    #[requires(TransactionView)]
    #[oai(path = "/Transaction/FieldDistinctValues", method = "post", operation_id = "transactionPostFieldDistinctValues")]
    async fn distinct(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<DistinctRequest>) -> ApiResult<Json<DistinctValues>> {
        Ok(Json(service::distinct(&state, &scope, &body).await?))
    }

    /// Average cost search
    ///
    /// CIPs of the current site with on hand, average cost, last receipt cost and date, and the time of their last
    /// average-cost correction. Costs are null without InvFISPrice.
    #[requires(TransactionView)]
    #[oai(path = "/Transaction/Search/AvgCost", method = "post", operation_id = "transactionPostSearchAvgCost")]
    async fn avg_cost_search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AvgCostSearchRequest>) -> ApiResult<Json<AvgCostPage>> {
        Ok(Json(service::avg_cost_search(&state, &caller, &scope, &body).await?))
    }

    /// Correct a CIP's average cost
    ///
    /// Sets cust_avg_cost (0 or more) under the CIP's row lock; quantities do not change. The correction is kept
    /// (old and new cost, notes, who, when) and audited on the CIP.
    #[requires(TransactionAvgCost, errors(404))]
    #[oai(path = "/Transaction/Update/CustAvgCost", method = "put", operation_id = "transactionPutUpdateCustAvgCost")]
    async fn update_avg_cost(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AvgCostUpdate>) -> ApiResult<Json<AvgCostCorrection>> {
        Ok(Json(service::update_avg_cost(&state, &caller, &scope, &body).await?))
    }

    /// Set a transaction's packing list
    ///
    /// pack_no is one of the few things a posted row may change (audited).
    #[requires(TransactionPost, errors(404))]
    #[oai(path = "/Transaction/PackingList", method = "put", operation_id = "transactionPutPackingList")]
    async fn packing_list(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<PackingListUpdate>) -> ApiResult<Json<TransactionSaved>> {
        Ok(Json(service::packing_list(&state, &caller, &scope, &body).await?))
    }

    /// Reset an XPE transaction's export
    ///
    /// The transfer-out row `x` (XPE 28) goes back to ERP export status 0 (pending), so it is exported again.
    /// Any other code answers 409.
    #[requires(TransactionPost, errors(404, 409))]
    #[oai(path = "/Transaction/Reset/XPE/:x", method = "put", operation_id = "transactionPutResetXPEByX")]
    async fn reset_xpe(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, x: Path<i64>) -> ApiResult<Json<TransactionSaved>> {
        Ok(Json(service::reset_xpe(&state, &caller, &scope, x.0).await?))
    }

    /// Kanban card scan (refill received)
    ///
    /// The card of a refilled kanban bin scanned as the bin goes back: posts a receipt (REC) of the bin quantity
    /// at `unit_cost` (default the average cost) and marks the bin Full. A full bin answers 409; an unknown card
    /// 404.
    #[requires(TransactionPost, errors(404, 409))]
    #[oai(path = "/Transaction/Kanban", method = "post", operation_id = "transactionPostKanban")]
    async fn kanban(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<KanbanScan>) -> ApiResult<Json<MovementResult>> {
        Ok(Json(service::kanban(&state, &caller, &scope, &body).await?))
    }

    /// Reverse a receipt
    ///
    /// Posts the opposite row of receipt `tran_id` (REC), takes it back out of the average cost and marks it
    /// reversed. Refused (409) when already reversed, when it is not a receipt, or when on hand would go below
    /// zero.
    #[requires(TransactionPost, errors(404, 409))]
    #[oai(path = "/Transaction/ReverseReceipt", method = "post", operation_id = "transactionPostReverseReceipt")]
    async fn reverse_receipt(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ReverseRequest>) -> ApiResult<Json<MovementResult>> {
        Ok(Json(service::reverse(&state, &caller, &scope, &body, ReverseKind::Receipt).await?))
    }
}

pub struct MovementApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Stock")]
impl MovementApi {
    /// Issue to an employee (ISS)
    ///
    /// The employee by number or badge (PIN where required), tracking codes as the site's levels require
    /// (defaults applied), optionally a supervisor overriding limits. Refused with 409 and a message naming the
    /// limit when the issue would pass a daily, weekly, monthly or yearly limit, or when on hand would go below
    /// zero, or the employee is inactive or suspended; 400 for an unknown employee, a wrong PIN or tracking code.
    #[requires(TransactionIssue, errors(404, 409))]
    #[oai(path = "/Transaction/Issue", method = "post", operation_id = "transactionPostIssue")]
    async fn issue(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<DrawRequest>) -> ApiResult<Json<MovementResult>> {
        Ok(Json(service::issue(&state, &caller, &scope, &body).await?))
    }

    /// Return to stock (RIS)
    ///
    /// As an issue, the other way; reduces usage. No limit applies; the employee must be allowed to return.
    #[requires(TransactionIssue, errors(404, 409))]
    #[oai(path = "/Transaction/Return", method = "post", operation_id = "transactionPostReturn")]
    async fn return_to_stock(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<DrawRequest>) -> ApiResult<Json<MovementResult>> {
        Ok(Json(service::return_to_stock(&state, &caller, &scope, &body).await?))
    }

    /// Adjust on hand (PAD/NAD)
    ///
    /// `direction` PAD adds, NAD takes away (not below zero); `notes` (the reason) is required.
    #[requires(TransactionPost, errors(404, 409))]
    #[oai(path = "/Transaction/Adjust", method = "post", operation_id = "transactionPostAdjust")]
    async fn adjust(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AdjustRequest>) -> ApiResult<Json<MovementResult>> {
        Ok(Json(service::adjust(&state, &caller, &scope, &body, false).await?))
    }

    /// Scrap (SCR)
    ///
    /// On hand down, scrap up; `notes` (the reason) is required; `direction` is ignored.
    #[requires(TransactionPost, errors(404, 409))]
    #[oai(path = "/Transaction/Scrap", method = "post", operation_id = "transactionPostScrap")]
    async fn scrap(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AdjustRequest>) -> ApiResult<Json<MovementResult>> {
        Ok(Json(service::adjust(&state, &caller, &scope, &body, true).await?))
    }

    /// Receipt (REC)
    ///
    /// A miscellaneous receipt (until purchase orders exist) of `qty` at `unit_cost`; moves the moving weighted
    /// average cost.
    #[requires(TransactionPost, errors(404, 409))]
    #[oai(path = "/Transaction/Receipt", method = "post", operation_id = "transactionPostReceipt")]
    async fn receipt(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ReceiptRequest>) -> ApiResult<Json<MovementResult>> {
        Ok(Json(service::receipt(&state, &caller, &scope, &body).await?))
    }

    /// Transfer between two CIPs of the site
    ///
    /// A pair of rows in one transaction: XPE out of from_cip_no, XER into to_cip_no, each naming the other.
    #[requires(TransactionPost, errors(404, 409))]
    #[oai(path = "/Transaction/Transfer", method = "post", operation_id = "transactionPostTransfer")]
    async fn transfer(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TransferRequest>) -> ApiResult<Json<MovementResult>> {
        Ok(Json(service::transfer(&state, &caller, &scope, &body).await?))
    }

    /// Reverse a transaction
    ///
    /// Posts the opposite row (both rows for a transfer) and marks the original reversed. Receipts are reversed by
    /// ReverseReceipt; opening balances and count postings (OHP, OHN) and reversal rows cannot be reversed (409).
    #[requires(TransactionPost, errors(404, 409))]
    #[oai(path = "/Transaction/Reverse", method = "post", operation_id = "transactionPostReverse")]
    async fn reverse(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ReverseRequest>) -> ApiResult<Json<MovementResult>> {
        Ok(Json(service::reverse(&state, &caller, &scope, &body, ReverseKind::General).await?))
    }
}
