//! SQL of the item master (shared schema `asp`), and the two tenant reads that show what a site has of an item.

use sqlx::PgConnection;
use tenancy::TenantTx;

use kernel::listing::{self, Page, Search};
use kernel::num::Quantity;

use super::model::{CidLink, ItemMaster, ItemMasterRow, SiteCid};

pub async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<ItemMaster>, sqlx::Error> {
    sqlx::query_as!(
        ItemMaster,
        r#"select i.item_id, i.desc1, i.desc2, i.mfg_code, m.mfg_name, i.mfg_part_no, i.erp_vmi_item_code, i.item_status,
                  i.shelf_life, i.lot_control, i.serialized, i.kit, i.repairable, i.haz_code, h.description as "haz_description?",
                  i.haz_volume_size as "haz_volume_size: Quantity", i.msds_req, i.asp_upc, i.commodity_code,
                  c.description as "commodity_description?", i.uom_typeid, u.uom_code, i.ship_weight as "ship_weight: Quantity",
                  i.brand_id, b.brand_name as "brand_name?", i.export_classification, i.export_agency, i.export_list,
                  i.export_country_code, i.foreign_lang_desc1, i.foreign_lang_desc2, i.tri_native_part, i.erp_type_id, i.sat_code,
                  i.created_at, i.updated_at
           from asp.item_master i
           join asp.manufacturer m on m.mfg_code = i.mfg_code
           join asp.uom_type u on u.uom_typeid = i.uom_typeid
           left join asp.hazardous_code h on h.haz_code = i.haz_code
           left join asp.commodity_code c on c.commodity_code = i.commodity_code
           left join asp.brand b on b.brand_id = i.brand_id
           where i.item_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// Locks the item's row for the rest of the transaction; `false` when there is no such item.
pub async fn lock(conn: &mut PgConnection, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select item_id from asp.item_master where item_id = $1 for update", id).fetch_optional(conn).await?.is_some())
}

/// Is the user provider staff (`fss_employee`)?
pub async fn is_provider_staff(conn: &mut PgConnection, user_id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select fss_employee from asp.asp_users where asp_users_id = $1", user_id).fetch_optional(conn).await?.unwrap_or(false))
}

/// Which of the codes an item is to refer to exist and are active (a `None` code counts as fine).
#[derive(Debug, Clone, Copy, Default)]
pub struct References {
    pub manufacturer: bool,
    pub brand: bool,
    pub hazardous: bool,
    pub commodity: bool,
    pub uom: bool,
}

pub async fn references(
    conn: &mut PgConnection,
    mfg_code: &str,
    brand_id: Option<i64>,
    haz_code: Option<&str>,
    commodity_code: Option<&str>,
    uom_typeid: i32,
) -> Result<References, sqlx::Error> {
    let r = sqlx::query!(
        r#"select exists(select 1 from asp.manufacturer where mfg_code = $1 and is_active) as "manufacturer!",
                  ($2::bigint is null or exists(select 1 from asp.brand where brand_id = $2 and is_active)) as "brand!",
                  ($3::text is null or exists(select 1 from asp.hazardous_code where haz_code = $3 and is_active)) as "hazardous!",
                  ($4::text is null or exists(select 1 from asp.commodity_code where commodity_code = $4 and is_active)) as "commodity!",
                  exists(select 1 from asp.uom_type where uom_typeid = $5) as "uom!""#,
        mfg_code,
        brand_id,
        haz_code,
        commodity_code,
        uom_typeid
    )
    .fetch_one(conn)
    .await?;
    Ok(References { manufacturer: r.manufacturer, brand: r.brand, hazardous: r.hazardous, commodity: r.commodity, uom: r.uom })
}

/// The item other than `except` that has this manufacturer part, compared as the unique index does.
pub async fn part_owner(conn: &mut PgConnection, mfg_code: &str, mfg_part_no: &str, except: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select item_id from asp.item_master where mfg_code = $1 and upper(mfg_part_no) = upper($2) and item_id <> $3",
        mfg_code,
        mfg_part_no,
        except
    )
    .fetch_optional(conn)
    .await
}

/// The maintained fields of an item, all of them, as they are to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Maintained {
    pub desc1: String,
    pub desc2: Option<String>,
    pub mfg_code: String,
    pub mfg_part_no: String,
    pub erp_vmi_item_code: Option<String>,
    pub item_status: i32,
    pub shelf_life: Option<i32>,
    pub lot_control: bool,
    pub serialized: bool,
    pub kit: bool,
    pub repairable: bool,
    pub haz_code: Option<String>,
    pub haz_volume_size: Option<Quantity>,
    pub msds_req: bool,
    pub asp_upc: Option<String>,
    pub commodity_code: Option<String>,
    pub uom_typeid: i32,
    pub brand_id: Option<i64>,
    pub foreign_lang_desc1: Option<String>,
    pub foreign_lang_desc2: Option<String>,
    pub tri_native_part: bool,
    pub erp_type_id: Option<i32>,
    pub sat_code: Option<String>,
}

