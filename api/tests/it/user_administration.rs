//! User administration is not a ladder (docs/security.md, "User administration"): a user administrator with only
//! BasicAccess and UserAdminInternal at one ACME site cannot escalate, cannot reach another client's users or sites,
//! and cannot take over an account. Tried from the outside, as the found-by-hand report of issue 7 did.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{TestApp, PASSWORD};

const BASIC_ACCESS: i64 = 1;
const USER_ADMIN_INTERNAL: i64 = 2004;
const FSS_CONNECT_ADMIN: i64 = 3000;

struct Setup {
    app: TestApp,
    admin: String,
    /// BasicAccess + UserAdminInternal at ACME-NORTH only.
    uadmin: String,
    uadmin_id: i64,
    uadmin_role: i64,
    north: i64,
    gea: i64,
}

async fn create_user(app: &TestApp, token: &str, user_id: &str, sites: &[i64], roles: Value) -> Value {
    let a = app.post("/api/admin/users", token, json!({"user_id": user_id, "fname": "T", "lname": user_id, "password": PASSWORD, "site_ids": sites, "roles": roles})).await;
    assert_eq!(a.status, StatusCode::OK, "{user_id}: {}", a.body);
    a.body
}

async fn setup() -> Setup {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let north = app.site_id("ACME-NORTH").await;
    let gea = app.site_id("GEA-MAIN").await;
    let role = app.post("/api/admin/roles", &admin, json!({"role_name": "User admins (test)", "permission_ids": [BASIC_ACCESS, USER_ADMIN_INTERNAL]})).await;
    assert_eq!(role.status, StatusCode::OK, "{}", role.body);
    let uadmin_role = role.body["id"].as_i64().unwrap();
    let created = create_user(&app, &admin, "uadmin", &[north], json!([{"site_id": north, "security_role_id": uadmin_role}])).await;
    let uadmin_id = created["id"].as_i64().unwrap();
    let uadmin = app.login("uadmin").await;
    assert_eq!(app.switch(&uadmin, "ACME-NORTH").await.status, StatusCode::OK);
    Setup { app, admin, uadmin, uadmin_id, uadmin_role, north, gea }
}

