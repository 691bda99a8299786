//! The OpenAPI document agrees with what is enforced, and tenant data cannot be reached without a scope.
#![allow(clippy::unwrap_used)]


use crate::common::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::Value;

fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            out.push((method.to_uppercase(), path.clone(), op.clone()));
        }
    }
    out.sort_by(|a, b| (&a.1, &a.0).cmp(&(&b.1, &b.0)));
    out
}

fn concrete(path: &str) -> String {
    path.split('/').map(|seg| if seg.starts_with('{') { "1" } else { seg }).collect::<Vec<_>>().join("/")
}

#[test]
fn every_operation_states_its_permissions_and_the_document_matches_the_snapshot() {
    let doc: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    assert_eq!(doc["components"]["securitySchemes"]["bearerAuth"]["scheme"], "bearer");
    let mut lines = Vec::new();
    for (method, path, op) in operations(&doc) {
        let id = op["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path} has no operationId"));
        let perms = api::openapi::permission_line(&op).unwrap_or_else(|| panic!("{id} has no Permissions line"));
        let secured = op.get("security").is_some();
        assert_eq!(secured, perms != "Permissions: public", "{id}: bearer scheme and permission line disagree");
        if secured {
            for status in ["401", "403", "500"] {
                assert!(op["responses"].get(status).is_some(), "{id} does not document {status}");
            }
        }
        lines.push(format!("{method} /api{path} {id} | {perms}"));
    }
    let actual = lines.join("\n") + "\n";
    let snapshot = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots/operations.txt");
    if std::env::var("UPDATE_SNAPSHOTS").is_ok() {
        std::fs::write(snapshot, &actual).unwrap();
    }
    let expected = std::fs::read_to_string(snapshot).unwrap_or_default();
    assert_eq!(actual, expected, "the operation list changed; review it and rerun with UPDATE_SNAPSHOTS=1");
}

/// Every operation of the document has exactly one error set (so a new API type cannot be left out of
/// `ERROR_TABLES`), every set belongs to an operation, and the document lists exactly that set.
#[test]
fn every_operation_documents_exactly_its_error_statuses() {
    let doc: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    let ops = operations(&doc);
    let entries: Vec<(&str, &[u16])> = api::openapi::error_tables().iter().flat_map(|t| t.iter().copied()).collect();
    for (method, path, op) in &ops {
        let id = op["operationId"].as_str().unwrap();
        let sets: Vec<&[u16]> = entries.iter().filter(|(i, _)| *i == id).map(|(_, s)| *s).collect();
        assert_eq!(sets.len(), 1, "{method} {path} ({id}) has {} error sets; is its API type in ERROR_TABLES?", sets.len());
        let mut documented: Vec<u16> =
            op["responses"].as_object().unwrap().keys().filter_map(|k| k.parse::<u16>().ok()).filter(|c| *c >= 400).collect();
        documented.sort_unstable();
        assert_eq!(documented, sets[0].to_vec(), "{id}: the document and the declared error set differ");
        for always in [500, 503] {
            assert!(documented.contains(&always), "{id} does not document {always}");
        }
    }
    for (id, _) in &entries {
        assert!(ops.iter().any(|(_, _, op)| op["operationId"] == *id), "{id} has an error set but no operation");
    }
}

#[test]
fn the_shell_operations_of_the_checklist_are_present_with_their_operation_ids() {
    let doc: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    let ids: Vec<String> = operations(&doc).into_iter().map(|(_, _, op)| op["operationId"].as_str().unwrap().to_owned()).collect();
    for id in [
        "getUserContextBySiteCode", "changeCurrentSite", "siteGetById", "siteGetSiteSettingsBySiteId",
        "presentationGetHomepageTiles", "presentationPutHomepageTileDisplay", "presentationPutHomepageTileRank",
        "presentationPutShortcutDisplay", "presentationPutShortcutRank", "presentationPostUpdateUserSetting",
        "presentationPostUpdateUserSettings", "getUserSetting", "presentationGetIncognitoMode",
        "presentationGetResetIncognitoStatus", "getVersionFile", "securityApiGetIsEnabled", "securityApiGetEnableAPI",
        "securityApiGetDisableAPI", "logApplicationError", "submitBugReport", "userGetSecurityQuestionsOptions",
        "userPostSecurityQuestionsInsert", "cartGetPunchinLocationsBySiteIdById", "cartPutPunchinLocationSelect",
        "userPostPasswordUpdateSelfService", "userGetById", "addressGetById", "addressPost", "addressPut",
        "authLogin", "authLogout",
    ] {
        assert!(ids.iter().any(|i| i == id), "{id} missing from the OpenAPI document");
    }
}

