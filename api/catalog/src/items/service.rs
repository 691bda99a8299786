//! Rules of the item master: reads for everyone with BasicAccess, what a site has of an item (through the site's own
//! scope), the searches, and the changes, which only provider staff holding ItemMasterMaintenance may make because
//! the catalogue is shared by every client (docs/item-master.md).

use poem_openapi::types::MaybeUndefined;
use serde_json::{json, Value};
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::listing::contains_pattern;
use kernel::num::Quantity;
use kernel::records;
use kernel::state::AppState;
use kernel::validate::Problems;
use kernel::Perm;
use tenancy::SiteScope;

use super::model::{
    ItemMaster, ItemMasterAtSite, ItemMasterExportInput, ItemMasterExportRequest, ItemMasterMaintenanceInput, ItemMasterOfCid, ItemMasterPage,
    ItemMasterSearchRequest, ItemMasterSearchType, ItemMasterShipWeightInput, SORT,
};
use super::repo::{self, Export, Maintained, Matching};

pub const READ: &[Perm] = &[Perm::BasicAccess];
pub const NOT_FOUND: &str = "The item master record you are trying to find does not exist.";
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
pub const CID_NOT_FOUND: &str = "The CID you are trying to find does not exist.";
pub const CID_WITHOUT_ITEM: &str = "This CID is not linked to an item master record.";
pub const STAFF_ONLY: &str = "Only provider staff may change the item master: it is shared by every client.";

pub const ACTIVE: i32 = 1;
pub const OBSOLETE: i32 = 2;
pub const DEACTIVATED: i32 = 3;

/// Largest weight or volume accepted (the columns hold 9 digits before the point).
const MAX_MEASURE: i64 = 1_000_000;
/// Words of a description search beyond these are ignored.
const MAX_WORDS: usize = 8;

/// The item status's name (spec 1 section 4), for messages.
pub fn status_name(status: i32) -> &'static str {
    match status {
        1 => "Active",
        2 => "Obsolete",
        3 => "DeActivated",
        4 => "InConversionProcess",
        5 => "Pending",
        6 => "Orphan",
        7 => "Supersede",
        8 => "Labor",
        9 => "ItemExchanged",
        10 => "RejectedItemAdd",
        _ => "unknown",
    }
}

// ---------------------------------------------------------------------------------------------------- reads

