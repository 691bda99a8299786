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
