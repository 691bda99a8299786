//! Operations of the alert inbox (spec 4 "Alert inbox") and the notifications of spec 3 "Alerts".

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::*;
use super::service;

pub struct AlertInboxApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Alerts", tag = "ApiTags::Shell")]
impl AlertInboxApi {
    /// The caller's inbox
    ///
    /// Notifications in the caller's inbox at the current site (not removed), newest first by default.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser)]
    #[oai(path = "/Notification/Search", method = "post", operation_id = "alertsPostNotificationSearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<InboxSearch>) -> ApiResult<Json<InboxPage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }

    /// Send a notification at the current site
    ///
    /// To everyone at the site who holds the type's permission and whose settings want it (default type: Site
    /// Broadcast), on their channels.
    #[requires(FSSConnectAdmin, SuperUserAdmin, UserAdminInternal)]
    #[oai(path = "/Notification/Insert", method = "post", operation_id = "alertsPostNotificationInsert")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<NotificationInsert>) -> ApiResult<Json<NotificationRaised>> {
        Ok(Json(service::insert(&state, &caller, &scope, &body).await?))
    }

    /// Unread count for the badge
    ///
    /// The caller's unread inbox notifications at the current site. Another user's answers 404.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser, errors(404))]
    #[oai(path = "/Inbox/count/:userId", method = "get", operation_id = "alertInboxGetCountByUserId")]
    async fn count(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, #[oai(name = "userId")] user_id: Path<i64>) -> ApiResult<Json<InboxCount>> {
        Ok(Json(service::count(&state, &caller, &scope, user_id.0).await?))
    }

    /// Read one notification
    ///
    /// One notification of the caller's inbox at the current site, marked read. Another user's, another site's or a
    /// removed one answers 404.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser, errors(404))]
    #[oai(path = "/Inbox/:userId/:notificationId", method = "get", operation_id = "alertInboxGetByUserIdAndNotificationId")]
    async fn read(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(name = "userId")] user_id: Path<i64>,
        #[oai(name = "notificationId")] notification_id: Path<i64>,
    ) -> ApiResult<Json<InboxMessage>> {
        Ok(Json(service::read(&state, &caller, &scope, user_id.0, notification_id.0).await?))
    }

    /// Acknowledge and remove
    ///
    /// `ack`: notifications to acknowledge (also marks them read); `remove`: notifications to take out of the inbox.
    /// Every id must be in the caller's inbox at the current site, else 404 and nothing changes.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser, errors(404))]
    #[oai(path = "/Inbox/status/update", method = "post", operation_id = "alertInboxPostStatusUpdate")]
    async fn update_status(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<InboxStatusUpdate>) -> ApiResult<Json<InboxStatusSaved>> {
        Ok(Json(service::update_status(&state, &caller, &scope, &body).await?))
    }

    /// Send a notification to named users' inboxes
    ///
    /// Inbox only, whatever their settings; each user must have access to the current site (400), and one lacking
    /// the type's permission there does not receive it.
    #[requires(FSSConnectAdmin, SuperUserAdmin, UserAdminInternal)]
    #[oai(path = "/Inbox/UserNotification/Insert", method = "post", operation_id = "alertInboxPostUserNotificationInsert")]
    async fn insert_for_users(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<UserNotificationInsert>) -> ApiResult<Json<NotificationRaised>> {
        Ok(Json(service::insert_for_users(&state, &caller, &scope, &body).await?))
    }
}
