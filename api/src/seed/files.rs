//! Demo files (docs/files.md): product pictures (generated PNGs, each with its thumbnail) as the default images of
//! the first CIDs of every demo site, a photo on a CIP, a specification sheet (PDF) on the well-known bearing, and
//! the item master's own stock picture and data sheet for the bearing's part, which every client sees. The content
//! goes to the configured storage (local directory or S3 bucket). Idempotent: a site that has files is left alone.

use anyhow::Context;
use sqlx::PgConnection;

use ::files::content;
use ::files::storage::{self, Bytes, ObjectKey, Storage};
use kernel::config::Settings;

/// CIDs per site that get a picture.
const PICTURES_PER_SITE: i64 = 12;
/// Part colours, by the CID's place in the site's list (steel, nitrile blue, brass, red, green, black).
const COLOURS: [[u8; 3]; 6] = [[150, 156, 166], [70, 84, 196], [196, 158, 52], [186, 52, 44], [58, 140, 84], [52, 52, 58]];

/// An object stored, ready to be recorded.
struct Stored {
    key: String,
    thumb: Option<String>,
    size: i64,
}

async fn put(store: &dyn Storage, bytes: Vec<u8>, image: bool) -> anyhow::Result<Stored> {
    let key = ObjectKey::new_original();
    let size = bytes.len() as i64;
    let thumb = if image {
        let t = content::thumbnail(&bytes).map_err(|r| anyhow::anyhow!(r.message))?;
        let k = ObjectKey::thumbnail_of(&key);
        store.put(&k, Bytes::from(t)).await?;
        Some(k.to_string())
    } else {
        None
    };
    store.put(&key, Bytes::from(bytes)).await?;
    Ok(Stored { key: key.to_string(), thumb, size })
}

pub async fn demo(settings: &Settings, conn: &mut PgConnection) -> anyhow::Result<()> {
    let store = storage::for_settings(settings).context("opening the file storage")?;
    let admin: Option<i64> = sqlx::query_scalar("select asp_users_id from asp.asp_users where user_id = 'admin'").fetch_optional(&mut *conn).await?;
    item_master_files(store.as_ref(), conn, admin).await.context("seeding item master files")?;
    let clients: Vec<String> = sqlx::query_scalar("select schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id").fetch_all(&mut *conn).await?;
    for schema in clients {
        site_files(store.as_ref(), conn, &schema, admin).await.with_context(|| format!("seeding files of {schema}"))?;
    }
    Ok(())
}

