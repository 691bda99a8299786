//! SQL of alert auditing. Tenant rows only through a granted scope's transaction; the alert types and sites from
//! the shared schema `asp`.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use tenancy::TenantTx;

use kernel::listing::{self, Page, Search};

use super::model::{AlertAuditRow, AlertNotification, AlertRecipient, AlertType, SiteCode};

/// A validated search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlertFilter {
    pub po_no: Option<i64>,
    pub wo_no: Option<i64>,
    pub req_no: Option<i64>,
    pub cip_no: Option<i64>,
    pub from: DateTime<Utc>,
    /// Exclusive.
    pub to: DateTime<Utc>,
    pub alert_type: Option<i64>,
    /// Chooses the searched sites (the service turns it into site ids); upper case.
    pub site_code: Option<String>,
}

/// The notifications of `sites` matching the filter: one page in the page's order, and their count.
pub async fn search(tx: &mut TenantTx, sites: &[i64], f: &AlertFilter, page: &Page) -> Result<(Vec<AlertAuditRow>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select n.notification_id, t.description as notification_type, n.type_notification_id, n.po_no, n.wo_no, n.req_no,
                n.cip_no, n.cid_no, n.created_timestamp, s.site_code
         from notification n
         join asp.site s on s.site_id = n.site_id
         left join asp.type_notification t on t.type_notification_id = n.type_notification_id",
    );
    s.and_bind("n.site_id = any(", sites.to_vec()).push(")");
    s.and_bind("n.created_timestamp >= ", f.from);
    s.and_bind("n.created_timestamp < ", f.to);
    for (condition, value) in
        [("n.po_no = ", f.po_no), ("n.wo_no = ", f.wo_no), ("n.req_no = ", f.req_no), ("n.cip_no = ", f.cip_no), ("n.type_notification_id = ", f.alert_type)]
    {
        if let Some(v) = value {
            s.and_bind(condition, v);
        }
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// A notification of the scope's client (its site must belong to that client).
pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<AlertNotification>, sqlx::Error> {
    let client_id = tx.scope().client_id();
    sqlx::query_as!(
        AlertNotification,
        "select n.notification_id, n.notification_name, n.site_id, s.site_code, n.created_timestamp as created_date, n.subject
         from notification n join asp.site s on s.site_id = n.site_id
         where n.notification_id = $1 and s.client_id = $2",
        id,
        client_id
    )
    .fetch_optional(&mut **tx)
    .await
}

/// Recipients of a notification at the transaction's site: one page in the page's order, and their count.
pub async fn recipients(tx: &mut TenantTx, notification_id: i64, page: &Page) -> Result<(Vec<AlertRecipient>, i64), sqlx::Error> {
    let site_id = tx.site_id();
    let mut s = Search::new("select username, asp_users_id, inbox_sent, email_sent, text_sent, toastr_sent, created_date from notification_recipient");
    s.and_bind("notification_id = ", notification_id);
    s.and_bind("site_id = ", site_id);
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

pub async fn alert_types(conn: &mut PgConnection) -> Result<Vec<AlertType>, sqlx::Error> {
    sqlx::query_as!(AlertType, "select type_notification_id, description from asp.type_notification order by description")
        .fetch_all(conn)
        .await
}

pub async fn alert_type(conn: &mut PgConnection, id: i64) -> Result<Option<AlertType>, sqlx::Error> {
    sqlx::query_as!(
        AlertType,
        "select type_notification_id, description from asp.type_notification where type_notification_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}

/// The user's available sites of one client, by site code.
pub async fn client_sites_of_user(conn: &mut PgConnection, user_id: i64, client_id: i64) -> Result<Vec<SiteCode>, sqlx::Error> {
    sqlx::query_as!(
        SiteCode,
        "select s.site_id, s.site_code from asp.user_site us join asp.site s using (site_id) join asp.client c using (client_id)
         where us.asp_users_id = $1 and s.client_id = $2 and s.is_active and c.is_active and not s.is_ignored order by s.site_code",
        user_id,
        client_id
    )
    .fetch_all(conn)
    .await
}

/// (site id, client id) of the site with `code`.
pub async fn site_by_code(conn: &mut PgConnection, code: &str) -> Result<Option<(i64, i64)>, sqlx::Error> {
    let row = sqlx::query!("select site_id, client_id from asp.site where site_code = $1", code).fetch_optional(conn).await?;
    Ok(row.map(|r| (r.site_id, r.client_id)))
}