/// Black-box proof that the document tells the truth: every non-public operation refuses a caller without a token,
/// and every permission-guarded one refuses a signed-in caller who lacks the permissions, before reading the body.
#[tokio::test]
async fn what_the_document_says_is_what_is_enforced() {
    let app = TestApp::spawn().await;
    // The supplier holds only supplier-portal permissions, none the staff operations ask for.
    let supplier = app.login("supplier").await;
    let held = ["SupplierPortalUser", "RFQSupplier"];
    let doc: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    let mut checked = 0;
    for (method, path, op) in operations(&doc) {
        let perms = api::openapi::permission_line(&op).unwrap().trim_start_matches("Permissions: ").to_owned();
        let url = format!("/api{}", concrete(&path));
        let m = Method::from_bytes(method.as_bytes()).unwrap();
        if perms == "public" {
            continue;
        }
        let anonymous = app.request(m.clone(), &url, None, None).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED, "{method} {url} without a token");
        // Devices have no session: a user's bearer token is no device token (401 again, tested in devices_report).
        if perms.starts_with("signed-in") || perms == kernel::access::DEVICE_RULE {
            continue;
        }
        let needed: Vec<&str> = perms.split(" or ").collect();
        if needed.iter().any(|p| held.contains(p)) {
            continue;
        }
        // No body at all: a 403 (not a 400) proves the permission check ran first.
        let refused = app.request(m, &url, Some(&supplier), None).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{method} {url} as supplier");
        checked += 1;
    }
    assert!(checked > 10, "only {checked} guarded operations checked");
}

/// Every operation called by an administrator with its path filled in, once without a body and once with an empty
/// JSON object: whatever each answers (400, 404, 415 ...), the harness fails the test when the status is not in that
/// operation's document. Signing out and switching the API off are left out so that the rest still run signed in.
#[tokio::test]
async fn every_operation_answers_only_statuses_its_document_lists() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let doc: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    let mut called = 0;
    for (method, path, op) in operations(&doc) {
        if matches!(op["operationId"].as_str(), Some("authLogout" | "securityApiGetDisableAPI")) {
            continue;
        }
        let url = format!("/api{}", concrete(&path));
        let m = Method::from_bytes(method.as_bytes()).unwrap();
        let bare = app.request(m.clone(), &url, Some(&admin), None).await;
        assert!(bare.status.as_u16() < 500, "{method} {url}: {:?}", bare.body);
        if m != Method::GET {
            let empty = app.request(m, &url, Some(&admin), Some(serde_json::json!({}))).await;
            assert!(empty.status.as_u16() < 500, "{method} {url} with {{}}: {:?}", empty.body);
        }
        called += 1;
    }
    assert!(called > 100, "only {called} operations called");
}

#[tokio::test]
async fn tenant_tables_all_carry_site_id_and_are_unreachable_without_a_scope() {
    let app = TestApp::spawn().await;
    let mut conn = app.pool.acquire().await.unwrap();
    for schema in ["client_acme", "client_gea"] {
        let name = tenancy::SchemaName::parse(schema).unwrap();
        let missing = tenancy::tables_without_site_id(&mut conn, &name).await.unwrap();
        assert!(missing.is_empty(), "{schema}: {missing:?}");
        let count: i64 = sqlx::query_scalar("select count(*) from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'")
            .bind(schema)
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        assert!(count > 1, "{schema} has tables");
    }
    // The pool's default search_path holds no tenant tables.
    let unscoped = sqlx::query("select count(*) from address").execute(&mut *conn).await;
    assert!(unscoped.is_err(), "an unscoped tenant query must fail");
    // A granted scope reaches exactly its client's schema, and the setting does not outlive the transaction.
    let authz = authz::Authorizer::new(app.pool.clone(), 16).await.unwrap();
    let buyer = app.user_id("buyer").await;
    let north = app.site_id("ACME-NORTH").await;
    let gea = app.site_id("GEA-MAIN").await;
    assert!(authz.grant(buyer, gea, &[]).await.is_err());
    let scope = authz.grant(buyer, north, &[kernel::Perm::BasicAccess.as_str()]).await.unwrap();
    let mut tx = scope.begin(&app.pool).await.unwrap();
    let n: i64 = sqlx::query_scalar("select count(*) from address").fetch_one(&mut *tx).await.unwrap();
    assert!(n >= 1);
    tx.commit().await.unwrap();
    let after = sqlx::query("select count(*) from address").execute(&app.pool).await;
    assert!(after.is_err(), "the tenant search_path leaked into the pool");
}

/// The application's own connection, as `asp serve` has it (the application role, subject to row-level security).
async fn app_pool(app: &TestApp) -> sqlx::PgPool {
    tenancy::connect_pool(&app.settings.database_url, 2).await.unwrap()
}

#[tokio::test]
async fn the_application_role_cannot_bypass_row_level_security() {
    let app = TestApp::spawn().await;
    let (role, bypasses) = api::health::database_role(&app_pool(&app).await).await.unwrap();
    assert_eq!(role, crate::common::APP_ROLE);
    assert!(!bypasses, "the application role must be neither superuser nor BYPASSRLS");
}

