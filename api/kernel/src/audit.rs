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

/// Writes the record in the caller's transaction, so a rolled-back change leaves no audit row and vice versa. A change
/// that changed nothing (see [`meaningful`]) writes no row: a history of "saved, nothing changed" lines hides the
/// real changes, and every service gets the rule here instead of checking before it calls.
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
    let Some(changes) = meaningful(entry.action, entry.changes) else {
        return Ok(());
    };
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
    .bind(changes)
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

/// Fields every save touches; a change of only these is no change a person made.
const BOOKKEEPING: [&str; 6] = ["updated_at", "updatedAt", "updated_by", "updated_by_id", "updatedBy", "updatedById"];

/// Whether `action` changes a record in place (`update`, `employee_group.update`, `update_limits`,
/// `item_master.ship_weight_update`, `cip.kit.save`), where an empty change set means the save changed nothing. Other
/// named actions (`lock`, `expire`, `job.reset`) are events in themselves and are recorded even without details.
pub fn is_update(action: &str) -> bool {
    let verb = action.rsplit('.').next().unwrap_or(action);
    verb == "update" || verb == "save" || verb.starts_with("update_") || verb.ends_with("_update")
}

/// `{from, to}` as [`diff`] writes one changed field.
fn field_change(v: &Value) -> Option<(&Value, &Value)> {
    from_to(v.as_object()?)
}

fn from_to(m: &serde_json::Map<String, Value>) -> Option<(&Value, &Value)> {
    if m.len() != 2 {
        return None;
    }
    Some((m.get("from")?, m.get("to")?))
}

/// Drops the fields of a change set that did not change (from == to, or bookkeeping); answers whether it held any
/// field change and how many are left. A nested `changes` (`{"block": .., "changes": {..}}`) is a change set too.
fn prune(map: &mut serde_json::Map<String, Value>) -> (bool, usize) {
    let mut had = false;
    map.retain(|k, v| match field_change(v) {
        Some((from, to)) => {
            had = true;
            from != to && !BOOKKEEPING.contains(&k.as_str())
        }
        None => true,
    });
    let mut left = map.values().filter(|v| field_change(v).is_some()).count();
    if let Some(Value::Object(inner)) = map.get_mut("changes") {
        if from_to(inner).is_none() {
            let (inner_had, inner_left) = prune(inner);
            had |= inner_had || inner.is_empty();
            // A nested set that is not field changes (a list of lines, a record) counts as one change.
            left += if inner_had || inner.is_empty() { inner_left } else { 1 };
        }
    }
    (had, left)
}

/// The change set to record for `action`, or `None` when nothing changed: every field change has from == to (or is
/// bookkeeping), or an in-place update ([`is_update`]) has no details at all. Unchanged fields are left out of what is
/// recorded, so the history lists only what changed.
pub fn meaningful(action: &str, mut changes: Value) -> Option<Value> {
    match &mut changes {
        Value::Null if is_update(action) => None,
        Value::Object(map) => {
            let empty = map.is_empty();
            let (had, left) = prune(map);
            if (had && left == 0) || (empty && is_update(action)) {
                None
            } else {
                Some(changes)
            }
        }
        _ => Some(changes),
    }
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

    #[test]
    fn an_update_that_changed_nothing_is_not_recorded() {
        use serde_json::json;
        assert_eq!(meaningful("employee_group.update", json!({})), None);
        assert_eq!(meaningful("update", Value::Null), None);
        assert_eq!(meaningful("update", json!({"phone": {"from": "1", "to": "1"}})), None);
        assert_eq!(meaningful("update", json!({"updated_at": {"from": "a", "to": "b"}})), None);
        assert_eq!(meaningful("update", json!({"block": "Terms", "changes": {}})), None);
        assert_eq!(meaningful("update", json!({"block": "Terms", "changes": {"x": {"from": 1, "to": 1}}})), None);
        assert_eq!(
            meaningful("employee_group.item_group_limit.update", json!({"item_group": "PPE", "limit_amount": {"from": "75", "to": "75"}})),
            None
        );
    }

    #[test]
    fn unchanged_fields_are_dropped_and_the_rest_kept() {
        use serde_json::json;
        let kept = meaningful("update", json!({"phone": {"from": null, "to": "555"}, "name": {"from": "A", "to": "A"}, "updated_at": {"from": 1, "to": 2}}));
        assert_eq!(kept, Some(json!({"phone": {"from": null, "to": "555"}})));
        let nested = meaningful("update", json!({"block": "Terms", "changes": {"x": {"from": 1, "to": 2}, "y": {"from": 3, "to": 3}}}));
        assert_eq!(nested, Some(json!({"block": "Terms", "changes": {"x": {"from": 1, "to": 2}}})));
        let context = meaningful("x.update", json!({"item_group": "PPE", "limit_amount": {"from": "75", "to": "80"}}));
        assert_eq!(context, Some(json!({"item_group": "PPE", "limit_amount": {"from": "75", "to": "80"}})));
    }

    #[test]
    fn creates_deletes_and_named_events_are_always_recorded() {
        use serde_json::json;
        assert_eq!(meaningful("create", json!({"name": "A"})), Some(json!({"name": "A"})));
        assert_eq!(meaningful("cid.merge", json!({})), Some(json!({})));
        assert_eq!(meaningful("lock", Value::Null), Some(Value::Null));
        assert_eq!(meaningful("delete", json!({"before": {"name": "A"}})), Some(json!({"before": {"name": "A"}})));
        assert_eq!(meaningful("assignment", json!({"from": 1, "to": 2})), Some(json!({"from": 1, "to": 2})));
        assert!(is_update("item_master.ship_weight_update") && is_update("update_limits") && is_update("cip.kit.save"));
        assert!(!is_update("suspend") && !is_update("employee_group.create"));
    }
}
