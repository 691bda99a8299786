//! Rules of the shared vendor cost catalogue: validation of a cost and its breaks, the duplicate rule (one active
//! cost per shared vendor, part and overlapping date range; the database's exclusion constraint is the last word),
//! expire and extend, the catalogue look-up of a vendor at a site. Every write is audited, one entry per cost.

use chrono::{NaiveDate, Utc};
use serde_json::json;
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::num::{Decimal, Quantity, UnitCost};
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::breaks::cost_for_quantity;
use super::model::*;
use super::repo;

pub const NOT_FOUND: &str = "The cost you are trying to find does not exist.";
pub const SHARED_VENDOR_NOT_FOUND: &str = "The shared vendor does not exist.";
pub const DUPLICATE: &str = "An active cost for this shared vendor and part already covers some of these dates.";
pub const ENTITY: &str = "shared_vendor_cost";

/// Today for the catalogue: costs are dated, not timed; the provider's day is UTC.
pub fn today() -> NaiveDate {
    Utc::now().date_naive()
}

/// The exclusion constraint's refusal (a concurrent save won the race the duplicate check looked at) as the 409 the
/// duplicate check would have given; anything else as usual.
pub fn map_overlap(e: sqlx::Error) -> ApiError {
    if let sqlx::Error::Database(db) = &e {
        if db.code().as_deref() == Some("23P01") {
            return ApiError::conflict(DUPLICATE);
        }
    }
    ApiError::from(e)
}

/// Below this a catalogue number is believable (the columns hold more; a cost of 10^14 is a typing accident).
fn ceiling() -> Decimal {
    Decimal::from(100_000_000_000_000_i64)
}

fn in_range(p: &mut Problems, field: &str, label: &str, v: Decimal, zero_ok: bool) -> bool {
    let ok = (v > Decimal::ZERO || (zero_ok && v.is_zero())) && v < ceiling();
    if !ok {
        let rule = if zero_ok { "zero or more" } else { "more than zero" };
        p.add(field, "outOfRange", &format!("{label} must be a number {rule}."));
    }
    ok
}

/// The pure checks of a cost (no database): required fields, dates, numbers and breaks. `None` when a problem was
/// found (and added to `p`). Shared by the operations and the import, so both refuse the same things.
pub fn values_of(f: &CostFields, p: &mut Problems) -> Option<CostValues> {
    let before = p.0.len();
    let mfg_code = p.required_text("mfg_code", "Manufacturer Code", &f.mfg_code, 20).to_uppercase();
    let mfg_part_no = p.required_text("mfg_part_no", "Manufacturer Part No", &f.mfg_part_no, 100);
    let vendor_part_no = p.optional_text("vendor_part_no", "Vendor Part No", f.vendor_part_no.as_deref(), 100);
    let alternate_part_no = p.optional_text("alternate_part_no", "Alternate Part No", f.alternate_part_no.as_deref(), 100);
    let description = p.optional_text("description", "Description", f.description.as_deref(), 200);
    let unspsc = p.optional_text("unspsc", "UNSPSC", f.unspsc.as_deref(), 8);
    if let Some(u) = &unspsc {
        if u.len() != 8 || !u.chars().all(|c| c.is_ascii_digit()) {
            p.add("unspsc", "invalid", "UNSPSC must be 8 digits.");
        }
    }
    let commodity_code = p.optional_text("commodity_code", "Commodity", f.commodity_code.as_deref(), 50);
    if f.end_date < f.start_date {
        p.add("end_date", "endBeforeStart", "End Date can not be before the Start Date.");
    }
    // Each value is rounded to its kind once, here, so the checks below judge what is stored.
    let purch_factor = f.purch_factor.map_or(Quantity::from(1), Quantity::rounded);
    in_range(p, "purch_factor", "Purchase Factor", purch_factor.value(), false);
    let qty_per_type_pack = f.qty_per_type_pack.map(Quantity::rounded);
    if let Some(v) = qty_per_type_pack {
        in_range(p, "qty_per_type_pack", "Quantity per Pack", v.value(), false);
    }
    let list_price = f.list_price.map(UnitCost::rounded);
    if let Some(v) = list_price {
        in_range(p, "list_price", "List Price", v.value(), true);
    }
    let mut qty = [None; MAX_BREAKS];
    let mut cost = [None; MAX_BREAKS];
    if f.breaks.is_empty() {
        p.add("breaks", "required", "Please enter at least one quantity break.");
    } else if f.breaks.len() > MAX_BREAKS {
        p.add("breaks", "tooMany", "A cost has at most 8 quantity breaks.");
    } else {
        for (i, b) in f.breaks.iter().enumerate() {
            let n = i + 1;
            let (b_qty, b_cost) = (b.qty.rounded(), b.cost.rounded());
            let q_ok = in_range(p, &format!("qty_break_{n}"), &format!("Quantity break {n}"), b_qty.value(), false);
            in_range(p, &format!("cost_{n}"), &format!("Cost {n}"), b_cost.value(), true);
            if let Some(previous) = i.checked_sub(1).and_then(|j| qty[j]) {
                if q_ok && b_qty <= previous {
                    p.add(&format!("qty_break_{n}"), "notIncreasing", &format!("Quantity break {n} must be more than quantity break {}.", n - 1));
                }
            }
            qty[i] = Some(b_qty);
            cost[i] = Some(b_cost);
        }
    }
    let first = qty[0];
    let min_order_qty = match (f.min_order_qty.map(Quantity::rounded), first) {
        (Some(m), Some(q)) if m != q => {
            p.add("min_order_qty", "mismatch", "Min Order Qty must be the first quantity break.");
            m
        }
        (Some(m), _) => m,
        (None, Some(q)) => q,
        (None, None) => Quantity::from(1),
    };
    if p.0.len() > before {
        return None;
    }
    Some(CostValues {
        mfg_code,
        mfg_part_no,
        vendor_part_no,
        alternate_part_no,
        description,
        unspsc,
        commodity_code,
        brand_id: f.brand_id,
        start_date: f.start_date,
        end_date: f.end_date,
        min_order_qty,
        purch_factor,
        type_pack_id: f.type_pack_id,
        qty_per_type_pack,
        list_price,
        qty,
        cost,
    })
}

