//! User settings, home tiles, shortcuts and incognito mode under `/api/V1/Presentation`.

use std::collections::HashSet;

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde_json::json;
use sqlx::{FromRow, PgConnection};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::ApiTags;
use crate::context::{self, UserSetting};
use kernel::state::AppState;

pub const INCOGNITO_KEY: &str = "ASP7.incognito_mode";
const MAX_VALUE_LEN: usize = 20_000;

#[derive(Object, Clone)]
pub struct SettingInput {
    pub setting_key: String,
    pub setting_value: Option<String>,
}

#[derive(Object)]
pub struct Message {
    pub message: String,
}

#[derive(Object, FromRow, Clone)]
pub struct HomepageTile {
    pub report_id: i64,
    #[oai(rename = "aspName")]
    pub asp_name: String,
    #[oai(rename = "report_Name")]
    pub report_name: String,
    #[oai(rename = "reportDescription")]
    pub report_description: String,
    /// 1 small, 2 large.
    #[oai(rename = "homepageTileType")]
    pub homepage_tile_type: i32,
    pub is_selected: bool,
    /// 1-based position among the tiles of the same type.
    pub rank: i32,
    pub route: Option<String>,
    /// The tile's count; null while the feature that counts it is not available at this site.
    pub count: Option<i64>,
    #[oai(skip)]
    #[sqlx(default)]
    pub required_permissions: Option<Vec<String>>,
}

#[derive(Object)]
pub struct TileDisplay {
    pub report_id: i64,
    pub is_selected: bool,
}

#[derive(Object)]
pub struct TileRank {
    pub report_id: i64,
    /// New 1-based position.
    pub rank: i32,
}

#[derive(Object)]
pub struct ShortcutDisplay {
    pub shortcut_id: i64,
    pub display: bool,
}

#[derive(Object)]
pub struct ShortcutRank {
    pub shortcut_id: i64,
    /// New 1-based position.
    pub rank: i32,
}

#[derive(Object)]
pub struct Incognito {
    pub incognito: bool,
}

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
}

fn check_value(v: &Option<String>) -> Result<(), ValidationError> {
    match v {
        Some(v) if v.len() > MAX_VALUE_LEN => Err(ValidationError::new("setting_value", "tooLong", "The setting value is too long.")),
        _ => Ok(()),
    }
}

pub async fn upsert_setting(conn: &mut PgConnection, caller: &Caller, key: &SettingKey, value: Option<&str>) -> ApiResult<UserSetting> {
    let row: UserSetting = sqlx::query_as(
        "insert into asp.user_setting (asp_users_id, setting_key, setting_value) values ($1, $2, $3)
         on conflict (asp_users_id, setting_key) do update set setting_value = excluded.setting_value, updated_at = now()
         returning setting_id, asp_users_id, setting_key, setting_value",
    )
    .bind(caller.user_id)
    .bind(&key.0)
    .bind(value)
    .fetch_one(&mut *conn)
    .await?;
    audit::record(
        conn,
        Some(caller),
        AuditEntry { action: "setting.update", entity: "user_setting", entity_id: row.setting_id.to_string(), client_id: None, site_id: None, changes: json!({"key": key.0, "value": value}) },
    )
    .await?;
    Ok(row)
}

async fn held_permissions(state: &AppState, caller: &Caller) -> ApiResult<Vec<String>> {
    Ok(caller.site.as_ref().map(|a| a.permissions()).unwrap_or_default())
}