#[tokio::test]
async fn the_search_text_view_shows_the_application_only_the_granted_sites_and_nothing_without_a_scope() {
    let app = TestApp::spawn().await;
    let pool = app_pool(&app).await;
    let authz = authz::Authorizer::new(pool.clone(), 16).await.unwrap();
    let buyer = app.user_id("buyer").await;
    let north = app.site_id("ACME-NORTH").await;
    let (all, at_north): (i64, i64) = sqlx::query_as("select count(*), count(*) filter (where site_id = $1) from client_acme.cip_text")
        .bind(north)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(all > at_north && at_north > 0, "the demo data has CIPs at several ACME sites");
    let scope = authz.grant(buyer, north, &[]).await.unwrap();
    let mut tx = scope.begin(&pool).await.unwrap();
    let (n, sites): (i64, Vec<i64>) = sqlx::query_as("select count(*), coalesce(array_agg(distinct site_id), '{}') from cip_text_visible")
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!((n, sites), (at_north, vec![north]));
    // Its text condition reaches the trigram index and still answers only the granted site.
    let hits: Vec<i64> = sqlx::query_scalar("select distinct site_id from cip_text_visible where search_text like '%BEAR%'").fetch_all(&mut *tx).await.unwrap();
    assert_eq!(hits, vec![north]);
    drop(tx);
    let unscoped: i64 = sqlx::query_scalar("select count(*) from client_acme.cip_text_visible").fetch_one(&pool).await.unwrap();
    assert_eq!(unscoped, 0);
}

#[tokio::test]
async fn a_query_that_forgets_its_site_filter_still_reads_and_writes_nothing_of_another_site() {
    let app = TestApp::spawn().await;
    let pool = app_pool(&app).await;
    let authz = authz::Authorizer::new(pool.clone(), 16).await.unwrap();
    let buyer = app.user_id("buyer").await;
    let north = app.site_id("ACME-NORTH").await;
    let south = app.site_id("ACME-SOUTH").await;
    let scope = authz.grant(buyer, north, &[]).await.unwrap();
    let (all, at_north): (i64, i64) = sqlx::query_as("select count(*), count(*) filter (where site_id = $1) from client_acme.address")
        .bind(north)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(all > at_north && at_north > 0, "the demo data has addresses at both ACME sites");
    let mut tx = scope.begin(&pool).await.unwrap();
    // No site filter at all: only the granted site's rows come back.
    let sites: Vec<i64> = sqlx::query_scalar("select distinct site_id from address").fetch_all(&mut *tx).await.unwrap();
    assert_eq!(sites, vec![north]);
    let changed = sqlx::query("update address set city = 'Hijacked' where site_id = $1").bind(south).execute(&mut *tx).await.unwrap();
    assert_eq!(changed.rows_affected(), 0);
    let insert = sqlx::query("insert into address (site_id, ship_to_name, address1, city, state, postal_code) values ($1, 'x', 'x', 'x', 'x', 'x')")
        .bind(south)
        .execute(&mut *tx)
        .await;
    assert!(insert.is_err(), "a row of another site cannot be written");
    drop(tx);
    // Without any scope the application sees no tenant rows even when it names the schema.
    let unscoped: i64 = sqlx::query_scalar("select count(*) from client_acme.address").fetch_one(&pool).await.unwrap();
    assert_eq!(unscoped, 0);
    // A transaction widened with another granted site of the client sees both.
    let south_scope = authz.grant(buyer, south, &[]).await.unwrap();
    let mut tx = scope.begin(&pool).await.unwrap();
    tx.widen(&south_scope).await.unwrap();
    let n: i64 = sqlx::query_scalar("select count(*) from address").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(n, all);
}

#[tokio::test]
async fn every_site_tier_table_has_its_policy_and_a_table_without_one_is_found() {
    let app = TestApp::spawn().await;
    let mut conn = app.pool.acquire().await.unwrap();
    for schema in ["client_acme", "client_gea"] {
        let name = tenancy::SchemaName::parse(schema).unwrap();
        assert_eq!(tenancy::tables_without_policy(&mut conn, &name).await.unwrap(), Vec::<String>::new(), "{schema}");
        // Every table without site_id is a listed client-tier table.
        let without: Vec<String> = sqlx::query_scalar(
            "select t.table_name::text from information_schema.tables t where t.table_schema = $1 and t.table_type = 'BASE TABLE'
               and t.table_name <> '_sqlx_migrations'
               and not exists (select 1 from information_schema.columns c where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'site_id')",
        )
        .bind(schema)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        for t in &without {
            assert!(tenancy::CLIENT_TIER_TABLES.contains(&t.as_str()), "{schema}.{t} has no site_id and is not a listed client-tier table");
        }
    }
    // The check is real: a new site-tier table without the policy is reported.
    sqlx::query("create table client_acme.forgotten (id bigint, site_id bigint)").execute(&mut *conn).await.unwrap();
    let name = tenancy::SchemaName::parse("client_acme").unwrap();
    assert_eq!(tenancy::tables_without_policy(&mut conn, &name).await.unwrap(), vec!["forgotten".to_owned()]);
}