async fn administrator_role(s: &Setup) -> i64 {
    let roles = s.app.get("/api/admin/roles?filter=%7B%22q%22%3A%22Administrator%22%7D", &s.admin).await;
    roles.body.as_array().unwrap().iter().find(|r| r["role_name"] == "Administrator").unwrap()["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_user_administrator_cannot_give_itself_or_anyone_permissions_it_does_not_hold() {
    let s = setup().await;
    let app = &s.app;
    let administrator = administrator_role(&s).await;
    // Editing the Administrator role, its own role, or creating a role with more than it holds: refused.
    let a = app.put(&format!("/api/admin/roles/{administrator}"), &s.uadmin, json!({"description": "mine now"})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let a = app.put(&format!("/api/admin/roles/{}", s.uadmin_role), &s.uadmin, json!({"permission_ids": [BASIC_ACCESS, USER_ADMIN_INTERNAL, FSS_CONNECT_ADMIN]})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let a = app.post("/api/admin/roles", &s.uadmin, json!({"role_name": "Ladder", "permission_ids": [FSS_CONNECT_ADMIN]})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    // Assigning the Administrator role to itself at its own site: refused.
    let a = app
        .put(&format!("/api/admin/users/{}", s.uadmin_id), &s.uadmin, json!({"roles": [{"site_id": s.north, "security_role_id": administrator}, {"site_id": s.north, "security_role_id": s.uadmin_role}]}))
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    // None of it happened: still no FSSConnectAdmin.
    let ctx = app.context(&s.uadmin).await;
    let perms: Vec<&str> = ctx["permissions"].as_array().map(|p| p.iter().filter_map(|x| x["permission_name"].as_str()).collect()).unwrap_or_default();
    assert!(!perms.contains(&"FSSConnectAdmin"), "{perms:?}");
    let held: i64 = sqlx::query_scalar("select count(*) from asp.security_role_permission where security_role_id = $1").bind(s.uadmin_role).fetch_one(&app.pool).await.unwrap();
    assert_eq!(held, 2);
    // A role within its own permissions is fine, and so is giving it at its own site.
    let ok = app.post("/api/admin/roles", &s.uadmin, json!({"role_name": "Basic only", "permission_ids": [BASIC_ACCESS]})).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
}

#[tokio::test]
async fn a_user_administrator_sees_and_changes_only_users_and_sites_within_its_reach() {
    let s = setup().await;
    let app = &s.app;
    let list = app.get("/api/admin/users?range=%5B0%2C99%5D", &s.uadmin).await;
    assert_eq!(list.status, StatusCode::OK);
    let names: Vec<&str> = list.body.as_array().unwrap().iter().filter_map(|u| u["user_id"].as_str()).collect();
    assert!(names.contains(&"uadmin"), "{names:?}");
    for outside in ["admin", "support", "customer", "punchin", "buyer", "warehouse"] {
        assert!(!names.contains(&outside), "{outside} is outside the reach of an ACME-NORTH administrator: {names:?}");
    }
    let customer = app.user_id("customer").await;
    let admin_id = app.user_id("admin").await;
    for id in [customer, admin_id] {
        assert_eq!(app.get(&format!("/api/admin/users/{id}"), &s.uadmin).await.status, StatusCode::NOT_FOUND);
        let a = app.put(&format!("/api/admin/users/{id}"), &s.uadmin, json!({"fname": "Owned"})).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
        assert_eq!(app.delete(&format!("/api/admin/users/{id}"), &s.uadmin).await.status, StatusCode::NOT_FOUND);
    }
    // No access for itself (or anyone) at another client's site.
    let a = app.put(&format!("/api/admin/users/{}", s.uadmin_id), &s.uadmin, json!({"site_ids": [s.north, s.gea]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    assert_eq!(a.body["errors"][0]["errorType"], "siteOutOfReach");
    let a = app.post("/api/admin/users", &s.uadmin, json!({"user_id": "gea-spy", "password": PASSWORD, "site_ids": [s.gea]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    // Sites: only its own are listed; none can be created, changed or deactivated.
    let sites = app.get("/api/admin/sites?range=%5B0%2C99%5D", &s.uadmin).await;
    let codes: Vec<&str> = sites.body.as_array().unwrap().iter().filter_map(|x| x["site_code"].as_str()).collect();
    assert_eq!(codes, ["ACME-NORTH"]);
    assert_eq!(app.get(&format!("/api/admin/sites/{}", s.gea), &s.uadmin).await.status, StatusCode::NOT_FOUND);
    let a = app.put(&format!("/api/admin/sites/{}", s.gea), &s.uadmin, json!({"site_name": "Mine"})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&format!("/api/admin/sites/{}", s.north), &s.uadmin).await.status, StatusCode::FORBIDDEN);
    let a = app.post("/api/admin/sites", &s.uadmin, json!({"site_code": "NEW-1", "site_name": "New", "client_id": 1})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    let gea_name: String = sqlx::query_scalar("select site_name from asp.site where site_id = $1").bind(s.gea).fetch_one(&app.pool).await.unwrap();
    assert_ne!(gea_name, "Mine");
}

#[tokio::test]
async fn a_user_administrator_cannot_take_over_accounts_or_set_provider_fields() {
    let s = setup().await;
    let app = &s.app;
    // Another client's user, provider staff, and a user with a site outside its reach: as if missing.
    for login in ["customer", "admin", "support", "buyer"] {
        let id = app.user_id(login).await;
        let a = app.post("/api/V1/User/Password/Update", &s.uadmin, json!({"asp_users_id": id, "password": "Taken@over1", "confirm_password": "Taken@over1"})).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{login}: {}", a.body);
        assert_eq!(app.try_login(login, "Taken@over1").await.status, StatusCode::UNAUTHORIZED, "{login} was taken over");
    }
    // A user within reach: the new password is expired at once and the user's sessions end.
    let clerk = create_user(app, &s.admin, "clerk", &[s.north], json!([])).await["id"].as_i64().unwrap();
    let clerk_token = app.login("clerk").await;
    let a = app.post("/api/V1/User/Password/Update", &s.uadmin, json!({"asp_users_id": clerk, "password": "Fresh@pass1", "confirm_password": "Fresh@pass1"})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let old = app.request(reqwest::Method::GET, "/api/V1/Site/UserContext", Some(&clerk_token), None).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED, "the clerk's session ended");
    let fresh = app.try_login("clerk", "Fresh@pass1").await;
    assert_eq!(fresh.status, StatusCode::OK, "{}", fresh.body);
    let token = fresh.body["access_token"].as_str().unwrap();
    let ctx = app.request(reqwest::Method::GET, "/api/V1/Site/UserContext", Some(token), None).await;
    assert_eq!(ctx.body["currentUser"]["password_expired"], true, "{}", ctx.body);
    let blocked = app.post("/api/V1/BugReport", token, json!({})).await;
    assert_eq!(blocked.status, StatusCode::FORBIDDEN, "{}", blocked.body);
    assert_eq!(blocked.body["errors"][0]["errorType"], "passwordExpired");
    // Provider fields are refused field by field; nothing changes.
    for (field, value) in [("fss_employee", json!(true)), ("customer_portal_user", json!(true)), ("supplier_portal_user", json!(true)), ("password_expiration_Date", json!("2099-01-01T00:00:00Z"))] {
        let a = app.put(&format!("/api/admin/users/{clerk}"), &s.uadmin, json!({ field: value })).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{field}: {}", a.body);
        assert_eq!(a.body["errors"][0]["errorType"], "providerOnly", "{field}");
    }
    let staff: bool = sqlx::query_scalar("select fss_employee from asp.asp_users where asp_users_id = $1").bind(clerk).fetch_one(&app.pool).await.unwrap();
    assert!(!staff);
    // Locking another user administrator is provider business.
    let peer = create_user(app, &s.admin, "peer-admin", &[s.north], json!([{"site_id": s.north, "security_role_id": s.uadmin_role}])).await["id"].as_i64().unwrap();
    let a = app.put(&format!("/api/admin/users/{peer}"), &s.uadmin, json!({"is_locked": true})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    assert_eq!(app.delete(&format!("/api/admin/users/{peer}"), &s.uadmin).await.status, StatusCode::FORBIDDEN);
    // A provider administrator may, and unlocking really clears the lock-out.
    sqlx::query("update asp.asp_users set is_locked = true, failed_login_count = 9, locked_until = now() + interval '1 hour' where asp_users_id = $1")
        .bind(clerk)
        .execute(&app.pool)
        .await
        .unwrap();
    let a = app.put(&format!("/api/admin/users/{clerk}"), &s.admin, json!({"is_locked": false})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let (count, until): (i32, Option<chrono::DateTime<chrono::Utc>>) =
        sqlx::query_as("select failed_login_count, locked_until from asp.asp_users where asp_users_id = $1").bind(clerk).fetch_one(&app.pool).await.unwrap();
    assert_eq!((count, until), (0, None));
    assert_eq!(app.try_login("clerk", "Fresh@pass1").await.status, StatusCode::OK);
}