/// The caller's visible tiles with their preferences, ranked within each type.
pub async fn tiles_for(state: &AppState, caller: &Caller) -> ApiResult<Vec<HomepageTile>> {
    let held = held_permissions(state, caller).await?;
    let held: HashSet<&str> = held.iter().map(String::as_str).collect();
    let rows: Vec<HomepageTile> = sqlx::query_as(
        "select t.report_id, t.asp_name, t.report_name, t.report_description, t.homepage_tile_type,
                coalesce(u.is_selected, true) as is_selected, coalesce(u.rank, t.default_rank) as rank, t.route,
                null::bigint as count, t.required_permissions
         from asp.homepage_tile t left join asp.user_homepage_tile u on u.report_id = t.report_id and u.asp_users_id = $1
         order by t.homepage_tile_type, coalesce(u.rank, t.default_rank), t.report_id",
    )
    .bind(caller.user_id)
    .fetch_all(&state.pool)
    .await?;
    let mut visible: Vec<HomepageTile> = rows
        .into_iter()
        .filter(|t| t.required_permissions.as_ref().is_none_or(|req| req.iter().any(|r| held.contains(r.as_str()))))
        .collect();
    for tile_type in [1, 2] {
        for (i, t) in visible.iter_mut().filter(|t| t.homepage_tile_type == tile_type).enumerate() {
            t.rank = i32::try_from(i + 1).unwrap_or(i32::MAX);
        }
    }
    Ok(visible)
}

/// Moves `id` to 1-based `rank` within `order` (clamped), returning the new order.
pub fn move_to<T: PartialEq + Copy>(order: &[T], id: T, rank: i32) -> Option<Vec<T>> {
    let from = order.iter().position(|x| *x == id)?;
    let mut out = order.to_vec();
    let item = out.remove(from);
    let to = usize::try_from(rank.max(1) - 1).unwrap_or(0).min(out.len());
    out.insert(to, item);
    Some(out)
}

pub struct PresentationApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Presentation", tag = "ApiTags::Shell")]
impl PresentationApi {
    /// All of the caller's user settings
    #[requires(password_change)]
    #[oai(path = "/UserSettings", method = "get", operation_id = "getUserSettings")]
    async fn list_settings(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Vec<UserSetting>>> {
        Ok(Json(context::settings(&state, caller.user_id).await?))
    }

    /// Get one user setting by key
    #[requires(password_change, errors(404))]
    #[oai(path = "/UserSetting", method = "get", operation_id = "getUserSetting")]
    async fn get_setting(&self, state: Data<&AppState>, caller: Data<&Caller>, key: Query<String>) -> ApiResult<Json<UserSetting>> {
        let key = SettingKey::parse(&key.0).map_err(|e| ApiError::validation(vec![e]))?;
        let row: Option<UserSetting> = sqlx::query_as(
            "select setting_id, asp_users_id, setting_key, setting_value from asp.user_setting where asp_users_id = $1 and setting_key = $2",
        )
        .bind(caller.user_id)
        .bind(&key.0)
        .fetch_optional(&state.pool)
        .await?;
        row.map(Json).ok_or_else(|| ApiError::not_found("No such setting."))
    }

    /// Silently update one user setting
    ///
    /// Creates the setting when missing and answers it.
    #[requires(password_change)]
    #[oai(path = "/UpdateUserSetting", method = "post", operation_id = "presentationPostUpdateUserSetting")]
    async fn update_setting(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<SettingInput>) -> ApiResult<Json<UserSetting>> {
        let key = SettingKey::parse(&body.setting_key).map_err(|e| ApiError::validation(vec![e]))?;
        check_value(&body.setting_value).map_err(|e| ApiError::validation(vec![e]))?;
        let mut tx = state.pool.begin().await?;
        let row = upsert_setting(&mut tx, &caller, &key, body.setting_value.as_deref()).await?;
        tx.commit().await?;
        Ok(Json(row))
    }

    /// Update several user settings
    ///
    /// All or nothing: one invalid entry changes none.
    #[requires(password_change)]
    #[oai(path = "/UpdateUserSettings", method = "post", operation_id = "presentationPostUpdateUserSettings")]
    async fn update_settings(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<Vec<SettingInput>>) -> ApiResult<Json<Message>> {
        if body.0.is_empty() || body.0.len() > 200 {
            return Err(ApiError::bad_request("Send between 1 and 200 settings."));
        }
        let mut parsed = Vec::new();
        let mut errors = Vec::new();
        for s in &body.0 {
            match (SettingKey::parse(&s.setting_key), check_value(&s.setting_value)) {
                (Ok(k), Ok(())) => parsed.push((k, s.setting_value.clone())),
                (Err(e), _) | (_, Err(e)) => errors.push(e),
            }
        }
        if !errors.is_empty() {
            return Err(ApiError::validation(errors));
        }
        let mut tx = state.pool.begin().await?;
        for (k, v) in &parsed {
            upsert_setting(&mut tx, &caller, k, v.as_deref()).await?;
        }
        tx.commit().await?;
        let message = if parsed.len() == 1 { "User setting saved!" } else { "User settings saved!" };
        Ok(Json(Message { message: message.to_owned() }))
    }

    /// Clear one user setting
    #[requires(signed_in, errors(404))]
    #[oai(path = "/UserSetting", method = "delete", operation_id = "deleteUserSetting")]
    async fn delete_setting(&self, state: Data<&AppState>, caller: Data<&Caller>, key: Query<String>) -> ApiResult<Json<Message>> {
        let key = SettingKey::parse(&key.0).map_err(|e| ApiError::validation(vec![e]))?;
        let mut tx = state.pool.begin().await?;
        let deleted: Option<i64> = sqlx::query_scalar(
            "delete from asp.user_setting where asp_users_id = $1 and setting_key = $2 returning setting_id",
        )
        .bind(caller.user_id)
        .bind(&key.0)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(id) = deleted else { return Err(ApiError::not_found("No such setting.")) };
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry { action: "setting.delete", entity: "user_setting", entity_id: id.to_string(), client_id: None, site_id: None, changes: json!({"key": key.0}) },
        )
        .await?;
        tx.commit().await?;
        Ok(Json(Message { message: "User setting cleared!".to_owned() }))
    }

