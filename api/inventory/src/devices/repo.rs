//! SQL of crib devices: stations and their bins, dispensing assignments, kits and kanban bins. Functions take the
//! tenant transaction; row-level security shows it only its site's rows.

use tenancy::TenantTx;

use super::model::{DispensingBin, KanbanBin, KitChild, KitLocation, KitMembership, KitSummary, Station, StationBin, StationCip};
use kernel::listing::{self, Page, Search};
use kernel::num::{Decimal, Quantity};

// ---- stations

pub async fn find_station(tx: &mut TenantTx, id: i64) -> Result<Option<Station>, sqlx::Error> {
    sqlx::query_as!(
        Station,
        r#"select s.station_id, s.site_id, s.station_code, s.description, s.station_type, '' as "station_type_name!", s.location, s.serial_no,
            s.is_active,
            case when s.station_type = 100 then (select count(*) from kanban_bin k where k.station_id = s.station_id)
                 else (select count(*) from station_bin b where b.station_id = s.station_id) end as "bin_count!",
            case when s.station_type = 100 then (select count(*) from kanban_bin k where k.station_id = s.station_id)
                 else (select count(*) from station_bin b where b.station_id = s.station_id and b.cip_no is not null) end as "used_bin_count!",
            s.created_at, s.updated_at
        from station s where s.station_id = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub struct StationFilter {
    pub site_id: i64,
    pub station_type: Option<i32>,
    pub is_active: Option<bool>,
    /// (prefix pattern, contains pattern), upper case.
    pub text: Option<(String, String)>,
}

pub async fn search_stations(tx: &mut TenantTx, f: &StationFilter, page: &Page) -> Result<(Vec<Station>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select s.station_id, s.site_id, s.station_code, s.description, s.station_type, '' as station_type_name, s.location, s.serial_no,
            s.is_active,
            case when s.station_type = 100 then (select count(*) from kanban_bin k where k.station_id = s.station_id)
                 else (select count(*) from station_bin b where b.station_id = s.station_id) end as bin_count,
            case when s.station_type = 100 then (select count(*) from kanban_bin k where k.station_id = s.station_id)
                 else (select count(*) from station_bin b where b.station_id = s.station_id and b.cip_no is not null) end as used_bin_count,
            s.created_at, s.updated_at
        from station s",
    );
    s.and_bind("s.site_id = ", f.site_id);
    if let Some(t) = f.station_type {
        s.and_bind("s.station_type = ", t);
    }
    if let Some(a) = f.is_active {
        s.and_bind("s.is_active = ", a);
    }
    if let Some((prefix, contains)) = &f.text {
        s.and().push("(upper(s.station_code) like ").push_bind(prefix.clone()).push(" or upper(s.description) like ").push_bind(contains.clone()).push(")");
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

pub async fn station_code_taken(tx: &mut TenantTx, site_id: i64, code: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select 1 as one from station where site_id = $1 and upper(station_code) = upper($2) and ($3::bigint is null or station_id <> $3)",
        site_id,
        code,
        except
    )
    .fetch_optional(&mut **tx)
    .await?
    .is_some())
}

pub struct StationValues {
    pub station_code: String,
    pub description: String,
    pub station_type: i32,
    pub location: Option<String>,
    pub serial_no: Option<String>,
    pub is_active: bool,
}

pub async fn insert_station(tx: &mut TenantTx, v: &StationValues) -> Result<i64, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_scalar!(
        "insert into station (site_id, station_code, description, station_type, location, serial_no, is_active)
         values ($1, $2, $3, $4, $5, $6, $7) returning station_id",
        site_id,
        v.station_code,
        v.description,
        v.station_type,
        v.location,
        v.serial_no,
        v.is_active
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update_station(tx: &mut TenantTx, id: i64, v: &StationValues) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update station set station_code = $2, description = $3, station_type = $4, location = $5, serial_no = $6, is_active = $7, updated_at = now()
         where station_id = $1",
        id,
        v.station_code,
        v.description,
        v.station_type,
        v.location,
        v.serial_no,
        v.is_active
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn lock_station(tx: &mut TenantTx, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select station_id from station where station_id = $1 for update", id).fetch_optional(&mut **tx).await?.is_some())
}

pub async fn delete_station(tx: &mut TenantTx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from station where station_id = $1", id).execute(&mut **tx).await?;
    Ok(())
}

// ---- station bins

pub async fn bins_of_station(tx: &mut TenantTx, station_id: i64) -> Result<Vec<StationBin>, sqlx::Error> {
    sqlx::query_as!(
        StationBin,
        r#"select b.station_bin_id, b.station_id, b.site_id, b.bin_code, b.capacity as "capacity: Quantity", b.cip_no,
            c.cip_code as "cip_code?", c.cust_item_code as "cust_item_code?", c.cust_desc1 as "cust_desc1?"
        from station_bin b left join cip c on c.cip_no = b.cip_no
        where b.station_id = $1 order by b.bin_code"#,
        station_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn find_bin(tx: &mut TenantTx, id: i64) -> Result<Option<StationBin>, sqlx::Error> {
    sqlx::query_as!(
        StationBin,
        r#"select b.station_bin_id, b.station_id, b.site_id, b.bin_code, b.capacity as "capacity: Quantity", b.cip_no,
            c.cip_code as "cip_code?", c.cust_item_code as "cust_item_code?", c.cust_desc1 as "cust_desc1?"
        from station_bin b left join cip c on c.cip_no = b.cip_no
        where b.station_bin_id = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn bin_code_taken(tx: &mut TenantTx, station_id: i64, code: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select 1 as one from station_bin where station_id = $1 and upper(bin_code) = upper($2) and ($3::bigint is null or station_bin_id <> $3)",
        station_id,
        code,
        except
    )
    .fetch_optional(&mut **tx)
    .await?
    .is_some())
}

pub async fn insert_bin(tx: &mut TenantTx, station_id: i64, bin_code: &str, capacity: Option<Quantity>) -> Result<i64, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_scalar!(
        "insert into station_bin (site_id, station_id, bin_code, capacity) values ($1, $2, $3, $4) returning station_bin_id",
        site_id,
        station_id,
        bin_code,
        capacity as Option<Quantity>
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update_bin(tx: &mut TenantTx, id: i64, bin_code: &str, capacity: Option<Quantity>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update station_bin set bin_code = $2, capacity = $3, updated_at = now() where station_bin_id = $1",
        id,
        bin_code,
        capacity as Option<Quantity>
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn delete_bin(tx: &mut TenantTx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from station_bin where station_bin_id = $1", id).execute(&mut **tx).await?;
    Ok(())
}

/// The bins `ids` with their stations, locked for the assignment (bins the transaction cannot see are left out).
pub async fn bins_for_assignment(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<(DispensingBin, Option<i64>)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select b.station_bin_id, b.station_id, s.station_code, s.station_type, s.is_active, b.bin_code, b.capacity as "capacity: Quantity", b.cip_no
        from station_bin b join station s on s.station_id = b.station_id
        where b.station_bin_id = any($1) for update of b"#,
        ids
    )
    .fetch_all(&mut **tx)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            (
                DispensingBin {
                    station_bin_id: r.station_bin_id,
                    station_id: r.station_id,
                    station_code: r.station_code,
                    station_type: r.station_type,
                    station_active: r.is_active,
                    bin_code: r.bin_code,
                    capacity: r.capacity,
                },
                r.cip_no,
            )
        })
        .collect())
}

/// The bins holding the CIP, with their stations.
pub async fn bins_of_cip(tx: &mut TenantTx, cip_no: i64) -> Result<Vec<DispensingBin>, sqlx::Error> {
    sqlx::query_as!(
        DispensingBin,
        r#"select b.station_bin_id, b.station_id, s.station_code, s.station_type, s.is_active as station_active, b.bin_code,
            b.capacity as "capacity: Quantity"
        from station_bin b join station s on s.station_id = b.station_id
        where b.cip_no = $1 order by s.station_code, b.bin_code"#,
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

/// Frees the CIP's bins other than `keep`, assigns it `keep`, and sets its dispensing flag.
pub async fn assign_bins(tx: &mut TenantTx, cip_no: i64, keep: &[i64], dispensing: bool) -> Result<(), sqlx::Error> {
    sqlx::query!("update station_bin set cip_no = null, updated_at = now() where cip_no = $1 and station_bin_id <> all($2)", cip_no, keep)
        .execute(&mut **tx)
        .await?;
    sqlx::query!("update station_bin set cip_no = $1, updated_at = now() where station_bin_id = any($2) and cip_no is distinct from $1", cip_no, keep)
        .execute(&mut **tx)
        .await?;
    sqlx::query!("update cip set dispensing = $2, updated_at = now() where cip_no = $1", cip_no, dispensing).execute(&mut **tx).await?;
    Ok(())
}

/// Station bins of a kit (the CIP itself, or the kits it is a child of).
pub async fn kit_locations(tx: &mut TenantTx, cip_no: i64) -> Result<Vec<KitLocation>, sqlx::Error> {
    sqlx::query_as!(
        KitLocation,
        r#"select k.cip_no as kit_cip_no, k.cip_code as kit_cip_code, b.station_bin_id, b.station_id, s.station_code, s.station_type, b.bin_code
        from cip k
        join station_bin b on b.cip_no = k.cip_no
        join station s on s.station_id = b.station_id
        where k.cip_no in (select $1::bigint union select parent_cip_no from kit_child where child_cip_no = $1)
          and (k.cip_no <> $1 or exists (select 1 from kit_child c where c.parent_cip_no = $1)
               or exists (select 1 from cid d where d.cid_no = k.cid_no and d.kit))
        order by k.cip_code, s.station_code, b.bin_code"#,
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

/// CIPs in the station's bins.
pub async fn cips_of_station(tx: &mut TenantTx, station_id: i64) -> Result<Vec<StationCip>, sqlx::Error> {
    sqlx::query_as!(
        StationCip,
        r#"select b.station_bin_id, b.bin_code, b.capacity as "capacity: Quantity", c.cip_no, c.cip_code, c.cust_item_code, c.cust_desc1,
            c.location, c.qty_on_hand as "qty_on_hand!: Quantity", c.status_id, c.dispensing
        from station_bin b join cip c on c.cip_no = b.cip_no
        where b.station_id = $1 order by b.bin_code"#,
        station_id
    )
    .fetch_all(&mut **tx)
    .await
}

// ---- kits

pub async fn kit_children(tx: &mut TenantTx, parent: i64) -> Result<Vec<KitChild>, sqlx::Error> {
    sqlx::query_as!(
        KitChild,
        r#"select k.child_cip_no, k.qty as "qty!: Quantity", k.seq, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, c.status_id,
            c.qty_on_hand as "qty_on_hand!: Quantity"
        from kit_child k join cip c on c.cip_no = k.child_cip_no
        where k.parent_cip_no = $1 order by k.seq, c.cip_code"#,
        parent
    )
    .fetch_all(&mut **tx)
    .await
}

/// The kits the CIP is a child of.
pub async fn kits_of_child(tx: &mut TenantTx, child: i64) -> Result<Vec<KitMembership>, sqlx::Error> {
    sqlx::query_as!(
        KitMembership,
        r#"select k.parent_cip_no, p.cip_code as parent_cip_code, p.cust_item_code, p.cust_desc1, k.qty as "qty!: Quantity"
        from kit_child k join cip p on p.cip_no = k.parent_cip_no
        where k.child_cip_no = $1 order by p.cip_code"#,
        child
    )
    .fetch_all(&mut **tx)
    .await
}

/// Is the CIP's CID flagged kit?
pub async fn is_kit(tx: &mut TenantTx, cip_no: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!(r#"select d.kit as "kit!" from cip c join cid d on d.cid_no = c.cid_no where c.cip_no = $1"#, cip_no)
        .fetch_optional(&mut **tx)
        .await?
        .unwrap_or(false))
}

/// Does the CIP have kit children?
pub async fn has_children(tx: &mut TenantTx, cip_no: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select 1 as one from kit_child where parent_cip_no = $1 limit 1", cip_no).fetch_optional(&mut **tx).await?.is_some())
}

pub async fn replace_children(tx: &mut TenantTx, parent: i64, children: &[(i64, Quantity)]) -> Result<(), sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query!("delete from kit_child where parent_cip_no = $1", parent).execute(&mut **tx).await?;
    let ids: Vec<i64> = children.iter().map(|c| c.0).collect();
    let qtys: Vec<Decimal> = children.iter().map(|c| c.1.value()).collect();
    sqlx::query!(
        "insert into kit_child (site_id, parent_cip_no, child_cip_no, qty, seq)
         select $1, $2, c.id, c.qty, c.seq::int from unnest($3::bigint[], $4::numeric[]) with ordinality as c(id, qty, seq)",
        site_id,
        parent,
        &ids,
        &qtys
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The site's kits (CIPs whose CID is flagged kit, or that have children); `prefix` upper case.
pub async fn search_kits(tx: &mut TenantTx, site_id: i64, prefix: Option<String>, page: &Page) -> Result<(Vec<KitSummary>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select c.cip_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, c.status_id,
            (select count(*) from kit_child k where k.parent_cip_no = c.cip_no) as child_count
        from cip c",
    );
    s.and_bind("c.site_id = ", site_id);
    s.and()
        .push("c.cip_no = any(array(select k.parent_cip_no from kit_child k where k.site_id = ")
        .push_bind(site_id)
        .push(" union select k.cip_no from cid d join cip k on k.cid_no = d.cid_no where d.site_id = ")
        .push_bind(site_id)
        .push(" and d.kit))");
    if let Some(p) = prefix {
        s.and().push("(starts_with(c.cip_code_key, ").push_bind(p.clone()).push(") or starts_with(c.cust_item_code_key, ").push_bind(p).push("))");
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

// ---- kanban bins

pub async fn kanban_bins_of_cip(tx: &mut TenantTx, cip_no: i64) -> Result<Vec<KanbanBin>, sqlx::Error> {
    sqlx::query_as!(
        KanbanBin,
        r#"select k.kanban_bin_id, k.site_id, k.cip_no, k.station_id, s.station_code as "station_code?", k.tool_code, k.bin_qty as "bin_qty!: Quantity",
            k.bin_status, k.location, k.last_scan_at, k.created_at, k.updated_at
        from kanban_bin k left join station s on s.station_id = k.station_id
        where k.cip_no = $1 order by k.tool_code"#,
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn kanban_bins_of_station(tx: &mut TenantTx, station_id: i64) -> Result<Vec<KanbanBin>, sqlx::Error> {
    sqlx::query_as!(
        KanbanBin,
        r#"select k.kanban_bin_id, k.site_id, k.cip_no, k.station_id, s.station_code as "station_code?", k.tool_code, k.bin_qty as "bin_qty!: Quantity",
            k.bin_status, k.location, k.last_scan_at, k.created_at, k.updated_at
        from kanban_bin k left join station s on s.station_id = k.station_id
        where k.station_id = $1 order by k.tool_code"#,
        station_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn find_kanban_bin(tx: &mut TenantTx, id: i64) -> Result<Option<KanbanBin>, sqlx::Error> {
    sqlx::query_as!(
        KanbanBin,
        r#"select k.kanban_bin_id, k.site_id, k.cip_no, k.station_id, s.station_code as "station_code?", k.tool_code, k.bin_qty as "bin_qty!: Quantity",
            k.bin_status, k.location, k.last_scan_at, k.created_at, k.updated_at
        from kanban_bin k left join station s on s.station_id = k.station_id
        where k.kanban_bin_id = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn tool_code_taken(tx: &mut TenantTx, site_id: i64, code: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select 1 as one from kanban_bin where site_id = $1 and upper(tool_code) = upper($2) and ($3::bigint is null or kanban_bin_id <> $3)",
        site_id,
        code,
        except
    )
    .fetch_optional(&mut **tx)
    .await?
    .is_some())
}

pub async fn insert_kanban_bin(tx: &mut TenantTx, cip_no: i64, station_id: Option<i64>, tool_code: &str, bin_qty: Quantity, location: Option<&str>) -> Result<i64, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_scalar!(
        "insert into kanban_bin (site_id, cip_no, station_id, tool_code, bin_qty, location) values ($1, $2, $3, $4, $5, $6)
         returning kanban_bin_id",
        site_id,
        cip_no,
        station_id,
        tool_code,
        bin_qty as Quantity,
        location
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update_kanban_bin(tx: &mut TenantTx, id: i64, station_id: Option<i64>, bin_qty: Quantity, bin_status: i32, location: Option<&str>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update kanban_bin set station_id = $2, bin_qty = $3, bin_status = $4, location = $5, updated_at = now() where kanban_bin_id = $1",
        id,
        station_id,
        bin_qty as Quantity,
        bin_status,
        location
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn set_tool_code(tx: &mut TenantTx, id: i64, tool_code: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("update kanban_bin set tool_code = $2, updated_at = now() where kanban_bin_id = $1", id, tool_code).execute(&mut **tx).await?;
    Ok(())
}

pub async fn delete_kanban_bin(tx: &mut TenantTx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from kanban_bin where kanban_bin_id = $1", id).execute(&mut **tx).await?;
    Ok(())
}
