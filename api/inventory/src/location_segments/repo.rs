//! SQL of location segments: provider data (`asp.site_location_segment`, keyed by site), so the functions take a
//! plain connection; a tenant transaction derefs to one.

use sqlx::PgConnection;

use super::model::LocationSegment;

pub async fn segments(conn: &mut PgConnection, site_id: i64) -> Result<Vec<LocationSegment>, sqlx::Error> {
    sqlx::query_as!(LocationSegment, "select seg_no, seg_name, seg_length from asp.site_location_segment where site_id = $1 order by seg_no", site_id)
        .fetch_all(conn)
        .await
}

/// Replaces the site's segments with `segs` (numbered 1.. in order).
pub async fn replace_segments(conn: &mut PgConnection, site_id: i64, segs: &[LocationSegment]) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from asp.site_location_segment where site_id = $1", site_id).execute(&mut *conn).await?;
    let nos: Vec<i32> = segs.iter().map(|s| s.seg_no).collect();
    let names: Vec<String> = segs.iter().map(|s| s.seg_name.clone()).collect();
    let lengths: Vec<i32> = segs.iter().map(|s| s.seg_length).collect();
    sqlx::query!(
        "insert into asp.site_location_segment (site_id, seg_no, seg_name, seg_length)
         select $1, s.no, s.name, s.len from unnest($2::int[], $3::text[], $4::int[]) as s(no, name, len)",
        site_id,
        &nos,
        &names,
        &lengths
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn site_code(conn: &mut PgConnection, site_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select site_code from asp.site where site_id = $1", site_id).fetch_optional(conn).await
}