pub async fn get(state: &AppState, id: i64) -> ApiResult<ItemMaster> {
    let mut conn = state.pool.acquire().await?;
    repo::find(&mut conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// The item and the CIDs `site_id` has for it. The site must be one the caller may use with [`READ`], of the
/// current site's client (404 otherwise, as for a missing site).
pub async fn at_site(state: &AppState, caller: &Caller, current: &SiteScope, id: i64, site_id: i64) -> ApiResult<ItemMasterAtSite> {
    let item = get(state, id).await?;
    let scope = records::record_scope(state, caller, current, site_id, READ, SITE_NOT_FOUND).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let cids = repo::site_cids(&mut tx, site_id, id).await?;
    // Read only: dropping the transaction rolls it back with the pool's release check, no commit round trip.
    drop(tx);
    Ok(ItemMasterAtSite { item, site_id, has_cid: !cids.is_empty(), cids })
}

/// The item-master record of a CID the caller may see.
pub async fn of_cid(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: i64) -> ApiResult<ItemMasterOfCid> {
    let (_, cid) = records::load_visible(state, caller, scope, READ, CID_NOT_FOUND, |tx| Box::pin(repo::find_cid(tx, cid_no))).await?;
    let item_id = cid.item_id.ok_or_else(|| ApiError::not_found(CID_WITHOUT_ITEM))?;
    // The CID points into the shared schema without a foreign key (schemas are separate); a dangling id is a CID
    // without an item-master record.
    let item = match get(state, item_id).await {
        Err(ApiError::NotFound(_)) => return Err(ApiError::not_found(CID_WITHOUT_ITEM)),
        other => other?,
    };
    Ok(ItemMasterOfCid { item, cid_no: cid.cid_no, site_id: cid.site_id, cust_item_code: cid.cust_item_code })
}

// ---------------------------------------------------------------------------------------------------- search

/// Letters and digits of `text`, upper case: how part numbers are compared.
pub fn part_key(text: &str) -> String {
    text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect()
}

/// The stored spellings a typed UPC may have: digits only, leading zeros optional, padded to the GTIN lengths.
/// `None` when the text is not a UPC (spaces and dashes between digits are allowed).
pub fn upc_spellings(text: &str) -> Option<Vec<String>> {
    let digits: String = text.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if digits.is_empty() || digits.len() > 14 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let core = digits.trim_start_matches('0');
    let mut out = vec![digits.clone()];
    for len in [8, 12, 13, 14] {
        if len >= core.len() {
            let padded = format!("{core:0>len$}");
            if !out.contains(&padded) {
                out.push(padded);
            }
        }
    }
    Some(out)
}

/// What a search of `kind` for the request's text and filters matches; every problem reported at once.
pub fn matching(kind: ItemMasterSearchType, request: &ItemMasterSearchRequest) -> ApiResult<Matching> {
    let mut problems = Problems::default();
    let text = request.search_text.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let mut m = Matching { any: kind == ItemMasterSearchType::All, ..Default::default() };
    match (kind, text) {
        (ItemMasterSearchType::All, None) => {}
        (_, None) => problems.add("search_text", "required", "Please enter a value to search for."),
        (ItemMasterSearchType::MfgPart, Some(t)) => {
            let key = part_key(t);
            if key.is_empty() {
                problems.add("search_text", "invalid", "A manufacturer part number has at least one letter or digit.");
            }
            m.part_prefix = Some(key);
        }
        (ItemMasterSearchType::Description, Some(t)) => m.words = t.split_whitespace().take(MAX_WORDS).map(contains_pattern).collect(),
        (ItemMasterSearchType::Upc, Some(t)) => match upc_spellings(t) {
            Some(s) => m.upcs = s,
            None => problems.add("search_text", "invalid", "A UPC is up to 14 digits."),
        },
        (ItemMasterSearchType::ErpCode, Some(t)) => m.erp_prefix = Some(t.to_uppercase()),
        (ItemMasterSearchType::All, Some(t)) => {
            let key = part_key(t);
            m.part_prefix = (!key.is_empty()).then_some(key);
            m.words = t.split_whitespace().take(MAX_WORDS).map(contains_pattern).collect();
            m.upcs = upc_spellings(t).unwrap_or_default();
            m.erp_prefix = Some(t.to_uppercase());
        }
    }
    m.mfg_code = request.mfg_code.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_uppercase);
    m.brand_id = request.brand_id;
    if let Some(code) = request.commodity_code.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        if [2, 4, 6, 8].contains(&code.len()) && code.bytes().all(|b| b.is_ascii_digit()) {
            m.commodity_prefix = Some(code.to_owned());
        } else {
            problems.add("commodity_code", "invalid", "A commodity code filter is 2, 4, 6 or 8 digits.");
        }
    }
    if let Some(s) = request.item_status {
        if !(1..=10).contains(&s) {
            problems.add("item_status", "invalid", "The item status is a number from 1 to 10.");
        }
        m.item_status = Some(s);
    }
    problems.check()?;
    Ok(m)
}

pub async fn search(state: &AppState, kind: ItemMasterSearchType, request: &ItemMasterSearchRequest) -> ApiResult<ItemMasterPage> {
    let page = request.page.resolve(&SORT)?;
    let m = matching(kind, request)?;
    let mut conn = state.pool.acquire().await?;
    let (rows, total) = repo::search(&mut conn, &m, &page).await?;
    Ok(ItemMasterPage::new(rows, total))
}

/// The search's items (up to the row cap) as a workbook of the requested columns.
pub async fn export(state: &AppState, kind: ItemMasterSearchType, request: &ItemMasterExportRequest) -> ApiResult<XlsxFile> {
    let page = request.search.page.resolve(&SORT)?.export();
    let m = matching(kind, &request.search)?;
    let mut conn = state.pool.acquire().await?;
    let (rows, _) = repo::search(&mut conn, &m, &page).await?;
    export::respond(&request.columns, &rows)
}

