//! Operations of employee groups and their relations (docs/employee-groups.md). Reading needs EmployeeGroupView,
//! changing EmployeeGroupEdit, at the group's site; another site's group answers 404.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::audit::AuditDetail;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::{
    AssignedEmployeePage, AssignedInput, AssignedResult, AssignedSearchRequest, DeliveryLocation, DeliveryLocationInput, EmployeeGroup,
    EmployeeGroupInput, EmployeeGroupPage, EmployeeGroupSearchRequest, GroupAsset, GroupAssetInput, GroupAssetPage, GroupPageRequest, GroupRef, ItemGroup,
    ItemGroupLimit, ItemGroupLimitInput, ItemGroupLimitPage, TrackingRestrictionPage, TrackingRestrictionSearchRequest, TrackingRestrictionUpdate,
};
use super::service::{self, entity};

pub struct EmployeeGroupApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::People")]
impl EmployeeGroupApi {
    /// Employee group by id
    ///
    /// The group with its limits, enforced level, budget and approver group, and how many employees it has.
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/:employee_group_id", method = "get", operation_id = "employeeGroupGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, employee_group_id: Path<i64>) -> ApiResult<Json<EmployeeGroup>> {
        Ok(Json(service::get(&state, &caller, &scope, employee_group_id.0).await?))
    }

    /// History of an employee group
    ///
    /// Every change of the group itself (create, update), newest first.
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/Audit/Detail/:employee_group_id", method = "get", operation_id = "employeeGroupGetGroupAuditDetailById")]
    async fn group_audit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, employee_group_id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, employee_group_id.0, entity::GROUP).await?))
    }

    /// History of a group's item-group limits
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/ItemGroup/Limits/Audit/Detail/:employee_group_id", method = "get", operation_id = "employeeGroupGetItemGroupLimitsAuditDetailById")]
    async fn limits_audit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, employee_group_id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, employee_group_id.0, entity::ITEM_GROUP_LIMITS).await?))
    }

    /// History of a group's delivery locations
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/DeliveryLocation/Audit/Detail/:employee_group_id", method = "get", operation_id = "employeeGroupGetDeliveryLocationAuditDetailById")]
    async fn delivery_audit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, employee_group_id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, employee_group_id.0, entity::DELIVERY_LOCATION).await?))
    }

    /// History of a group's assigned employees
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/Assigned/Audit/Detail/:employee_group_id", method = "get", operation_id = "employeeGroupGetAssignedAuditDetailById")]
    async fn assigned_audit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, employee_group_id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, employee_group_id.0, entity::ASSIGNED).await?))
    }

    /// History of a group's tracking restrictions
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/TrackingRestriction/Audit/Detail/:employee_group_id", method = "get", operation_id = "employeeGroupGetTrackingRestrictionAuditDetailById")]
    async fn tracking_audit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, employee_group_id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, employee_group_id.0, entity::TRACKING_RESTRICTION).await?))
    }

    /// History of a group's assets
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/Assets/Audit/Detail/:employee_group_id", method = "get", operation_id = "employeeGroupGetAssetsAuditDetailById")]
    async fn assets_audit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, employee_group_id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, employee_group_id.0, entity::ASSETS).await?))
    }

    /// Employee groups of a site
    ///
    /// Every group of the site, by description. A site the caller may not use answers 404.
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/Site/:site_id", method = "get", operation_id = "employeeGroupGetSiteBySiteId")]
    async fn of_site(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>) -> ApiResult<Json<Vec<EmployeeGroup>>> {
        Ok(Json(service::of_site(&state, &caller, &scope, site_id.0, None).await?))
    }

    /// Employee groups of a site by type
    ///
    /// EmployeeGroupType: 1 Limit, 2 Approver, 3 Delivery (another value answers 400).
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/Site/:site_id/EmployeeGroupType/:type", method = "get", operation_id = "employeeGroupGetSiteEmployeeGroupTypeBySiteIdAndType")]
    async fn of_site_type(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>, r#type: Path<i32>) -> ApiResult<Json<Vec<EmployeeGroup>>> {
        Ok(Json(service::of_site(&state, &caller, &scope, site_id.0, Some(r#type.0)).await?))
    }

    /// Item groups of a site
    ///
    /// The site's item groups (Abrasives, Cutting tools, PPE ...) and how many CIDs each holds: what item-group limits
    /// can name.
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/Site/:site_id/ItemGroups", method = "get", operation_id = "employeeGroupGetSiteItemGroupsBySiteId")]
    async fn item_groups(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>) -> ApiResult<Json<Vec<ItemGroup>>> {
        Ok(Json(service::item_groups(&state, &caller, &scope, site_id.0).await?))
    }

    /// Change an employee group
    ///
    /// Description unique at the site (100 characters), limits not negative and not lower for a longer period,
    /// one default group per site, an approver group of type Approver at the same site. Problems answer 400 by
    /// field; an Approver group that approves others cannot change type (409).
    #[requires(EmployeeGroupEdit, errors(404, 409))]
    #[oai(path = "/Employee/Group", method = "put", operation_id = "employeeGroupPutGroup")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<EmployeeGroupInput>) -> ApiResult<Json<EmployeeGroup>> {
        Ok(Json(service::update(&state, &caller, &scope, &body).await?))
    }

    /// Create an employee group
    ///
    /// At `site_id` (default: the current site); the rules of PUT.
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group", method = "post", operation_id = "employeeGroupPostGroup")]
    async fn create(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<EmployeeGroupInput>) -> ApiResult<Json<EmployeeGroup>> {
        Ok(Json(service::create(&state, &caller, &scope, &body).await?))
    }

    /// Search employee groups
    ///
    /// The current site's groups; `text`: description contains; `group_type`. Sort by description,
    /// employeeGroupID, group_type, limitDaily, limitWeekly, limitMonthly, limitYearly, member_count, updated_at.
    #[requires(EmployeeGroupView)]
    #[oai(path = "/Employee/Group/Search", method = "post", operation_id = "employeeGroupPostSearch")]
    async fn search(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<EmployeeGroupSearchRequest>) -> ApiResult<Json<EmployeeGroupPage>> {
        Ok(Json(service::search(&state, &scope, &body).await?))
    }

    /// Remove an employee group
    ///
    /// Group `employee_group_id` of site `site_id`, with its delivery locations, assets, tracking restrictions and
    /// item-group limits. Refused (409) while employees are assigned or other groups name it as their approver group.
    #[requires(EmployeeGroupEdit, errors(404, 409))]
    #[oai(path = "/Employee/Group/Delete/:site_id/:employee_group_id", method = "delete", operation_id = "employeeGroupDeleteGroupByAAndB")]
    async fn delete(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>, employee_group_id: Path<i64>) -> ApiResult<Json<EmployeeGroup>> {
        Ok(Json(service::delete(&state, &caller, &scope, site_id.0, employee_group_id.0).await?))
    }

    // ---- delivery locations

    /// Delivery locations of a group
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/DeliveryLocation", method = "post", operation_id = "employeeGroupPostDeliveryLocation")]
    async fn delivery_locations(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<GroupRef>) -> ApiResult<Json<Vec<DeliveryLocation>>> {
        Ok(Json(service::delivery_locations(&state, &caller, &scope, body.employee_group_id).await?))
    }

    /// Add a delivery location
    ///
    /// Saved upper case, once per group; `is_default` makes it the group's only default.
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/DeliveryLocation/Insert", method = "post", operation_id = "employeeGroupPostDeliveryLocationInsert")]
    async fn delivery_insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<DeliveryLocationInput>) -> ApiResult<Json<DeliveryLocation>> {
        Ok(Json(service::save_delivery_location(&state, &caller, &scope, &body, true).await?))
    }

    /// Change a delivery location
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/DeliveryLocation/Update", method = "post", operation_id = "employeeGroupPostDeliveryLocationUpdate")]
    async fn delivery_update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<DeliveryLocationInput>) -> ApiResult<Json<DeliveryLocation>> {
        Ok(Json(service::save_delivery_location(&state, &caller, &scope, &body, false).await?))
    }

    /// Remove a delivery location
    ///
    /// Location `delivery_location_id` of group `employee_group_id`; answers the removed row.
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/DeliveryLocation/Delete/:employee_group_id/:delivery_location_id", method = "delete", operation_id = "employeeGroupDeleteDeliveryLocationDeleteByAAndB")]
    async fn delivery_delete(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        employee_group_id: Path<i64>,
        delivery_location_id: Path<i64>,
    ) -> ApiResult<Json<DeliveryLocation>> {
        Ok(Json(service::delete_delivery_location(&state, &caller, &scope, employee_group_id.0, delivery_location_id.0).await?))
    }

    // ---- assigned employees

    /// Search a group's employees
    ///
    /// The employees of the group's site with `inGroup`: members only (`inGroup` true), non-members (false) or all
    /// (null); `text`: number or badge starts with, or name contains.
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/Assigned/Search", method = "post", operation_id = "employeeGroupPostAssignedSearch")]
    async fn assigned_search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AssignedSearchRequest>) -> ApiResult<Json<AssignedEmployeePage>> {
        Ok(Json(service::assigned_search(&state, &caller, &scope, &body).await?))
    }

    /// Assign employees
    ///
    /// Adds the employees (by number, of the group's site) to the group; members already in it stay. An unknown
    /// number answers 400 naming it.
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/Assigned/Insert", method = "post", operation_id = "employeeGroupPostAssignedInsert")]
    async fn assigned_insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AssignedInput>) -> ApiResult<Json<AssignedResult>> {
        Ok(Json(service::assign(&state, &caller, &scope, &body, false).await?))
    }

    /// Set a group's employees
    ///
    /// The group becomes exactly these employees (an empty list empties it); answers who was added and removed.
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/Assigned/Update", method = "post", operation_id = "employeeGroupPostAssignedUpdate")]
    async fn assigned_update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AssignedInput>) -> ApiResult<Json<AssignedResult>> {
        Ok(Json(service::assign(&state, &caller, &scope, &body, true).await?))
    }

    /// Remove an employee from a group
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/Assigned/Delete/:employee_group_id/:employee_number", method = "delete", operation_id = "employeeGroupDeleteAssignedDeleteByAAndEmployeeNumber")]
    async fn assigned_delete(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        employee_group_id: Path<i64>,
        #[oai(validator(max_length = 100))] employee_number: Path<String>,
    ) -> ApiResult<Json<AssignedResult>> {
        Ok(Json(service::unassign(&state, &caller, &scope, employee_group_id.0, &employee_number.0).await?))
    }

    // ---- item-group limits

    /// Change an item-group limit
    ///
    /// The group's limit for one item group and period (1 daily, 2 weekly, 3 monthly, 4 yearly); 404 when the group
    /// has none.
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/ItemGroup/Limits", method = "put", operation_id = "employeeGroupPutItemGroupLimits")]
    async fn limit_update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ItemGroupLimitInput>) -> ApiResult<Json<ItemGroupLimit>> {
        Ok(Json(service::save_item_group_limit(&state, &caller, &scope, &body, false).await?))
    }

    /// Add an item-group limit
    ///
    /// An item group of the group's site; one limit per item group and period (409 when it exists).
    #[requires(EmployeeGroupEdit, errors(404, 409))]
    #[oai(path = "/Employee/Group/ItemGroup/Limits", method = "post", operation_id = "employeeGroupPostItemGroupLimits")]
    async fn limit_insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ItemGroupLimitInput>) -> ApiResult<Json<ItemGroupLimit>> {
        Ok(Json(service::save_item_group_limit(&state, &caller, &scope, &body, true).await?))
    }

    /// Item-group limits of a group
    ///
    /// Sort by item_group, period, limit_amount.
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/ItemGroup/Limits/Search", method = "post", operation_id = "employeeGroupPostItemGroupLimitsSearch")]
    async fn limit_search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<GroupPageRequest>) -> ApiResult<Json<ItemGroupLimitPage>> {
        Ok(Json(service::item_group_limits(&state, &caller, &scope, &body).await?))
    }

    /// Remove an item-group limit
    ///
    /// Group `employee_group_id`, item group `item_group_id`, period 1-4.
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/ItemGroup/Limits/:employee_group_id/:item_group_id/:period", method = "delete", operation_id = "employeeGroupDeleteItemGroupLimitsByAAndBAndC")]
    async fn limit_delete(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        employee_group_id: Path<i64>,
        item_group_id: Path<i64>,
        period: Path<i32>,
    ) -> ApiResult<Json<ItemGroupLimit>> {
        Ok(Json(service::delete_item_group_limit(&state, &caller, &scope, employee_group_id.0, item_group_id.0, period.0).await?))
    }

    // ---- assets

    /// Add an asset
    ///
    /// A CIP of the group's site the group's employees may check out (409 when it is already the group's).
    #[requires(EmployeeGroupEdit, errors(404, 409))]
    #[oai(path = "/Employee/Group/Assets", method = "post", operation_id = "employeeGroupPostAssets")]
    async fn asset_insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<GroupAssetInput>) -> ApiResult<Json<GroupAsset>> {
        Ok(Json(service::save_asset(&state, &caller, &scope, &body, true).await?))
    }

    /// Assets of a group
    ///
    /// Sort by cip_code, cip_no.
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/Assets/Search", method = "post", operation_id = "employeeGroupPostAssetsSearch")]
    async fn asset_search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<GroupPageRequest>) -> ApiResult<Json<GroupAssetPage>> {
        Ok(Json(service::assets(&state, &caller, &scope, &body).await?))
    }

    /// Change an asset's notes
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/Assets/Update", method = "post", operation_id = "employeeGroupPostAssetsUpdate")]
    async fn asset_update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<GroupAssetInput>) -> ApiResult<Json<GroupAsset>> {
        Ok(Json(service::save_asset(&state, &caller, &scope, &body, false).await?))
    }

    /// Remove an asset
    ///
    /// CIP `cip_no` from group `employee_group_id` of site `site_id`.
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/Assets/:site_id/:employee_group_id/:cip_no", method = "delete", operation_id = "employeeGroupDeleteAssetsByAAndBAndC")]
    async fn asset_delete(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        site_id: Path<i64>,
        employee_group_id: Path<i64>,
        cip_no: Path<i64>,
    ) -> ApiResult<Json<GroupAsset>> {
        Ok(Json(service::delete_asset(&state, &caller, &scope, site_id.0, employee_group_id.0, cip_no.0).await?))
    }

    // ---- tracking restrictions

    /// Tracking restrictions of a group
    ///
    /// The tracking codes of the group's site (of one level with `tracking_level_id`) with `allowed`: on the
    /// group's list. At a level where a member's groups list codes, the member may charge only those.
    #[requires(EmployeeGroupView, errors(404))]
    #[oai(path = "/Employee/Group/TrackingRestriction/Search", method = "post", operation_id = "employeeGroupPostTrackingRestrictionSearch")]
    async fn tracking_search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingRestrictionSearchRequest>) -> ApiResult<Json<TrackingRestrictionPage>> {
        Ok(Json(service::tracking_restrictions(&state, &caller, &scope, &body).await?))
    }

    /// Set a group's tracking restrictions at a level
    ///
    /// The group may charge only these codes of the level (an empty list lifts the restriction); answers the list.
    /// Codes of another level or site answer 400.
    #[requires(EmployeeGroupEdit, errors(404))]
    #[oai(path = "/Employee/Group/TrackingRestriction/Update", method = "post", operation_id = "employeeGroupPostTrackingRestrictionUpdate")]
    async fn tracking_update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingRestrictionUpdate>) -> ApiResult<Json<TrackingRestrictionPage>> {
        Ok(Json(service::update_tracking_restrictions(&state, &caller, &scope, &body).await?))
    }
}
