//! Rules of the inbox: only the caller's own inbox (another user's answers 404, as a missing notification does),
//! at the current site; reading marks read; acknowledge and remove lists are all-or-nothing; the administrators'
//! messages go through `kernel::notify::raise`. Every change is audited.

use serde_json::json;
use tenancy::{SiteScope, TenantTx};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::dedup_ids;
use kernel::notify::{self, Audience, Channels, Notice};
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};

use super::model::*;
use super::repo::{self, InboxFilter};

pub const NOT_FOUND: &str = "The notification you are trying to find does not exist.";

fn own(caller: &Caller, user_id: i64) -> ApiResult<()> {
    if user_id == caller.user_id {
        Ok(())
    } else {
        Err(ApiError::not_found(NOT_FOUND))
    }
}

async fn audit_inbox(tx: &mut TenantTx, caller: &Caller, entity_id: String, action: &str, changes: serde_json::Value) -> ApiResult<()> {
    let scope = tx.scope().clone();
    audit::record(
        tx,
        Some(caller),
        AuditEntry { action, entity: "notification_recipient", entity_id, client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes },
    )
    .await?;
    Ok(())
}

/// POST Alerts/Notification/Search: the caller's inbox at the current site.
pub async fn search(state: &AppState, caller: &Caller, scope: &SiteScope, req: &InboxSearch) -> ApiResult<InboxPage> {
    let page = req.page.resolve(&INBOX_SORT)?;
    let filter = InboxFilter {
        unread_only: req.unread_only.unwrap_or(false),
        type_id: req.type_notification_id,
        category_id: req.notification_category_id,
        text: trimmed(&req.search).map(str::to_owned),
    };
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::search(&mut tx, caller.user_id, &filter, &page).await?;
    tx.commit().await?;
    Ok(InboxPage::new(rows, total))
}