// ---------------------------------------------------------------------------------------------------- changes

/// Refuses (403) a caller who is not provider staff: a customer's administrator holds ItemMasterMaintenance at
/// their own sites, but the catalogue belongs to every client. The effective user counts (while impersonating a
/// customer, support staff act with the customer's rights).
async fn ensure_provider_staff(conn: &mut PgConnection, caller: &Caller) -> ApiResult<()> {
    if repo::is_provider_staff(conn, caller.user_id).await? {
        Ok(())
    } else {
        Err(ApiError::forbidden(STAFF_ONLY))
    }
}

fn required_id(id: Option<i64>) -> ApiResult<i64> {
    id.ok_or_else(|| ApiError::invalid("item_id", "required", "Please enter a valid value for Item Id"))
}

/// A change of an optional text: left out keeps `current`, `null` or empty clears it.
fn optional_text(p: &mut Problems, field: &str, label: &str, input: &MaybeUndefined<String>, current: &Option<String>, max: usize) -> Option<String> {
    match input {
        MaybeUndefined::Undefined => current.clone(),
        MaybeUndefined::Null => None,
        MaybeUndefined::Value(v) => p.optional_text(field, label, Some(v), max),
    }
}

fn optional_value<T: Clone>(input: &MaybeUndefined<T>, current: &Option<T>) -> Option<T> {
    match input {
        MaybeUndefined::Undefined => current.clone(),
        MaybeUndefined::Null => None,
        MaybeUndefined::Value(v) => Some(v.clone()),
    }
}

fn measure(p: &mut Problems, field: &str, label: &str, v: Option<Quantity>, positive: bool) {
    if let Some(v) = v {
        let low_ok = if positive { v > Quantity::ZERO } else { !v.is_sign_negative() };
        if !low_ok || v >= Quantity::from(MAX_MEASURE) {
            let low = if positive { "greater than 0" } else { "0 or more" };
            p.add(field, "outOfRange", &format!("{label} must be {low} and less than 1,000,000."));
        }
    }
}

/// Is the last digit of a GTIN (8, 12, 13 or 14 digits) its check digit?
pub fn gtin_check_digit_ok(digits: &str) -> bool {
    let bytes = digits.as_bytes();
    let Some((&last, body)) = bytes.split_last() else { return false };
    let sum: u32 = body.iter().rev().enumerate().map(|(i, b)| u32::from(b - b'0') * if i % 2 == 0 { 3 } else { 1 }).sum();
    u32::from(last - b'0') == (10 - sum % 10) % 10
}

/// An export control classification number: `EAR99`, or an ECCN such as `5A992` with optional sub-paragraphs
/// (`3A001.a.1`). Answers the stored spelling.
pub fn eccn(text: &str) -> Option<String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("EAR99") {
        return Some("EAR99".to_owned());
    }
    let b = t.as_bytes();
    let head_ok = b.len() >= 5
        && b[0].is_ascii_digit()
        && matches!(b[1].to_ascii_uppercase(), b'A'..=b'E')
        && b[2..5].iter().all(u8::is_ascii_digit);
    let tail = t.get(5..)?;
    let tail_ok = tail.is_empty() || (tail.starts_with('.') && !tail.ends_with('.') && !tail.contains("..") && tail[1..].chars().all(|c| c.is_ascii_alphanumeric() || c == '.'));
    (head_ok && tail_ok).then(|| format!("{}{}{}", &t[..1], t[1..2].to_ascii_uppercase(), &t[2..]))
}

