//! Wire types of the user context.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use sqlx::FromRow;

use crate::security_questions::model::SecurityQuestion;
use crate::settings::model::UserSetting;
use crate::shortcuts::model::Shortcut;
use crate::sites::model::SiteInfo;

#[derive(Debug, Clone, Object, FromRow)]
pub struct CurrentUser {
    pub asp_users_id: i64,
    pub user_id: String,
    pub fname: String,
    pub lname: String,
    pub email: Option<String>,
    pub bugtracker_username: Option<String>,
    pub supplier_portal_user: bool,
    pub customer_portal_user: bool,
    pub fss_employee: bool,
    pub first_time_user: bool,
    #[oai(rename = "password_expiration_Date")]
    pub password_expiration_date: Option<DateTime<Utc>>,
    pub customer_punchin_location_id: Option<i64>,
    /// The password must be changed before anything else (never while impersonated).
    #[sqlx(default)]
    pub password_expired: bool,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct PermissionRef {
    pub permission_name: String,
    pub security_permission_id: i64,
}

#[derive(Debug, Clone, Object)]
pub struct MenuItem {
    pub page: String,
    pub title: String,
    #[oai(rename = "subMenuItems")]
    pub sub_menu_items: Vec<MenuItem>,
    #[oai(rename = "angularRoute")]
    pub angular_route: Option<String>,
    pub url: Option<String>,
    #[oai(rename = "externalRoute")]
    pub external_route: bool,
    #[oai(rename = "angularMenuImage")]
    pub angular_menu_image: Option<String>,
}

/// One entry of the menu catalogue, before filtering.
#[derive(FromRow)]
pub struct MenuRow {
    pub menu_item_id: i64,
    pub parent_id: Option<i64>,
    pub page: String,
    pub title: String,
    pub angular_route: Option<String>,
    pub url: Option<String>,
    pub external_route: bool,
    pub angular_menu_image: Option<String>,
    pub required_permissions: Option<Vec<String>>,
}

#[derive(Debug, Clone, Object)]
pub struct UserContext {
    #[oai(rename = "currentUser")]
    pub current_user: CurrentUser,
    #[oai(rename = "currentSite")]
    pub current_site: Option<SiteInfo>,
    #[oai(rename = "availableSites")]
    pub available_sites: Vec<SiteInfo>,
    pub permissions: Vec<PermissionRef>,
    #[oai(rename = "aspUserSettings")]
    pub asp_user_settings: Vec<UserSetting>,
    #[oai(rename = "isPunchinUser")]
    pub is_punchin_user: bool,
    #[oai(rename = "menuItems")]
    pub menu_items: Vec<MenuItem>,
    #[oai(rename = "aspShortcuts")]
    pub asp_shortcuts: Vec<Shortcut>,
    #[oai(rename = "impersonatedByUserId")]
    pub impersonated_by_user_id: Option<i64>,
    /// 0 ASP (staff), 1 SupplierPortal, 2 CustomerPortal.
    #[oai(rename = "appType")]
    pub app_type: i32,
    /// An administrator set the password in use: the forced change needs the owner's proof (docs/security.md,
    /// "Administrator-set passwords").
    #[oai(rename = "passwordSetByAdministrator", default)]
    pub password_set_by_administrator: bool,
    /// The questions whose answers that change needs (`security_answers` of the self-service change), in order.
    #[oai(rename = "passwordChangeQuestions", default)]
    pub password_change_questions: Vec<SecurityQuestion>,
}

#[derive(Object)]
pub struct ChangeSiteRequest {
    #[oai(validator(max_length = 40))]
    pub site_code: Option<String>,
    pub site_id: Option<i64>,
}
