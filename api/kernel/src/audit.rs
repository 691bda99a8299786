//! The audit trail: every write records who, acting as whom, when, and what changed.

use serde_json::Value;
use sqlx::PgConnection;

use crate::access::Caller;
use crate::error::current_request_id;

/// One audit record. `entity_id` is text so any key fits.
pub struct AuditEntry<'a> {
    pub action: &'a str,
    pub entity: &'a str,
    pub entity_id: String,
    pub client_id: Option<i64>,
    pub site_id: Option<i64>,
    pub changes: Value,
}

/// Writes the record in the caller's transaction, so a rolled-back change leaves no audit row and vice versa.
pub async fn record(conn: &mut PgConnection, actor: Option<&Caller>, entry: AuditEntry<'_>) -> Result<(), sqlx::Error> {
    let (real, effective) = match actor {
        Some(c) => (Some(c.real_user_id), Some(c.user_id)),
        None => (None, None),
    };
    record_as(conn, real, effective, entry).await
}

pub async fn record_as(
    conn: &mut PgConnection,
    real_user_id: Option<i64>,
    effective_user_id: Option<i64>,
    entry: AuditEntry<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into asp.audit_event (actor_user_id, acting_as_user_id, client_id, site_id, action, entity, entity_id, changes, request_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(real_user_id)
    .bind(effective_user_id)
    .bind(entry.client_id)
    .bind(entry.site_id)
    .bind(entry.action)
    .bind(entry.entity)
    .bind(entry.entity_id)
    .bind(entry.changes)
    .bind(current_request_id())
    .execute(conn)
    .await?;
    Ok(())
}

/// One change of a record as its history shows it (the "Audit/Detail" operations): who, acting as whom, when, what.
#[derive(poem_openapi::Object, sqlx::FromRow, Clone, Debug)]
pub struct AuditDetail {
    pub audit_event_id: i64,
    pub occurred_at: chrono::DateTime<chrono::Utc>,
    /// What was done: `create`, `update`, `delete`, or a named action such as `merge`.
    pub action: String,
    /// Login of the person who made the change (the provider's support user when impersonating).
    pub changed_by: Option<String>,
    /// Login of the user the change was made as, when it differs from `changed_by` (impersonation).
    pub acting_as: Option<String>,
    pub site_id: Option<i64>,
    /// `{field: {from, to}}` for an update; the record for a create or delete.
    pub changes: Value,
}

/// The history of one record of `entity` at one client (`client_id`; `None` for provider records), newest first,
/// at most `limit` changes. Entity ids repeat across client schemas, so the client is part of the key.
pub async fn history(conn: &mut PgConnection, entity: &str, entity_id: &str, client_id: Option<i64>, limit: i64) -> Result<Vec<AuditDetail>, sqlx::Error> {
    sqlx::query_as(
        "select e.audit_event_id, e.occurred_at, e.action, r.user_id as changed_by,
                case when e.acting_as_user_id is distinct from e.actor_user_id then a.user_id end as acting_as, e.site_id, e.changes
         from asp.audit_event e
         left join asp.asp_users r on r.asp_users_id = e.actor_user_id
         left join asp.asp_users a on a.asp_users_id = e.acting_as_user_id
         where e.entity = $1 and e.entity_id = $2 and e.client_id is not distinct from $3
         order by e.occurred_at desc, e.audit_event_id desc limit $4",
    )
    .bind(entity)
    .bind(entity_id)
    .bind(client_id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// What changed between two JSON renderings of a record: `{field: {from, to}}` for every differing field.
pub fn diff(before: &Value, after: &Value) -> Value {
    let empty = serde_json::Map::new();
    let b = before.as_object().unwrap_or(&empty);
    let a = after.as_object().unwrap_or(&empty);
    let mut out = serde_json::Map::new();
    for (k, to) in a {
        let from = b.get(k).unwrap_or(&Value::Null);
        if from != to {
            out.insert(k.clone(), serde_json::json!({"from": from, "to": to}));
        }
    }
    for (k, from) in b {
        if !a.contains_key(k) {
            out.insert(k.clone(), serde_json::json!({"from": from, "to": Value::Null}));
        }
    }
    Value::Object(out)
}

/// A record as JSON for the audit trail.
pub fn snapshot<T: serde::Serialize>(record: &T) -> Value {
    serde_json::to_value(record).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diffs_name_only_changed_fields() {
        let d = diff(&serde_json::json!({"a": 1, "b": 2, "c": 3}), &serde_json::json!({"a": 1, "b": 3}));
        assert_eq!(d, serde_json::json!({"b": {"from": 2, "to": 3}, "c": {"from": 3, "to": null}}));
    }
}