/// The item's maintained fields after `input`, validated without the database; every problem at once.
pub fn maintained(before: &ItemMaster, input: &ItemMasterMaintenanceInput) -> ApiResult<Maintained> {
    let mut p = Problems::default();
    let desc1 = match &input.desc1 {
        Some(v) => p.required_text("desc1", "Description 1", v, 200),
        None => before.desc1.clone(),
    };
    let mfg_code = match &input.mfg_code {
        Some(v) => p.required_text("mfg_code", "Manufacturer", v, 20).to_uppercase(),
        None => before.mfg_code.clone(),
    };
    let mfg_part_no = match &input.mfg_part_no {
        Some(v) => {
            let part = p.required_text("mfg_part_no", "Mfg Part No", v, 50);
            if !part.is_empty() && part_key(&part).is_empty() {
                p.add("mfg_part_no", "invalid", "Mfg Part No must have at least one letter or digit.");
            }
            part
        }
        None => before.mfg_part_no.clone(),
    };
    let item_status = input.item_status.unwrap_or(before.item_status);
    if item_status != before.item_status {
        let inactive = |s: i32| s == OBSOLETE || s == DEACTIVATED;
        if !(before.item_status == ACTIVE || inactive(before.item_status)) {
            p.add("item_status", "invalid", &format!("An item in status {} changes status only through its workflow.", status_name(before.item_status)));
        } else if item_status == ACTIVE {
            p.add("item_status", "invalid", "An inactive item is made active again with Reactivate.");
        } else if !inactive(item_status) {
            p.add("item_status", "invalid", "The item status can be changed here to Obsolete 2 or DeActivated 3 only.");
        }
    }
    let shelf_life = optional_value(&input.shelf_life, &before.shelf_life);
    if shelf_life.is_some_and(|d| !(0..=36_500).contains(&d)) {
        p.add("shelf_life", "outOfRange", "Shelf life is a number of days from 0 to 36500.");
    }
    let haz_code = optional_text(&mut p, "haz_code", "Hazardous Code", &input.haz_code, &before.haz_code, 20).map(|c| c.to_uppercase());
    let haz_volume_size = optional_value(&input.haz_volume_size, &before.haz_volume_size).map(Quantity::rounded);
    measure(&mut p, "haz_volume_size", "Hazardous volume size", haz_volume_size, false);
    let asp_upc = optional_text(&mut p, "asp_upc", "UPC", &input.asp_upc, &before.asp_upc, 20);
    if let Some(upc) = asp_upc.as_deref().filter(|u| Some(*u) != before.asp_upc.as_deref()) {
        if !upc.bytes().all(|b| b.is_ascii_digit()) || ![8, 12, 13, 14].contains(&upc.len()) {
            p.add("asp_upc", "invalid", "A UPC is 8, 12, 13 or 14 digits.");
        } else if !gtin_check_digit_ok(upc) {
            p.add("asp_upc", "invalid", "The UPC's check digit is wrong.");
        }
    }
    let commodity_code = optional_text(&mut p, "commodity_code", "Commodity Code", &input.commodity_code, &before.commodity_code, 20);
    if commodity_code.as_deref().is_some_and(|c| c.len() != 8 || !c.bytes().all(|b| b.is_ascii_digit())) {
        p.add("commodity_code", "invalid", "A commodity code is 8 digits (UNSPSC).");
    }
    let erp_type_id = optional_value(&input.erp_type_id, &before.erp_type_id);
    if erp_type_id.is_some_and(|t| !(0..=7).contains(&t)) {
        p.add("erp_type_id", "invalid", "The ERP type is a number from 0 to 7.");
    }
    let values = Maintained {
        desc1,
        desc2: optional_text(&mut p, "desc2", "Description 2", &input.desc2, &before.desc2, 200),
        mfg_code,
        mfg_part_no,
        erp_vmi_item_code: optional_text(&mut p, "erp_vmi_item_code", "ERP Item Code", &input.erp_vmi_item_code, &before.erp_vmi_item_code, 50),
        item_status,
        shelf_life,
        lot_control: input.lot_control.unwrap_or(before.lot_control),
        serialized: input.serialized.unwrap_or(before.serialized),
        kit: input.kit.unwrap_or(before.kit),
        repairable: input.repairable.unwrap_or(before.repairable),
        haz_code,
        haz_volume_size,
        msds_req: input.msds_req.unwrap_or(before.msds_req),
        asp_upc,
        commodity_code,
        uom_typeid: input.uom_typeid.unwrap_or(before.uom_typeid),
        brand_id: optional_value(&input.brand_id, &before.brand_id),
        foreign_lang_desc1: optional_text(&mut p, "foreign_lang_desc1", "Foreign Description 1", &input.foreign_lang_desc1, &before.foreign_lang_desc1, 200),
        foreign_lang_desc2: optional_text(&mut p, "foreign_lang_desc2", "Foreign Description 2", &input.foreign_lang_desc2, &before.foreign_lang_desc2, 200),
        tri_native_part: input.tri_native_part.unwrap_or(before.tri_native_part),
        erp_type_id,
        sat_code: optional_text(&mut p, "sat_code", "SAT Code", &input.sat_code, &before.sat_code, 20),
    };
    p.check()?;
    Ok(values)
}

