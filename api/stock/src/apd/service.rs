//! Rules of min/max tuning (docs/min-max-tuning.md): the refresh (formula in `calc`), the review searches, accept
//! (the CIP replenishment update's rules for min, max and reorder quantity, audited on the CIP the same way) and
//! dismiss.

use serde_json::json;
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::{contains_pattern, SortSpec};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::trimmed;
use kernel::Perm;
use tenancy::{SiteScope, TenantTx};

use super::calc::{self, Warning};
use super::model::{ApdCips, ApdDone, ApdSearchRequest, ApdSettings, ApdSettingsInput, ApdSuggestion, ApdSuggestionPage, ApdWarning, STATUS_ACCEPTED, STATUS_DISMISSED};
use super::repo;

pub const NOT_FOUND: &str = "The min/max suggestion you are trying to find does not exist.";
/// CIP status Pending (its Item Add not approved): not changed (the CIP replenishment update's rule).
const CIP_PENDING: i32 = 5;
const REPL_MINMAX: i32 = 2;

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("cip_code", "cip_code"),
        ("location", "location"),
        ("aau", "aau"),
        ("sugg_min", "sugg_min"),
        ("sugg_max", "sugg_max"),
        ("qty_on_hand", "qty_on_hand"),
        ("status", "status"),
        ("computed_at", "computed_at"),
    ],
    default_field: "cip_code",
    default_descending: false,
};

fn calc_settings(s: &ApdSettings) -> calc::Settings {
    calc::Settings {
        service_level: s.service_level,
        default_lead_time_days: s.default_lead_time_days,
        order_cost: s.order_cost,
        holding_rate: s.holding_rate,
        far_percent: s.far_percent,
        erratic_cv: s.erratic_cv,
    }
}

/// Recomputes every suggestion of a site in `conn` (a transaction on that site): (computed, changed). Running it
/// twice changes nothing the second time.
pub async fn refresh_site(conn: &mut PgConnection, site_id: i64) -> Result<(i64, i64), sqlx::Error> {
    repo::lock_site(conn, site_id).await?;
    let settings = repo::settings(conn, site_id).await?;
    let s = calc_settings(&settings);
    let mut computed = 0;
    let mut changed = 0;
    for cip in repo::inputs(conn, site_id).await? {
        let input = calc::Input {
            usage: cip.usage_array(),
            lead_time_days: cip.avg_lead_time,
            unit_cost: cip.unit_cost,
            lot_qty: cip.lot_qty,
            current_min: cip.min_qty,
            current_max: cip.max_qty,
            on_hand: cip.qty_on_hand,
        };
        let sugg = calc::suggest(&input, &s);
        let before = repo::stored_numbers(conn, cip.cip_no).await?;
        if before != Some((sugg.min, sugg.max, sugg.roq)) {
            changed += 1;
        }
        repo::upsert(conn, site_id, cip.cip_no, settings.service_level, &sugg).await?;
        computed += 1;
    }
    repo::prune(conn, site_id).await?;
    Ok((computed, changed))
}

fn with_warnings(mut row: ApdSuggestion) -> ApdSuggestion {
    row.warnings = [row.warn_type_id1, row.warn_type_id2, row.warn_type_id3, row.warn_type_id4, row.warn_type_id5]
        .into_iter()
        .flatten()
        .filter_map(Warning::from_id)
        .map(|w| ApdWarning { warn_type_id: w.id(), code: w.code().to_owned(), message: w.message().to_owned() })
        .collect();
    row
}

pub async fn settings(state: &AppState, scope: &SiteScope) -> ApiResult<ApdSettings> {
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::settings(&mut tx, scope.site_id()).await?)
}

pub async fn save_settings(state: &AppState, caller: &Caller, scope: &SiteScope, input: &ApdSettingsInput) -> ApiResult<ApdSettings> {
    let mut tx = scope.begin(&state.pool).await?;
    let before = repo::settings(&mut tx, scope.site_id()).await?;
    repo::save_settings(&mut tx, scope.site_id(), input).await?;
    let after = repo::settings(&mut tx, scope.site_id()).await?;
    audit_site(&mut tx, caller, "stock_count_settings", scope.site_id(), "update", audit::diff(&audit::snapshot(&before), &audit::snapshot(&after))).await?;
    tx.commit().await?;
    Ok(after)
}

async fn audit_site(tx: &mut TenantTx, caller: &Caller, entity: &str, id: i64, action: &str, changes: serde_json::Value) -> ApiResult<()> {
    let scope = tx.scope().clone();
    audit::record(
        tx,
        Some(caller),
        AuditEntry { action, entity, entity_id: id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes },
    )
    .await?;
    Ok(())
}

pub async fn search(state: &AppState, scope: &SiteScope, req: &ApdSearchRequest) -> ApiResult<ApdSuggestionPage> {
    let page = req.page.resolve(&SORT)?;
    if req.status.is_some_and(|s| !(1..=3).contains(&s)) {
        return Err(ApiError::invalid("status", "outOfRange", "Status must be Pending 1, Accepted 2 or Dismissed 3."));
    }
    if req.warn_type_id.is_some_and(|w| Warning::from_id(w).is_none()) {
        return Err(ApiError::invalid("warn_type_id", "outOfRange", "Warning type must be 1 to 5."));
    }
    let q = trimmed(&req.q).map(contains_pattern);
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::page(&mut tx, scope.site_id(), req.status, req.warn_type_id, req.warnings_only.unwrap_or(false), q.as_deref(), &page).await?;
    Ok(ApdSuggestionPage::new(rows.into_iter().map(with_warnings).collect(), total))
}

