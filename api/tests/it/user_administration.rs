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

/// The three answers `set_security_answers` gives, by question.
const ANSWERS: [&str; 3] = ["Rex", "Springfield", "Blue"];

/// The user behind `token` answers the first three questions of the catalogue; answers them by id.
async fn set_security_answers(app: &TestApp, token: &str, login: &str) -> Vec<i64> {
    let options = app.get("/api/V1/User/SecurityQuestions/Options/", token).await;
    assert_eq!(options.status, StatusCode::OK, "{}", options.body);
    let ids: Vec<i64> = options.body.as_array().unwrap().iter().take(3).map(|q| q["question_id"].as_i64().unwrap()).collect();
    let a = app
        .post(
            "/api/V1/User/SecurityQuestions/Insert/",
            token,
            json!({"Question1": ids[0], "Answer1": ANSWERS[0], "Question2": ids[1], "Answer2": ANSWERS[1], "Question3": ids[2], "Answer3": ANSWERS[2], "user_name": login}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    ids
}

fn proof(ids: &[i64], answers: [&str; 3]) -> Value {
    Value::Array(ids.iter().zip(answers).map(|(q, a)| json!({"question_id": q, "answer": a})).collect())
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
    set_security_answers(app, &clerk_token, "clerk").await;
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

// ------------------------------------------------------------------------------------------------------------------
// Escalation on every user-administration operation of the document (issue 20, failure 2).

const FINANCE_USER: i64 = 2000;
const BUYER: i64 = 2002;
const IMPERSONATE_USERS: i64 = 2019;
const ADD_PERMISSIONS: i64 = 2022;

/// The operations the escalation test aims: every operation guarded by a user-administration permission (or by
/// ImpersonateUsers, which acts as a user), and anything under the users' own paths, from the served document.
fn user_administration_operations() -> Vec<(String, String, String)> {
    let doc: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let line = api::openapi::permission_line(op).unwrap_or_default();
            let guarded = ["UserAdminInternal", "UserAdminCustomer", "ImpersonateUsers"].iter().any(|p| line.split([' ', ',']).any(|w| w == *p));
            let users_path = path.starts_with("/admin/users") || path.starts_with("/V1/User/Password") || path.starts_with("/V1/User/Search");
            if guarded || users_path {
                out.push((op["operationId"].as_str().unwrap().to_owned(), method.to_uppercase(), path.clone()));
            }
        }
    }
    out.sort();
    out
}

/// What must come of one attempt.
enum Expect {
    /// Refused: one of these statuses.
    Refused(&'static [u16]),
    /// Answered, without these users in the answer.
    NotListed(Vec<i64>),
}

struct Attempt {
    body: Option<Value>,
    /// The path with its parameters filled in (and any query).
    path: String,
    expect: Expect,
}

const NOT_REACHED: &[u16] = &[403, 404];
const REFUSED_INPUT: &[u16] = &[400, 403, 404];

struct Escalation {
    app: TestApp,
    uadmin: String,
    north: i64,
    south: i64,
    /// At ACME-NORTH only, with permissions the administrator lacks there.
    power: i64,
    power_role: i64,
    /// A permission only `power` holds.
    power_permission: i64,
    /// At ACME-NORTH and ACME-SOUTH (a site the administrator lacks), BasicAccess only.
    wide: i64,
    /// The administrator's own role, harmless to hand out.
    uadmin_role: i64,
}

/// The attempts for one operation (`None`: the test does not know how to aim it, which fails the test).
fn aim(s: &Escalation, op: &str, path: &str) -> Option<Vec<Attempt>> {
    let at = |id: i64| format!("/api{}", path.replace("{id}", &id.to_string()));
    let refused = |id: i64, body: Option<Value>| Attempt { path: at(id), body, expect: Expect::Refused(NOT_REACHED) };
    let targets = [s.power, s.wide];
    let attempts = match op {
        "adminListUsers" => {
            let filter = urlencode(&json!({"id": targets}).to_string());
            vec![
                Attempt { path: format!("/api{path}?range=%5B0%2C999%5D"), body: None, expect: Expect::NotListed(targets.to_vec()) },
                Attempt { path: format!("/api{path}?range=%5B0%2C999%5D&filter={filter}"), body: None, expect: Expect::NotListed(targets.to_vec()) },
            ]
        }
        "userPostSearch" => ["power", "wide", ""]
            .iter()
            .map(|name| Attempt {
                path: format!("/api{path}"),
                body: Some(json!({"pageNumber": 0, "pageSize": 500, "username": name})),
                expect: Expect::NotListed(targets.to_vec()),
            })
            .collect(),
        "adminGetUser" | "adminDeleteUser" => targets.iter().map(|t| refused(*t, None)).collect(),
        "adminUpdateUser" => {
            let bodies = [
                json!({"fname": "Owned"}),
                json!({"email": "attacker@evil.example"}),
                json!({"user_id": "owned-account"}),
                json!({"is_locked": true}),
                json!({"is_active": false}),
                json!({"site_ids": [s.north]}),
                json!({"roles": [{"site_id": s.north, "security_role_id": s.uadmin_role}]}),
            ];
            targets.iter().flat_map(|t| bodies.iter().map(move |b| (*t, b.clone()))).map(|(t, b)| refused(t, Some(b))).collect()
        }
        "adminCreateUser" => vec![
            // Making a user as privileged as `power`, or with a site the administrator lacks.
            Attempt {
                path: at(0),
                body: Some(json!({"user_id": "power-twin", "password": PASSWORD, "site_ids": [s.north], "roles": [{"site_id": s.north, "security_role_id": s.power_role}]})),
                expect: Expect::Refused(REFUSED_INPUT),
            },
            Attempt { path: at(0), body: Some(json!({"user_id": "wide-twin", "password": PASSWORD, "site_ids": [s.north, s.south]})), expect: Expect::Refused(REFUSED_INPUT) },
        ],
        "userPostPasswordUpdate" => targets
            .iter()
            .map(|t| Attempt { path: at(0), body: Some(json!({"asp_users_id": t, "password": "Taken@over1", "confirm_password": "Taken@over1"})), expect: Expect::Refused(NOT_REACHED) })
            .collect(),
        "authImpersonate" => targets.iter().map(|t| Attempt { path: at(0), body: Some(json!({"asp_users_id": t})), expect: Expect::Refused(NOT_REACHED) }).collect(),
        // Roles are shared by every user holding them: the one `power` holds cannot be read into a ladder, changed or
        // removed, and no role giving what the administrator lacks can be made.
        "adminCreateRole" => vec![Attempt { path: at(0), body: Some(json!({"role_name": "Power twin", "permission_ids": [BASIC_ACCESS, FINANCE_USER]})), expect: Expect::Refused(NOT_REACHED) }],
        "adminUpdateRole" => vec![
            refused(s.power_role, Some(json!({"description": "mine now"}))),
            refused(s.power_role, Some(json!({"permission_ids": [BASIC_ACCESS]}))),
        ],
        "adminDeleteRole" => vec![refused(s.power_role, None)],
        // The catalogue entry only `power` holds.
        "adminUpdatePermission" => vec![refused(s.power_permission, Some(json!({"permission_name": "Renamed", "description": "x"})))],
        "adminDeletePermission" => vec![refused(s.power_permission, None)],
        // The site the administrator lacks.
        "adminGetSite" | "adminDeleteSite" => vec![refused(s.south, None)],
        "adminUpdateSite" => vec![refused(s.south, Some(json!({"site_name": "Mine"})))],
        "adminCreateSite" => vec![Attempt { path: at(0), body: Some(json!({"site_code": "SOUTH-2", "site_name": "Mine", "client_id": 1})), expect: Expect::Refused(NOT_REACHED) }],
        // Reads of the shared role and permission catalogues name no user, and a new permission is held by nobody.
        "adminListRoles" | "adminGetRole" | "adminListPermissions" | "adminGetPermission" | "adminCreatePermission" => Vec::new(),
        // Only ever the caller's own password (it names no user).
        "userPostPasswordUpdateSelfService" => Vec::new(),
        // Messages sent at the administrator's own current site: they name users only as recipients there (a user
        // without access to the site is refused with a 400) and change nothing about any account; tested in alerts.rs.
        "alertsPostNotificationInsert" | "alertInboxPostUserNotificationInsert" => Vec::new(),
        "adminListSites" => vec![Attempt { path: format!("/api{path}?range=%5B0%2C999%5D"), body: None, expect: Expect::NotListed(Vec::new()) }],
        _ => return None,
    };
    Some(attempts)
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// Everything the attempts could have changed about the targets: accounts, access, the roles and permission they
/// hold, the site the administrator lacks.
async fn escalation_snapshot(s: &Escalation) -> Value {
    sqlx::query_scalar(
        "select jsonb_build_object(
            'users', (select jsonb_agg(to_jsonb(u) order by asp_users_id) from asp.asp_users u where asp_users_id = any($1)),
            'sites', (select jsonb_agg(to_jsonb(x) order by asp_users_id, site_id) from asp.user_site x where asp_users_id = any($1)),
            'roles', (select jsonb_agg(to_jsonb(x) order by asp_users_id, site_id, security_role_id) from asp.user_site_role x where asp_users_id = any($1)),
            'role', (select jsonb_agg(to_jsonb(r) order by security_role_id) from asp.security_role r where security_role_id = $2),
            'role_permissions', (select jsonb_agg(security_permission_id order by security_permission_id) from asp.security_role_permission where security_role_id = $2),
            'permission', (select to_jsonb(p) from asp.security_permission p where security_permission_id = $3),
            'south', (select to_jsonb(x) from asp.site x where site_id = $4),
            'users_named_twin', (select count(*) from asp.asp_users where user_id like '%-twin'),
            'roles_named_twin', (select count(*) from asp.security_role where role_name = 'Power twin'))",
    )
    .bind(vec![s.power, s.wide])
    .bind(s.power_role)
    .bind(s.power_permission)
    .bind(s.south)
    .fetch_one(&s.app.pool)
    .await
    .unwrap()
}

async fn escalation_setup() -> Escalation {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let north = app.site_id("ACME-NORTH").await;
    let south = app.site_id("ACME-SOUTH").await;
    let mk_role = |name: &'static str, perms: Vec<i64>| {
        let (app, admin) = (&app, &admin);
        async move {
            let r = app.post("/api/admin/roles", admin, json!({"role_name": name, "permission_ids": perms})).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            r.body["id"].as_i64().unwrap()
        }
    };
    let p = app.post("/api/admin/permissions", &admin, json!({"permission_name": "PowerOnly"})).await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let power_permission = p.body["id"].as_i64().unwrap();
    let uadmin_role = mk_role("Escalating admins (test)", vec![BASIC_ACCESS, USER_ADMIN_INTERNAL, IMPERSONATE_USERS, ADD_PERMISSIONS]).await;
    let power_role = mk_role("Power (test)", vec![BASIC_ACCESS, FINANCE_USER, BUYER, power_permission]).await;
    let basic_role = mk_role("Basic (test)", vec![BASIC_ACCESS]).await;
    create_user(&app, &admin, "esc-admin", &[north], json!([{"site_id": north, "security_role_id": uadmin_role}])).await;
    let power = create_user(&app, &admin, "power", &[north], json!([{"site_id": north, "security_role_id": power_role}])).await["id"].as_i64().unwrap();
    let wide = create_user(
        &app,
        &admin,
        "wide",
        &[north, south],
        json!([{"site_id": north, "security_role_id": basic_role}, {"site_id": south, "security_role_id": basic_role}]),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    // With security questions, so that only the reach can refuse setting their passwords.
    for login in ["power", "wide"] {
        let token = app.login(login).await;
        set_security_answers(&app, &token, login).await;
    }
    let uadmin = app.login("esc-admin").await;
    assert_eq!(app.switch(&uadmin, "ACME-NORTH").await.status, StatusCode::OK);
    Escalation { app, uadmin, north, south, power, power_role, power_permission, wide, uadmin_role }
}

#[tokio::test]
async fn every_user_administration_operation_refuses_a_more_privileged_user_and_a_user_with_a_site_the_administrator_lacks() {
    let s = escalation_setup().await;
    let app = &s.app;
    let power_token = app.login("power").await;
    let wide_token = app.login("wide").await;
    let before = escalation_snapshot(&s).await;
    let operations = user_administration_operations();
    // The derivation finds the calls of failure 2 (so a change in the document cannot empty the test).
    for known in ["adminUpdateUser", "userPostPasswordUpdate", "authImpersonate", "adminListUsers", "userPostSearch"] {
        assert!(operations.iter().any(|(id, ..)| id == known), "{known} is not among {operations:?}");
    }
    let mut unknown = Vec::new();
    let mut failures = Vec::new();
    for (id, method, path) in &operations {
        let Some(attempts) = aim(&s, id, path) else {
            unknown.push(format!("{id} ({method} {path})"));
            continue;
        };
        for a in attempts {
            let answer = app.request(reqwest::Method::from_bytes(method.as_bytes()).unwrap(), &a.path, Some(&s.uadmin), a.body.clone()).await;
            match a.expect {
                Expect::Refused(statuses) if !statuses.contains(&answer.status.as_u16()) => {
                    failures.push(format!("{id} {method} {} {:?}: {} {}", a.path, a.body, answer.status, answer.body));
                }
                Expect::NotListed(ids) => {
                    let rows = answer.body.get("resultList").unwrap_or(&answer.body);
                    let seen: Vec<i64> = rows.as_array().into_iter().flatten().filter_map(|r| r.get("id").or_else(|| r.get("asp_users_id")).and_then(Value::as_i64)).collect();
                    if answer.status != StatusCode::OK || ids.iter().any(|i| seen.contains(i)) {
                        failures.push(format!("{id} {method} {} {:?}: {} lists {seen:?}", a.path, a.body, answer.status));
                    }
                    if *id == "adminListSites" && answer.body.as_array().into_iter().flatten().any(|x| x["site_code"] == "ACME-SOUTH") {
                        failures.push(format!("{id} lists ACME-SOUTH"));
                    }
                }
                Expect::Refused(_) => {}
            }
        }
    }
    assert!(unknown.is_empty(), "user-administration operations the escalation test cannot aim yet (teach aim() how): {unknown:?}");
    assert!(failures.is_empty(), "reached beyond the administrator's own permissions and sites:\n{}", failures.join("\n"));
    // Nothing changed: the accounts, their access, the role and permission they hold, the site; and nobody was
    // signed out or taken over.
    assert_eq!(escalation_snapshot(&s).await, before);
    for token in [&power_token, &wide_token] {
        assert_eq!(app.get("/api/V1/Site/UserContext", token).await.status, StatusCode::OK, "a target's session ended");
    }
    for login in ["power", "wide"] {
        assert_eq!(app.try_login(login, "Taken@over1").await.status, StatusCode::UNAUTHORIZED, "{login} was taken over");
    }
}

#[tokio::test]
async fn a_user_administrator_still_reaches_users_with_no_more_than_its_own_permissions_and_sites() {
    let s = escalation_setup().await;
    let app = &s.app;
    // A user holding a subset at the administrator's site, and a peer holding exactly the same.
    let itself = app.user_id("esc-admin").await;
    let admin = app.login("admin").await;
    let basic = create_user(app, &admin, "basic-clerk", &[s.north], json!([])).await["id"].as_i64().unwrap();
    let peer = create_user(app, &admin, "peer", &[s.north], json!([{"site_id": s.north, "security_role_id": s.uadmin_role}])).await["id"].as_i64().unwrap();
    for id in [basic, peer, itself] {
        let a = app.get(&format!("/api/admin/users/{id}"), &s.uadmin).await;
        assert_eq!(a.status, StatusCode::OK, "{id}: {}", a.body);
    }
    let a = app.put(&format!("/api/admin/users/{basic}"), &s.uadmin, json!({"fname": "Renamed"})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let list = app.get("/api/admin/users?range=%5B0%2C999%5D", &s.uadmin).await;
    let ids: Vec<i64> = list.body.as_array().unwrap().iter().filter_map(|u| u["id"].as_i64()).collect();
    assert!(ids.contains(&basic) && ids.contains(&peer), "{ids:?}");
    assert!(!ids.contains(&s.power) && !ids.contains(&s.wide), "{ids:?}");
    // Giving `basic-clerk` the power role (permissions the administrator lacks) is refused; afterwards it stays
    // within reach.
    let a = app.put(&format!("/api/admin/users/{basic}"), &s.uadmin, json!({"roles": [{"site_id": s.north, "security_role_id": s.power_role}]})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    // Once a provider administrator gives it, the user is out of reach.
    let a = app.put(&format!("/api/admin/users/{basic}"), &admin, json!({"roles": [{"site_id": s.north, "security_role_id": s.power_role}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(app.get(&format!("/api/admin/users/{basic}"), &s.uadmin).await.status, StatusCode::NOT_FOUND);
    // A user it creates must choose their own password at the first sign-in (the administrator knows the first one).
    let a = app.post("/api/admin/users", &s.uadmin, json!({"user_id": "new-clerk", "password": PASSWORD, "site_ids": [s.north]})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let first = app.login("new-clerk").await;
    assert_eq!(app.context(&first).await["currentUser"]["password_expired"], true);
    // A provider administrator still reaches everyone.
    for id in [s.power, s.wide, basic] {
        assert_eq!(app.get(&format!("/api/admin/users/{id}"), &admin).await.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn a_password_a_user_administrator_sets_opens_only_the_forced_change_which_needs_the_owners_security_answers() {
    let s = setup().await;
    let app = &s.app;
    let clerk = create_user(app, &s.admin, "clerk", &[s.north], json!([])).await["id"].as_i64().unwrap();
    let owner_token = app.login("clerk").await;
    let ids = set_security_answers(app, &owner_token, "clerk").await;
    let set = |password: &'static str, token: String| async move {
        app.post("/api/V1/User/Password/Update", &token, json!({"asp_users_id": clerk, "password": password, "confirm_password": password})).await
    };
    let hash = || async move { sqlx::query_scalar::<_, Option<String>>("select password_hash from asp.asp_users where asp_users_id = $1").bind(clerk).fetch_one(&app.pool).await.unwrap() };

    // The attack of issue 20: the administrator sets the password, signs in with it and tries to complete the change.
    let a = set("Known@byadmin1", s.uadmin.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let signed_in = app.try_login("clerk", "Known@byadmin1").await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.body);
    let attacker = signed_in.body["access_token"].as_str().unwrap().to_owned();
    let ctx = app.context(&attacker).await;
    assert_eq!(ctx["currentUser"]["password_expired"], true);
    assert_eq!(ctx["passwordSetByAdministrator"], true, "{ctx}");
    let asked: Vec<i64> = ctx["passwordChangeQuestions"].as_array().unwrap().iter().map(|q| q["question_id"].as_i64().unwrap()).collect();
    assert_eq!(asked, ids);
    // Nothing but the change: and the answers that prove the owner cannot be replaced first.
    assert_eq!(app.get("/api/admin/users", &attacker).await.status, StatusCode::FORBIDDEN);
    let replaced = app
        .post(
            "/api/V1/User/SecurityQuestions/Insert/",
            &attacker,
            json!({"Question1": ids[0], "Answer1": "x", "Question2": ids[1], "Answer2": "y", "Question3": ids[2], "Answer3": "z", "user_name": "clerk"}),
        )
        .await;
    assert_eq!(replaced.status, StatusCode::FORBIDDEN, "{}", replaced.body);
    let change = |token: String, answers: Option<Value>| async move {
        let mut body = json!({"current_password": "Known@byadmin1", "password": "Attacker@own1", "confirm_password": "Attacker@own1"});
        if let Some(a) = answers {
            body["security_answers"] = a;
        }
        app.post("/api/V1/User/Password/Update/SelfService", &token, body).await
    };
    // Completing it with the password alone, or with guessed answers, is refused and changes nothing.
    let stored = hash().await;
    let a = change(attacker.clone(), None).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    assert_eq!(a.body["errors"][0]["field"], "security_answers");
    let a = change(attacker.clone(), Some(proof(&ids, ["Rex", "Springfield", "Red"]))).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    assert_eq!(a.body["errors"][0]["errorType"], "securityAnswersIncorrect");
    assert_eq!(hash().await, stored);
    assert_eq!(app.try_login("clerk", "Attacker@own1").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.post("/api/V1/BugReport", &attacker, json!({})).await.body["errors"][0]["errorType"], "passwordExpired");

    // The owner completes it with their answers (case and spacing do not matter) and has a real password.
    let owner = app.try_login("clerk", "Known@byadmin1").await.body["access_token"].as_str().unwrap().to_owned();
    let done = app
        .post(
            "/api/V1/User/Password/Update/SelfService",
            &owner,
            json!({"current_password": "Known@byadmin1", "password": "Owner@chosen1", "confirm_password": "Owner@chosen1", "security_answers": proof(&ids, [" rex", "SPRINGFIELD", "Blue "])}),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    let real = app.try_login("clerk", "Owner@chosen1").await;
    assert_eq!(real.status, StatusCode::OK);
    let ctx = app.context(real.body["access_token"].as_str().unwrap()).await;
    assert_eq!((ctx["currentUser"]["password_expired"].clone(), ctx["passwordSetByAdministrator"].clone()), (json!(false), json!(false)));
    assert_eq!(app.try_login("clerk", "Known@byadmin1").await.status, StatusCode::UNAUTHORIZED);

    // Guessing has an end: after five wrong answers even the right ones are refused, until a provider administrator
    // sets the password (an ordinary expired one, which its owner changes with the password alone).
    assert_eq!(set("Known@byadmin2", s.uadmin.clone()).await.status, StatusCode::OK);
    let attacker = app.try_login("clerk", "Known@byadmin2").await.body["access_token"].as_str().unwrap().to_owned();
    let guess = |token: String, answers: Value| async move {
        app.post(
            "/api/V1/User/Password/Update/SelfService",
            &token,
            json!({"current_password": "Known@byadmin2", "password": "Owner@chosen2", "confirm_password": "Owner@chosen2", "security_answers": answers}),
        )
        .await
    };
    for _ in 0..5 {
        assert_eq!(guess(attacker.clone(), proof(&ids, ["a", "b", "c"])).await.status, StatusCode::BAD_REQUEST);
    }
    let a = guess(attacker.clone(), proof(&ids, ["Rex", "Springfield", "Blue"])).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    assert_eq!(set("Provider@set1", s.admin.clone()).await.status, StatusCode::OK);
    let owner = app.try_login("clerk", "Provider@set1").await.body["access_token"].as_str().unwrap().to_owned();
    let ctx = app.context(&owner).await;
    assert_eq!((ctx["currentUser"]["password_expired"].clone(), ctx["passwordSetByAdministrator"].clone()), (json!(true), json!(false)));
    let a = app
        .post("/api/V1/User/Password/Update/SelfService", &owner, json!({"current_password": "Provider@set1", "password": "Owner@chosen3", "confirm_password": "Owner@chosen3"}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);

    // A user without security questions cannot prove who they are: a user administrator cannot set their password
    // (nothing changes), a provider administrator can.
    let nq = create_user(app, &s.admin, "no-questions", &[s.north], json!([])).await["id"].as_i64().unwrap();
    let a = app.post("/api/V1/User/Password/Update", &s.uadmin, json!({"asp_users_id": nq, "password": "Known@byadmin3", "confirm_password": "Known@byadmin3"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    assert_eq!(a.body["errors"][0]["errorType"], "noSecurityQuestions");
    assert_eq!(app.try_login("no-questions", PASSWORD).await.status, StatusCode::OK);
    assert_eq!(app.try_login("no-questions", "Known@byadmin3").await.status, StatusCode::UNAUTHORIZED);
}
