//! Operations of custom fields (spec 3 Item CID and Item CIP custom field calls).

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::listing::PageRequest;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::*;
use super::{import, service};

pub struct CustomFieldApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Item", tag = "ApiTags::Items")]
impl CustomFieldApi {
    /// Custom fields of a CID
    ///
    /// Every custom field defined for CIDs at the CID's site, in slot order, with the CID's value (hidden fields with
    /// `is_visible` false). A CID of another client, or of a site the caller may not use, answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/Custom/:cid_no", method = "get", operation_id = "itemCidGetCustomByCidNo")]
    async fn cid_values(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<CidCustomValues>> {
        Ok(Json(service::cid_values(&state, &caller, &scope, cid_no.0).await?))
    }

    /// Possible values of a list field
    ///
    /// Paged (`pageNumber`, `pageSize`, `sortField` of custom_field_value, description, is_visible; `sortDirection`).
    /// Hidden values only with `show_hidden=true`.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/CustomValuePossible", method = "get", operation_id = "itemCidGetCustomValuePossible")]
    #[allow(clippy::too_many_arguments)]
    async fn possible_values(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        custom_field_definition_id: Query<i64>,
        show_hidden: Query<Option<bool>>,
        #[oai(name = "pageNumber")] page_number: Query<Option<i64>>,
        #[oai(name = "pageSize")] page_size: Query<Option<i64>>,
        #[oai(name = "sortField")] sort_field: Query<Option<String>>,
        #[oai(name = "sortDirection")] sort_direction: Query<Option<String>>,
    ) -> ApiResult<Json<CustomFieldValuePossiblePage>> {
        let page = PageRequest::from_query(page_number.0, page_size.0, sort_field.0, sort_direction.0);
        Ok(Json(service::possible_values(&state, &caller, &scope, custom_field_definition_id.0, show_hidden.0.unwrap_or(false), &page).await?))
    }

    /// Set custom values of a CID
    ///
    /// Each listed field is checked against its definition (type, length, list membership, required); fields not
    /// listed keep their value. Any refused value refuses the whole change (400, one error per field `custom<n>`).
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/CID/CustomValues", method = "put", operation_id = "itemCidPutCustomValues")]
    async fn set_cid_values(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CidCustomValuesInput>) -> ApiResult<Json<CidCustomValues>> {
        Ok(Json(service::set_cid_values(&state, &caller, &scope, &body).await?))
    }

    /// Change a possible value
    ///
    /// Renaming a value renames it in every record of the site that holds it.
    #[requires(CustomFieldAdmin, errors(404, 409))]
    #[oai(path = "/CID/CustomValuePossible", method = "put", operation_id = "itemCidPutCustomValuePossible")]
    async fn update_possible(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CustomFieldValuePossibleUpdate>) -> ApiResult<Json<CustomFieldValuePossible>> {
        Ok(Json(service::update_possible(&state, &caller, &scope, &body).await?))
    }

    /// Change several possible values
    ///
    /// All values must be of the current site; all changes are applied or none.
    #[requires(CustomFieldAdmin, errors(404, 409))]
    #[oai(path = "/CID/CustomValuePossible/Update", method = "put", operation_id = "itemCidPutCustomValuePossibleUpdate")]
    async fn update_possible_bulk(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CustomFieldValuePossibleBulkUpdate>) -> ApiResult<Json<Vec<CustomFieldValuePossible>>> {
        Ok(Json(service::update_possible_bulk(&state, &caller, &scope, &body).await?))
    }

    /// Show or hide possible values
    ///
    /// A hidden value is no longer offered; records holding it keep it. All values must be of the current site.
    #[requires(CustomFieldAdmin, errors(404))]
    #[oai(path = "/CID/CustomValuePossible/Visibility", method = "put", operation_id = "itemCidPutCustomValuePossibleVisibility")]
    async fn set_visibility(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, is_visible: Query<bool>, body: Json<CustomFieldValuePossibleIds>) -> ApiResult<Json<Vec<CustomFieldValuePossible>>> {
        Ok(Json(service::set_visibility(&state, &caller, &scope, is_visible.0, &body).await?))
    }

    /// Change a custom field definition
    ///
    /// A new type or a shorter maximum length is refused (409) while records of the site hold values it would not
    /// accept.
    #[requires(CustomFieldAdmin, errors(404, 409))]
    #[oai(path = "/CID/Custom/Update", method = "put", operation_id = "itemCidPutCustomUpdate")]
    async fn update_definition(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CustomFieldDefinitionUpdate>) -> ApiResult<Json<CustomFieldDefinition>> {
        Ok(Json(service::update_definition(&state, &caller, &scope, &body).await?))
    }

    /// Define a custom field
    ///
    /// For CIDs or CIPs (`entity_type`) at the current site, in slot `field_no` or the first free one of 20 (409
    /// when taken or when all are).
    #[requires(CustomFieldAdmin, errors(409))]
    #[oai(path = "/CID/Custom/New", method = "put", operation_id = "itemCidPutCustomNew")]
    async fn new_definition(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CustomFieldDefinitionNew>) -> ApiResult<Json<CustomFieldDefinition>> {
        Ok(Json(service::new_definition(&state, &caller, &scope, &body).await?))
    }

    /// Add a possible value to a list field
    #[requires(CustomFieldAdmin, errors(404, 409))]
    #[oai(path = "/CID/CustomPossibleValue", method = "post", operation_id = "itemCidPostCustomPossibleValue")]
    async fn add_possible(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CustomFieldValuePossibleNew>) -> ApiResult<Json<CustomFieldValuePossible>> {
        Ok(Json(service::add_possible(&state, &caller, &scope, &body).await?))
    }

    /// Import custom values from a file
    ///
    /// CSV text or an .xlsx workbook (first sheet). Row 1 names the columns: the record key first (`cust_item_code`
    /// or `cid_no` for CIDs; `cip_code` or `cip_no` with `entity_type=CIP`), then one column per custom field (its
    /// label or `custom<n>`). A blank cell leaves the value unchanged. Rows with a refused value or an unknown key are
    /// listed in `refusals` (row, key, field, reason); the other rows are applied, in one transaction. At most 10,000
    /// rows. Records of the current site only. A file past a reading limit (size once unpacked, cell, row, rows,
    /// columns) answers 413 naming it; while other imports are being read the call waits a few seconds, then 429.
    #[requires(ItemEdit, errors(413, 429))]
    #[oai(path = "/CID/Custom/Update/Import", method = "post", operation_id = "itemCidPostCustomUpdateImport")]
    async fn import(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, entity_type: Query<Option<EntityType>>, body: ImportFile) -> ApiResult<Json<CustomImportResult>> {
        let file = match body {
            ImportFile::Csv(t) => kernel::import::ImportFile::Csv(t.0),
            ImportFile::Xlsx(b) => kernel::import::ImportFile::Xlsx(b.0),
        };
        Ok(Json(import::import(&state, &caller, &scope, entity_type.0.unwrap_or(EntityType::CID), file).await?))
    }

    /// Custom field definitions
    ///
    /// The fields defined at the current site for CIPs (or for CIDs with `entity_type=CID`), slot order.
    #[requires(BasicAccess)]
    #[oai(path = "/CIP/Custom/Definitions", method = "get", operation_id = "itemCipGetCustomDefinitions")]
    async fn definitions(&self, state: Data<&AppState>, scope: Data<&SiteScope>, entity_type: Query<Option<EntityType>>) -> ApiResult<Json<CustomFieldDefinitions>> {
        Ok(Json(service::definitions(&state, &scope, entity_type.0.unwrap_or(EntityType::CIP)).await?))
    }

    /// Custom fields of a CIP
    ///
    /// Every custom field defined for CIPs at the CIP's site with the CIP's value.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CIP/Custom/Values/:cip_no", method = "get", operation_id = "itemCipGetCustomValuesByCipNo")]
    async fn cip_values(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<CipCustomValues>> {
        Ok(Json(service::cip_values(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Set custom values of a CIP
    ///
    /// As for a CID: each listed field is checked against its CIP definition.
    #[requires(ItemEdit, errors(404))]
    #[oai(path = "/CIP/Custom", method = "put", operation_id = "itemCipPutCustom")]
    async fn set_cip_values(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CipCustomValuesInput>) -> ApiResult<Json<CipCustomValues>> {
        Ok(Json(service::set_cip_values(&state, &caller, &scope, &body).await?))
    }
}