/// The stored maintained fields of `item`, to tell whether a change changes anything.
fn current(item: &ItemMaster) -> Maintained {
    Maintained {
        desc1: item.desc1.clone(),
        desc2: item.desc2.clone(),
        mfg_code: item.mfg_code.clone(),
        mfg_part_no: item.mfg_part_no.clone(),
        erp_vmi_item_code: item.erp_vmi_item_code.clone(),
        item_status: item.item_status,
        shelf_life: item.shelf_life,
        lot_control: item.lot_control,
        serialized: item.serialized,
        kit: item.kit,
        repairable: item.repairable,
        haz_code: item.haz_code.clone(),
        haz_volume_size: item.haz_volume_size,
        msds_req: item.msds_req,
        asp_upc: item.asp_upc.clone(),
        commodity_code: item.commodity_code.clone(),
        uom_typeid: item.uom_typeid,
        brand_id: item.brand_id,
        foreign_lang_desc1: item.foreign_lang_desc1.clone(),
        foreign_lang_desc2: item.foreign_lang_desc2.clone(),
        tri_native_part: item.tri_native_part,
        erp_type_id: item.erp_type_id,
        sat_code: item.sat_code.clone(),
    }
}

/// The references a change sets must exist and be active; a code the item already had may stay although retired.
async fn check_references(conn: &mut PgConnection, before: &Maintained, after: &Maintained) -> ApiResult<()> {
    let refs = repo::references(conn, &after.mfg_code, after.brand_id, after.haz_code.as_deref(), after.commodity_code.as_deref(), after.uom_typeid).await?;
    let mut p = Problems::default();
    if !refs.manufacturer && after.mfg_code != before.mfg_code {
        p.add("mfg_code", "unknown", &format!("There is no active manufacturer {}.", after.mfg_code));
    }
    if !refs.brand && after.brand_id != before.brand_id {
        p.add("brand_id", "unknown", "There is no active brand with this id.");
    }
    if !refs.hazardous && after.haz_code != before.haz_code {
        p.add("haz_code", "unknown", "There is no active hazardous code like this.");
    }
    if !refs.commodity && after.commodity_code != before.commodity_code {
        p.add("commodity_code", "unknown", "There is no active commodity code like this.");
    }
    if !refs.uom {
        p.add("uom_typeid", "unknown", "There is no unit of measure with this id.");
    }
    p.check()
}

/// Audits the change of item `id` from `before` to `after` (the timestamp left out).
async fn audit_change(conn: &mut PgConnection, caller: &Caller, action: &str, id: i64, before: &ItemMaster, after: &ItemMaster) -> ApiResult<()> {
    let mut changes = audit::diff(&audit::snapshot(before), &audit::snapshot(after));
    if let Value::Object(map) = &mut changes {
        map.remove("updated_at");
    }
    audit::record(conn, Some(caller), AuditEntry { action, entity: "item_master", entity_id: id.to_string(), client_id: None, site_id: None, changes }).await?;
    Ok(())
}