/// GET Alerts/Inbox/count/{userId}.
pub async fn count(state: &AppState, caller: &Caller, scope: &SiteScope, user_id: i64) -> ApiResult<InboxCount> {
    own(caller, user_id)?;
    let mut tx = scope.begin(&state.pool).await?;
    let count = repo::unread_count(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(InboxCount { count })
}

/// GET Alerts/Inbox/{userId}/{notificationId}: one notification of the caller's inbox, marked read.
pub async fn read(state: &AppState, caller: &Caller, scope: &SiteScope, user_id: i64, notification_id: i64) -> ApiResult<InboxMessage> {
    own(caller, user_id)?;
    let mut tx = scope.begin(&state.pool).await?;
    if repo::find(&mut tx, user_id, notification_id).await?.is_none() {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    if repo::mark_read(&mut tx, user_id, notification_id).await? {
        audit_inbox(&mut tx, caller, format!("{notification_id}:{user_id}"), "read", json!({"notification_id": notification_id})).await?;
    }
    let message = repo::find(&mut tx, user_id, notification_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    tx.commit().await?;
    Ok(message)
}

/// POST Alerts/Inbox/status/update: acknowledges and removes; every id must be in the caller's inbox (else 404 and
/// nothing changes).
pub async fn update_status(state: &AppState, caller: &Caller, scope: &SiteScope, body: &InboxStatusUpdate) -> ApiResult<InboxStatusSaved> {
    own(caller, body.asp_users_id)?;
    let ack = dedup_ids(&body.ack);
    let remove = dedup_ids(&body.remove);
    if ack.is_empty() && remove.is_empty() {
        return Err(ApiError::invalid("ack", "required", "Name at least one notification to acknowledge or remove."));
    }
    let mut tx = scope.begin(&state.pool).await?;
    let mut all: Vec<i64> = ack.iter().chain(remove.iter()).copied().collect();
    all = dedup_ids(&all);
    let found = repo::in_inbox(&mut tx, caller.user_id, &all).await?;
    if found.len() != all.len() {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let acknowledged = repo::acknowledge(&mut tx, caller.user_id, &ack).await?;
    let removed = repo::remove(&mut tx, caller.user_id, &remove).await?;
    audit_inbox(&mut tx, caller, format!("user:{}", caller.user_id), "status.update", json!({"ack": ack, "remove": remove})).await?;
    let count = repo::unread_count(&mut tx, caller.user_id).await?;
    tx.commit().await?;
    Ok(InboxStatusSaved { success: true, acknowledged: acknowledged as i64, removed: removed as i64, count })
}

/// Subject and body checked (both required, trimmed).
fn message(subject: &str, body: &str, link: &Option<String>) -> ApiResult<(String, String, Option<String>)> {
    let mut problems = Problems::default();
    let subject = subject.trim();
    let body = body.trim();
    if subject.is_empty() {
        problems.add("subject", "required", "Please enter a subject.");
    }
    if body.is_empty() {
        problems.add("body", "required", "Please enter a message.");
    }
    let link = trimmed(link).map(str::to_owned);
    if link.as_ref().is_some_and(|l| !l.starts_with('/')) {
        problems.add("link", "invalid", "The link must be an address in the console, starting with /.");
    }
    problems.check()?;
    Ok((subject.to_owned(), body.to_owned(), link))
}

async fn type_or(state: &AppState, type_id: Option<i64>, default: i64) -> ApiResult<i64> {
    let id = type_id.unwrap_or(default);
    let mut conn = state.pool.acquire().await?;
    if !repo::type_exists(&mut conn, id).await? {
        return Err(ApiError::invalid("type_notification_id", "invalid", "No such alert type."));
    }
    Ok(id)
}

async fn raise(state: &AppState, caller: &Caller, scope: &SiteScope, notice: Notice, action: &str) -> ApiResult<NotificationRaised> {
    let mut tx = scope.begin(&state.pool).await?;
    let raised = notify::raise(&mut tx, &notice).await?;
    let users = match &notice.audience {
        Audience::Users { user_ids, .. } => json!(user_ids),
        Audience::Settings | Audience::SettingsAmong(_) => json!(null),
    };
    let client_id = scope.client_id();
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action,
            entity: "notification",
            entity_id: raised.notification_id.to_string(),
            client_id: Some(client_id),
            site_id: Some(scope.site_id()),
            changes: json!({"type_notification_id": notice.type_id, "subject": notice.subject, "users": users, "recipients": raised.recipients}),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(NotificationRaised { notification_id: raised.notification_id, recipients: raised.recipients })
}

/// POST Alerts/Notification/Insert: to everyone at the current site whose settings want the type.
pub async fn insert(state: &AppState, caller: &Caller, scope: &SiteScope, body: &NotificationInsert) -> ApiResult<NotificationRaised> {
    let (subject, text, link) = message(&body.subject, &body.body, &body.link)?;
    let type_id = type_or(
        state,
        body.type_notification_id,
        notify::types::SITE_BROADCAST,
    )
    .await?;
    // The toast (a broadcast's, on the site hub) says the message itself, not only its subject.
    let notice = Notice {
        type_id,
        subject,
        body_toast: Some(text.clone()),
        text,
        link,
        created_by: Some(caller.user_id),
        ..Default::default()
    };
    raise(state, caller, scope, notice, "create").await
}

/// POST Alerts/Inbox/UserNotification/Insert: to the named users' inboxes at the current site (each must have access
/// to it; one lacking the type's permission there does not receive it).
pub async fn insert_for_users(state: &AppState, caller: &Caller, scope: &SiteScope, body: &UserNotificationInsert) -> ApiResult<NotificationRaised> {
    let (subject, text, link) = message(&body.subject, &body.body, &body.link)?;
    if body.type_notification_id == Some(notify::types::SITE_BROADCAST) {
        return Err(ApiError::invalid(
            "type_notification_id",
            "invalid",
            "A site broadcast goes to everyone at the site: send it with Notification/Insert.",
        ));
    }
    let type_id = type_or(state, body.type_notification_id, notify::types::MESSAGE).await?;
    let users = dedup_ids(&body.asp_users_ids);
    let mut conn = state.pool.acquire().await?;
    let at_site = repo::users_at_site(&mut conn, &users, scope.site_id()).await?;
    drop(conn);
    if let Some(i) = body.asp_users_ids.iter().position(|u| !at_site.contains(u)) {
        return Err(ApiError::invalid(&format!("asp_users_ids[{i}]"), "invalid", "The user has no access to this site."));
    }
    let notice = Notice {
        type_id,
        subject,
        text,
        link,
        created_by: Some(caller.user_id),
        audience: Audience::Users {
            user_ids: users,
            channels: Channels::INBOX_AND_TOAST,
        },
        ..Default::default()
    };
    raise(state, caller, scope, notice, "create").await
}