/// The checks that need the provider's lists: pack, brand, commodity.
async fn references(conn: &mut PgConnection, f: &CostFields, p: &mut Problems) -> ApiResult<()> {
    if let Some(id) = f.type_pack_id {
        if !repo::pack_known(conn, id).await? {
            p.add("type_pack_id", "invalid", "Please enter a valid value for Pack.");
        }
    }
    if let Some(id) = f.brand_id {
        if !repo::brand_known(conn, id).await? {
            p.add("brand_id", "invalid", "Please enter a valid value for Brand.");
        }
    }
    if let Some(code) = kernel::validate::trimmed(&f.commodity_code) {
        if !repo::commodity_known(conn, code).await? {
            p.add("commodity_code", "invalid", "Please enter a valid value for Commodity.");
        }
    }
    Ok(())
}

async fn load(conn: &mut PgConnection, id: i64) -> ApiResult<Cost> {
    Ok(repo::find(conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?.into_cost(today()))
}

async fn record(conn: &mut PgConnection, caller: &Caller, action: &str, id: i64, changes: serde_json::Value) -> ApiResult<()> {
    audit::record(conn, Some(caller), AuditEntry { action, entity: ENTITY, entity_id: id.to_string(), client_id: None, site_id: None, changes }).await?;
    Ok(())
}

/// SHV-004: a cost with its header's agreement.
pub async fn get(state: &AppState, id: i64) -> ApiResult<Cost> {
    let mut conn = state.pool.acquire().await?;
    load(&mut conn, id).await
}

/// SHV-038.
pub async fn search(state: &AppState, request: &CostSearchRequest) -> ApiResult<CostPage> {
    let page = request.page.resolve(&SORT)?;
    let part = kernel::validate::trimmed(&request.filter.part);
    let today = today();
    let mut conn = state.pool.acquire().await?;
    let (rows, total) = repo::search(&mut conn, &request.filter, part, today, &page).await?;
    Ok(CostPage::new(rows.into_iter().map(|r| r.into_cost(today)).collect(), total))
}

/// SHV-039.
pub async fn insert(state: &AppState, caller: &Caller, body: &CostInsert) -> ApiResult<Cost> {
    let mut p = Problems::default();
    let agreement = p.optional_text("special_pricing_agreement_id", "Special Pricing Agreement", body.special_pricing_agreement_id.as_deref(), 50);
    let values = values_of(&body.cost, &mut p);
    let mut tx = state.pool.begin().await?;
    if repo::shared_vendor_name(&mut tx, body.shared_vendor_id).await?.is_none() {
        p.add("shared_vendor_id", "invalid", SHARED_VENDOR_NOT_FOUND);
    }
    references(&mut tx, &body.cost, &mut p).await?;
    p.check()?;
    let v = values.ok_or_else(|| ApiError::internal("validated cost missing"))?;
    if !repo::overlapping(&mut tx, body.shared_vendor_id, &v.mfg_code, &v.mfg_part_no, v.start_date, v.end_date, None).await?.is_empty() {
        return Err(ApiError::conflict(DUPLICATE));
    }
    let header = repo::header_for(&mut tx, body.shared_vendor_id, agreement.as_deref(), Some(caller.user_id)).await?;
    let item = repo::item_for(&mut tx, &v.mfg_code, &v.mfg_part_no).await?;
    let id = repo::insert(&mut tx, header, body.shared_vendor_id, &v, item, Some(caller.user_id)).await.map_err(map_overlap)?;
    let saved = load(&mut tx, id).await?;
    record(&mut tx, caller, "create", id, audit::snapshot(&saved)).await?;
    tx.commit().await?;
    Ok(saved)
}

/// SHV-013: every editable field of the cost is replaced; its shared vendor and agreement stay.
pub async fn update(state: &AppState, caller: &Caller, body: &CostUpdate) -> ApiResult<Cost> {
    let mut p = Problems::default();
    let values = values_of(&body.cost, &mut p);
    let mut tx = state.pool.begin().await?;
    let before = load(&mut tx, body.shared_vendor_cost_id).await?;
    references(&mut tx, &body.cost, &mut p).await?;
    p.check()?;
    let v = values.ok_or_else(|| ApiError::internal("validated cost missing"))?;
    repo::lock(&mut tx, &[before.shared_vendor_cost_id]).await?;
    if before.is_active
        && !repo::overlapping(&mut tx, before.shared_vendor_id, &v.mfg_code, &v.mfg_part_no, v.start_date, v.end_date, Some(before.shared_vendor_cost_id))
            .await?
            .is_empty()
    {
        return Err(ApiError::conflict(DUPLICATE));
    }
    let item = repo::item_for(&mut tx, &v.mfg_code, &v.mfg_part_no).await?;
    repo::update(&mut tx, before.shared_vendor_cost_id, &v, item, Some(caller.user_id)).await.map_err(map_overlap)?;
    let after = load(&mut tx, before.shared_vendor_cost_id).await?;
    record(&mut tx, caller, "update", after.shared_vendor_cost_id, audit::diff(&audit::snapshot(&before), &audit::snapshot(&after))).await?;
    tx.commit().await?;
    Ok(after)
}

/// SHV-040: what saving would collide with.
pub async fn duplicate_check(state: &AppState, body: &CostDuplicateCheckRequest) -> ApiResult<CostDuplicateCheckResult> {
    let mut p = Problems::default();
    let mfg_code = p.required_text("mfg_code", "Manufacturer Code", &body.mfg_code, 20);
    let part = p.required_text("mfg_part_no", "Manufacturer Part No", &body.mfg_part_no, 100);
    if body.end_date < body.start_date {
        p.add("end_date", "endBeforeStart", "End Date can not be before the Start Date.");
    }
    p.check()?;
    let mut conn = state.pool.acquire().await?;
    let ids = repo::overlapping(&mut conn, body.shared_vendor_id, &mfg_code, &part, body.start_date, body.end_date, body.shared_vendor_cost_id).await?;
    let today = today();
    let collisions: Vec<Cost> = repo::find_many(&mut conn, &ids).await?.into_iter().map(|r| r.into_cost(today)).collect();
    let duplicate = !collisions.is_empty();
    Ok(CostDuplicateCheckResult { duplicate, message: duplicate.then(|| DUPLICATE.to_owned()), collisions })
}

fn ids_of(ids: &[i64]) -> ApiResult<Vec<i64>> {
    let ids = kernel::listing::dedup_ids(ids);
    if ids.is_empty() {
        return Err(ApiError::invalid("ids", "required", "Please choose at least one cost."));
    }
    Ok(ids)
}

/// Locks the costs; an id that does not exist refuses the whole request (nothing changes).
async fn lock_all(conn: &mut PgConnection, ids: &[i64]) -> ApiResult<()> {
    let found = repo::lock(conn, ids).await?;
    let missing: Vec<String> = ids.iter().filter(|id| !found.contains(id)).map(i64::to_string).collect();
    if !missing.is_empty() {
        return Err(ApiError::invalid("ids", "notFound", &format!("These costs do not exist: {}.", missing.join(", "))));
    }
    Ok(())
}

async fn expire_ids(state: &AppState, caller: &Caller, ids: &[i64]) -> ApiResult<CostsChanged> {
    let today = today();
    let mut tx = state.pool.begin().await?;
    lock_all(&mut tx, ids).await?;
    let before = repo::find_many(&mut tx, ids).await?;
    let changed = repo::expire(&mut tx, ids, today, Some(caller.user_id)).await?;
    let after = repo::find_many(&mut tx, &changed).await?;
    for a in &after {
        let b = before.iter().find(|b| b.shared_vendor_cost_id == a.shared_vendor_cost_id);
        let changes = json!({"end_date": [b.map(|b| b.end_date), a.end_date], "is_active": [b.map(|b| b.is_active), a.is_active]});
        record(&mut tx, caller, "expire", a.shared_vendor_cost_id, changes).await?;
    }
    tx.commit().await?;
    let costs: Vec<Cost> = after.into_iter().map(|r| r.into_cost(today)).collect();
    Ok(CostsChanged { changed: costs.len() as i64, costs })
}

/// SHV-014: one cost (404 when it does not exist). An already expired cost is answered unchanged.
pub async fn expire_one(state: &AppState, caller: &Caller, id: i64) -> ApiResult<Cost> {
    {
        let mut conn = state.pool.acquire().await?;
        load(&mut conn, id).await?;
    }
    expire_ids(state, caller, &[id]).await?;
    get(state, id).await
}

/// SHV-015.
pub async fn expire_many(state: &AppState, caller: &Caller, body: &CostIds) -> ApiResult<CostsChanged> {
    expire_ids(state, caller, &ids_of(&body.ids)?).await
}

/// SHV-016: a new end date for the costs (not before today; not before a cost's start). A cost already expired comes
/// back into force when no other cost of its part took its dates meanwhile; otherwise the whole request is refused.
pub async fn extend(state: &AppState, caller: &Caller, end_date: Option<NaiveDate>, body: &CostIds) -> ApiResult<CostsChanged> {
    let end_date = end_date.ok_or_else(|| ApiError::invalid("end_date", "required", "Please enter a value for End Date."))?;
    let today = today();
    if end_date < today {
        return Err(ApiError::invalid("end_date", "inPast", "End Date can not be before today."));
    }
    let ids = ids_of(&body.ids)?;
    let mut tx = state.pool.begin().await?;
    lock_all(&mut tx, &ids).await?;
    let late = repo::starting_after(&mut tx, &ids, end_date).await?;
    if !late.is_empty() {
        let list: Vec<String> = late.iter().map(i64::to_string).collect();
        return Err(ApiError::invalid("end_date", "endBeforeStart", &format!("End Date is before the start of costs {}.", list.join(", "))));
    }
    let before = repo::find_many(&mut tx, &ids).await?;
    let changed = repo::extend(&mut tx, &ids, end_date, Some(caller.user_id)).await.map_err(map_overlap)?;
    let after = repo::find_many(&mut tx, &changed).await?;
    for a in &after {
        let b = before.iter().find(|b| b.shared_vendor_cost_id == a.shared_vendor_cost_id);
        record(&mut tx, caller, "extend", a.shared_vendor_cost_id, json!({"end_date": [b.map(|b| b.end_date), a.end_date]})).await?;
    }
    tx.commit().await?;
    let costs: Vec<Cost> = after.into_iter().map(|r| r.into_cost(today)).collect();
    Ok(CostsChanged { changed: costs.len() as i64, costs })
}

pub const CATALOG_NOT_FOUND: &str = "The vendor has no catalogue cost for this item today.";

/// VND-005: the cost valid today of the item in the catalogue of the vendor's shared vendor, the vendor found at the
/// current site by the vendor rule; with the cost for `qty` when asked.
pub async fn vendor_catalog(state: &AppState, scope: &SiteScope, item_id: i64, vend_code: &str, qty: Option<Quantity>) -> ApiResult<VendorCatalogEntry> {
    if let Some(q) = qty {
        if q <= Quantity::ZERO {
            return Err(ApiError::invalid("qty", "outOfRange", "Quantity must be a number more than zero."));
        }
    }
    let mut tx = scope.begin(&state.pool).await?;
    let vendor = repo::vendor_at_site(&mut tx, scope.site_id(), vend_code.trim())
        .await?
        .ok_or_else(|| ApiError::not_found("The vendor you are trying to find does not exist."))?;
    let shared = vendor.shared_vendor_id.ok_or_else(|| ApiError::not_found(CATALOG_NOT_FOUND))?;
    let row = repo::active_for_item(&mut tx, shared, item_id, today()).await?.ok_or_else(|| ApiError::not_found(CATALOG_NOT_FOUND))?;
    drop(tx);
    let priced = qty.and_then(|q| cost_for_quantity(&row.slots(), q));
    Ok(VendorCatalogEntry {
        vend_id: vendor.vend_id,
        vend_code: vendor.vend_code,
        shared_vendor_id: shared,
        item_id,
        cost: row.into_cost(today()),
        qty,
        qty_break: priced.map(|p| p.slot as i32),
        unit_cost: priced.map(|p| p.cost),
        extended_cost: priced.zip(qty).map(|(p, q)| p.cost.extend(q)),
    })
}