pub async fn update_maintained(conn: &mut PgConnection, id: i64, v: &Maintained) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.item_master set desc1 = $2, desc2 = $3, mfg_code = $4, mfg_part_no = $5, erp_vmi_item_code = $6, item_status = $7,
             shelf_life = $8, lot_control = $9, serialized = $10, kit = $11, repairable = $12, haz_code = $13,
             haz_volume_size = $14, msds_req = $15, asp_upc = $16, commodity_code = $17, uom_typeid = $18,
             brand_id = $19, foreign_lang_desc1 = $20, foreign_lang_desc2 = $21, tri_native_part = $22, erp_type_id = $23, sat_code = $24,
             updated_at = now()
         where item_id = $1",
        id,
        v.desc1,
        v.desc2,
        v.mfg_code,
        v.mfg_part_no,
        v.erp_vmi_item_code,
        v.item_status,
        v.shelf_life,
        v.lot_control,
        v.serialized,
        v.kit,
        v.repairable,
        v.haz_code,
        v.haz_volume_size as _,
        v.msds_req,
        v.asp_upc,
        v.commodity_code,
        v.uom_typeid,
        v.brand_id,
        v.foreign_lang_desc1,
        v.foreign_lang_desc2,
        v.tri_native_part,
        v.erp_type_id,
        v.sat_code
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The export fields of an item, as they are to be stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Export {
    pub export_classification: Option<String>,
    pub export_agency: Option<String>,
    pub export_list: Option<String>,
    pub export_country_code: Option<String>,
}

pub async fn update_export(conn: &mut PgConnection, id: i64, v: &Export) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.item_master set export_classification = $2, export_agency = $3, export_list = $4, export_country_code = $5,
             updated_at = now()
         where item_id = $1",
        id,
        v.export_classification,
        v.export_agency,
        v.export_list,
        v.export_country_code
    )
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn update_ship_weight(conn: &mut PgConnection, id: i64, ship_weight: Option<Quantity>) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.item_master set ship_weight = $2, updated_at = now() where item_id = $1", id, ship_weight as _)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_status(conn: &mut PgConnection, id: i64, status: i32) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.item_master set item_status = $2, updated_at = now() where item_id = $1", id, status).execute(conn).await?;
    Ok(())
}

/// The CID (any site the transaction may see; the service checks the site).
pub async fn find_cid(tx: &mut TenantTx, cid_no: i64) -> Result<Option<CidLink>, sqlx::Error> {
    sqlx::query_as!(CidLink, "select cid_no, site_id, item_id, cust_item_code from cid where cid_no = $1", cid_no).fetch_optional(&mut **tx).await
}