/// Locks and loads the item for a change (404 when missing).
async fn load_for_change(conn: &mut PgConnection, id: i64) -> ApiResult<ItemMaster> {
    if !repo::lock(conn, id).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    repo::find(conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// `Maintenance/Update`: descriptions, manufacturer part, codes and flags of one item.
pub async fn maintain(state: &AppState, caller: &Caller, input: &ItemMasterMaintenanceInput) -> ApiResult<ItemMaster> {
    let mut tx = state.pool.begin().await?;
    ensure_provider_staff(&mut tx, caller).await?;
    let id = required_id(input.item_id)?;
    let before = load_for_change(&mut tx, id).await?;
    let old = current(&before);
    let new = maintained(&before, input)?;
    if new == old {
        return Ok(before);
    }
    check_references(&mut tx, &old, &new).await?;
    if let Some(owner) = repo::part_owner(&mut tx, &new.mfg_code, &new.mfg_part_no, id).await? {
        return Err(ApiError::conflict(&format!("Manufacturer {} part {} is already item {owner}.", new.mfg_code, new.mfg_part_no)));
    }
    repo::update_maintained(&mut tx, id, &new).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    audit_change(&mut tx, caller, "item_master.update", id, &before, &after).await?;
    tx.commit().await?;
    Ok(after)
}

/// The export fields after `input`, validated.
pub fn export_values(before: &ItemMaster, input: &ItemMasterExportInput) -> ApiResult<Export> {
    let mut p = Problems::default();
    let classification = optional_text(&mut p, "export_classification", "Export Classification", &input.export_classification, &before.export_classification, 20);
    let classification = match classification {
        Some(c) if Some(&c) != before.export_classification.as_ref() => {
            let stored = eccn(&c);
            if stored.is_none() {
                p.add("export_classification", "invalid", "The export classification is EAR99 or an ECCN such as 5A992 or 3A001.a.1.");
            }
            stored
        }
        other => other,
    };
    let country = optional_text(&mut p, "export_country_code", "Export Country", &input.export_country_code, &before.export_country_code, 2).map(|c| c.to_uppercase());
    if country.as_deref().is_some_and(|c| c.len() != 2 || !c.bytes().all(|b| b.is_ascii_uppercase())) {
        p.add("export_country_code", "invalid", "The export country is a two-letter ISO country code.");
    }
    let values = Export {
        export_classification: classification,
        export_agency: optional_text(&mut p, "export_agency", "Export Agency", &input.export_agency, &before.export_agency, 50),
        export_list: optional_text(&mut p, "export_list", "Export List", &input.export_list, &before.export_list, 50),
        export_country_code: country,
    };
    p.check()?;
    Ok(values)
}

/// `Export/Update`: export classification, agency, list and country of one item.
pub async fn update_export(state: &AppState, caller: &Caller, input: &ItemMasterExportInput) -> ApiResult<ItemMaster> {
    let mut tx = state.pool.begin().await?;
    ensure_provider_staff(&mut tx, caller).await?;
    let id = required_id(input.item_id)?;
    let before = load_for_change(&mut tx, id).await?;
    let new = export_values(&before, input)?;
    let old = Export {
        export_classification: before.export_classification.clone(),
        export_agency: before.export_agency.clone(),
        export_list: before.export_list.clone(),
        export_country_code: before.export_country_code.clone(),
    };
    if new == old {
        return Ok(before);
    }
    repo::update_export(&mut tx, id, &new).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    audit_change(&mut tx, caller, "item_master.export_update", id, &before, &after).await?;
    tx.commit().await?;
    Ok(after)
}

/// `ShipWeight/Update`: the shipping weight (pounds, 3 decimals) of one item.
pub async fn update_ship_weight(state: &AppState, caller: &Caller, input: &ItemMasterShipWeightInput) -> ApiResult<ItemMaster> {
    let mut tx = state.pool.begin().await?;
    ensure_provider_staff(&mut tx, caller).await?;
    let id = required_id(input.item_id)?;
    let weight = match &input.ship_weight {
        MaybeUndefined::Undefined => return Err(ApiError::invalid("ship_weight", "required", "Please enter a valid value for Ship Weight")),
        MaybeUndefined::Null => None,
        MaybeUndefined::Value(w) => Some(*w),
    };
    let mut p = Problems::default();
    measure(&mut p, "ship_weight", "Ship weight", weight, true);
    p.check()?;
    let weight = weight.map(Quantity::rounded);
    let before = load_for_change(&mut tx, id).await?;
    if weight == before.ship_weight {
        return Ok(before);
    }
    repo::update_ship_weight(&mut tx, id, weight).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    audit_change(&mut tx, caller, "item_master.ship_weight_update", id, &before, &after).await?;
    tx.commit().await?;
    Ok(after)
}

/// `Reactivate/{id}`: an obsolete or deactivated item becomes active again (409 when it is active already or in a
/// workflow status).
pub async fn reactivate(state: &AppState, caller: &Caller, id: i64) -> ApiResult<ItemMaster> {
    let mut tx = state.pool.begin().await?;
    ensure_provider_staff(&mut tx, caller).await?;
    let before = load_for_change(&mut tx, id).await?;
    match before.item_status {
        ACTIVE => return Err(ApiError::conflict(&format!("Item {id} is already active."))),
        OBSOLETE | DEACTIVATED => {}
        other => {
            return Err(ApiError::conflict(&format!(
                "Only an obsolete or deactivated item can be reactivated; item {id} is {}.",
                status_name(other)
            )))
        }
    }
    repo::set_status(&mut tx, id, ACTIVE).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "item_master.reactivate",
            entity: "item_master",
            entity_id: id.to_string(),
            client_id: None,
            site_id: None,
            changes: json!({"item_status": {"from": before.item_status, "to": ACTIVE}}),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(r: ApiResult<impl std::fmt::Debug>) -> Vec<String> {
        match r {
            Err(ApiError::BadRequest(b)) => b.0.errors.into_iter().map(|e| e.field).collect(),
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    fn item() -> ItemMaster {
        ItemMaster {
            item_id: 7,
            desc1: "BEARING, BALL".into(),
            desc2: Some("SEALED SKF".into()),
            mfg_code: "SKF".into(),
            mfg_name: "SKF USA Inc.".into(),
            mfg_part_no: "SKF-001001".into(),
            erp_vmi_item_code: None,
            item_status: ACTIVE,
            shelf_life: None,
            lot_control: false,
            serialized: false,
            kit: false,
            repairable: false,
            haz_code: None,
            haz_description: None,
            haz_volume_size: None,
            msds_req: false,
            asp_upc: Some("012345678901".into()),
            commodity_code: Some("31171504".into()),
            commodity_description: None,
            uom_typeid: 1,
            uom_code: "EA".into(),
            ship_weight: None,
            brand_id: None,
            brand_name: None,
            export_classification: None,
            export_agency: None,
            export_list: None,
            export_country_code: None,
            foreign_lang_desc1: None,
            foreign_lang_desc2: None,
            tri_native_part: false,
            erp_type_id: None,
            sat_code: None,
            created_at: chrono::Utc::now(),
            updated_at: chrono::Utc::now(),
        }
    }

    #[test]
    fn part_numbers_compare_by_their_letters_and_digits() {
        assert_eq!(part_key(" 6204-2rs/c3 "), "62042RSC3");
        assert_eq!(part_key("--"), "");
    }

    #[test]
    fn a_typed_upc_matches_its_padded_spellings() {
        let s = upc_spellings("0 12345-678905").expect("a upc");
        assert!(s.contains(&"012345678905".to_owned()) && s.contains(&"0012345678905".to_owned()) && s.contains(&"00012345678905".to_owned()));
        assert!(s.iter().all(|x| x.trim_start_matches('0') == "12345678905"));
        assert_eq!(upc_spellings("12a"), None);
        assert_eq!(upc_spellings("123456789012345"), None);
    }

    #[test]
    fn gtin_check_digits_are_verified() {
        assert!(gtin_check_digit_ok("036000291452"));
        assert!(!gtin_check_digit_ok("036000291453"));
        assert!(gtin_check_digit_ok("4006381333931"));
        assert!(gtin_check_digit_ok("96385074"));
    }

    #[test]
    fn export_classifications_are_ear99_or_eccns() {
        assert_eq!(eccn("ear99").as_deref(), Some("EAR99"));
        assert_eq!(eccn("5a992.c").as_deref(), Some("5A992.c"));
        assert_eq!(eccn("3A001.a.1").as_deref(), Some("3A001.a.1"));
        for bad in ["", "5F992", "5A99", "5A992.", "5A992..a", "5A992x", "EAR 99", "5A992;--"] {
            assert_eq!(eccn(bad), None, "{bad}");
        }
    }

    #[test]
    fn maintenance_keeps_what_is_left_out_and_clears_what_is_null() {
        let before = item();
        let m = maintained(&before, &ItemMasterMaintenanceInput { item_id: Some(7), desc2: MaybeUndefined::Null, ..Default::default() }).expect("valid");
        assert_eq!(m.desc1, "BEARING, BALL");
        assert_eq!(m.desc2, None);
        assert_eq!(m.asp_upc.as_deref(), Some("012345678901"));
        let m = maintained(&before, &ItemMasterMaintenanceInput { mfg_code: Some(" skf ".into()), ..Default::default() }).expect("valid");
        assert_eq!(m.mfg_code, "SKF");
    }

    #[test]
    fn maintenance_reports_every_problem_at_once() {
        let errors = fields(maintained(
            &item(),
            &ItemMasterMaintenanceInput {
                desc1: Some("  ".into()),
                mfg_part_no: Some("--".into()),
                shelf_life: MaybeUndefined::Value(-1),
                asp_upc: MaybeUndefined::Value("036000291453".into()),
                commodity_code: MaybeUndefined::Value("3117".into()),
                haz_volume_size: MaybeUndefined::Value(Quantity::from(1_000_000_000_000)),
                erp_type_id: MaybeUndefined::Value(9),
                ..Default::default()
            },
        ));
        assert_eq!(errors, ["desc1", "mfg_part_no", "shelf_life", "haz_volume_size", "asp_upc", "commodity_code", "erp_type_id"]);
    }

    #[test]
    fn an_inactive_item_is_not_made_active_by_maintenance() {
        let inactive = ItemMaster { item_status: DEACTIVATED, ..item() };
        assert_eq!(fields(maintained(&inactive, &ItemMasterMaintenanceInput { item_status: Some(ACTIVE), ..Default::default() })), ["item_status"]);
        assert!(maintained(&inactive, &ItemMasterMaintenanceInput { item_status: Some(OBSOLETE), ..Default::default() }).is_ok());
        assert!(maintained(&item(), &ItemMasterMaintenanceInput { item_status: Some(DEACTIVATED), ..Default::default() }).is_ok());
        let pending = ItemMaster { item_status: 5, ..item() };
        assert_eq!(fields(maintained(&pending, &ItemMasterMaintenanceInput { item_status: Some(OBSOLETE), ..Default::default() })), ["item_status"]);
        assert_eq!(fields(maintained(&item(), &ItemMasterMaintenanceInput { item_status: Some(5), ..Default::default() })), ["item_status"]);
    }

    #[test]
    fn searches_need_text_except_all_and_check_their_filters() {
        let req = |text: Option<&str>| ItemMasterSearchRequest { search_text: text.map(Into::into), ..Default::default() };
        assert_eq!(fields(matching(ItemMasterSearchType::Description, &req(None))), ["search_text"]);
        assert_eq!(fields(matching(ItemMasterSearchType::Upc, &req(Some("abc")))), ["search_text"]);
        assert_eq!(fields(matching(ItemMasterSearchType::MfgPart, &req(Some("-/-")))), ["search_text"]);
        assert!(matching(ItemMasterSearchType::All, &req(None)).is_ok());
        let m = matching(ItemMasterSearchType::All, &req(Some("ball 50%"))).expect("valid");
        assert_eq!(m.words, ["%ball%", "%50\\%%"]);
        assert!(m.upcs.is_empty() && m.any);
        let bad = ItemMasterSearchRequest { commodity_code: Some("311".into()), item_status: Some(11), ..Default::default() };
        assert_eq!(fields(matching(ItemMasterSearchType::All, &bad)), ["commodity_code", "item_status"]);
    }
}
