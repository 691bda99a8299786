//! Rules of user settings: key and value checks, all-or-nothing batches, audit of every change.

use serde_json::json;
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{Incognito, Message, SettingInput, UserSetting};
use super::repo;

pub const INCOGNITO_KEY: &str = "ASP7.incognito_mode";
const MAX_VALUE_LEN: usize = 20_000;
const MAX_BATCH: usize = 200;
const NOT_FOUND: &str = "No such setting.";

/// A setting key: 1-200 visible characters.
pub struct SettingKey(String);

impl SettingKey {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let key = raw.trim();
        if key.is_empty() || key.len() > 200 || key.chars().any(char::is_control) {
            return Err(ValidationError::new("setting_key", "invalid", "Please enter a valid value for Setting Key"));
        }
        Ok(Self(key.to_owned()))
    }

    fn checked(raw: &str) -> ApiResult<Self> {
        Self::parse(raw).map_err(|e| ApiError::validation(vec![e]))
    }
}

fn check_value(v: &Option<String>) -> Result<(), ValidationError> {
    match v {
        Some(v) if v.len() > MAX_VALUE_LEN => Err(ValidationError::new("setting_value", "tooLong", "The setting value is too long.")),
        _ => Ok(()),
    }
}

/// Creates or replaces one of the caller's settings, with its audit row, in the caller's transaction.
async fn upsert(conn: &mut PgConnection, caller: &Caller, key: &SettingKey, value: Option<&str>) -> ApiResult<UserSetting> {
    let row = repo::upsert(&mut *conn, caller.user_id, &key.0, value).await?;
    audit::record(
        conn,
        Some(caller),
        AuditEntry { action: "setting.update", entity: "user_setting", entity_id: row.setting_id.to_string(), client_id: None, site_id: None, changes: json!({"key": key.0, "value": value}) },
    )
    .await?;
    Ok(row)
}

/// All of the user's settings, by key.
pub async fn list(state: &AppState, user_id: i64) -> ApiResult<Vec<UserSetting>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::list(&mut conn, user_id).await?)
}

pub async fn get(state: &AppState, caller: &Caller, key: &str) -> ApiResult<UserSetting> {
    let key = SettingKey::checked(key)?;
    let mut conn = state.pool.acquire().await?;
    repo::find(&mut conn, caller.user_id, &key.0).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// Creates or replaces one setting and answers it.
pub async fn update_one(state: &AppState, caller: &Caller, input: &SettingInput) -> ApiResult<UserSetting> {
    let key = SettingKey::checked(&input.setting_key)?;
    check_value(&input.setting_value).map_err(|e| ApiError::validation(vec![e]))?;
    let mut tx = state.pool.begin().await?;
    let row = upsert(&mut tx, caller, &key, input.setting_value.as_deref()).await?;
    tx.commit().await?;
    Ok(row)
}

/// Creates or replaces several settings; one invalid entry changes none.
pub async fn update_many(state: &AppState, caller: &Caller, inputs: &[SettingInput]) -> ApiResult<Message> {
    if inputs.is_empty() || inputs.len() > MAX_BATCH {
        return Err(ApiError::bad_request("Send between 1 and 200 settings."));
    }
    let mut parsed = Vec::new();
    let mut problems = Problems::default();
    for s in inputs {
        match (SettingKey::parse(&s.setting_key), check_value(&s.setting_value)) {
            (Ok(k), Ok(())) => parsed.push((k, s.setting_value.as_deref())),
            (Err(e), _) | (_, Err(e)) => problems.push(e),
        }
    }
    problems.check()?;
    let mut tx = state.pool.begin().await?;
    for (k, v) in &parsed {
        upsert(&mut tx, caller, k, *v).await?;
    }
    tx.commit().await?;
    Ok(Message::new(if parsed.len() == 1 { "User setting saved!" } else { "User settings saved!" }))
}

pub async fn delete(state: &AppState, caller: &Caller, key: &str) -> ApiResult<Message> {
    let key = SettingKey::checked(key)?;
    let mut tx = state.pool.begin().await?;
    let Some(id) = repo::delete(&mut tx, caller.user_id, &key.0).await? else {
        return Err(ApiError::not_found(NOT_FOUND));
    };
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "setting.delete", entity: "user_setting", entity_id: id.to_string(), client_id: None, site_id: None, changes: json!({"key": key.0}) },
    )
    .await?;
    tx.commit().await?;
    Ok(Message::new("User setting cleared!"))
}

pub async fn incognito(state: &AppState, caller: &Caller) -> ApiResult<Incognito> {
    let mut conn = state.pool.acquire().await?;
    let value = repo::find(&mut conn, caller.user_id, INCOGNITO_KEY).await?.and_then(|s| s.setting_value);
    Ok(Incognito { incognito: value.as_deref() == Some("true") })
}

/// Turns incognito mode off.
pub async fn reset_incognito(state: &AppState, caller: &Caller) -> ApiResult<Incognito> {
    let key = SettingKey(INCOGNITO_KEY.to_owned());
    let mut tx = state.pool.begin().await?;
    upsert(&mut tx, caller, &key, Some("false")).await?;
    tx.commit().await?;
    Ok(Incognito { incognito: false })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_keys_are_checked() {
        assert!(SettingKey::parse("general.ui.useSideNav").is_ok());
        assert!(SettingKey::parse("").is_err());
        assert!(SettingKey::parse(&"x".repeat(201)).is_err());
    }

    #[test]
    fn setting_values_have_a_length_limit() {
        assert!(check_value(&None).is_ok());
        assert!(check_value(&Some("x".repeat(MAX_VALUE_LEN))).is_ok());
        assert_eq!(check_value(&Some("x".repeat(MAX_VALUE_LEN + 1))).map_err(|e| e.field), Err("setting_value".to_owned()));
    }
}