    /// Home page tiles
    ///
    /// The tiles the caller may see at the current site, small (type 1) and large (type 2), each ranked from 1.
    #[requires(BasicAccess, CustomerPortalUser)]
    #[oai(path = "/HomepageTiles", method = "get", operation_id = "presentationGetHomepageTiles")]
    async fn tiles(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Vec<HomepageTile>>> {
        Ok(Json(tiles_for(&state, &caller).await?))
    }

    /// Show or hide a home tile
    #[requires(BasicAccess, CustomerPortalUser)]
    #[oai(path = "/HomepageTile/Display", method = "put", operation_id = "presentationPutHomepageTileDisplay")]
    async fn tile_display(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<TileDisplay>) -> ApiResult<Json<Vec<HomepageTile>>> {
        let tiles = tiles_for(&state, &caller).await?;
        if !tiles.iter().any(|t| t.report_id == body.report_id) {
            return Err(ApiError::invalid("report_id", "invalid", "Please enter a valid value for Tile"));
        }
        let mut tx = state.pool.begin().await?;
        save_tile_order(&mut tx, caller.user_id, &tiles).await?;
        sqlx::query("update asp.user_homepage_tile set is_selected = $3 where asp_users_id = $1 and report_id = $2")
            .bind(caller.user_id)
            .bind(body.report_id)
            .bind(body.is_selected)
            .execute(&mut *tx)
            .await?;
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry { action: "tile.display", entity: "user_homepage_tile", entity_id: body.report_id.to_string(), client_id: None, site_id: None, changes: json!({"is_selected": body.is_selected}) },
        )
        .await?;
        tx.commit().await?;
        Ok(Json(tiles_for(&state, &caller).await?))
    }

