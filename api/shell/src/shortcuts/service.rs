//! Rules of shortcuts: visibility by permission, gap-free ranks.

use std::collections::HashSet;

use serde_json::json;
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

use super::model::{Shortcut, ShortcutDisplay, ShortcutRank};
use super::repo;
use crate::user_lists::{allowed, move_to, rank_in};

fn unknown_shortcut() -> ApiError {
    ApiError::invalid("shortcut_id", "invalid", "Please enter a valid value for Shortcut")
}

/// The user's shortcuts allowed by `held` (permission names), ranked from 1.
pub async fn for_user(state: &AppState, user_id: i64, held: &HashSet<&str>) -> ApiResult<Vec<Shortcut>> {
    let rows = {
        let mut conn = state.pool.acquire().await?;
        repo::list(&mut conn, user_id).await?
    };
    Ok(rows
        .into_iter()
        .filter(|r| allowed(r.required_permissions.as_deref(), held))
        .enumerate()
        .map(|(i, r)| Shortcut {
            id: r.id,
            description: r.description,
            angular_icon: r.angular_icon,
            angular_route: r.angular_route,
            url: r.url,
            display: r.display,
            rank: i32::try_from(i + 1).unwrap_or(r.rank),
        })
        .collect())
}

/// The caller's shortcuts as allowed at the current site.
pub async fn visible(state: &AppState, caller: &Caller) -> ApiResult<Vec<Shortcut>> {
    let held = caller.site.as_ref().map(|a| a.permissions()).unwrap_or_default();
    let held: HashSet<&str> = held.iter().map(String::as_str).collect();
    for_user(state, caller.user_id, &held).await
}

/// Writes every visible shortcut's rank and visibility, so later moves work on a complete, gap-free order.
async fn save_order(conn: &mut PgConnection, user_id: i64, list: &[Shortcut]) -> ApiResult<()> {
    let ids: Vec<i64> = list.iter().map(|s| s.id).collect();
    let ranks: Vec<i32> = list.iter().map(|s| s.rank).collect();
    let display: Vec<bool> = list.iter().map(|s| s.display).collect();
    repo::save_order(conn, user_id, &ids, &ranks, &display).await?;
    Ok(())
}

pub async fn set_display(state: &AppState, caller: &Caller, request: &ShortcutDisplay) -> ApiResult<Vec<Shortcut>> {
    let list = visible(state, caller).await?;
    if !list.iter().any(|s| s.id == request.shortcut_id) {
        return Err(unknown_shortcut());
    }
    let mut tx = state.pool.begin().await?;
    save_order(&mut tx, caller.user_id, &list).await?;
    repo::set_display(&mut tx, caller.user_id, request.shortcut_id, request.display).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "shortcut.display", entity: "user_shortcut", entity_id: request.shortcut_id.to_string(), client_id: None, site_id: None, changes: json!({"display": request.display}) },
    )
    .await?;
    tx.commit().await?;
    visible(state, caller).await
}

pub async fn set_rank(state: &AppState, caller: &Caller, request: &ShortcutRank) -> ApiResult<Vec<Shortcut>> {
    if request.rank < 1 {
        return Err(ApiError::invalid("rank", "invalid", "Rank starts at 1."));
    }
    let mut list = visible(state, caller).await?;
    let ids: Vec<i64> = list.iter().map(|s| s.id).collect();
    let Some(order) = move_to(&ids, request.shortcut_id, request.rank) else {
        return Err(unknown_shortcut());
    };
    for s in &mut list {
        s.rank = rank_in(&order, &s.id, s.rank);
    }
    let mut tx = state.pool.begin().await?;
    save_order(&mut tx, caller.user_id, &list).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "shortcut.rank", entity: "user_shortcut", entity_id: request.shortcut_id.to_string(), client_id: None, site_id: None, changes: json!({"rank": request.rank}) },
    )
    .await?;
    tx.commit().await?;
    visible(state, caller).await
}
