//! Rules of home page tiles: visibility by permission at the current site, gap-free ranks per tile type.

use std::collections::HashSet;

use serde_json::json;
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

use super::model::{HomepageTile, TileDisplay, TileRank};
use super::repo;
use crate::user_lists::{allowed, move_to, rank_in};

const TILE_TYPES: [i32; 2] = [1, 2];

fn unknown_tile() -> ApiError {
    ApiError::invalid("report_id", "invalid", "Please enter a valid value for Tile")
}

/// The caller's visible tiles with their preferences, ranked within each type.
pub async fn visible(state: &AppState, caller: &Caller) -> ApiResult<Vec<HomepageTile>> {
    let held = caller.site.as_ref().map(|a| a.permissions()).unwrap_or_default();
    let held: HashSet<&str> = held.iter().map(String::as_str).collect();
    let rows = {
        let mut conn = state.pool.acquire().await?;
        repo::list(&mut conn, caller.user_id).await?
    };
    // A tile is shown when this build counts it (a tile of an area not built yet would only ever show a dash and
    // open nothing) and the caller may open the list it counts.
    let mut visible: Vec<HomepageTile> = rows
        .into_iter()
        .filter(|t| allowed(t.required_permissions.as_deref(), &held))
        .filter(|t| state.tiles.get(&t.asp_name).is_some_and(|c| c.requires().is_empty() || c.requires().iter().any(|p| held.contains(p))))
        .collect();
    for t in visible.iter_mut() {
        if let Some(route) = state.tiles.get(&t.asp_name).and_then(|c| c.route()) {
            t.route = Some(route.to_owned());
        }
    }
    for tile_type in TILE_TYPES {
        for (i, t) in visible.iter_mut().filter(|t| t.homepage_tile_type == tile_type).enumerate() {
            t.rank = i32::try_from(i + 1).unwrap_or(i32::MAX);
        }
    }
    // Counts come from the areas that own the records (kernel::tiles), at the current site; a caller without a
    // site, or a tile the caller hid, keeps a null count.
    if let Some(access) = caller.site.as_ref() {
        for t in visible.iter_mut().filter(|t| t.is_selected) {
            if let Some(counter) = state.tiles.get(&t.asp_name) {
                t.count = Some(counter.count(&state.pool, access.scope()).await?);
            }
        }
    }
    Ok(visible)
}

/// Writes every visible tile's rank and selection, so later moves work on a complete, gap-free order.
async fn save_order(conn: &mut PgConnection, user_id: i64, tiles: &[HomepageTile]) -> ApiResult<()> {
    let ids: Vec<i64> = tiles.iter().map(|t| t.report_id).collect();
    let ranks: Vec<i32> = tiles.iter().map(|t| t.rank).collect();
    let selected: Vec<bool> = tiles.iter().map(|t| t.is_selected).collect();
    repo::save_order(conn, user_id, &ids, &ranks, &selected).await?;
    Ok(())
}

pub async fn set_display(state: &AppState, caller: &Caller, request: &TileDisplay) -> ApiResult<Vec<HomepageTile>> {
    let tiles = visible(state, caller).await?;
    if !tiles.iter().any(|t| t.report_id == request.report_id) {
        return Err(unknown_tile());
    }
    let mut tx = state.pool.begin().await?;
    save_order(&mut tx, caller.user_id, &tiles).await?;
    repo::set_selected(&mut tx, caller.user_id, request.report_id, request.is_selected).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "tile.display", entity: "user_homepage_tile", entity_id: request.report_id.to_string(), client_id: None, site_id: None, changes: json!({"is_selected": request.is_selected}) },
    )
    .await?;
    tx.commit().await?;
    visible(state, caller).await
}

/// Moves a tile to a new rank among the tiles of its type; the others shift to make room.
pub async fn set_rank(state: &AppState, caller: &Caller, request: &TileRank) -> ApiResult<Vec<HomepageTile>> {
    if request.rank < 1 {
        return Err(ApiError::invalid("rank", "invalid", "Rank starts at 1."));
    }
    let mut tiles = visible(state, caller).await?;
    let Some(tile_type) = tiles.iter().find(|t| t.report_id == request.report_id).map(|t| t.homepage_tile_type) else {
        return Err(unknown_tile());
    };
    let same: Vec<i64> = tiles.iter().filter(|t| t.homepage_tile_type == tile_type).map(|t| t.report_id).collect();
    let order = move_to(&same, request.report_id, request.rank).unwrap_or(same);
    for t in tiles.iter_mut().filter(|t| t.homepage_tile_type == tile_type) {
        t.rank = rank_in(&order, &t.report_id, t.rank);
    }
    let mut tx = state.pool.begin().await?;
    save_order(&mut tx, caller.user_id, &tiles).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "tile.rank", entity: "user_homepage_tile", entity_id: request.report_id.to_string(), client_id: None, site_id: None, changes: json!({"rank": request.rank}) },
    )
    .await?;
    tx.commit().await?;
    visible(state, caller).await
}