/// The bearing's part in the item master: a stock picture and a data sheet, shared by every client.
async fn item_master_files(store: &dyn Storage, conn: &mut PgConnection, admin: Option<i64>) -> anyhow::Result<()> {
    let have: bool = sqlx::query_scalar("select exists(select 1 from asp.item_file)").fetch_one(&mut *conn).await?;
    if have {
        return Ok(());
    }
    let Some((item_id, part)): Option<(i64, String)> =
        sqlx::query_as("select item_id, mfg_code || ' ' || mfg_part_no from asp.item_master where desc1 = 'BEARING, BALL' order by item_id limit 1")
            .fetch_optional(&mut *conn)
            .await?
    else {
        return Ok(());
    };
    let picture = put(store, content::demo_png(640, 480, COLOURS[0]), true).await?;
    insert_item_file(conn, item_id, "bearing-stock.png", "Manufacturer's catalogue picture", 1, true, true, "image/png", &picture, admin).await?;
    let sheet = put(store, pdf(&format!("Data sheet {part}"), &["Deep groove ball bearing, sealed both sides.", "Bore 20 mm, outside diameter 47 mm, width 14 mm."]), false).await?;
    insert_item_file(conn, item_id, "bearing-datasheet.pdf", "Manufacturer's data sheet", 3, false, false, "application/pdf", &sheet, admin).await?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn insert_item_file(
    conn: &mut PgConnection,
    item_id: i64,
    name: &str,
    description: &str,
    classification: i32,
    is_image: bool,
    default_image: bool,
    mime: &str,
    s: &Stored,
    admin: Option<i64>,
) -> anyhow::Result<()> {
    sqlx::query(
        "insert into asp.item_file (item_id, file_name, description, file_guid, is_image, stock_image, default_image, file_classification_type_id,
             file_size, mime_type, storage_key, thumbnail_key, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $12)",
    )
    .bind(item_id)
    .bind(name)
    .bind(description)
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(is_image)
    .bind(default_image)
    .bind(classification)
    .bind(s.size)
    .bind(mime)
    .bind(&s.key)
    .bind(&s.thumb)
    .bind(admin)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn site_files(store: &dyn Storage, conn: &mut PgConnection, schema: &str, admin: Option<i64>) -> anyhow::Result<()> {
    let sites: Vec<i64> = sqlx::query_scalar(&format!(
        "select s.site_id from asp.site s join asp.client c using (client_id) where c.schema_name = $1
           and not exists (select 1 from {schema}.file f where f.site_id = s.site_id) order by s.site_id"
    ))
    .bind(schema)
    .fetch_all(&mut *conn)
    .await?;
    for site_id in sites {
        let cids: Vec<(i64, String, Option<String>)> =
            sqlx::query_as(&format!("select cid_no, cust_item_code, cust_desc1 from {schema}.cid where site_id = $1 order by cid_no limit $2"))
                .bind(site_id)
                .bind(PICTURES_PER_SITE)
                .fetch_all(&mut *conn)
                .await?;
        for (n, (cid_no, code, desc)) in cids.iter().enumerate() {
            // The well-known bearing first gets its specification sheet (shown at receiving), so a site's first file
            // is not an image.
            if n == 0 {
                let sheet = put(store, pdf(&format!("Specification {code}"), &[desc.as_deref().unwrap_or("Customer part"), "Inspect seals on receipt; store dry."]), false).await?;
                insert_site_file(conn, schema, site_id, 2, *cid_no, &format!("{code}-spec.pdf"), "Specification sheet", 3, false, false, "application/pdf", &sheet, admin).await?;
            }
            let picture = put(store, content::demo_png(480, 360, COLOURS[n % COLOURS.len()]), true).await?;
            let name = format!("{}.png", code.to_lowercase());
            insert_site_file(conn, schema, site_id, 2, *cid_no, &name, desc.as_deref().unwrap_or("Product picture"), 1, true, true, "image/png", &picture, admin).await?;
        }
        // A photo of the stock at its location, on the first CIP.
        let cip: Option<i64> = sqlx::query_scalar(&format!("select cip_no from {schema}.cip where site_id = $1 order by cip_no limit 1")).bind(site_id).fetch_optional(&mut *conn).await?;
        if let Some(cip_no) = cip {
            let photo = put(store, content::demo_png(320, 240, COLOURS[5]), true).await?;
            insert_site_file(conn, schema, site_id, 3, cip_no, "bin-photo.png", "Bin at its location", 1, true, true, "image/png", &photo, admin).await?;
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn insert_site_file(
    conn: &mut PgConnection,
    schema: &str,
    site_id: i64,
    entity_type: i32,
    entity_id: i64,
    name: &str,
    description: &str,
    classification: i32,
    is_image: bool,
    default_image: bool,
    mime: &str,
    s: &Stored,
    admin: Option<i64>,
) -> anyhow::Result<()> {
    sqlx::query(&format!(
        "insert into {schema}.file (site_id, entity_type, entity_id, file_name, description, file_guid, is_image, default_image,
             file_classification_type_id, file_size, mime_type, storage_key, thumbnail_key, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)"
    ))
    .bind(site_id)
    .bind(entity_type)
    .bind(entity_id)
    .bind(name)
    .bind(description)
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(is_image)
    .bind(default_image)
    .bind(classification)
    .bind(s.size)
    .bind(mime)
    .bind(&s.key)
    .bind(&s.thumb)
    .bind(admin)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A one-page PDF with a title and a few lines (Helvetica), with a correct cross-reference table.
fn pdf(title: &str, lines: &[&str]) -> Vec<u8> {
    let esc = |s: &str| s.replace('\\', "\\\\").replace('(', "\\(").replace(')', "\\)");
    let mut text = format!("BT /F1 20 Tf 72 720 Td ({}) Tj ET\n", esc(title));
    for (i, l) in lines.iter().enumerate() {
        text.push_str(&format!("BT /F1 12 Tf 72 {} Td ({}) Tj ET\n", 680 - 20 * i as i32, esc(l)));
    }
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{text}endstream", text.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_owned(),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for off in offsets {
        out.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes());
    out
}
