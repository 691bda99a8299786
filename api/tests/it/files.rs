//! Files and images (docs/files.md): uploads sniffed and limited, versions, thumbnails, default images, the item
//! master's files (provider staff only, every client reads them), moving a client's file there, soft delete and
//! purge, templates, the search, another site's or client's files answering 404, and the content round-tripping
//! through both storage backends: a local directory and an S3-compatible bucket (moto, started by the test).
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use base64::Engine;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use ::files::storage::{LocalStore, ObjectKey, S3Store, Storage};
use crate::common::{assert_documented, Answer, TestApp, PASSWORD};

const BOUNDARY: &str = "asp-files-test-boundary-5f1c";

/// A multipart/form-data body: text fields, then the file part.
fn multipart(fields: &[(&str, String)], file: Option<(&str, &[u8])>) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes());
    }
    if let Some((file_name, bytes)) = file {
        // The declared type is a lie on purpose: the server sniffs the content.
        body.extend_from_slice(
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: image/png\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn send_form(app: &TestApp, method: Method, path: &str, token: &str, body: Vec<u8>) -> Answer {
    let resp = app
        .client
        .request(method, format!("{}{path}", app.base))
        .bearer_auth(token)
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(body)
        .send()
        .await
        .unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    assert_documented(path, status, &headers);
    let text = resp.text().await.unwrap_or_default();
    Answer { status, body: serde_json::from_str(&text).unwrap_or(Value::String(text)), headers }
}

async fn upload(app: &TestApp, token: &str, entity_type: &str, entity_id: i64, name: &str, bytes: &[u8], extra: &[(&str, &str)]) -> Answer {
    let mut fields = vec![("entityType", entity_type.to_owned()), ("entityID", entity_id.to_string())];
    fields.extend(extra.iter().map(|(k, v)| (*k, (*v).to_owned())));
    send_form(app, Method::POST, "/api/V1/File/Insert", token, multipart(&fields, Some((name, bytes)))).await
}

/// A GET whose answer is content: status, headers, bytes.
async fn fetch(app: &TestApp, path: &str, token: &str) -> (StatusCode, reqwest::header::HeaderMap, Vec<u8>) {
    let resp = app.client.get(format!("{}{path}", app.base)).bearer_auth(token).send().await.unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    assert_documented(path, status, &headers);
    (status, headers, resp.bytes().await.unwrap().to_vec())
}

fn png(w: u32, h: u32) -> Vec<u8> {
    ::files::content::demo_png(w, h, [120, 30, 200])
}

fn image_size(bytes: &[u8]) -> (u32, u32) {
    ::files::content::image_dimensions(bytes).expect("a readable image")
}

/// A CID of `site` in `schema` without any file yet (beyond the seeded pictures of the first CIDs).
async fn bare_cid(app: &TestApp, schema: &str, site: &str) -> (i64, Option<i64>) {
    sqlx::query_as(&format!(
        "select c.cid_no, c.item_id from {schema}.cid c join asp.site s using (site_id) where s.site_code = $1
           and not exists (select 1 from {schema}.file f where f.entity_type = 2 and f.entity_id = c.cid_no) and c.item_id is not null
         order by c.cid_no desc limit 1"
    ))
    .bind(site)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

async fn storage_key(app: &TestApp, table: &str, file_id: i64) -> (String, Option<String>) {
    sqlx::query_as(&format!("select storage_key, thumbnail_key from {table} where file_id = $1")).bind(file_id).fetch_one(&app.pool).await.unwrap()
}

fn temp_dir(tag: &str) -> PathBuf {
    std::env::temp_dir().join(format!("asp-files-{tag}-{}", uuid::Uuid::new_v4().simple()))
}

/// Uploads, reads and removes a picture through the API, checking the objects land in (and leave) `store`.
async fn round_trip(app: &TestApp, store: &dyn Storage) {
    let buyer = app.login("buyer").await;
    let (cid, _) = bare_cid(app, "client_acme", "ACME-NORTH").await;
    let picture = png(640, 320);
    let a = upload(app, &buyer, "CID", cid, "round-trip.png", &picture, &[]).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let id = a.body["file_id"].as_i64().unwrap();
    let (key, thumb) = storage_key(app, "client_acme.file", id).await;
    let key = ObjectKey::parse(&key).expect("a generated key");
    let thumb = ObjectKey::parse(&thumb.expect("an image has a thumbnail")).unwrap();
    assert!(store.exists(&key).await.unwrap() && store.exists(&thumb).await.unwrap(), "{} has the objects", store.kind());
    assert_eq!(store.get(&key).await.unwrap().to_vec(), picture);

    let (status, headers, body) = fetch(app, &format!("/api/V1/File/Original/{id}"), &buyer).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, picture, "the download is the upload");
    assert_eq!(headers["content-type"], "image/png");
    assert!(headers["content-disposition"].to_str().unwrap().starts_with("attachment; filename=\"round-trip.png\""));
    let (status, headers, body) = fetch(app, &format!("/api/V1/File/Min1/{id}"), &buyer).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(image_size(&body), (200, 100), "the thumbnail keeps the proportions within 200 pixels");

    let a = app.delete(&format!("/api/V1/File/Azure/{id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["in_azure"], false);
    assert_eq!(a.body["active_yn"], false);
    assert!(!store.exists(&key).await.unwrap() && !store.exists(&thumb).await.unwrap(), "purged from {}", store.kind());
    let (status, _, _) = fetch(app, &format!("/api/V1/File/Original/{id}"), &buyer).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn files_round_trip_through_the_local_directory() {
    let dir = temp_dir("local");
    let d = dir.to_string_lossy().into_owned();
    let app = TestApp::spawn_with(|s| s.files_dir = d).await;
    let store = LocalStore::new(&dir);
    round_trip(&app, &store).await;
    // Objects are kept under the directory by their random ids only (the round trip purged its own: one more upload).
    let buyer = app.login("buyer").await;
    let (cid, _) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let a = upload(&app, &buyer, "CID", cid, "round-trip.png", &png(64, 32), &[]).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let names: Vec<String> = walk(&dir).iter().map(|p| p.strip_prefix(&dir).unwrap().to_string_lossy().into_owned()).collect();
    assert!(!names.is_empty() && names.iter().all(|n| !n.contains("round-trip")), "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if e.path().is_dir() {
            out.extend(walk(&e.path()));
        } else {
            out.push(e.path());
        }
    }
    out
}

/// moto in server mode on a free port of 127.0.0.1 (tests/s3/run-moto.sh installs it on first use), with a bucket.
struct Moto {
    _child: tokio::process::Child,
    endpoint: String,
}

async fn start_moto(bucket: &str) -> Moto {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/s3/run-moto.sh");
    assert!(script.exists(), "{} is missing: the S3 storage test cannot run", script.display());
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let log = temp_dir("moto-log");
    let mut child = tokio::process::Command::new("bash")
        .arg(&script)
        .arg(port.to_string())
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(std::fs::File::create(log.with_extension("err")).unwrap())
        .kill_on_drop(true)
        .spawn()
        .expect("starting tests/s3/run-moto.sh");
    let endpoint = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    // The first run installs moto from PyPI (about a minute); later runs start in a second or two.
    let deadline = std::time::Instant::now() + Duration::from_secs(300);
    loop {
        if client.get(&endpoint).send().await.is_ok_and(|r| r.status().is_success()) {
            break;
        }
        if let Ok(Some(exit)) = child.try_wait() {
            let err = std::fs::read_to_string(log.with_extension("err")).unwrap_or_default();
            panic!("moto (tests/s3/run-moto.sh) did not start ({exit}); the S3 storage test needs it (run `bash tests/s3/run-moto.sh install`):\n{err}");
        }
        assert!(std::time::Instant::now() < deadline, "moto did not answer on {endpoint} within 5 minutes");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let made = client.put(format!("{endpoint}/{bucket}")).send().await.unwrap();
    assert!(made.status().is_success(), "creating bucket {bucket}: {}", made.status());
    Moto { _child: child, endpoint }
}

#[tokio::test]
async fn files_round_trip_through_an_s3_compatible_bucket() {
    let bucket = "asp-files-test";
    let moto = start_moto(bucket).await;
    let store = S3Store::new(Some(&moto.endpoint), bucket, "us-east-1", Some("asp-test-key"), Some("asp-test-secret")).unwrap();
    // The trait itself first: put, get, exists, delete (twice), a missing object.
    let key = ObjectKey::new_original();
    store.put(&key, ::files::storage::Bytes::from_static(b"plain bytes")).await.unwrap();
    assert_eq!(store.get(&key).await.unwrap().as_ref(), b"plain bytes");
    store.delete(&key).await.unwrap();
    store.delete(&key).await.unwrap();
    assert!(!store.exists(&key).await.unwrap());
    assert!(matches!(store.get(&key).await, Err(::files::storage::StorageError::NotFound(_))));

    let endpoint = moto.endpoint.clone();
    let app = TestApp::spawn_with(move |s| {
        s.s3_endpoint = Some(endpoint);
        s.s3_bucket = Some(bucket.to_owned());
        s.s3_access_key_id = Some("asp-test-key".into());
        s.s3_secret_access_key = Some("asp-test-secret".into());
    })
    .await;
    round_trip(&app, &store).await;

    // With a bucket, a document link is a signed URL that reads the object straight from the store.
    let buyer = app.login("buyer").await;
    let (cid, _) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let sheet = b"part,qty\r\nCP-1,4\r\n";
    let a = upload(&app, &buyer, "CID", cid, "counts.csv", sheet, &[]).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let link = app.get(&format!("/api/V1/File/Azure/Document/Link/{}", a.body["file_id"]), &buyer).await;
    assert_eq!(link.status, StatusCode::OK, "{}", link.body);
    assert_eq!(link.body["link_type"], "signed");
    let url = link.body["url"].as_str().unwrap();
    assert!(url.starts_with(&moto.endpoint) && url.contains("X-Amz-Signature"), "{url}");
    let direct = reqwest::get(url).await.unwrap();
    assert_eq!(direct.status(), StatusCode::OK);
    assert_eq!(direct.bytes().await.unwrap().as_ref(), sheet);
}

#[tokio::test]
async fn an_uploaded_image_is_listed_read_in_every_shape_and_audited() {
    let dir = temp_dir("shapes");
    let d = dir.to_string_lossy().into_owned();
    let app = TestApp::spawn_with(|s| s.files_dir = d).await;
    let buyer = app.login("buyer").await;
    let (cid, item) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let north = app.site_id("ACME-NORTH").await;

    let has = app.get(&format!("/api/V1/Item/CID/ItemHasImages/{cid}"), &buyer).await;
    assert_eq!(has.status, StatusCode::OK, "{}", has.body);
    let images_before = has.body["file_count"].as_i64().unwrap();

    let picture = png(300, 300);
    let a = upload(&app, &buyer, "CID", cid, "C:\\photos\\Front View.PNG", &picture, &[("description", "Front"), ("file_classification_type_ID", "1"), ("file_notes", "Taken at the dock")]).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let f = &a.body;
    assert_eq!(f["entityType"], "CID");
    assert_eq!(f["entityID"], cid);
    assert_eq!(f["site_id"], north);
    assert_eq!(f["file_name"], "Front View.PNG", "the browser's folders are dropped");
    assert_eq!(f["version"], 1);
    assert_eq!(f["is_image"], true);
    assert_eq!(f["mime_type"], "image/png");
    assert_eq!(f["file_size"], picture.len());
    assert_eq!(f["file_classification"], "Product image");
    assert_eq!(f["default_image"], true, "the first image of a record becomes its default");
    assert_eq!(f["created_by"], "buyer");
    let id = f["file_id"].as_i64().unwrap();
    let guid = f["file_guid"].as_str().unwrap().to_owned();

    let got = app.get(&format!("/api/V1/File/{id}"), &buyer).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.body["file_guid"], guid);
    assert_eq!(app.get(&format!("/api/V1/File/Guid/{guid}"), &buyer).await.body["file_id"], id);
    let (status, headers, body) = fetch(&app, &format!("/api/v1/File/Azure/Image/{guid}"), &buyer).await;
    assert_eq!((status, body.as_slice()), (StatusCode::OK, picture.as_slice()));
    assert!(headers["content-disposition"].to_str().unwrap().starts_with("inline"));
    let thumb = app.get(&format!("/api/V1/File/Azure/Thumbnail/{id}"), &buyer).await;
    assert_eq!(thumb.status, StatusCode::OK);
    let thumb_png = base64::engine::general_purpose::STANDARD.decode(thumb.body["data"].as_str().unwrap()).unwrap();
    assert_eq!(image_size(&thumb_png), (200, 200));
    let doc = app.get(&format!("/api/V1/File/Azure/Document/Bytes/{id}"), &buyer).await;
    assert_eq!(base64::engine::general_purpose::STANDARD.decode(doc.body["data"].as_str().unwrap()).unwrap(), picture);
    let link = app.get(&format!("/api/V1/File/Azure/Document/Link/{id}"), &buyer).await;
    assert_eq!((link.body["link_type"].as_str(), link.body["url"].as_str()), (Some("api"), Some(format!("/api/V1/File/Original/{id}").as_str())));

    // Every list that should show it does.
    for path in [format!("/api/V1/File/CID/{cid}"), format!("/api/V1/File/entityID/{cid}/entityType/CID"), format!("/api/V1/File/ItemImages?cid_no={cid}")] {
        let list = app.get(&path, &buyer).await;
        assert_eq!(list.status, StatusCode::OK, "{path}: {}", list.body);
        assert!(list.body.as_array().unwrap().iter().any(|x| x["file_id"] == id), "{path}: {}", list.body);
    }
    let default = app.get(&format!("/api/V1/File/Default?entityType=CID&entityID={cid}"), &buyer).await;
    assert_eq!(default.body["file_id"], id);
    assert_eq!(app.get(&format!("/api/V1/Item/CID/DefaultImage/{cid}"), &buyer).await.body["file_id"], id);
    let has = app.get(&format!("/api/V1/Item/CID/ItemHasImages/{cid}"), &buyer).await;
    assert_eq!((has.body["has_files"].as_bool(), has.body["file_count"].as_i64()), (Some(true), Some(images_before + 1)));
    assert_eq!(has.body["item_id"], json!(item));
    let files = app.get(&format!("/api/V1/Item/CID/ItemHasFiles/{cid}"), &buyer).await;
    assert!(files.body["file_count"].as_i64().unwrap() > images_before);
    // Not an image's receiving document: the receiving list leaves it out.
    let receiving = app.get(&format!("/api/V1/File/CIDForReceiving/{cid}"), &buyer).await;
    assert!(receiving.body.as_array().unwrap().iter().all(|x| x["file_id"] != id));

    // Details change, and every write is in the audit trail, with who did it.
    let upd = app.post("/api/V1/File/Update", &buyer, json!({"file_id": id, "description": "Front, cleaned", "file_notes": "", "file_approval_status": 2})).await;
    assert_eq!(upd.status, StatusCode::OK, "{}", upd.body);
    assert_eq!((upd.body["description"].as_str(), upd.body["file_notes"].as_str(), upd.body["file_approval_status"].as_i64()), (Some("Front, cleaned"), None, Some(2)));
    assert_eq!(upd.body["file_classification_type_ID"], 1, "left out, kept");
    let actions: Vec<String> = sqlx::query_scalar("select action from asp.audit_event where entity = 'file' and entity_id = $1 order by audit_event_id")
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(actions, ["file.upload", "file.update"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn the_same_name_again_is_the_next_version_and_every_version_is_kept() {
    let dir = temp_dir("versions");
    let d = dir.to_string_lossy().into_owned();
    let app = TestApp::spawn_with(|s| s.files_dir = d).await;
    let buyer = app.login("buyer").await;
    let (cid, _) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let v1 = upload(&app, &buyer, "CID", cid, "drawing.txt", b"revision A\n", &[("file_classification_type_ID", "2")]).await;
    assert_eq!(v1.status, StatusCode::OK, "{}", v1.body);
    let v2 = upload(&app, &buyer, "CID", cid, "DRAWING.txt", b"revision B\n", &[("file_classification_type_ID", "2")]).await;
    assert_eq!(v2.status, StatusCode::OK, "{}", v2.body);
    assert_eq!(v2.body["version"], 2, "a name is the same whatever its case");
    // New content for a file (PUT File/Azure): version 3, with the file's details.
    let v3 = send_form(&app, Method::PUT, "/api/V1/File/Azure", &buyer, multipart(&[("file_id", v2.body["file_id"].to_string())], Some(("x.txt", b"revision C\n")))).await;
    assert_eq!(v3.status, StatusCode::OK, "{}", v3.body);
    assert_eq!((v3.body["version"].as_i64(), v3.body["file_name"].as_str()), (Some(3), Some("DRAWING.txt")));
    // The record's list shows the latest; the search shows every version when asked; old versions stay readable.
    let list = app.get(&format!("/api/V1/File/entityID/{cid}/entityType/CID"), &buyer).await;
    let drawings: Vec<&Value> = list.body.as_array().unwrap().iter().filter(|x| x["file_name"].as_str().unwrap().eq_ignore_ascii_case("drawing.txt")).collect();
    assert_eq!(drawings.len(), 1);
    assert_eq!(drawings[0]["version"], 3);
    let all = app.post("/api/V1/File/Search", &buyer, json!({"entityType": "CID", "entityID": cid, "file_name": "drawing", "include_versions": true, "sortField": "version"})).await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.body);
    let versions: Vec<i64> = all.body["resultList"].as_array().unwrap().iter().map(|x| x["version"].as_i64().unwrap()).collect();
    assert_eq!(versions, [1, 2, 3]);
    let latest = app.post("/api/V1/File/Search", &buyer, json!({"entityType": "CID", "entityID": cid, "file_name": "drawing"})).await;
    assert_eq!(latest.body["totalCount"], 1);
    let (status, _, body) = fetch(&app, &format!("/api/V1/File/Original/{}", v1.body["file_id"]), &buyer).await;
    assert_eq!((status, body.as_slice()), (StatusCode::OK, b"revision A\n".as_slice()));
    // Drawings are receiving documents.
    let receiving = app.get(&format!("/api/V1/File/CIDForReceiving/{cid}"), &buyer).await;
    assert!(receiving.body.as_array().unwrap().iter().any(|x| x["file_id"] == v3.body["file_id"]), "{}", receiving.body);
    // Deleting the name removes every version; a second time finds nothing.
    let gone = app.delete(&format!("/api/V1/File/DeleteFromEntity?entityType=CID&entityID={cid}&file_name=drawing.TXT"), &buyer).await;
    assert_eq!(gone.status, StatusCode::OK, "{}", gone.body);
    assert_eq!(gone.body["file_ids"].as_array().unwrap().len(), 3);
    assert_eq!(app.delete(&format!("/api/V1/File/DeleteFromEntity?entityType=CID&entityID={cid}&file_name=drawing.txt"), &buyer).await.status, StatusCode::NOT_FOUND);
    let kept: i64 = sqlx::query_scalar("select count(*) from client_acme.file where entity_id = $1 and lower(file_name) = 'drawing.txt' and not active_yn")
        .bind(cid)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(kept, 3, "soft delete keeps the rows");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn content_is_sniffed_and_a_disguised_executable_is_refused() {
    let dir = temp_dir("sniff");
    let d = dir.to_string_lossy().into_owned();
    let app = TestApp::spawn_with(|s| s.files_dir = d).await;
    let buyer = app.login("buyer").await;
    let (cid, _) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let mut exe = b"MZ".to_vec();
    exe.resize(0x3c, 0);
    exe.extend_from_slice(&[0x40, 0, 0, 0]);
    exe.extend_from_slice(b"PE\0\0");
    exe.resize(1024, 0x90);
    let mut broken = png(50, 50);
    broken.truncate(80);
    for (name, bytes, why) in [
        ("photo.png", exe, "an executable named .png"),
        ("drawing.pdf", png(20, 20), "a picture named .pdf"),
        ("page.html", b"<html><script>alert(1)</script></html>".to_vec(), "an html page"),
        ("broken.png", broken, "a damaged picture"),
        ("empty.txt", Vec::new(), "an empty file"),
        ("noextension", b"text".to_vec(), "a name without an extension"),
    ] {
        let a = upload(&app, &buyer, "CID", cid, name, &bytes, &[]).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{why}: {}", a.body);
        assert_eq!(a.body["errors"][0]["field"], "file", "{why}: {}", a.body);
    }
    let a = upload(&app, &buyer, "CID", cid, "notes.txt", b"ok", &[("default_image", "true")]).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("default_image")));
    let a = upload(&app, &buyer, "CID", cid, "notes.txt", b"ok", &[("file_classification_type_ID", "999")]).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("file_classification_type_ID")));
    let stored: i64 = sqlx::query_scalar("select count(*) from client_acme.file where entity_type = 2 and entity_id = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 0, "nothing refused was recorded");
    assert!(walk(&dir).is_empty(), "nothing refused was stored: {:?}", walk(&dir));
    // What the product reads is listed, with the limit.
    let readable = app.get("/api/V1/File/Readable", &buyer).await;
    let kinds: Vec<&str> = readable.body["types"].as_array().unwrap().iter().map(|t| t["extension"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["pdf", "docx", "doc", "xlsx", "xls", "txt", "csv", "jpg", "png", "bmp", "gif", "tif"]);
    assert_eq!(readable.body["max_file_size"], app.settings.files_max_bytes);
    let classes = app.get("/api/V1/File/Classification", &buyer).await;
    assert!(classes.body.as_array().unwrap().iter().any(|c| c["description"] == "Drawing" && c["for_receiving"] == true), "{}", classes.body);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_file_over_the_size_limit_answers_413_and_nothing_is_saved() {
    let dir = temp_dir("limit");
    let d = dir.to_string_lossy().into_owned();
    let app = TestApp::spawn_with(|s| {
        s.files_dir = d;
        s.files_max_bytes = 4096;
    })
    .await;
    let buyer = app.login("buyer").await;
    let (cid, _) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let big = "x".repeat(5000);
    let a = upload(&app, &buyer, "CID", cid, "big.txt", big.as_bytes(), &[]).await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", a.body);
    assert_eq!(a.body["errors"][0]["errorType"], "tooLarge");
    let ok = upload(&app, &buyer, "CID", cid, "small.txt", &big.as_bytes()[..4096], &[]).await;
    assert_eq!(ok.status, StatusCode::OK, "exactly the limit is fine: {}", ok.body);
    let stored: i64 = sqlx::query_scalar("select count(*) from client_acme.file where entity_type = 2 and entity_id = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn files_of_another_client_or_another_site_answer_404_by_id_guid_and_record() {
    let dir = temp_dir("isolation");
    let d = dir.to_string_lossy().into_owned();
    let app = TestApp::spawn_with(|s| s.files_dir = d).await;
    let admin = app.login("admin").await;
    let buyer = app.login("buyer").await;
    // A buyer at ACME-SOUTH only: ACME-NORTH is another site of the same client.
    let south = app.site_id("ACME-SOUTH").await;
    let role: i64 = sqlx::query_scalar("select security_role_id from asp.security_role where role_name = 'Buyer'").fetch_one(&app.pool).await.unwrap();
    let made = app.post("/api/admin/users", &admin, json!({"user_id": "south_buyer", "fname": "S", "lname": "B", "password": PASSWORD, "site_ids": [south], "roles": [{"site_id": south, "security_role_id": role}]})).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let south_buyer = app.login("south_buyer").await;

    let (cid, _) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let a = upload(&app, &buyer, "CID", cid, "north.png", &png(40, 40), &[]).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let id = a.body["file_id"].as_i64().unwrap();
    let guid = a.body["file_guid"].as_str().unwrap().to_owned();
    // The buyer of both ACME sites reads it from ACME-SOUTH too (its other site).
    assert_eq!(app.switch(&buyer, "ACME-SOUTH").await.status, StatusCode::OK);
    assert_eq!(app.get(&format!("/api/V1/File/{id}"), &buyer).await.status, StatusCode::OK);
    // Another site of the same client: by id, guid and record.
    let by_id = [
        format!("/api/V1/File/{id}"),
        format!("/api/V1/File/Original/{id}"),
        format!("/api/V1/File/Min1/{id}"),
        format!("/api/V1/File/Guid/{guid}"),
        format!("/api/v1/File/Azure/Image/{guid}"),
        format!("/api/V1/File/Azure/Thumbnail/{id}"),
        format!("/api/V1/File/Azure/Document/Bytes/{id}"),
        format!("/api/V1/File/Azure/Document/Link/{id}"),
    ];
    let by_record = [
        format!("/api/V1/File/CID/{cid}"),
        format!("/api/V1/File/CIDForReceiving/{cid}"),
        format!("/api/V1/File/entityID/{cid}/entityType/CID"),
        format!("/api/V1/File/Default?entityType=CID&entityID={cid}"),
        format!("/api/V1/File/ItemImages?cid_no={cid}"),
        format!("/api/V1/Item/CID/DefaultImage/{cid}"),
        format!("/api/V1/Item/CID/ItemHasFiles/{cid}"),
        format!("/api/V1/Item/CID/ItemHasImages/{cid}"),
    ];
    for path in by_id.iter().chain(&by_record) {
        let (status, _, body) = fetch(&app, path, &south_buyer).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(!String::from_utf8_lossy(&body).contains("north.png"), "{path}");
    }
    // Another client (file ids are unique across clients; CID numbers are not, so only ids and guids say "theirs").
    assert_eq!(app.switch(&admin, "GEA-MAIN").await.status, StatusCode::OK);
    for path in &by_id {
        let (status, _, body) = fetch(&app, path, &admin).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path} from GEA-MAIN");
        assert!(!String::from_utf8_lossy(&body).contains("north.png"), "{path}");
    }
    assert_eq!(app.post("/api/V1/File/Update", &admin, json!({"file_id": id, "description": "gea"})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/V1/File/Azure/{id}"), &admin).await.status, StatusCode::NOT_FOUND);
    // Writes: the south buyer holds FileManage, but not there.
    let before: i64 = sqlx::query_scalar("select count(*) from client_acme.file").fetch_one(&app.pool).await.unwrap();
    assert_eq!(upload(&app, &south_buyer, "CID", cid, "x.png", &png(10, 10), &[]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.post("/api/V1/File/Update", &south_buyer, json!({"file_id": id, "description": "mine"})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.post("/api/V1/File/Default", &south_buyer, json!({"file_id": id})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/V1/File/ID/{id}/EntityType/CID"), &south_buyer).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/V1/File/Azure/{id}"), &south_buyer).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/V1/File/DeleteFromEntity?entityType=CID&entityID={cid}&file_name=north.png"), &south_buyer).await.status, StatusCode::NOT_FOUND);
    let v = send_form(&app, Method::PUT, "/api/V1/File/Azure", &south_buyer, multipart(&[("file_id", id.to_string())], Some(("n.png", &png(10, 10))))).await;
    assert_eq!(v.status, StatusCode::NOT_FOUND);
    let after: i64 = sqlx::query_scalar("select count(*) from client_acme.file").fetch_one(&app.pool).await.unwrap();
    assert_eq!(before, after);
    let row: (bool, Option<String>) = sqlx::query_as("select active_yn, description from client_acme.file where file_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(row, (true, None), "nothing changed");
    // The search is the current site's: the south buyer's finds nothing of ACME-NORTH.
    let found = app.post("/api/V1/File/Search", &south_buyer, json!({"file_name": "north.png"})).await;
    assert_eq!(found.body["totalCount"], 0, "{}", found.body);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn item_master_files_are_changed_by_provider_staff_only_and_read_by_every_client() {
    let dir = temp_dir("item-master");
    let d = dir.to_string_lossy().into_owned();
    let app = TestApp::spawn_with(|s| s.files_dir = d).await;
    let admin = app.login("admin").await;
    let buyer = app.login("buyer").await;
    let (_, item) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let item = item.unwrap();
    let refused = upload(&app, &buyer, "ItemMaster", item, "catalogue.png", &png(60, 40), &[]).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    let a = upload(&app, &admin, "ItemMaster", item, "catalogue.png", &png(60, 40), &[("stock_image", "true")]).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!((a.body["entityType"].as_str(), a.body["site_id"].as_i64(), a.body["stock_image"].as_bool()), (Some("ItemMaster"), None, Some(true)));
    let id = a.body["file_id"].as_i64().unwrap();
    // Every client reads it: here from a GEA site.
    assert_eq!(app.switch(&admin, "GEA-MAIN").await.status, StatusCode::OK);
    let (status, _, body) = fetch(&app, &format!("/api/V1/File/Original/{id}"), &admin).await;
    assert_eq!((status, image_size(&body)), (StatusCode::OK, (60, 40)));
    assert_eq!(app.get(&format!("/api/V1/File/entityID/{item}/entityType/ItemMaster"), &buyer).await.body[0]["file_id"], id);
    assert_eq!(app.get(&format!("/api/V1/File/ItemImages?item_id={item}"), &buyer).await.body[0]["file_id"], id);
    // Staff only for every change.
    assert_eq!(app.post("/api/V1/File/Update", &buyer, json!({"file_id": id, "description": "x"})).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&format!("/api/V1/File/ID/{id}/EntityType/ItemMaster"), &buyer).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&format!("/api/V1/File/Azure/{id}"), &buyer).await.status, StatusCode::FORBIDDEN);
    // The wrong record kind in the delete path answers 404; the right one deletes (soft).
    assert_eq!(app.delete(&format!("/api/V1/File/ID/{id}/EntityType/CID"), &admin).await.status, StatusCode::NOT_FOUND);
    let del = app.delete(&format!("/api/V1/File/ID/{id}/EntityType/ItemMaster"), &admin).await;
    assert_eq!((del.status, del.body["active_yn"].as_bool()), (StatusCode::OK, Some(false)));
    assert_eq!(app.get(&format!("/api/V1/File/{id}"), &buyer).await.status, StatusCode::NOT_FOUND);
    let audit: (Option<i64>, Option<i64>) = sqlx::query_as("select client_id, site_id from asp.audit_event where entity = 'file' and entity_id = $1 and action = 'file.delete'")
        .bind(id.to_string())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audit, (None, None), "provider data: no client in the audit row");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_cid_file_moved_to_the_item_master_becomes_provider_data_every_client_sees() {
    let dir = temp_dir("move");
    let d = dir.to_string_lossy().into_owned();
    let app = TestApp::spawn_with(|s| s.files_dir = d).await;
    let admin = app.login("admin").await;
    let buyer = app.login("buyer").await;
    let (cid, item) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let a = upload(&app, &buyer, "CID", cid, "sds.pdf", b"%PDF-1.4\n%%EOF\n", &[("file_classification_type_ID", "4")]).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let id = a.body["file_id"].as_i64().unwrap();
    let refused = app.post(&format!("/api/V1/File/MoveToItemMaster?fileIDs={id}"), &buyer, json!({})).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "FileManage alone does not publish to every client: {}", refused.body);
    assert_eq!(app.post("/api/V1/File/MoveToItemMaster?fileIDs=999999999", &admin, json!({})).await.status, StatusCode::NOT_FOUND);
    let moved = app.post(&format!("/api/V1/File/MoveToItemMaster?fileIDs={id}&fileIDs={id}"), &admin, json!({})).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    let f = &moved.body["files"][0];
    assert_eq!((f["file_id"].as_i64(), f["entityType"].as_str(), f["entityID"].as_i64(), f["site_id"].as_i64()), (Some(id), Some("ItemMaster"), item, None));
    assert_eq!(moved.body["files"].as_array().unwrap().len(), 1);
    let left: i64 = sqlx::query_scalar("select count(*) from client_acme.file where file_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0);
    let from: (Option<i64>, Option<i64>) = sqlx::query_as("select moved_from_client_id, moved_from_site_id from asp.item_file where file_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(from.1, Some(app.site_id("ACME-NORTH").await));
    // Same id, same content, now read from a GEA site.
    assert_eq!(app.switch(&admin, "GEA-MAIN").await.status, StatusCode::OK);
    let (status, _, body) = fetch(&app, &format!("/api/V1/File/Original/{id}"), &admin).await;
    assert_eq!((status, body.as_slice()), (StatusCode::OK, b"%PDF-1.4\n%%EOF\n".as_slice()));
    // The ACME CID still lists it, through its item master record, also for receiving (a safety data sheet).
    let receiving = app.get(&format!("/api/V1/File/CIDForReceiving/{cid}"), &buyer).await;
    assert!(receiving.body.as_array().unwrap().iter().any(|x| x["file_id"] == id && x["entityType"] == "ItemMaster"), "{}", receiving.body);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn one_default_image_per_record_and_only_images_can_be_it() {
    let dir = temp_dir("default");
    let d = dir.to_string_lossy().into_owned();
    let app = TestApp::spawn_with(|s| s.files_dir = d).await;
    let buyer = app.login("buyer").await;
    let (cid, _) = bare_cid(&app, "client_acme", "ACME-NORTH").await;
    let first = upload(&app, &buyer, "CID", cid, "a.png", &png(30, 30), &[]).await;
    let second = upload(&app, &buyer, "CID", cid, "b.jpg.png", &png(30, 30), &[]).await;
    let text = upload(&app, &buyer, "CID", cid, "c.txt", b"words", &[]).await;
    assert_eq!((first.body["default_image"].as_bool(), second.body["default_image"].as_bool()), (Some(true), Some(false)));
    let made = app.post("/api/V1/File/Default", &buyer, json!({"file_id": second.body["file_id"]})).await;
    assert_eq!((made.status, made.body["default_image"].as_bool()), (StatusCode::OK, Some(true)));
    let defaults: i64 = sqlx::query_scalar("select count(*) from client_acme.file where entity_type = 2 and entity_id = $1 and default_image").bind(cid).fetch_one(&app.pool).await.unwrap();
    assert_eq!(defaults, 1);
    assert_eq!(app.get(&format!("/api/V1/Item/CID/DefaultImage/{cid}"), &buyer).await.body["file_id"], second.body["file_id"]);
    let refused = app.post("/api/V1/File/Default", &buyer, json!({"file_id": text.body["file_id"]})).await;
    assert_eq!((refused.status, refused.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("file_id")));
    // Deleting the default leaves the record without one (no other image is picked behind the user's back).
    let del = app.delete(&format!("/api/V1/File/ID/{}/EntityType/CID", second.body["file_id"]), &buyer).await;
    assert_eq!(del.status, StatusCode::OK);
    assert_eq!(app.get(&format!("/api/V1/File/Default?entityType=CID&entityID={cid}"), &buyer).await.status, StatusCode::NOT_FOUND);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn templates_name_the_sites_custom_fields_and_the_search_needs_a_type_with_an_id() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let north = app.site_id("ACME-NORTH").await;
    let labels: Vec<String> = sqlx::query_scalar("select label from client_acme.custom_field_definition where site_id = $1 and entity_type = 'CID' order by field_no")
        .bind(north)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    let (status, headers, body) = fetch(&app, "/api/V1/File/Template/CustomFieldCID?format=csv", &buyer).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "text/csv");
    let header = String::from_utf8(body).unwrap();
    let expected: Vec<String> = std::iter::once("cust_item_code".to_owned()).chain(labels).collect();
    assert_eq!(header.trim_end().split(',').collect::<Vec<_>>(), expected.iter().map(String::as_str).collect::<Vec<_>>());
    let (status, headers, body) = fetch(&app, "/api/V1/File/Template/CustomFieldCIP", &buyer).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers["content-disposition"].to_str().unwrap().contains("CustomFieldImport_CIP.xlsx"));
    assert_eq!(&body[..2], b"PK", "an xlsx workbook");
    assert_eq!(fetch(&app, "/api/V1/File/Template/ItemImport", &buyer).await.0, StatusCode::BAD_REQUEST);

    let a = app.post("/api/V1/File/Search", &buyer, json!({"entityID": 1})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("entityID")));
    // The seeded pictures of the site, and every match at once with the spec's page size of 5000.
    let all = app.post("/api/V1/File/Search", &buyer, json!({"pageNumber": 0, "pageSize": 5000, "is_image": true})).await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.body);
    let rows = all.body["resultList"].as_array().unwrap();
    assert!(rows.len() >= 12 && rows.len() as i64 == all.body["totalCount"].as_i64().unwrap(), "{}", all.body);
    assert!(rows.iter().all(|r| r["is_image"] == true && (r["site_id"] == north || r["entityType"] == "ItemMaster")));
    let ids: Vec<i64> = rows.iter().map(|r| r["file_id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "sorted by file_id ascending");
    // Item master files show for the items the site keeps.
    assert!(rows.iter().any(|r| r["entityType"] == "ItemMaster"), "the seeded stock picture of the bearing: {}", all.body);
}