/// The CIDs of `site_id` for the item, with their number of locations; merged CIDs left out.
pub async fn site_cids(tx: &mut TenantTx, site_id: i64, item_id: i64) -> Result<Vec<SiteCid>, sqlx::Error> {
    sqlx::query_as!(
        SiteCid,
        r#"select c.cid_no, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.cid_status,
                  (select count(*) from cip p where p.cid_no = c.cid_no) as "cip_count!"
           from cid c where c.site_id = $1 and c.item_id = $2 and c.merged_into_cid_no is null
           order by c.cid_no"#,
        site_id,
        item_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// What a search matches: one condition per search type, and the filters. Every text here is a bound parameter.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Matching {
    /// Letters and digits of a manufacturer part number, upper case: a prefix.
    pub part_prefix: Option<String>,
    /// `ilike` patterns that must all match the description text.
    pub words: Vec<String>,
    /// UPC spellings (with and without leading zeros) of which one must equal the stored one.
    pub upcs: Vec<String>,
    /// Upper-case ERP code: a prefix.
    pub erp_prefix: Option<String>,
    /// `true`: the item matches when any of the conditions above does; `false`: when all do.
    pub any: bool,
    pub mfg_code: Option<String>,
    pub brand_id: Option<i64>,
    /// A commodity code or its first 2, 4 or 6 digits.
    pub commodity_prefix: Option<String>,
    pub item_status: Option<i32>,
}

/// `like` pattern for text that starts with `text` (`\\`, `%` and `_` escaped).
fn prefix(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// The search of the items `m` matches: the type conditions in one group (any or all of them), then the filters.
fn searching<'a>(m: &Matching) -> Search<'a> {
    // The text expression of the trigram index item_master_desc_trgm (migration 0008), spelt the same so it is used.
    const DESCRIPTION: &str = "(i.desc1 || ' ' || coalesce(i.desc2, '') || ' ' || i.mfg_part_no)";
    let mut s = Search::new(
        "select i.item_id, i.desc1, i.desc2, i.mfg_code, m.mfg_name, i.mfg_part_no, i.brand_id, b.brand_name, i.erp_vmi_item_code,
                i.asp_upc, i.commodity_code, u.uom_code, i.item_status, i.haz_code, i.ship_weight, i.updated_at
         from asp.item_master i
         join asp.manufacturer m on m.mfg_code = i.mfg_code
         join asp.uom_type u on u.uom_typeid = i.uom_typeid
         left join asp.brand b on b.brand_id = i.brand_id",
    );
    let has_match = m.part_prefix.is_some() || !m.words.is_empty() || !m.upcs.is_empty() || m.erp_prefix.is_some();
    if has_match {
        let joiner = if m.any { " or " } else { " and " };
        let b = s.and();
        b.push("(");
        let mut first = true;
        let mut next = |b: &mut sqlx::QueryBuilder<'a, sqlx::Postgres>| {
            if !std::mem::take(&mut first) {
                b.push(joiner);
            }
        };
        if let Some(p) = &m.part_prefix {
            next(b);
            b.push("upper(regexp_replace(i.mfg_part_no, '[^[:alnum:]]', '', 'g')) like ").push_bind(prefix(p));
        }
        if !m.words.is_empty() {
            next(b);
            b.push("(");
            for (i, w) in m.words.iter().enumerate() {
                if i > 0 {
                    b.push(" and ");
                }
                b.push(DESCRIPTION).push(" ilike ").push_bind(w.clone());
            }
            b.push(")");
        }
        if !m.upcs.is_empty() {
            next(b);
            b.push("i.asp_upc = any(").push_bind(m.upcs.clone()).push("::text[])");
        }
        if let Some(p) = &m.erp_prefix {
            next(b);
            b.push("upper(i.erp_vmi_item_code) like ").push_bind(prefix(p));
        }
        b.push(")");
    }
    if let Some(code) = &m.mfg_code {
        s.and_bind("i.mfg_code = ", code.clone());
    }
    if let Some(b) = m.brand_id {
        s.and_bind("i.brand_id = ", b);
    }
    if let Some(c) = &m.commodity_prefix {
        s.and_bind("i.commodity_code like ", prefix(c));
    }
    if let Some(st) = m.item_status {
        s.and_bind("i.item_status = ", st);
    }
    s
}

/// A page of the items `m` matches, and their number (up to the row cap).
pub async fn search(conn: &mut PgConnection, m: &Matching, page: &Page) -> Result<(Vec<ItemMasterRow>, i64), sqlx::Error> {
    listing::fetch_built_page(conn, searching(m).into_builder(), page).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_numbers_its_parameters_in_order_and_joins_the_type_conditions() {
        let m = Matching {
            part_prefix: Some("6204".into()),
            words: vec!["%ball%".into(), "%seal%".into()],
            upcs: vec!["012".into()],
            erp_prefix: Some("VMI".into()),
            any: true,
            mfg_code: Some("SKF".into()),
            item_status: Some(1),
            ..Default::default()
        };
        let sql = searching(&m).into_builder().sql().to_owned();
        assert!(sql.contains(" where (upper(regexp_replace(i.mfg_part_no, '[^[:alnum:]]', '', 'g')) like $1 or (("), "{sql}");
        assert!(sql.contains("ilike $2 and "), "{sql}");
        assert!(sql.contains("ilike $3) or i.asp_upc = any($4::text[]) or upper(i.erp_vmi_item_code) like $5)"), "{sql}");
        assert!(sql.contains(" and i.mfg_code = $6 and i.item_status = $7"), "{sql}");
        assert_eq!(prefix("A_1%\\"), "A\\_1\\%\\\\%");
        let all = Matching { part_prefix: Some("6204".into()), erp_prefix: Some("X".into()), ..Default::default() };
        assert!(searching(&all).into_builder().sql().contains("like $1 and upper(i.erp_vmi_item_code) like $2)"));
        let plain = searching(&Matching::default()).into_builder().sql().to_owned();
        assert!(!plain.contains("where") && !plain.contains('$'), "{plain}");
    }
}
