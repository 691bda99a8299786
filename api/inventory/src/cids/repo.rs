//! SQL of the CID resource. Functions take the tenant transaction, so they cannot run without a granted scope.

use kernel::listing::{fetch_built_page, Page};
use kernel::num::{Money, Percent, Quantity, UnitCost};
use sqlx::QueryBuilder;
use tenancy::TenantTx;

use super::model::*;

pub async fn find(tx: &mut TenantTx, cid_no: i64) -> Result<Option<Cid>, sqlx::Error> {
    sqlx::query_as!(
        Cid,
        r#"select cid_no, site_id, item_id, cust_item_code, cust_desc1, cust_desc2, vend_code, cid_status, uom_typeid, serialized, lot_control,
            adr_flag, no_split_adr, repairable, repaired_part, taxable, avg_lead_time, cid_hold_type, crit_part, cust_avg_cost as "cust_avg_cost: UnitCost",
            kit, stock_item, fix_price, auto_po, hist_price as "hist_price: UnitCost", hist_date, hist_qty as "hist_qty: Quantity", hist_type, target_override,
            target_percent as "target_percent: Percent", target_contract_date, target_contract_percent as "target_contract_percent: Percent",
            contract_price as "contract_price: UnitCost", contract_review_date, warranty_manufacturer, warranty_start_type, warranty_length,
            curr_abc_class_type_id, inventory_class, cogs_value as "cogs_value: Money", margin_exclusion_date, margin_exclusion_comment,
            custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10, custom11, custom12, custom13, custom14,
            custom15, custom16, custom17, custom18, custom19, custom20, merged_into_cid_no, created_at, updated_at
           from cid where cid_no = $1"#,
        cid_no
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn common(tx: &mut TenantTx, cid_no: i64) -> Result<Option<CidCommon>, sqlx::Error> {
    sqlx::query_as!(
        CidCommon,
        r#"select c.cid_no, c.site_id, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.cid_status, c.item_id, m.mfg_code as "mfg_code?",
            m.mfg_part_no as "mfg_part_no?", m.desc1 as "item_desc1?", m.item_status as "item_status?", c.uom_typeid, u.uom_code as "uom_code?",
            c.vend_code, v.vend_name as "vend_name?", c.cust_avg_cost as "cust_avg_cost: UnitCost", c.avg_lead_time, c.cid_hold_type, c.crit_part, c.kit,
            c.stock_item, c.serialized, c.lot_control, c.repairable, c.taxable, c.curr_abc_class_type_id, c.warranty_manufacturer,
            c.warranty_start_type, c.warranty_length, q.cip_count as "cip_count!", q.active_cip_count as "active_cip_count!",
            q.active_cip_count > 1 as "multiple!", c.merged_into_cid_no
           from cid c
           left join asp.item_master m on m.item_id = c.item_id
           left join asp.uom_type u on u.uom_typeid = c.uom_typeid
           left join lateral (select x.vend_name from vendor x join vendor_at_site a on a.vend_id = x.vend_id and a.site_id = c.site_id
                              where x.vend_code = c.vend_code order by x.is_vmi limit 1) v on true
           cross join lateral (select count(*) as cip_count, count(*) filter (where p.status_id = 1) as active_cip_count
                               from cip p where p.cid_no = c.cid_no) q
           where c.cid_no = $1"#,
        cid_no
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn header(tx: &mut TenantTx, cid_no: i64) -> Result<Option<CidHeader>, sqlx::Error> {
    sqlx::query_as!(
        CidHeader,
        r#"select c.cid_no, c.site_id, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.cid_status, c.item_id, m.mfg_code as "mfg_code?",
            m.mfg_part_no as "mfg_part_no?", u.uom_code as "uom_code?", q.qty_on_hand as "qty_on_hand!: Quantity", q.cip_count as "cip_count!",
            q.active_cip_count > 1 as "multiple!", c.kit, c.crit_part, c.merged_into_cid_no
           from cid c
           left join asp.item_master m on m.item_id = c.item_id
           left join asp.uom_type u on u.uom_typeid = c.uom_typeid
           cross join lateral (select coalesce(sum(p.qty_on_hand), 0) as qty_on_hand, count(*) as cip_count,
                                      count(*) filter (where p.status_id = 1) as active_cip_count
                               from cip p where p.cid_no = c.cid_no) q
           where c.cid_no = $1"#,
        cid_no
    )
    .fetch_optional(&mut **tx)
    .await
}

/// Quantities over the CID's CIPs; with `non_consigned_only` over the CIPs that are not consigned.
pub async fn quantities(tx: &mut TenantTx, cid_no: i64, non_consigned_only: bool) -> Result<CidQuantities, sqlx::Error> {
    sqlx::query_as!(
        CidQuantities,
        r#"select $1::bigint as "cid_no!", count(*) as "cip_count!",
            coalesce(sum(qty_on_hand), 0) as "qty_on_hand!: Quantity", coalesce(sum(qty_avail), 0) as "qty_avail!: Quantity",
            coalesce(sum(qty_on_hold), 0) as "qty_on_hold!: Quantity", coalesce(sum(qty_on_order), 0) as "qty_on_order!: Quantity",
            coalesce(sum(qty_backorder), 0) as "qty_backorder!: Quantity", coalesce(sum(qty_scrap), 0) as "qty_scrap!: Quantity",
            coalesce(sum(qty_work_order), 0) as "qty_work_order!: Quantity", coalesce(sum(qty_transfer), 0) as "qty_transfer!: Quantity",
            coalesce(sum(qty_excess), 0) as "qty_excess!: Quantity", coalesce(sum(min_qty), 0) as "min_qty!: Quantity",
            coalesce(sum(max_qty), 0) as "max_qty!: Quantity"
           from cip where cid_no = $1 and (not $2 or not consigned)"#,
        cid_no,
        non_consigned_only
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn hold_count(tx: &mut TenantTx, cid_no: i64) -> Result<CidHoldCount, sqlx::Error> {
    sqlx::query_as!(
        CidHoldCount,
        r#"select $1::bigint as "cid_no!", count(*) filter (where qty_on_hold > 0) as "hold_count!",
            coalesce(sum(qty_on_hold), 0) as "qty_on_hold!: Quantity"
           from cip where cid_no = $1"#,
        cid_no
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn usage(tx: &mut TenantTx, cid_no: i64) -> Result<CidUsage, sqlx::Error> {
    sqlx::query_as!(
        CidUsage,
        r#"select $1::bigint as "cid_no!", count(*) as "cip_count!",
            coalesce(sum(usage1), 0) as "usage1!: Quantity", coalesce(sum(usage2), 0) as "usage2!: Quantity", coalesce(sum(usage3), 0) as "usage3!: Quantity",
            coalesce(sum(usage4), 0) as "usage4!: Quantity", coalesce(sum(usage5), 0) as "usage5!: Quantity", coalesce(sum(usage6), 0) as "usage6!: Quantity",
            coalesce(sum(usage7), 0) as "usage7!: Quantity", coalesce(sum(usage8), 0) as "usage8!: Quantity", coalesce(sum(usage9), 0) as "usage9!: Quantity",
            coalesce(sum(usage10), 0) as "usage10!: Quantity", coalesce(sum(usage11), 0) as "usage11!: Quantity", coalesce(sum(usage12), 0) as "usage12!: Quantity",
            coalesce(sum(usage13), 0) as "usage13!: Quantity",
            coalesce(sum(usage1 + usage2 + usage3 + usage4 + usage5 + usage6 + usage7 + usage8 + usage9 + usage10 + usage11 + usage12 + usage13), 0)
                as "annual_usage!: Quantity",
            array(select coalesce(sum(p.month_usage[g]), 0) from generate_series(1, 12) g
                  left join cip p on p.cid_no = $1 group by g order by g) as "month_usage!: Vec<Quantity>",
            coalesce(sum((select sum(x) from unnest(month_usage) x)), 0) as "month_usage_total!: Quantity",
            coalesce(sum(trans_count_cy), 0)::int8 as "trans_count_cy!", coalesce(sum(trans_count_py), 0)::int8 as "trans_count_py!",
            coalesce(sum(repl_count_cy), 0)::int8 as "repl_count_cy!", coalesce(sum(repl_count_py), 0)::int8 as "repl_count_py!"
           from cip where cid_no = $1"#,
        cid_no
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn of_cip(tx: &mut TenantTx, cip_no: i64) -> Result<Option<CidOfCip>, sqlx::Error> {
    sqlx::query_as!(
        CidOfCip,
        "select p.cip_no, p.cip_code, c.cid_no, p.site_id, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.cid_status, c.item_id, c.uom_typeid
         from cip p join cid c on c.cid_no = p.cid_no where p.cip_no = $1",
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The CIDs of the site for an item (merged ones left out).
pub async fn by_item(tx: &mut TenantTx, site_id: i64, item_id: i64) -> Result<Vec<CidMin>, sqlx::Error> {
    sqlx::query_as!(
        CidMin,
        r#"select c.cid_no, c.site_id, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.cid_status, c.item_id, c.uom_typeid, c.vend_code,
            (select count(*) from cip p where p.cid_no = c.cid_no) as "cip_count!"
           from cid c where c.site_id = $1 and c.item_id = $2 and c.merged_into_cid_no is null order by c.cid_no"#,
        site_id,
        item_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub struct ExistsRow {
    pub cid_no: i64,
    pub cust_item_code: String,
    pub uom_typeid: i32,
}

/// A CID of the site with this customer part (case-insensitive), other than `except`; with `uom` only those whose
/// unit of measure is (`same_uom`) or is not that one.
pub async fn with_code(tx: &mut TenantTx, site_id: i64, code: &str, except: Option<i64>, uom: Option<(i32, bool)>) -> Result<Option<ExistsRow>, sqlx::Error> {
    let (uom_id, same) = match uom {
        Some((u, s)) => (Some(u), s),
        None => (None, true),
    };
    sqlx::query_as!(
        ExistsRow,
        "select cid_no, cust_item_code, uom_typeid from cid
         where site_id = $1 and lower(cust_item_code) = lower($2) and merged_into_cid_no is null and cid_no is distinct from $3
           and ($4::int is null or (uom_typeid = $4) = $5)
         order by cid_no limit 1",
        site_id,
        code,
        except,
        uom_id,
        same
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn with_item_and_code(tx: &mut TenantTx, site_id: i64, item_id: i64, code: Option<&str>) -> Result<Option<ExistsRow>, sqlx::Error> {
    sqlx::query_as!(
        ExistsRow,
        "select cid_no, cust_item_code, uom_typeid from cid
         where site_id = $1 and item_id = $2 and ($3::text is null or lower(cust_item_code) = lower($3)) and merged_into_cid_no is null
         order by cid_no limit 1",
        site_id,
        item_id,
        code
    )
    .fetch_optional(&mut **tx)
    .await
}

/// What depends on the CID's item, counted over its CIPs and kits.
pub struct Dependents {
    pub on_hand: i64,
    pub on_order: i64,
    pub backorder: i64,
    pub on_hold: i64,
    pub kit_parent: i64,
    pub kit_child: i64,
    pub kanban_bins: i64,
}

pub async fn dependents(tx: &mut TenantTx, cid_no: i64) -> Result<Dependents, sqlx::Error> {
    let r = sqlx::query!(
        r#"select count(*) filter (where p.qty_on_hand <> 0) as "on_hand!", count(*) filter (where p.qty_on_order > 0) as "on_order!",
            count(*) filter (where p.qty_backorder > 0) as "backorder!", count(*) filter (where p.qty_on_hold > 0) as "on_hold!",
            (select count(*) from kit_child k join cip x on x.cip_no = k.parent_cip_no where x.cid_no = $1) as "kit_parent!",
            (select count(*) from kit_child k join cip x on x.cip_no = k.child_cip_no where x.cid_no = $1) as "kit_child!",
            (select count(*) from kanban_bin b join cip x on x.cip_no = b.cip_no where x.cid_no = $1) as "kanban_bins!"
           from cip p where p.cid_no = $1"#,
        cid_no
    )
    .fetch_one(&mut **tx)
    .await?;
    Ok(Dependents {
        on_hand: r.on_hand,
        on_order: r.on_order,
        backorder: r.backorder,
        on_hold: r.on_hold,
        kit_parent: r.kit_parent,
        kit_child: r.kit_child,
        kanban_bins: r.kanban_bins,
    })
}

/// Every kit link in which a CIP of the CID is parent or child.
pub async fn kit_links(tx: &mut TenantTx, cid_no: i64) -> Result<Vec<CidKitLink>, sqlx::Error> {
    sqlx::query_as!(
        CidKitLink,
        r#"select k.parent_cip_no, pp.cip_code as parent_cip_code, pp.cid_no as parent_cid_no, k.child_cip_no, pc.cip_code as child_cip_code,
             pc.cid_no as child_cid_no, k.qty as "qty!: Quantity"
           from kit_child k join cip pp on pp.cip_no = k.parent_cip_no join cip pc on pc.cip_no = k.child_cip_no
           where pp.cid_no = $1 or pc.cid_no = $1 order by k.parent_cip_no, k.seq, k.child_cip_no"#,
        cid_no
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn kanban_cip_count(tx: &mut TenantTx, cid_no: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"select count(*) as "n!" from cip where cid_no = $1 and repl_type = 1"#, cid_no).fetch_one(&mut **tx).await
}

pub async fn kanban_bins(tx: &mut TenantTx, cid_no: i64) -> Result<Vec<CidKanbanBin>, sqlx::Error> {
    sqlx::query_as!(
        CidKanbanBin,
        r#"select b.kanban_bin_id, b.cip_no, b.tool_code, b.bin_qty as "bin_qty!: Quantity", b.bin_status
           from kanban_bin b join cip p on p.cip_no = b.cip_no where p.cid_no = $1 order by b.kanban_bin_id"#,
        cid_no
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn set_warranty(tx: &mut TenantTx, cid_no: i64, manufacturer: Option<&str>, start_type: Option<i32>, length: Option<i32>) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!(
        "update cid set warranty_manufacturer = $2, warranty_start_type = $3, warranty_length = $4, updated_at = now() where cid_no = $1",
        cid_no,
        manufacturer,
        start_type,
        length
    )
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

pub async fn set_abc(tx: &mut TenantTx, cid_no: i64, abc: Option<i32>) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("update cid set curr_abc_class_type_id = $2, updated_at = now() where cid_no = $1", cid_no, abc).execute(&mut **tx).await?.rows_affected())
}

/// Points the CID and its CIPs at another item master part.
pub async fn set_item(tx: &mut TenantTx, cid_no: i64, item_id: i64) -> Result<u64, sqlx::Error> {
    sqlx::query!("update cip set item_id = $2, updated_at = now() where cid_no = $1", cid_no, item_id).execute(&mut **tx).await?;
    Ok(sqlx::query!("update cid set item_id = $2, updated_at = now() where cid_no = $1", cid_no, item_id).execute(&mut **tx).await?.rows_affected())
}

pub async fn set_descriptions(tx: &mut TenantTx, cid_no: i64, desc1: &str, desc2: Option<&str>) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("update cid set cust_desc1 = $2, cust_desc2 = $3, updated_at = now() where cid_no = $1", cid_no, desc1, desc2)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// The CID's default vendor; its CIPs that had the old default (or none) follow. Answers the CIPs changed.
pub async fn set_cid_vendor(tx: &mut TenantTx, cid_no: i64, old: Option<&str>, vend_code: &str) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query!("update cid set vend_code = $2, updated_at = now() where cid_no = $1", cid_no, vend_code).execute(&mut **tx).await?;
    sqlx::query_scalar!(
        "update cip set vend_code = $3, updated_at = now() where cid_no = $1 and (vend_code is null or vend_code is not distinct from $2)
           and vend_code is distinct from $3
         returning cip_no",
        cid_no,
        old,
        vend_code
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn set_cip_vendor(tx: &mut TenantTx, cip_no: i64, vend_code: &str) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("update cip set vend_code = $2, updated_at = now() where cip_no = $1", cip_no, vend_code).execute(&mut **tx).await?.rows_affected())
}

/// A CIP as the vendor-code change needs it.
#[derive(Debug, Clone)]
pub struct CipRef {
    pub cip_no: i64,
    pub site_id: i64,
    pub cid_no: Option<i64>,
    pub vend_code: Option<String>,
}

impl kernel::records::SiteRecord for CipRef {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

pub async fn find_cip(tx: &mut TenantTx, cip_no: i64) -> Result<Option<CipRef>, sqlx::Error> {
    sqlx::query_as!(CipRef, "select cip_no, site_id, cid_no, vend_code from cip where cip_no = $1", cip_no).fetch_optional(&mut **tx).await
}

/// Whether `vend_code` names an active vendor visible at the site (domain.md section 1): same ERP type and, for
/// non-VMI vendors, the site's ERP company; VMI vendors match the site's VMI ERP type.
pub async fn vendor_visible(tx: &mut TenantTx, site_id: i64, vend_code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from vendor v join vendor_at_site a on a.vend_id = v.vend_id
           where a.site_id = $1 and v.vend_code = $2 and v.active) as "found!""#,
        site_id,
        vend_code
    )
    .fetch_one(&mut **tx)
    .await
}

/// An item master part as a new CID takes it.
pub struct ItemRef {
    pub item_id: i64,
    pub item_status: i32,
    pub uom_typeid: i32,
    pub serialized: bool,
    pub lot_control: bool,
    pub repairable: bool,
    pub kit: bool,
}

pub async fn item(tx: &mut TenantTx, item_id: i64) -> Result<Option<ItemRef>, sqlx::Error> {
    sqlx::query_as!(
        ItemRef,
        "select item_id, item_status, uom_typeid, serialized, lot_control, repairable, kit from asp.item_master where item_id = $1",
        item_id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn uom_exists(tx: &mut TenantTx, uom_typeid: i32) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists (select 1 from asp.uom_type where uom_typeid = $1) as "found!""#, uom_typeid).fetch_one(&mut **tx).await
}

pub async fn cip_code_taken(tx: &mut TenantTx, site_id: i64, cip_code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists (select 1 from cip where site_id = $1 and lower(cip_code) = lower($2)) as "found!""#, site_id, cip_code)
        .fetch_one(&mut **tx)
        .await
}

pub struct NewCid<'a> {
    pub site_id: i64,
    pub item_id: i64,
    pub cust_item_code: &'a str,
    pub cust_desc1: &'a str,
    pub cust_desc2: Option<&'a str>,
    pub vend_code: Option<&'a str>,
    pub uom_typeid: i32,
    pub serialized: bool,
    pub lot_control: bool,
    pub repairable: bool,
    pub kit: bool,
    pub crit_part: bool,
    pub stock_item: bool,
    pub taxable: bool,
    pub avg_lead_time: Option<i32>,
    pub cust_avg_cost: Option<UnitCost>,
    pub curr_abc_class_type_id: Option<i32>,
    pub custom: &'a [Option<String>],
}

pub async fn insert_cid(tx: &mut TenantTx, c: &NewCid<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into cid (site_id, item_id, cust_item_code, cust_desc1, cust_desc2, vend_code, uom_typeid, serialized, lot_control, repairable, kit,
             crit_part, stock_item, taxable, avg_lead_time, cust_avg_cost, curr_abc_class_type_id,
             custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10,
             custom11, custom12, custom13, custom14, custom15, custom16, custom17, custom18, custom19, custom20)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
             ($18::text[])[1], $18[2], $18[3], $18[4], $18[5], $18[6], $18[7], $18[8], $18[9], $18[10],
             $18[11], $18[12], $18[13], $18[14], $18[15], $18[16], $18[17], $18[18], $18[19], $18[20])
         returning cid_no",
        c.site_id,
        c.item_id,
        c.cust_item_code,
        c.cust_desc1,
        c.cust_desc2,
        c.vend_code,
        c.uom_typeid,
        c.serialized,
        c.lot_control,
        c.repairable,
        c.kit,
        c.crit_part,
        c.stock_item,
        c.taxable,
        c.avg_lead_time,
        c.cust_avg_cost as Option<UnitCost>,
        c.curr_abc_class_type_id,
        c.custom as &[Option<String>]
    )
    .fetch_one(&mut **tx)
    .await
}

pub struct NewCip<'a> {
    pub site_id: i64,
    pub cid_no: i64,
    pub item_id: i64,
    pub cip_code: &'a str,
    pub location: Option<&'a str>,
    pub segments: &'a [Option<String>],
    pub min_qty: Option<Quantity>,
    pub max_qty: Option<Quantity>,
    pub consigned: bool,
    pub vend_code: Option<&'a str>,
    pub cust_avg_cost: Option<UnitCost>,
}

pub async fn insert_cip(tx: &mut TenantTx, c: &NewCip<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into cip (site_id, cid_no, item_id, cip_code, location, loc_seg1, loc_seg2, loc_seg3, loc_seg4, loc_seg5, min_qty, max_qty, consigned,
             vend_code, cust_avg_cost)
         values ($1, $2, $3, $4, $5, ($6::text[])[1], $6[2], $6[3], $6[4], $6[5], $7, $8, $9, $10, $11)
         returning cip_no",
        c.site_id,
        c.cid_no,
        c.item_id,
        c.cip_code,
        c.location,
        c.segments as &[Option<String>],
        c.min_qty as Option<Quantity>,
        c.max_qty as Option<Quantity>,
        c.consigned,
        c.vend_code,
        c.cust_avg_cost as Option<UnitCost>
    )
    .fetch_one(&mut **tx)
    .await
}

/// The CIDs with these numbers, locked for the merge, in number order.
pub async fn lock_many(tx: &mut TenantTx, cid_nos: &[i64]) -> Result<Vec<(i64, i64, Option<i64>, Option<i64>)>, sqlx::Error> {
    let rows = sqlx::query!("select cid_no, site_id, merged_into_cid_no, item_id from cid where cid_no = any($1) order by cid_no for update", cid_nos)
        .fetch_all(&mut **tx)
        .await?;
    Ok(rows.into_iter().map(|r| (r.cid_no, r.site_id, r.merged_into_cid_no, r.item_id)).collect())
}

/// Moves the CIPs of `from` to `to` (the CIP trigger copies the primary's customer part and descriptions).
pub async fn move_cips(tx: &mut TenantTx, from: &[i64], to: i64, item_id: Option<i64>) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "update cip set cid_no = $2, item_id = coalesce($3, item_id), updated_at = now() where cid_no = any($1) returning cip_no",
        from,
        to,
        item_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// Moves the files of CIDs `from` to CID `to`: a name the primary already has continues its version numbers, and
/// the primary keeps its default image (a moved file is the default only when the primary had none).
pub async fn move_files(tx: &mut TenantTx, site_id: i64, from: &[i64], to: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!(
        "with moving as (
             select f.file_id,
                    coalesce((select max(p.version) from file p where p.site_id = $1 and p.entity_type = 2 and p.entity_id = $3
                              and lower(p.file_name) = lower(f.file_name)), 0)
                      + row_number() over (partition by lower(f.file_name) order by f.entity_id, f.version) as new_version,
                    f.default_image and not exists (select 1 from file d where d.site_id = $1 and d.entity_type = 2 and d.entity_id = $3 and d.default_image)
                      and row_number() over (partition by f.default_image order by f.file_id) = 1 as keeps_default
             from file f where f.site_id = $1 and f.entity_type = 2 and f.entity_id = any($2))
         update file f set entity_id = $3, version = m.new_version, default_image = m.keeps_default, updated_at = now()
         from moving m where f.file_id = m.file_id",
        site_id,
        from,
        to
    )
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

pub async fn mark_merged(tx: &mut TenantTx, from: &[i64], to: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("update cid set merged_into_cid_no = $2, cid_status = 3, updated_at = now() where cid_no = any($1)", from, to)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// The CIDs merged into `cid_no`, directly or through another merged CID.
pub async fn merged_into(tx: &mut TenantTx, cid_no: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"with recursive m as (select cid_no from cid where merged_into_cid_no = $1
                               union select c.cid_no from cid c join m on c.merged_into_cid_no = m.cid_no)
           select cid_no as "cid_no!" from m order by 1"#,
        cid_no
    )
    .fetch_all(&mut **tx)
    .await
}

/// The site's duplicate CIDs: those sharing an item with another CID of the site, and those sharing the customer
/// description and the manufacturer part number (of different items); merged CIDs left out.
pub async fn duplicates(tx: &mut TenantTx, site_id: i64, q: Option<&str>, page: &Page) -> Result<(Vec<DuplicateCid>, i64), sqlx::Error> {
    // A QueryBuilder rather than listing::Search: the site is bound inside both branches of the union (where the
    // site's index serves it), before the outer statement's own condition.
    let mut b = QueryBuilder::new(
        "select * from (
             select g.cid_no, g.site_id, g.cust_item_code, g.cust_desc1, g.cust_desc2, g.cid_status, g.item_id, g.mfg_code, g.mfg_part_no,
                    (select count(*) from cip p where p.cid_no = g.cid_no) as cip_count, g.duplicate_key, g.duplicate_reason,
                    count(*) over (partition by g.duplicate_key) as group_size
             from (
                 select c.*, m.mfg_code, m.mfg_part_no, 'item:' || c.item_id as duplicate_key, 'item' as duplicate_reason
                 from cid c left join asp.item_master m on m.item_id = c.item_id
                 where c.site_id = ",
    );
    b.push_bind(site_id);
    b.push(
        " and c.merged_into_cid_no is null and c.item_id is not null
                   and exists (select 1 from cid o where o.site_id = c.site_id and o.item_id = c.item_id and o.cid_no <> c.cid_no
                               and o.merged_into_cid_no is null)
                 union all
                 select c.*, m.mfg_code, m.mfg_part_no, 'part:' || upper(m.mfg_part_no) || '|' || lower(trim(c.cust_desc1)), 'description'
                 from cid c join asp.item_master m on m.item_id = c.item_id
                 where c.site_id = ",
    );
    b.push_bind(site_id);
    b.push(
        " and c.merged_into_cid_no is null and c.cust_desc1 is not null
                   and exists (select 1 from cid o join asp.item_master om on om.item_id = o.item_id
                               where o.site_id = c.site_id and o.item_id <> c.item_id and o.merged_into_cid_no is null
                                 and upper(om.mfg_part_no) = upper(m.mfg_part_no) and lower(trim(o.cust_desc1)) = lower(trim(c.cust_desc1)))
             ) g
         ) d",
    );
    if let Some(pattern) = q {
        b.push(" where (d.cust_item_code ilike ").push_bind(pattern.to_owned());
        b.push(" or d.cust_desc1 ilike ").push_bind(pattern.to_owned());
        b.push(" or d.mfg_part_no ilike ").push_bind(pattern.to_owned()).push(")");
    }
    fetch_built_page(tx, b, page).await
}