    /// Move a home tile to a new 1-based rank
    ///
    /// The other tiles of the same type shift to make room.
    #[requires(BasicAccess, CustomerPortalUser)]
    #[oai(path = "/HomepageTile/Rank", method = "put", operation_id = "presentationPutHomepageTileRank")]
    async fn tile_rank(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<TileRank>) -> ApiResult<Json<Vec<HomepageTile>>> {
        if body.rank < 1 {
            return Err(ApiError::invalid("rank", "invalid", "Rank starts at 1."));
        }
        let mut tiles = tiles_for(&state, &caller).await?;
        let Some(tile_type) = tiles.iter().find(|t| t.report_id == body.report_id).map(|t| t.homepage_tile_type) else {
            return Err(ApiError::invalid("report_id", "invalid", "Please enter a valid value for Tile"));
        };
        let same: Vec<i64> = tiles.iter().filter(|t| t.homepage_tile_type == tile_type).map(|t| t.report_id).collect();
        let order = move_to(&same, body.report_id, body.rank).unwrap_or(same);
        for t in tiles.iter_mut().filter(|t| t.homepage_tile_type == tile_type) {
            t.rank = order.iter().position(|id| *id == t.report_id).map_or(t.rank, |p| i32::try_from(p + 1).unwrap_or(i32::MAX));
        }
        let mut tx = state.pool.begin().await?;
        save_tile_order(&mut tx, caller.user_id, &tiles).await?;
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry { action: "tile.rank", entity: "user_homepage_tile", entity_id: body.report_id.to_string(), client_id: None, site_id: None, changes: json!({"rank": body.rank}) },
        )
        .await?;
        tx.commit().await?;
        Ok(Json(tiles_for(&state, &caller).await?))
    }

    /// Show or hide a shortcut
    #[requires(signed_in)]
    #[oai(path = "/Shortcut/Display", method = "put", operation_id = "presentationPutShortcutDisplay")]
    async fn shortcut_display(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ShortcutDisplay>) -> ApiResult<Json<Vec<context::Shortcut>>> {
        let list = visible_shortcuts(&state, &caller).await?;
        if !list.iter().any(|s| s.id == body.shortcut_id) {
            return Err(ApiError::invalid("shortcut_id", "invalid", "Please enter a valid value for Shortcut"));
        }
        let mut tx = state.pool.begin().await?;
        save_shortcut_order(&mut tx, caller.user_id, &list).await?;
        sqlx::query("update asp.user_shortcut set display = $3 where asp_users_id = $1 and shortcut_id = $2")
            .bind(caller.user_id)
            .bind(body.shortcut_id)
            .bind(body.display)
            .execute(&mut *tx)
            .await?;
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry { action: "shortcut.display", entity: "user_shortcut", entity_id: body.shortcut_id.to_string(), client_id: None, site_id: None, changes: json!({"display": body.display}) },
        )
        .await?;
        tx.commit().await?;
        Ok(Json(visible_shortcuts(&state, &caller).await?))
    }

    /// Move a shortcut to a new 1-based rank
    #[requires(signed_in)]
    #[oai(path = "/Shortcut/Rank", method = "put", operation_id = "presentationPutShortcutRank")]
    async fn shortcut_rank(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ShortcutRank>) -> ApiResult<Json<Vec<context::Shortcut>>> {
        if body.rank < 1 {
            return Err(ApiError::invalid("rank", "invalid", "Rank starts at 1."));
        }
        let mut list = visible_shortcuts(&state, &caller).await?;
        let ids: Vec<i64> = list.iter().map(|s| s.id).collect();
        let Some(order) = move_to(&ids, body.shortcut_id, body.rank) else {
            return Err(ApiError::invalid("shortcut_id", "invalid", "Please enter a valid value for Shortcut"));
        };
        for s in &mut list {
            s.rank = order.iter().position(|id| *id == s.id).map_or(s.rank, |p| i32::try_from(p + 1).unwrap_or(i32::MAX));
        }
        let mut tx = state.pool.begin().await?;
        save_shortcut_order(&mut tx, caller.user_id, &list).await?;
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry { action: "shortcut.rank", entity: "user_shortcut", entity_id: body.shortcut_id.to_string(), client_id: None, site_id: None, changes: json!({"rank": body.rank}) },
        )
        .await?;
        tx.commit().await?;
        Ok(Json(visible_shortcuts(&state, &caller).await?))
    }

    /// Incognito status of the caller
    #[requires(signed_in)]
    #[oai(path = "/IncognitoMode", method = "get", operation_id = "presentationGetIncognitoMode")]
    async fn incognito(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Incognito>> {
        let v: Option<Option<String>> = sqlx::query_scalar("select setting_value from asp.user_setting where asp_users_id = $1 and setting_key = $2")
            .bind(caller.user_id)
            .bind(INCOGNITO_KEY)
            .fetch_optional(&state.pool)
            .await?;
        Ok(Json(Incognito { incognito: v.flatten().as_deref() == Some("true") }))
    }

    /// Turn incognito mode off
    #[requires(signed_in)]
    #[oai(path = "/ResetIncognitoStatus", method = "get", operation_id = "presentationGetResetIncognitoStatus")]
    async fn reset_incognito(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Incognito>> {
        let key = SettingKey(INCOGNITO_KEY.to_owned());
        let mut tx = state.pool.begin().await?;
        upsert_setting(&mut tx, &caller, &key, Some("false")).await?;
        tx.commit().await?;
        Ok(Json(Incognito { incognito: false }))
    }
}

async fn visible_shortcuts(state: &AppState, caller: &Caller) -> ApiResult<Vec<context::Shortcut>> {
    let held = held_permissions(state, caller).await?;
    let held: HashSet<&str> = held.iter().map(String::as_str).collect();
    context::shortcuts(state, caller.user_id, &held).await
}

/// Writes every visible tile's rank and selection, so later moves work on a complete, gap-free order.
async fn save_tile_order(conn: &mut PgConnection, user_id: i64, tiles: &[HomepageTile]) -> ApiResult<()> {
    let ids: Vec<i64> = tiles.iter().map(|t| t.report_id).collect();
    let ranks: Vec<i32> = tiles.iter().map(|t| t.rank).collect();
    let selected: Vec<bool> = tiles.iter().map(|t| t.is_selected).collect();
    sqlx::query(
        "insert into asp.user_homepage_tile (asp_users_id, report_id, rank, is_selected)
         select $1, t.id, t.rank, t.sel from unnest($2::bigint[], $3::int[], $4::bool[]) as t(id, rank, sel)
         on conflict (asp_users_id, report_id) do update set rank = excluded.rank",
    )
    .bind(user_id)
    .bind(&ids)
    .bind(&ranks)
    .bind(&selected)
    .execute(conn)
    .await?;
    Ok(())
}

async fn save_shortcut_order(conn: &mut PgConnection, user_id: i64, list: &[context::Shortcut]) -> ApiResult<()> {
    let ids: Vec<i64> = list.iter().map(|s| s.id).collect();
    let ranks: Vec<i32> = list.iter().map(|s| s.rank).collect();
    let display: Vec<bool> = list.iter().map(|s| s.display).collect();
    sqlx::query(
        "insert into asp.user_shortcut (asp_users_id, shortcut_id, rank, display)
         select $1, t.id, t.rank, t.display from unnest($2::bigint[], $3::int[], $4::bool[]) as t(id, rank, display)
         on conflict (asp_users_id, shortcut_id) do update set rank = excluded.rank",
    )
    .bind(user_id)
    .bind(&ids)
    .bind(&ranks)
    .bind(&display)
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_to_a_rank_shifts_the_others() {
        assert_eq!(move_to(&[1, 2, 3, 4], 4, 1), Some(vec![4, 1, 2, 3]));
        assert_eq!(move_to(&[1, 2, 3, 4], 1, 3), Some(vec![2, 3, 1, 4]));
        assert_eq!(move_to(&[1, 2, 3], 2, 99), Some(vec![1, 3, 2]));
        assert_eq!(move_to(&[1, 2, 3], 2, 0), Some(vec![2, 1, 3]));
        assert_eq!(move_to(&[1, 2, 3], 9, 1), None);
    }

    #[test]
    fn setting_keys_are_checked() {
        assert!(SettingKey::parse("general.ui.useSideNav").is_ok());
        assert!(SettingKey::parse("").is_err());
        assert!(SettingKey::parse(&"x".repeat(201)).is_err());
    }
}