/// A CIP's suggestion (spec 3 ItemCIP "APD"); 404 for another site's CIP or a CIP without one.
pub async fn of_cip(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<ApdSuggestion> {
    let (_, row) = records::load_visible(state, caller, scope, &[Perm::BasicAccess], NOT_FOUND, |tx| Box::pin(repo::find(tx, cip_no))).await?;
    Ok(with_warnings(row))
}

impl kernel::records::SiteRecord for ApdSuggestion {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// Recomputes the current site's suggestions now.
pub async fn refresh(state: &AppState, caller: &Caller, scope: &SiteScope) -> ApiResult<ApdDone> {
    let mut tx = scope.begin(&state.pool).await?;
    let (computed, changed) = refresh_site(&mut tx, scope.site_id()).await?;
    audit_site(&mut tx, caller, "apd_suggestion", scope.site_id(), "refresh", json!({"computed": computed, "changed": changed})).await?;
    tx.commit().await?;
    Ok(ApdDone { success: true, message: format!("{computed} suggestion(s) computed, {changed} changed."), count: computed, changed })
}

/// Locks the suggestions of `cip_nos` of the current site: 404 when one is missing (or another site's).
async fn lock_all(tx: &mut TenantTx, input: &ApdCips) -> ApiResult<Vec<repo::LockedSuggestion>> {
    let ids = kernel::listing::dedup_ids(&input.cip_nos);
    let rows = repo::lock(tx, &ids).await?;
    if rows.len() != ids.len() {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    Ok(rows)
}

/// Sets each CIP's min, max and reorder quantity to its suggestion, all or nothing, under the CIP's row lock, with
/// the replenishment update's rules (not a pending CIP, MinMax, min <= max, nothing negative) and its audit row on
/// the CIP (`cip.replenishment.update`).
pub async fn accept(state: &AppState, caller: &Caller, scope: &SiteScope, input: &ApdCips) -> ApiResult<ApdDone> {
    let mut tx = scope.begin(&state.pool).await?;
    let rows = lock_all(&mut tx, input).await?;
    let mut problems = kernel::validate::Problems::default();
    for r in &rows {
        if r.status_id == CIP_PENDING {
            return Err(ApiError::conflict("This CIP waits for its Item Add requisition to be approved and cannot be changed yet."));
        }
        if r.repl_type != REPL_MINMAX {
            problems.add("cip_nos", "notMinMax", &format!("CIP {} is no longer a MinMax CIP: refresh the suggestions.", r.cip_no));
        }
        if r.sugg_min.is_sign_negative() || r.sugg_max < r.sugg_min || r.roq.is_sign_negative() {
            problems.add("cip_nos", "minAboveMax", &format!("The suggestion of CIP {} is not a valid min/max.", r.cip_no));
        }
    }
    problems.check()?;
    for r in &rows {
        repo::set_min_max(&mut tx, r.cip_no, r.sugg_min, r.sugg_max, r.roq).await?;
        let changes = audit::diff(
            &json!({"min_qty": r.min_qty, "max_qty": r.max_qty, "reorder_qty": r.reorder_qty}),
            &json!({"min_qty": r.sugg_min, "max_qty": r.sugg_max, "reorder_qty": r.roq}),
        );
        audit_site(&mut tx, caller, "cip", r.cip_no, "cip.replenishment.update", changes).await?;
        audit_site(&mut tx, caller, "apd_suggestion", r.cip_no, "accept", json!({"sugg_min": r.sugg_min, "sugg_max": r.sugg_max, "roq": r.roq})).await?;
    }
    let ids: Vec<i64> = rows.iter().map(|r| r.cip_no).collect();
    repo::review(&mut tx, &ids, STATUS_ACCEPTED, caller.user_id).await?;
    tx.commit().await?;
    let n = i64::try_from(ids.len()).unwrap_or_default();
    Ok(ApdDone { success: true, message: format!("{n} suggestion(s) accepted."), count: n, changed: n })
}

/// Marks suggestions dismissed (the CIPs keep their settings) until a refresh computes different numbers.
pub async fn dismiss(state: &AppState, caller: &Caller, scope: &SiteScope, input: &ApdCips) -> ApiResult<ApdDone> {
    let mut tx = scope.begin(&state.pool).await?;
    let rows = lock_all(&mut tx, input).await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.cip_no).collect();
    repo::review(&mut tx, &ids, STATUS_DISMISSED, caller.user_id).await?;
    for id in &ids {
        audit_site(&mut tx, caller, "apd_suggestion", *id, "dismiss", json!({})).await?;
    }
    tx.commit().await?;
    let n = i64::try_from(ids.len()).unwrap_or_default();
    Ok(ApdDone { success: true, message: format!("{n} suggestion(s) dismissed."), count: n, changed: 0 })
}
