//! SQL of locations: the alternate and virtual locations are tenant rows, reached through the tenant transaction.

use kernel::num::Quantity;
use tenancy::TenantTx;

use super::model::{AlternateLocation, VirtualLocation};
use crate::cips::model::CipRef;

/// CIPs of the site other than `except` whose location or one of whose alternate locations is `location` (upper
/// case), at most 20.
pub async fn users_of(tx: &mut TenantTx, site_id: i64, location: &str, except: Option<i64>) -> Result<Vec<CipRef>, sqlx::Error> {
    sqlx::query_as!(
        CipRef,
        r#"select c.cip_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, c.status_id, c.qty_on_hand as "qty_on_hand!: Quantity"
        from cip c
        where c.cip_no in (select cip_no from cip where site_id = $1 and location_key = $2
                           union
                           select cip_no from alternate_location where site_id = $1 and location = $2)
          and ($3::bigint is null or c.cip_no <> $3)
        order by c.cip_code limit 20"#,
        site_id,
        location,
        except
    )
    .fetch_all(&mut **tx)
    .await
}

// ---- alternate locations

pub async fn alternates(tx: &mut TenantTx, cip_no: i64) -> Result<Vec<AlternateLocation>, sqlx::Error> {
    sqlx::query_as!(
        AlternateLocation,
        "select alternate_location_id, site_id, cip_no, location, loc_seg1, loc_seg2, loc_seg3, loc_seg4, loc_seg5, notes, created_at, updated_at
         from alternate_location where cip_no = $1 order by location",
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn find_alternate(tx: &mut TenantTx, id: i64) -> Result<Option<AlternateLocation>, sqlx::Error> {
    sqlx::query_as!(
        AlternateLocation,
        "select alternate_location_id, site_id, cip_no, location, loc_seg1, loc_seg2, loc_seg3, loc_seg4, loc_seg5, notes, created_at, updated_at
         from alternate_location where alternate_location_id = $1",
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub struct LocationValue<'a> {
    pub location: &'a str,
    pub segments: &'a [Option<String>; 5],
    pub text: Option<&'a str>,
}

pub async fn insert_alternate(tx: &mut TenantTx, cip_no: i64, v: &LocationValue<'_>) -> Result<i64, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_scalar!(
        "insert into alternate_location (site_id, cip_no, location, loc_seg1, loc_seg2, loc_seg3, loc_seg4, loc_seg5, notes)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning alternate_location_id",
        site_id,
        cip_no,
        v.location,
        v.segments[0],
        v.segments[1],
        v.segments[2],
        v.segments[3],
        v.segments[4],
        v.text
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update_alternate(tx: &mut TenantTx, id: i64, v: &LocationValue<'_>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update alternate_location set location = $2, loc_seg1 = $3, loc_seg2 = $4, loc_seg3 = $5, loc_seg4 = $6, loc_seg5 = $7, notes = $8,
            updated_at = now()
         where alternate_location_id = $1",
        id,
        v.location,
        v.segments[0],
        v.segments[1],
        v.segments[2],
        v.segments[3],
        v.segments[4],
        v.text
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn delete_alternate(tx: &mut TenantTx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from alternate_location where alternate_location_id = $1", id).execute(&mut **tx).await?;
    Ok(())
}

/// Does the CIP have `location` (upper case) as an alternate location, other than the row `except`?
pub async fn alternate_exists(tx: &mut TenantTx, cip_no: i64, location: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select 1 as one from alternate_location where cip_no = $1 and upper(location) = $2 and ($3::bigint is null or alternate_location_id <> $3)",
        cip_no,
        location,
        except
    )
    .fetch_optional(&mut **tx)
    .await?
    .is_some())
}

// ---- virtual locations

pub async fn virtuals(tx: &mut TenantTx, cip_no: i64) -> Result<Vec<VirtualLocation>, sqlx::Error> {
    sqlx::query_as!(
        VirtualLocation,
        "select virtual_location_id, site_id, cip_no, location, loc_seg1, loc_seg2, loc_seg3, loc_seg4, loc_seg5, description
         from virtual_location where cip_no = $1 order by location",
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

/// (location, its segments, description).
pub type VirtualRow = (String, [Option<String>; 5], Option<String>);

pub async fn replace_virtuals(tx: &mut TenantTx, cip_no: i64, rows: &[VirtualRow]) -> Result<(), sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query!("delete from virtual_location where cip_no = $1", cip_no).execute(&mut **tx).await?;
    let locations: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    let seg = |i: usize| -> Vec<Option<String>> { rows.iter().map(|r| r.1[i].clone()).collect() };
    let (s1, s2, s3, s4, s5) = (seg(0), seg(1), seg(2), seg(3), seg(4));
    let descriptions: Vec<Option<String>> = rows.iter().map(|r| r.2.clone()).collect();
    sqlx::query!(
        "insert into virtual_location (site_id, cip_no, location, loc_seg1, loc_seg2, loc_seg3, loc_seg4, loc_seg5, description)
         select $1, $2, v.location, v.s1, v.s2, v.s3, v.s4, v.s5, v.description
         from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
              as v(location, s1, s2, s3, s4, s5, description)",
        site_id,
        cip_no,
        &locations,
        &s1 as &[Option<String>],
        &s2 as &[Option<String>],
        &s3 as &[Option<String>],
        &s4 as &[Option<String>],
        &s5 as &[Option<String>],
        &descriptions as &[Option<String>]
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}
