//! Wire types of alert auditing.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::export::ExportColumn;
use kernel::listing::PageRequest;
use kernel::page_type;

/// The alert search form. Empty texts count as not given.
#[derive(Debug, Clone, Default, Object)]
pub struct AlertSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    /// ASP purchase order number; digits only.
    pub po_no: Option<String>,
    /// Work order number; digits only.
    pub wo_no: Option<String>,
    /// Requisition number; digits only.
    pub req_no: Option<String>,
    /// CIP ID; digits only.
    pub cip_no: Option<String>,
    /// `YYYY-MM-DD` (a full timestamp is accepted, its date is used); default 30 days back.
    pub date_start: Option<String>,
    /// `YYYY-MM-DD`, inclusive; default tomorrow.
    pub date_end: Option<String>,
    /// A type_notification_id; null or 0 for all types.
    pub alert_type: Option<i64>,
    /// One of the caller's sites of the current client; null or empty for all of them.
    pub site_code: Option<String>,
}

#[derive(Debug, Object)]
pub struct AlertSearchExport {
    #[oai(flatten)]
    pub search: AlertSearch,
    pub columns: Vec<ExportColumn>,
}

/// One sent alert.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct AlertAuditRow {
    pub notification_id: i64,
    /// The alert type's description.
    pub notification_type: Option<String>,
    /// The alert type's id (for `GET /api/V1/AlertAuditing/Type?type_id=`).
    pub type_notification_id: i64,
    pub po_no: Option<i64>,
    pub wo_no: Option<i64>,
    pub req_no: Option<i64>,
    pub cip_no: Option<i64>,
    pub cid_no: Option<i64>,
    pub created_timestamp: DateTime<Utc>,
    pub site_code: String,
}

page_type!(AlertAuditPage, AlertAuditRow, "resultList");

/// The header of one sent alert.
#[derive(Debug, Clone, Object, FromRow)]
pub struct AlertNotification {
    pub notification_id: i64,
    pub notification_name: String,
    pub site_id: i64,
    pub site_code: String,
    pub created_date: DateTime<Utc>,
    pub subject: Option<String>,
}

impl kernel::records::SiteRecord for AlertNotification {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

#[derive(Debug, Clone, Default, Object)]
pub struct AlertUsersRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub notification_id: Option<i64>,
}

/// One recipient of an alert and the channels it went out on.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct AlertRecipient {
    pub username: String,
    pub asp_users_id: Option<i64>,
    pub inbox_sent: bool,
    pub email_sent: bool,
    pub text_sent: bool,
    pub toastr_sent: bool,
    pub created_date: DateTime<Utc>,
}

page_type!(AlertRecipientPage, AlertRecipient, "resultList");

#[derive(Debug, Clone, Object, FromRow)]
pub struct AlertType {
    pub type_notification_id: i64,
    pub description: String,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct SiteCode {
    pub site_id: i64,
    pub site_code: String,
}
