//! Wire types of the alert inbox.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::{PageRequest, SortSpec};
use kernel::page_type;

/// One notification in a user's inbox.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct InboxMessage {
    pub notification_id: i64,
    pub type_notification_id: i64,
    pub notification_name: String,
    pub notification_category: Option<String>,
    pub subject: Option<String>,
    pub body_inbox: Option<String>,
    /// The console address of the record the notification is about.
    pub link: Option<String>,
    pub created_date: DateTime<Utc>,
    pub site_id: i64,
    pub cip_no: Option<i64>,
    pub po_no: Option<i64>,
    pub req_no: Option<i64>,
    pub rfq_id: Option<i64>,
    pub employee_id: Option<i64>,
    pub object_id: Option<i64>,
    pub is_read: bool,
    pub read_date: Option<DateTime<Utc>>,
    pub acknowledged_date: Option<DateTime<Utc>>,
}

page_type!(InboxPage, InboxMessage, "resultList");

pub const INBOX_SORT: SortSpec = SortSpec {
    fields: &[
        ("created_date", "created_date"),
        ("notification_id", "notification_id"),
        ("notification_name", "notification_name"),
        ("subject", "subject"),
        ("is_read", "is_read"),
    ],
    default_field: "created_date",
    default_descending: true,
};

/// POST Alerts/Notification/Search: the caller's inbox at the current site.
#[derive(Debug, Clone, Default, Object)]
pub struct InboxSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    pub unread_only: Option<bool>,
    pub type_notification_id: Option<i64>,
    pub notification_category_id: Option<i64>,
    /// Part of the subject or the message.
    #[oai(validator(max_length = 100))]
    pub search: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct InboxCount {
    /// Unread notifications in the inbox at the current site ('+' over 99 is the badge's business).
    pub count: i64,
}

/// POST Alerts/Inbox/status/update: notification ids to acknowledge and to remove from the caller's inbox.
#[derive(Debug, Clone, Object)]
pub struct InboxStatusUpdate {
    pub asp_users_id: i64,
    #[oai(default, validator(max_items = 500))]
    pub ack: Vec<i64>,
    #[oai(default, validator(max_items = 500))]
    pub remove: Vec<i64>,
}

#[derive(Debug, Clone, Object)]
pub struct InboxStatusSaved {
    pub success: bool,
    pub acknowledged: i64,
    pub removed: i64,
    /// The unread count after the change.
    pub count: i64,
}

/// POST Alerts/Notification/Insert: a notification at the current site to everyone whose settings want its type.
#[derive(Debug, Clone, Object)]
pub struct NotificationInsert {
    /// Default: Site Broadcast (16).
    pub type_notification_id: Option<i64>,
    #[oai(validator(max_length = 200))]
    pub subject: String,
    #[oai(validator(max_length = 4000))]
    pub body: String,
    #[oai(validator(max_length = 400))]
    pub link: Option<String>,
}

/// POST Alerts/Inbox/UserNotification/Insert: a notification to the inboxes of named users at the current site.
#[derive(Debug, Clone, Object)]
pub struct UserNotificationInsert {
    #[oai(validator(min_items = 1, max_items = 500))]
    pub asp_users_ids: Vec<i64>,
    /// Default: Message (20). Not Site Broadcast (16): a broadcast goes to everyone (Notification/Insert).
    pub type_notification_id: Option<i64>,
    #[oai(validator(max_length = 200))]
    pub subject: String,
    #[oai(validator(max_length = 4000))]
    pub body: String,
    #[oai(validator(max_length = 400))]
    pub link: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct NotificationRaised {
    pub notification_id: i64,
    /// How many users received it.
    pub recipients: i64,
}
