//! SQL of the CIP resource. Functions take the tenant transaction, so they cannot run without a granted scope; row-level
//! security shows the transaction only its granted site(s), so a CIP, employee, tracking code, vendor or CID of another
//! site is simply not found. `search` holds the searches built from allow-listed parts.

pub mod search;

use tenancy::TenantTx;

use super::model::{Cip, CipCid, CipItem, CipPick, CipQuantities, CipRef, CipSummary, HoldType, RelatedItem, ReplenishCip};
use kernel::listing::{self, Page, Search};
use kernel::num::{Quantity, UnitCost};

/// The CIP `cip_no` with its "multiple" flag (the CID has more than one Active CIP).
pub async fn find(tx: &mut TenantTx, cip_no: i64) -> Result<Option<Cip>, sqlx::Error> {
    sqlx::query_as!(
        Cip,
        r#"select c.cip_no, c.site_id, c.cid_no, c.item_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.status_id,
            c.location, c.loc_seg1, c.loc_seg2, c.loc_seg3, c.loc_seg4, c.loc_seg5,
            c.qty_on_hand as "qty_on_hand!: Quantity", c.qty_avail as "qty_avail!: Quantity", c.qty_on_hold as "qty_on_hold!: Quantity",
            c.qty_on_order as "qty_on_order!: Quantity", c.qty_backorder as "qty_backorder!: Quantity",
            c.cust_avg_cost as "cust_avg_cost: UnitCost", c.consigned,
            c.min_qty as "min_qty: Quantity", c.max_qty as "max_qty: Quantity", c.lot_qty as "lot_qty: Quantity", c.reorder_qty as "reorder_qty: Quantity",
            c.num_lots, c.repl_type, c.keep_full, c.buddy_cip_no, c.dispensing, c.vend_code,
            c.default_employee_id, c.default_track1, c.default_track2, c.default_track3, c.default_track4, c.repair_cip_no,
            c.custom_1, c.custom_2, c.custom_3, c.custom_4,
            (c.cid_no is not null and (select count(*) from cip o where o.cid_no = c.cid_no and o.status_id = 1) > 1) as "multiple!",
            c.updated_at
        from cip c where c.cip_no = $1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

/// Locks the CIP row for a change (writes to one CIP are serialised); `false` when it is not visible.
pub async fn lock(tx: &mut TenantTx, cip_no: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select cip_no from cip where cip_no = $1 for update", cip_no).fetch_optional(&mut **tx).await?.is_some())
}

pub async fn find_ref(tx: &mut TenantTx, cip_no: i64) -> Result<Option<CipRef>, sqlx::Error> {
    sqlx::query_as!(
        CipRef,
        r#"select cip_no, cip_code, cust_item_code, cust_desc1, location, status_id, qty_on_hand as "qty_on_hand!: Quantity"
        from cip where cip_no = $1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn cid_part(tx: &mut TenantTx, cid_no: i64) -> Result<Option<CipCid>, sqlx::Error> {
    sqlx::query_as!(
        CipCid,
        "select cid_no, cust_item_code, cust_desc1, cust_desc2, cid_status, vend_code, uom_typeid, serialized, lot_control, repairable,
            repaired_part, kit, stock_item, crit_part, taxable, avg_lead_time, cid_hold_type, curr_abc_class_type_id
        from cid where cid_no = $1",
        cid_no
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn item_part(tx: &mut TenantTx, item_id: i64) -> Result<Option<CipItem>, sqlx::Error> {
    sqlx::query_as!(
        CipItem,
        r#"select i.item_id, i.desc1, i.desc2, i.mfg_code, m.mfg_name as "mfg_name?", i.mfg_part_no, i.erp_vmi_item_code, i.asp_upc,
            u.uom_code as "uom_code?", i.commodity_code, i.item_status
        from asp.item_master i
        left join asp.manufacturer m on m.mfg_code = i.mfg_code
        left join asp.uom_type u on u.uom_typeid = i.uom_typeid
        where i.item_id = $1"#,
        item_id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn related_items(tx: &mut TenantTx, cip_no: i64) -> Result<Vec<RelatedItem>, sqlx::Error> {
    sqlx::query_as!(
        RelatedItem,
        r#"select r.related_cip_no, r.relation, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, c.status_id,
            c.qty_on_hand as "qty_on_hand!: Quantity"
        from related_item r join cip c on c.cip_no = r.related_cip_no
        where r.cip_no = $1 order by c.cip_code"#,
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

/// (alternate locations, virtual locations) of the CIP.
pub async fn location_counts(tx: &mut TenantTx, cip_no: i64) -> Result<(i64, i64), sqlx::Error> {
    let row = sqlx::query!(
        r#"select (select count(*) from alternate_location where cip_no = $1) as "alternate!",
                  (select count(*) from virtual_location where cip_no = $1) as "virtual!""#,
        cip_no
    )
    .fetch_one(&mut **tx)
    .await?;
    Ok((row.alternate, row.r#virtual))
}

pub async fn quantities(tx: &mut TenantTx, cip_no: i64) -> Result<Option<CipQuantities>, sqlx::Error> {
    sqlx::query_as!(
        CipQuantities,
        r#"select cip_no, qty_on_hand as "qty_on_hand!: Quantity", qty_avail as "qty_avail!: Quantity", qty_on_hold as "qty_on_hold!: Quantity",
            qty_on_order as "qty_on_order!: Quantity", qty_scrap as "qty_scrap!: Quantity", qty_backorder as "qty_backorder!: Quantity",
            qty_work_order as "qty_work_order!: Quantity", qty_transfer as "qty_transfer!: Quantity", qty_excess as "qty_excess!: Quantity",
            qty_on_hand + qty_on_order - qty_backorder as "qty_position!: Quantity", min_qty as "min_qty: Quantity", max_qty as "max_qty: Quantity"
        from cip where cip_no = $1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn summary(tx: &mut TenantTx, cip_no: i64) -> Result<Option<CipSummary>, sqlx::Error> {
    sqlx::query_as!(
        CipSummary,
        r#"select cip_no, cip_code, cust_item_code, cust_desc1, cust_desc2, location, status_id,
            qty_on_hand as "qty_on_hand!: Quantity", qty_avail as "qty_avail!: Quantity", qty_on_hold as "qty_on_hold!: Quantity",
            qty_on_order as "qty_on_order!: Quantity", qty_backorder as "qty_backorder!: Quantity",
            min_qty as "min_qty: Quantity", max_qty as "max_qty: Quantity", repl_type,
            array[usage1, usage2, usage3, usage4, usage5, usage6, usage7, usage8, usage9, usage10, usage11, usage12, usage13] as "usage!: Vec<Quantity>",
            usage1 + usage2 + usage3 + usage4 + usage5 + usage6 + usage7 + usage8 + usage9 + usage10 + usage11 + usage12 + usage13 as "annual_usage!: Quantity",
            month_usage as "month_usage!: Vec<Quantity>", trans_count_cy, trans_count_py, repl_count_cy, repl_count_py,
            last_issue_date, last_receipt_date, last_count_date
        from cip where cip_no = $1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn hold_type(tx: &mut TenantTx, cip_no: i64) -> Result<Option<HoldType>, sqlx::Error> {
    sqlx::query_as!(
        HoldType,
        r#"select c.cip_no, d.cid_hold_type as "cid_hold_type?", c.qty_on_hold as "qty_on_hold!: Quantity"
        from cip c left join cid d on d.cid_no = c.cid_no where c.cip_no = $1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

/// (warehouse_cost, cust_avg_cost) of the CIP.
pub async fn costs(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(Option<UnitCost>, Option<UnitCost>)>, sqlx::Error> {
    let row = sqlx::query!(r#"select warehouse_cost as "warehouse_cost: UnitCost", cust_avg_cost as "cust_avg_cost: UnitCost" from cip where cip_no = $1"#, cip_no)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.map(|r| (r.warehouse_cost, r.cust_avg_cost)))
}

// ---- the picker's look-ups (global search box): exact, case-insensitive, on indexed expressions

pub async fn pick_by_cip_code(tx: &mut TenantTx, site_id: i64, code: &str) -> Result<Vec<CipPick>, sqlx::Error> {
    sqlx::query_as!(
        CipPick,
        r#"select cip_no, cid_no, site_id, cip_code, cust_item_code, cust_desc1, cust_desc2, location,
            qty_on_hand as "qty_on_hand!: Quantity", status_id, cust_avg_cost as "cust_avg_cost: UnitCost", qty_avail as "qty_avail!: Quantity", consigned, (select i.asp_upc from asp.item_master i where i.item_id = cip.item_id) as like_upc
        from cip where site_id = $1 and cip_code_key = upper($2) order by cip_no limit 100"#,
        site_id,
        code
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn pick_by_cip_no(tx: &mut TenantTx, site_id: i64, cip_no: i64) -> Result<Vec<CipPick>, sqlx::Error> {
    sqlx::query_as!(
        CipPick,
        r#"select cip_no, cid_no, site_id, cip_code, cust_item_code, cust_desc1, cust_desc2, location,
            qty_on_hand as "qty_on_hand!: Quantity", status_id, cust_avg_cost as "cust_avg_cost: UnitCost", qty_avail as "qty_avail!: Quantity", consigned, (select i.asp_upc from asp.item_master i where i.item_id = cip.item_id) as like_upc
        from cip where site_id = $1 and cip_no = $2"#,
        site_id,
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn pick_by_cust_item_code(tx: &mut TenantTx, site_id: i64, code: &str) -> Result<Vec<CipPick>, sqlx::Error> {
    sqlx::query_as!(
        CipPick,
        r#"select cip_no, cid_no, site_id, cip_code, cust_item_code, cust_desc1, cust_desc2, location,
            qty_on_hand as "qty_on_hand!: Quantity", status_id, cust_avg_cost as "cust_avg_cost: UnitCost", qty_avail as "qty_avail!: Quantity", consigned, (select i.asp_upc from asp.item_master i where i.item_id = cip.item_id) as like_upc
        from cip where site_id = $1 and cust_item_code_key = upper($2) order by cip_code limit 100"#,
        site_id,
        code
    )
    .fetch_all(&mut **tx)
    .await
}

/// CIPs of the site whose customer part starts with `prefix` (upper case), any status, by customer part: what the
/// search box offers when no customer part is exactly the text. Unprepared, so that the plan is made for the
/// prefix (a cached generic plan cannot narrow the index scan to it).
pub async fn pick_by_cust_item_code_prefix(tx: &mut TenantTx, site_id: i64, prefix: &str, limit: i64) -> Result<Vec<CipPick>, sqlx::Error> {
    sqlx::query_as::<_, CipPick>(
        "select c.cip_no, c.cid_no, c.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.location,
            c.qty_on_hand, c.status_id, c.cust_avg_cost, c.qty_avail, c.consigned, (select i.asp_upc from asp.item_master i where i.item_id = c.item_id) as like_upc
        from cip c where c.site_id = $1 and starts_with(c.cust_item_code_key, $2)
        order by c.cust_item_code_key using ~<~, c.cip_code limit $3",
    )
    .persistent(false)
    .bind(site_id)
    .bind(prefix)
    .bind(limit)
    .fetch_all(&mut **tx)
    .await
}

pub async fn pick_by_erp_item_code(tx: &mut TenantTx, site_id: i64, code: &str) -> Result<Vec<CipPick>, sqlx::Error> {
    sqlx::query_as!(
        CipPick,
        r#"select c.cip_no, c.cid_no, c.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.location,
            c.qty_on_hand as "qty_on_hand!: Quantity", c.status_id, c.cust_avg_cost as "cust_avg_cost: UnitCost", c.qty_avail as "qty_avail!: Quantity", c.consigned, (select i.asp_upc from asp.item_master i where i.item_id = c.item_id) as like_upc
        from cip c
        where c.site_id = $1 and c.item_id = any(array(select i.item_id from asp.item_master i
                                                       where upper(i.erp_vmi_item_code) = upper($2) and i.erp_vmi_item_code is not null))
        order by c.cip_code limit 100"#,
        site_id,
        code
    )
    .fetch_all(&mut **tx)
    .await
}

/// The site of the site code, if there is one.
pub async fn site_by_code(tx: &mut TenantTx, site_code: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select site_id from asp.site where site_code = upper($1)", site_code).fetch_optional(&mut **tx).await
}

/// Active CIPs of the site whose code or customer part starts with `prefix` (upper case), optionally of one CID: the
/// type-ahead of the CIP pickers. Unprepared, so that the plan is made for the prefix (a cached generic plan cannot
/// narrow the index scan to it).
pub async fn active_by_prefix(tx: &mut TenantTx, site_id: i64, prefix: &str, cid_no: Option<i64>, limit: i64) -> Result<Vec<CipPick>, sqlx::Error> {
    sqlx::query_as::<_, CipPick>(
        "select c.cip_no, c.cid_no, c.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.location,
            c.qty_on_hand, c.status_id, c.cust_avg_cost, c.qty_avail, c.consigned, (select i.asp_upc from asp.item_master i where i.item_id = c.item_id) as like_upc
        from (
            (select cip_no from cip where site_id = $1 and status_id = 1 and starts_with(cip_code_key, $2) order by cip_code_key using ~<~ limit $4)
            union
            (select cip_no from cip where site_id = $1 and status_id = 1 and starts_with(cust_item_code_key, $2) order by cust_item_code_key using ~<~ limit $4)
        ) m join cip c on c.cip_no = m.cip_no
        where $3::bigint is null or c.cid_no = $3
        order by c.cip_code limit $4",
    )
    .persistent(false)
    .bind(site_id)
    .bind(prefix)
    .bind(cid_no)
    .bind(limit)
    .fetch_all(&mut **tx)
    .await
}

/// Active CIPs of the site of one CID.
pub async fn active_of_cid(tx: &mut TenantTx, site_id: i64, cid_no: i64, limit: i64) -> Result<Vec<CipPick>, sqlx::Error> {
    sqlx::query_as!(
        CipPick,
        r#"select cip_no, cid_no, site_id, cip_code, cust_item_code, cust_desc1, cust_desc2, location,
            qty_on_hand as "qty_on_hand!: Quantity", status_id, cust_avg_cost as "cust_avg_cost: UnitCost", qty_avail as "qty_avail!: Quantity", consigned, (select i.asp_upc from asp.item_master i where i.item_id = cip.item_id) as like_upc
        from cip where site_id = $1 and cid_no = $2 and status_id = 1 order by cip_code limit $3"#,
        site_id,
        cid_no,
        limit
    )
    .fetch_all(&mut **tx)
    .await
}

/// Other CIPs of the site whose item carries the UPC of `cip_no`'s item.
pub async fn like_upc(tx: &mut TenantTx, site_id: i64, cip_no: i64) -> Result<Vec<CipPick>, sqlx::Error> {
    sqlx::query_as!(
        CipPick,
        r#"select c.cip_no, c.cid_no, c.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.location,
            c.qty_on_hand as "qty_on_hand!: Quantity", c.status_id, c.cust_avg_cost as "cust_avg_cost: UnitCost", c.qty_avail as "qty_avail!: Quantity", c.consigned, (select i.asp_upc from asp.item_master i where i.item_id = c.item_id) as like_upc
        from cip c
        where c.site_id = $1 and c.cip_no <> $2
          and c.item_id = any(array(select l.item_id from cip me
                                    join asp.item_master i on i.item_id = me.item_id
                                    join asp.item_master l on l.asp_upc = i.asp_upc
                                    where me.cip_no = $2 and i.asp_upc is not null))
        order by c.cip_code limit 500"#,
        site_id,
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

/// (UPC, number of CIPs, on hand) over the CIPs of the site sharing the UPC of `cip_no`'s item, itself included.
pub async fn like_upc_on_hand(tx: &mut TenantTx, site_id: i64, cip_no: i64) -> Result<(Option<String>, i64, Quantity), sqlx::Error> {
    let row = sqlx::query!(
        r#"with me as (select i.asp_upc from cip c join asp.item_master i on i.item_id = c.item_id where c.cip_no = $2)
        select (select asp_upc from me) as "asp_upc?",
               count(c.cip_no) as "cip_count!", coalesce(sum(c.qty_on_hand), 0) as "qty_on_hand!: Quantity"
        from cip c
        where c.site_id = $1 and (c.cip_no = $2 or c.item_id = any(array(select l.item_id from asp.item_master l, me
                                                                          where me.asp_upc is not null and l.asp_upc = me.asp_upc)))"#,
        site_id,
        cip_no
    )
    .fetch_one(&mut **tx)
    .await?;
    Ok((row.asp_upc, row.cip_count, row.qty_on_hand))
}

/// CIPs of the site defaulting to the tracking code (at any of the four levels).
pub async fn by_tracking_code(tx: &mut TenantTx, site_id: i64, tracking_code_id: i64) -> Result<Vec<CipPick>, sqlx::Error> {
    sqlx::query_as!(
        CipPick,
        r#"select cip_no, cid_no, site_id, cip_code, cust_item_code, cust_desc1, cust_desc2, location,
            qty_on_hand as "qty_on_hand!: Quantity", status_id, cust_avg_cost as "cust_avg_cost: UnitCost", qty_avail as "qty_avail!: Quantity", consigned, (select i.asp_upc from asp.item_master i where i.item_id = cip.item_id) as like_upc
        from cip where site_id = $1
          and (default_track1 = $2 or default_track2 = $2 or default_track3 = $2 or default_track4 = $2)
        order by cip_code limit 500"#,
        site_id,
        tracking_code_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// The tracking code's site, if the transaction sees it.
pub async fn tracking_code_site(tx: &mut TenantTx, id: i64) -> Result<Option<TrackingCodeRow>, sqlx::Error> {
    sqlx::query_as!(TrackingCodeRow, "select tracking_code_id, site_id, tracking_level_id, is_active from tracking_code where tracking_code_id = $1", id)
        .fetch_optional(&mut **tx)
        .await
}

#[derive(Debug, Clone)]
pub struct TrackingCodeRow {
    pub tracking_code_id: i64,
    pub site_id: i64,
    pub tracking_level_id: i64,
    pub is_active: bool,
}

impl kernel::records::SiteRecord for TrackingCodeRow {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// (employee_id, site_id, is_active) of an employee the transaction sees.
pub async fn employee(tx: &mut TenantTx, id: i64) -> Result<Option<(i64, bool)>, sqlx::Error> {
    let row = sqlx::query!("select site_id, is_active from employee where employee_id = $1", id).fetch_optional(&mut **tx).await?;
    Ok(row.map(|r| (r.site_id, r.is_active)))
}

/// The vendor name of `vend_code` at the site.
pub async fn vendor_name(tx: &mut TenantTx, site_id: i64, vend_code: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "select v.vend_name from vendor v join vendor_at_site a on a.vend_id = v.vend_id where a.site_id = $1 and v.vend_code = $2 order by v.is_vmi limit 1",
        site_id,
        vend_code
    ).fetch_optional(&mut **tx).await
}

/// The few CID facts the CIP rules need.
#[derive(Debug, Clone)]
pub struct CidFacts {
    pub cid_no: i64,
    pub site_id: i64,
    pub item_id: Option<i64>,
    pub cust_item_code: String,
    pub cid_status: i32,
    pub kit: bool,
    pub repairable: bool,
    pub repaired_part: bool,
    pub merged: bool,
}

impl kernel::records::SiteRecord for CidFacts {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

pub async fn cid_facts(tx: &mut TenantTx, cid_no: i64) -> Result<Option<CidFacts>, sqlx::Error> {
    sqlx::query_as!(
        CidFacts,
        r#"select cid_no, site_id, item_id, cust_item_code, cid_status, kit, repairable, repaired_part,
            merged_into_cid_no is not null as "merged!"
        from cid where cid_no = $1"#,
        cid_no
    )
    .fetch_optional(&mut **tx)
    .await
}

// ---- lists

const PICK_COLUMNS: &str = "c.cip_no, c.cid_no, c.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.location,
    c.qty_on_hand, c.status_id, c.cust_avg_cost, c.qty_avail, c.consigned, (select i.asp_upc from asp.item_master i where i.item_id = c.item_id) as like_upc";

/// One page of the CIPs of a CID.
pub async fn page_of_cid(tx: &mut TenantTx, cid_no: i64, page: &Page) -> Result<(Vec<CipPick>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select {PICK_COLUMNS} from cip c"));
    s.and_bind("c.cid_no = ", cid_no);
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// One page of the CIPs of an item-master part at a site.
pub async fn page_of_item(tx: &mut TenantTx, site_id: i64, item_id: i64, page: &Page) -> Result<(Vec<CipPick>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select {PICK_COLUMNS} from cip c"));
    s.and_bind("c.site_id = ", site_id);
    s.and_bind("c.item_id = ", item_id);
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// One page of the CIPs of a site.
pub async fn page_of_site(tx: &mut TenantTx, site_id: i64, page: &Page) -> Result<(Vec<CipPick>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select {PICK_COLUMNS} from cip c"));
    s.and_bind("c.site_id = ", site_id);
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// One page of the site's active MinMax CIPs at or below min (the partial index cip_replenish_idx holds exactly
/// these, in cip_code order: the capped set is read from it in that order instead of filtering the site's rows);
/// `suggested_qty` is filled in by the service.
pub async fn page_to_replenish(tx: &mut TenantTx, site_id: i64, page: &Page) -> Result<(Vec<ReplenishCip>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select c.cip_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, c.vend_code,
            c.qty_on_hand, c.qty_on_order, c.qty_backorder, c.min_qty, c.max_qty, c.lot_qty, c.keep_full,
            c.qty_on_hand + c.qty_on_order - c.qty_backorder as qty_position, 0::numeric as suggested_qty
        from cip c",
    );
    s.and_bind("c.site_id = ", site_id);
    s.and().push(
        "c.repl_type = 2 and c.status_id = 1 and c.min_qty is not null
          and c.qty_on_hand + c.qty_on_order - c.qty_backorder <= c.min_qty",
    );
    s.push(" order by c.cip_code");
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

// ---- counts the rules read

/// (kanban bins, bins of dispenser stations) holding the CIP.
pub async fn device_counts(tx: &mut TenantTx, cip_no: i64) -> Result<(i64, i64), sqlx::Error> {
    let row = sqlx::query!(
        r#"select (select count(*) from kanban_bin where cip_no = $1) as "kanban!",
                  (select count(*) from station_bin b join station s on s.station_id = b.station_id
                   where b.cip_no = $1 and s.station_type < 50) as "dispenser!""#,
        cip_no
    )
    .fetch_one(&mut **tx)
    .await?;
    Ok((row.kanban, row.dispenser))
}

/// (sum over the site's active CIPs of the item, sum over the active CIPs of the CID) of max (else min) - on hand -
/// on order, each CIP at zero or more.
pub async fn net_mlq(tx: &mut TenantTx, site_id: i64, item_id: Option<i64>, cid_no: Option<i64>) -> Result<(Quantity, Quantity), sqlx::Error> {
    let row = sqlx::query!(
        r#"select
            coalesce(sum(greatest(coalesce(max_qty, min_qty, 0) - qty_on_hand - qty_on_order, 0)) filter (where item_id = $2), 0) as "warehouse!: Quantity",
            coalesce(sum(greatest(coalesce(max_qty, min_qty, 0) - qty_on_hand - qty_on_order, 0)) filter (where cid_no = $3), 0) as "cid!: Quantity"
        from cip where site_id = $1 and status_id = 1 and (item_id = $2 or cid_no = $3)"#,
        site_id,
        item_id,
        cid_no
    )
    .fetch_one(&mut **tx)
    .await?;
    Ok((row.warehouse, row.cid))
}

/// CIPs whose repaired units `cip_no` stocks.
pub async fn repaired_for(tx: &mut TenantTx, cip_no: i64) -> Result<Vec<CipRef>, sqlx::Error> {
    sqlx::query_as!(
        CipRef,
        r#"select cip_no, cip_code, cust_item_code, cust_desc1, location, status_id, qty_on_hand as "qty_on_hand!: Quantity"
        from cip where repair_cip_no = $1 order by cip_code"#,
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

// ---- writes

pub async fn update_defaults(tx: &mut TenantTx, cip_no: i64, employee: Option<i64>, tracks: [Option<i64>; 4]) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update cip set default_employee_id = $2, default_track1 = $3, default_track2 = $4, default_track3 = $5, default_track4 = $6,
            updated_at = now()
        where cip_no = $1",
        cip_no,
        employee,
        tracks[0],
        tracks[1],
        tracks[2],
        tracks[3]
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub struct OtherFields {
    pub consigned: bool,
    pub vend_code: Option<String>,
    pub buddy_cip_no: Option<i64>,
    pub custom: [Option<String>; 4],
}

pub async fn update_other(tx: &mut TenantTx, cip_no: i64, f: &OtherFields) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update cip set consigned = $2, vend_code = $3, buddy_cip_no = $4, custom_1 = $5, custom_2 = $6, custom_3 = $7, custom_4 = $8,
            updated_at = now()
        where cip_no = $1",
        cip_no,
        f.consigned,
        f.vend_code,
        f.buddy_cip_no,
        f.custom[0],
        f.custom[1],
        f.custom[2],
        f.custom[3]
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Points the CIP at another CID (the trigger copies the CID's customer part and descriptions) and its item.
pub async fn update_cid(tx: &mut TenantTx, cip_no: i64, cid_no: i64, item_id: Option<i64>) -> Result<(), sqlx::Error> {
    sqlx::query!("update cip set cid_no = $2, item_id = $3, updated_at = now() where cip_no = $1", cip_no, cid_no, item_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub struct Replenishment {
    pub repl_type: i32,
    pub min_qty: Option<Quantity>,
    pub max_qty: Option<Quantity>,
    pub lot_qty: Option<Quantity>,
    pub reorder_qty: Option<Quantity>,
    pub num_lots: Option<i32>,
    pub keep_full: bool,
}

pub async fn update_replenishment(tx: &mut TenantTx, cip_no: i64, r: &Replenishment) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update cip set repl_type = $2, min_qty = $3, max_qty = $4, lot_qty = $5, reorder_qty = $6, num_lots = $7, keep_full = $8,
            updated_at = now()
        where cip_no = $1",
        cip_no,
        r.repl_type,
        r.min_qty as Option<Quantity>,
        r.max_qty as Option<Quantity>,
        r.lot_qty as Option<Quantity>,
        r.reorder_qty as Option<Quantity>,
        r.num_lots,
        r.keep_full
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Replaces the CIP's related items with `related` (related CIP, relation).
pub async fn replace_related(tx: &mut TenantTx, cip_no: i64, related: &[(i64, i32)]) -> Result<(), sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query!("delete from related_item where cip_no = $1", cip_no).execute(&mut **tx).await?;
    let ids: Vec<i64> = related.iter().map(|r| r.0).collect();
    let relations: Vec<i32> = related.iter().map(|r| r.1).collect();
    sqlx::query!(
        "insert into related_item (site_id, cip_no, related_cip_no, relation)
         select $1, $2, r.id, r.relation from unnest($3::bigint[], $4::int[]) as r(id, relation)",
        site_id,
        cip_no,
        &ids,
        &relations
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn set_repair(tx: &mut TenantTx, cip_no: i64, repair_cip_no: Option<i64>) -> Result<(), sqlx::Error> {
    sqlx::query!("update cip set repair_cip_no = $2, updated_at = now() where cip_no = $1", cip_no, repair_cip_no)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn cip_code_taken(tx: &mut TenantTx, site_id: i64, code: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select 1 as one from cip where site_id = $1 and cip_code_key = upper($2) limit 1", site_id, code)
        .fetch_optional(&mut **tx)
        .await?
        .is_some())
}

pub async fn cust_item_code_taken(tx: &mut TenantTx, site_id: i64, code: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select 1 as one from cid where site_id = $1 and lower(cust_item_code) = lower($2) and merged_into_cid_no is null limit 1",
        site_id,
        code
    )
    .fetch_optional(&mut **tx)
    .await?
    .is_some())
}

/// A copy of CID `from` flagged as a repaired part (not itself repairable), with its own customer part.
pub async fn insert_repaired_cid(tx: &mut TenantTx, from: i64, cust_item_code: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into cid (site_id, item_id, cust_item_code, cust_desc1, cust_desc2, vend_code, cid_status, uom_typeid, serialized,
            lot_control, repairable, repaired_part, taxable, avg_lead_time, crit_part, kit, stock_item, curr_abc_class_type_id)
         select site_id, item_id, $2, cust_desc1, cust_desc2, vend_code, 1, uom_typeid, serialized,
            lot_control, false, true, taxable, avg_lead_time, crit_part, false, stock_item, curr_abc_class_type_id
         from cid where cid_no = $1
         returning cid_no",
        from,
        cust_item_code
    )
    .fetch_one(&mut **tx)
    .await
}

pub struct NewLocation {
    pub location: String,
    pub segments: [Option<String>; 5],
}

/// A new active CIP of `cid_no` at the transaction's site, nothing on hand, replenishment settings of the original.
pub async fn insert_repaired_cip(tx: &mut TenantTx, original: i64, cid_no: i64, cip_code: &str, loc: &NewLocation) -> Result<i64, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_scalar!(
        "insert into cip (site_id, cid_no, item_id, cip_code, status_id, location, loc_seg1, loc_seg2, loc_seg3, loc_seg4, loc_seg5,
            repl_type, vend_code, consigned)
         select $1, $3, o.item_id, $4, 1, $5, $6, $7, $8, $9, $10, 2, o.vend_code, false
         from cip o where o.cip_no = $2
         returning cip_no",
        site_id,
        original,
        cid_no,
        cip_code,
        loc.location,
        loc.segments[0],
        loc.segments[1],
        loc.segments[2],
        loc.segments[3],
        loc.segments[4]
    )
    .fetch_one(&mut **tx)
    .await
}
