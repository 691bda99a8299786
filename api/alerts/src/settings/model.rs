//! Wire types of the alert settings.

use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::{PageRequest, SortSpec};
use kernel::page_type;

/// One type's settings for a user at a site: the saved row, or the defaults (`asp_user_notification_setting_id`
/// null).
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct AlertSetting {
    pub asp_users_id: i64,
    pub user_id: String,
    pub site_id: i64,
    pub site_code: String,
    pub asp_user_notification_setting_id: Option<i64>,
    pub asp_notification_type_id: i64,
    /// The type's description (its name in alert auditing).
    pub notification_type: String,
    pub notification_name: String,
    pub notification_description: String,
    pub notification_category_id: i64,
    pub notification_category: String,
    pub is_internal: bool,
    /// The permission a user needs at the site to receive the type (null: anyone with access to the site).
    pub security_permission_id: Option<i64>,
    pub enable_inbox: bool,
    pub enable_email: bool,
    pub enable_text: bool,
    pub enable_toastr: bool,
    pub is_active: bool,
    pub filter_tracking_codes: bool,
    /// Requisitions of this priority (1 most urgent) or a more urgent one only; null: all.
    pub filter_req_priority: Option<i32>,
    pub req_urgent_only: bool,
    /// How many tracking codes the type's filter lists.
    pub track_count: i64,
}

page_type!(AlertSettingPage, AlertSetting, "resultList");

pub const SETTING_SORT: SortSpec = SortSpec {
    fields: &[
        ("notification_name", "notification_name"),
        ("notification_category", "category_order"),
        ("asp_notification_type_id", "asp_notification_type_id"),
    ],
    default_field: "notification_category",
    default_descending: false,
};

/// One type's new settings. Omitted flags keep their saved value (or the default).
#[derive(Debug, Clone, Object)]
pub struct AlertSettingInput {
    pub asp_notification_type_id: i64,
    pub enable_inbox: Option<bool>,
    pub enable_email: Option<bool>,
    pub enable_text: Option<bool>,
    pub enable_toastr: Option<bool>,
    pub is_active: Option<bool>,
    pub filter_tracking_codes: Option<bool>,
    /// 1-9: only requisitions of this priority or a more urgent one; 0: every priority again (clears the filter);
    /// absent or null: keep what is saved.
    pub filter_req_priority: Option<i32>,
    pub req_urgent_only: Option<bool>,
}

/// PUT Alerts: a user's settings at a site, for the listed types.
#[derive(Debug, Clone, Object)]
pub struct AlertSettingsSave {
    pub asp_users_id: i64,
    pub site_id: i64,
    #[oai(validator(max_items = 100))]
    pub settings: Vec<AlertSettingInput>,
}

/// POST Alerts/Search: a user's settings at a site (default: the caller at the current site).
#[derive(Debug, Clone, Default, Object)]
pub struct AlertSettingSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    pub asp_users_id: Option<i64>,
    pub site_id: Option<i64>,
    pub notification_category_id: Option<i64>,
    /// Part of the type's name or description.
    #[oai(validator(max_length = 100))]
    pub search: Option<String>,
}

#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct AlertCategory {
    pub notification_category_id: i64,
    pub name: String,
    pub description: String,
}

#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct AlertTypeInfo {
    pub asp_notification_type_id: i64,
    pub notification_type: String,
    pub notification_name: String,
    pub notification_description: String,
    pub notification_category_id: i64,
    pub notification_category: String,
    pub is_internal: bool,
    pub security_permission_id: Option<i64>,
    pub permission_name: Option<String>,
}

/// One tracking code of the site and whether the type's filter lists it.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct AlertTrackingCode {
    #[oai(rename = "trackingCodeID")]
    pub tracking_code_id: i64,
    #[oai(rename = "trackingNumber")]
    pub tracking_number: String,
    pub description: Option<String>,
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    #[oai(rename = "inGroup")]
    pub in_group: bool,
    #[oai(rename = "isActive")]
    pub is_active: bool,
}

page_type!(AlertTrackingCodePage, AlertTrackingCode, "resultList");

pub const TRACKING_SORT: SortSpec = SortSpec {
    fields: &[
        ("trackingNumber", "tracking_number"),
        ("trackingLevelID", "tracking_level_id"),
        ("description", "description"),
        ("inGroup", "in_group"),
    ],
    default_field: "trackingLevelID",
    default_descending: false,
};

#[derive(Debug, Clone, Default, Object)]
pub struct AlertTrackingCodeSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    pub asp_users_id: i64,
    pub site_id: i64,
    pub asp_notification_type_id: i64,
    /// Part of the code or its description.
    #[oai(validator(max_length = 100))]
    pub search: Option<String>,
    /// Only the codes the filter lists.
    pub in_group_only: Option<bool>,
}

/// POST Alerts/TrackingCode/Update: codes to add to and remove from a type's filter (and the filter switched on or
/// off).
#[derive(Debug, Clone, Object)]
pub struct AlertTrackingCodeUpdate {
    pub asp_users_id: i64,
    pub site_id: i64,
    pub asp_notification_type_id: i64,
    #[oai(default, validator(max_items = 500))]
    pub insert: Vec<i64>,
    #[oai(default, validator(max_items = 500))]
    pub remove: Vec<i64>,
    pub filter_tracking_codes: Option<bool>,
}

/// POST Alerts/Sites/UpdateAll: the user's settings at `site_id` copied to the user's other sites of the client.
#[derive(Debug, Clone, Object)]
pub struct AlertSitesUpdateAll {
    pub asp_users_id: i64,
    pub site_id: i64,
}

#[derive(Debug, Clone, Object)]
pub struct AlertSaved {
    pub success: bool,
    pub message: String,
    /// How many sites were written.
    pub site_count: i64,
}
