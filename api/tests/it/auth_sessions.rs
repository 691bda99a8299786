//! Sign-in, sessions, expiry, revocation, lockout, expired passwords and impersonation.
#![allow(clippy::unwrap_used)]


use crate::common::{TestApp, PASSWORD};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn signing_in_answers_a_bearer_token_and_wrong_credentials_look_the_same() {
    let app = TestApp::spawn().await;
    let ok = app.try_login("buyer", PASSWORD).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body["token_type"], "Bearer");
    assert!(ok.body["expires_in"].as_u64().unwrap() > 0);

    let wrong_password = app.try_login("buyer", "Wrong@pass1").await;
    let no_such_user = app.try_login("nobody", PASSWORD).await;
    assert_eq!(wrong_password.status, StatusCode::UNAUTHORIZED);
    assert_eq!(no_such_user.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong_password.body["message"], no_such_user.body["message"]);
    assert_eq!(wrong_password.body["message"], "Invalid username or password.");
}

#[tokio::test]
async fn every_demo_user_can_sign_in() {
    let app = TestApp::spawn().await;
    for user in ["admin", "buyer", "warehouse", "customer", "punchin", "supplier", "support"] {
        let token = app.login(user).await;
        let ctx = app.context(&token).await;
        assert_eq!(ctx["currentUser"]["user_id"], user);
    }
}

#[tokio::test]
async fn garbage_tampered_and_missing_tokens_get_401() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    for bad in ["garbage", "a.b.c", &format!("{token}x")] {
        let a = app.get("/api/V1/Site/UserContext", bad).await;
        assert_eq!(a.status, StatusCode::UNAUTHORIZED, "token {bad}");
        assert!(a.body["requestId"].as_str().is_some_and(|r| !r.is_empty()));
    }
    let a = app.request(reqwest::Method::GET, "/api/V1/Site/UserContext", None, None).await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_token_signed_with_another_key_is_refused() {
    let app = TestApp::spawn().await;
    let other = api::auth::jwt::TokenKeys::new("some-other-secret-some-other-secret!!", 600);
    let forged = other.issue(1, "whatever").unwrap();
    assert_eq!(app.get("/api/V1/Site/UserContext", &forged).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn logout_revokes_the_session_at_once() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    assert_eq!(app.post("/api/auth/logout", &token, json!({})).await.status, StatusCode::NO_CONTENT);
    assert_eq!(app.get("/api/V1/Site/UserContext", &token).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.post("/api/auth/refresh", &token, json!({})).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_idle_session_expires_and_activity_keeps_it_alive() {
    let app = TestApp::spawn_with(|s| s.session_idle_seconds = 2).await;
    let idle = app.login("buyer").await;
    let active = app.login("buyer").await;
    for _ in 0..3 {
        tokio::time::sleep(std::time::Duration::from_millis(900)).await;
        assert_eq!(app.get("/api/V1/Site/UserContext", &active).await.status, StatusCode::OK);
    }
    assert_eq!(app.get("/api/V1/Site/UserContext", &idle).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn refreshing_gives_a_new_token_for_the_same_session() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let a = app.post("/api/auth/refresh", &token, json!({})).await;
    assert_eq!(a.status, StatusCode::OK);
    let fresh = a.body["access_token"].as_str().unwrap().to_owned();
    app.post("/api/auth/logout", &fresh, json!({})).await;
    assert_eq!(app.get("/api/V1/Site/UserContext", &token).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_session_survives_an_api_restart() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let switched = app.switch(&token, "ACME-SOUTH").await;
    assert_eq!(switched.status, StatusCode::OK);
    let settings = app.stop().await;
    let again = TestApp::start(settings).await;
    let ctx = again.context(&token).await;
    assert_eq!(ctx["currentSite"]["siteCode"], "ACME-SOUTH");
}

/// A sign-in from the loopback address `127.0.0.<n>` (every test client is on this machine; the server sees the
/// address the client bound).
async fn login_from(app: &TestApp, n: u8, username: &str, password: &str) -> StatusCode {
    let client = reqwest::Client::builder().local_address(std::net::IpAddr::from([127, 0, 0, n])).build().unwrap();
    client
        .post(format!("{}/api/auth/login", app.base))
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test]
async fn repeated_failures_from_one_address_are_refused_there_without_locking_the_account() {
    let app = TestApp::spawn_with(|s| {
        s.max_login_failures = 3;
        s.lockout_seconds = 60;
    })
    .await;
    for _ in 0..3 {
        assert_eq!(login_from(&app, 11, "warehouse", "Wrong@pass1").await, StatusCode::UNAUTHORIZED);
    }
    // From that address even the right password is refused for a while, with 429 ...
    assert_eq!(login_from(&app, 11, "warehouse", PASSWORD).await, StatusCode::TOO_MANY_REQUESTS);
    // ... but the account is not locked: its owner signs in from elsewhere.
    assert_eq!(login_from(&app, 12, "warehouse", PASSWORD).await, StatusCode::OK);
    let locked: bool = sqlx::query_scalar("select is_locked or coalesce(locked_until > now(), false) from asp.asp_users where user_id = 'warehouse'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(!locked);
    // Other accounts are unaffected, even from the throttled address.
    assert_eq!(login_from(&app, 11, "buyer", PASSWORD).await, StatusCode::OK);
}

#[tokio::test]
async fn an_address_that_fails_across_many_accounts_is_refused() {
    let app = TestApp::spawn_with(|s| s.max_login_failures_per_address = 4).await;
    for user in ["buyer", "warehouse", "customer", "nobody-at-all"] {
        assert_eq!(login_from(&app, 21, user, "Wrong@pass1").await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(login_from(&app, 21, "supplier", PASSWORD).await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(login_from(&app, 22, "supplier", PASSWORD).await, StatusCode::OK);
}

#[tokio::test]
async fn an_account_attacked_from_many_addresses_still_admits_the_address_its_owner_used_before() {
    let app = TestApp::spawn_with(|s| s.max_login_failures_per_account = 3).await;
    assert_eq!(login_from(&app, 31, "buyer", PASSWORD).await, StatusCode::OK);
    for n in [32, 33, 34] {
        assert_eq!(login_from(&app, n, "buyer", "Wrong@pass1").await, StatusCode::UNAUTHORIZED);
    }
    // A new address is refused while the account is under attack; the owner's known address is not.
    assert_eq!(login_from(&app, 35, "buyer", PASSWORD).await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(login_from(&app, 31, "buyer", PASSWORD).await, StatusCode::OK);
}

#[tokio::test]
async fn a_locked_or_inactive_account_cannot_sign_in() {
    let app = TestApp::spawn().await;
    sqlx::query("update asp.asp_users set is_locked = true where user_id = 'buyer'").execute(&app.pool).await.unwrap();
    sqlx::query("update asp.asp_users set is_active = false where user_id = 'warehouse'").execute(&app.pool).await.unwrap();
    assert_eq!(app.try_login("buyer", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.try_login("warehouse", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_expired_password_must_be_changed_before_anything_else() {
    let app = TestApp::spawn().await;
    let other_session = app.login("buyer").await;
    sqlx::query("update asp.asp_users set password_expiration_date = now() - interval '1 day' where user_id = 'buyer'")
        .execute(&app.pool)
        .await
        .unwrap();
    let token = app.login("buyer").await;
    let ctx = app.context(&token).await;
    assert_eq!(ctx["currentUser"]["password_expired"], true);
    let blocked = app.get("/api/V1/Presentation/HomepageTiles", &token).await;
    assert_eq!(blocked.status, StatusCode::FORBIDDEN);
    assert_eq!(blocked.body["errors"][0]["errorType"], "passwordExpired");

    let weak = app
        .post("/api/V1/User/Password/Update/SelfService", &token, json!({"current_password": PASSWORD, "password": "weak", "confirm_password": "weak"}))
        .await;
    assert_eq!(weak.status, StatusCode::BAD_REQUEST);
    assert_eq!(weak.body["errors"][0]["errorType"], "passwordDoesNotMeetRequirements");
    let mismatch = app
        .post("/api/V1/User/Password/Update/SelfService", &token, json!({"current_password": PASSWORD, "password": "New@pass22", "confirm_password": "New@pass23"}))
        .await;
    assert_eq!(mismatch.body["errors"][0]["errorType"], "passwordsDoNotMatch");

    let changed = app
        .post("/api/V1/User/Password/Update/SelfService", &token, json!({"current_password": PASSWORD, "password": "New@pass22", "confirm_password": "New@pass22"}))
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{:?}", changed.body);
    assert_eq!(changed.body["message"], "Password updated.");
    let fresh = changed.body["access_token"].as_str().unwrap();
    assert_eq!(app.get("/api/V1/Presentation/HomepageTiles", fresh).await.status, StatusCode::OK);
    // The change ended the user's other sessions and the old password is gone.
    assert_eq!(app.get("/api/V1/Site/UserContext", &other_session).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.try_login("buyer", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.try_login("buyer", "New@pass22").await.status, StatusCode::OK);
}

#[tokio::test]
async fn support_staff_can_impersonate_and_the_audit_names_both_people() {
    let app = TestApp::spawn().await;
    let support = app.login("support").await;
    let buyer_id = app.user_id("buyer").await;
    let support_id = app.user_id("support").await;
    let a = app.post("/api/auth/impersonate", &support, json!({"asp_users_id": buyer_id})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let acting = a.body["access_token"].as_str().unwrap().to_owned();
    let ctx = app.context(&acting).await;
    assert_eq!(ctx["currentUser"]["user_id"], "buyer");
    assert_eq!(ctx["impersonatedByUserId"], support_id);

    // A write while impersonating is audited with both people.
    let w = app.post("/api/V1/Presentation/UpdateUserSetting", &acting, json!({"setting_key": "general.ui.useSideNav", "setting_value": "false"})).await;
    assert_eq!(w.status, StatusCode::OK);
    let (actor, acting_as): (Option<i64>, Option<i64>) = sqlx::query_as(
        "select actor_user_id, acting_as_user_id from asp.audit_event where action = 'setting.update' order by audit_event_id desc limit 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((actor, acting_as), (Some(support_id), Some(buyer_id)));

    let back = app.post("/api/auth/impersonate/stop", &acting, json!({})).await;
    assert_eq!(back.status, StatusCode::OK);
    let own = back.body["access_token"].as_str().unwrap();
    let ctx = app.context(own).await;
    assert_eq!(ctx["currentUser"]["user_id"], "support");
    assert!(ctx["impersonatedByUserId"].is_null());
    assert_eq!(app.get("/api/V1/Site/UserContext", &acting).await.status, StatusCode::UNAUTHORIZED);
}

/// Issue 22: support staff (ImpersonateUsers, no user administration) find the user to act as in the console's user
/// search, which lists exactly the users they may impersonate (not provider staff, not users of other sites).
#[tokio::test]
async fn support_staff_search_the_users_they_may_impersonate() {
    let app = TestApp::spawn().await;
    let support = app.login("support").await;
    let found = app.get("/api/admin/users?filter=%7B%22q%22%3A%22buy%22%7D&range=%5B0%2C24%5D", &support).await;
    assert_eq!(found.status, StatusCode::OK, "{:?}", found.body);
    let logins: Vec<&str> = found.body.as_array().unwrap().iter().filter_map(|u| u["user_id"].as_str()).collect();
    assert_eq!(logins, ["buyer"]);
    let all = app.get("/api/admin/users?range=%5B0%2C499%5D", &support).await;
    let listed: Vec<(i64, String)> =
        all.body.as_array().unwrap().iter().map(|u| (u["id"].as_i64().unwrap(), u["user_id"].as_str().unwrap().to_owned())).collect();
    assert!(!listed.is_empty());
    assert!(listed.iter().all(|(_, login)| login != "admin" && login != "support"), "{listed:?}");
    for (id, login) in &listed {
        let a = app.post("/api/auth/impersonate", &support, json!({"asp_users_id": id})).await;
        assert_eq!(a.status, StatusCode::OK, "{login}: {:?}", a.body);
    }
    // Users without ImpersonateUsers or user administration still cannot search users.
    let buyer = app.login("buyer").await;
    assert_eq!(app.get("/api/admin/users", &buyer).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn impersonation_needs_the_permission_and_cannot_reach_provider_staff() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let warehouse_id = app.user_id("warehouse").await;
    assert_eq!(app.post("/api/auth/impersonate", &buyer, json!({"asp_users_id": warehouse_id})).await.status, StatusCode::FORBIDDEN);
    let support = app.login("support").await;
    let admin_id = app.user_id("admin").await;
    assert_eq!(app.post("/api/auth/impersonate", &support, json!({"asp_users_id": admin_id})).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post("/api/auth/impersonate", &support, json!({"asp_users_id": 999_999})).await.status, StatusCode::NOT_FOUND);
}

/// Found by the cross-tenant probes (probes.rs): ImpersonateUsers held at one client's site made its holder any
/// user of any client. Now only users within reach (every site of theirs is one of the caller's) can be
/// impersonated; the others answer as a missing user does.
#[tokio::test]
async fn impersonation_at_one_clients_site_cannot_reach_another_clients_users() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let north = app.site_id("ACME-NORTH").await;
    let support_role: i64 = sqlx::query_scalar("select security_role_id from asp.security_role where role_name = 'Support'").fetch_one(&app.pool).await.unwrap();
    let created = app
        .post(
            "/api/admin/users",
            &admin,
            json!({"user_id": "north_support", "fname": "N", "lname": "Support", "password": PASSWORD, "site_ids": [north],
                   "roles": [{"site_id": north, "security_role_id": support_role}]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{:?}", created.body);
    let north_support = app.login("north_support").await;
    let supplier = app.user_id("supplier").await;
    let buyer = app.user_id("buyer").await;
    let customer = app.user_id("customer").await;
    // GEA's customer: another client. The buyer also has ACME-SOUTH, which the caller does not.
    for (target, who) in [(customer, "customer"), (buyer, "buyer")] {
        let a = app.post("/api/auth/impersonate", &north_support, json!({"asp_users_id": target})).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{who}: {:?}", a.body);
    }
    let started: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where action = 'impersonation.start'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(started, 0);
    // A user of its own site only who holds permissions the caller lacks there (the supplier's): out of reach too.
    let a = app.post("/api/auth/impersonate", &north_support, json!({"asp_users_id": supplier})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    // A user of its own site holding no more than the caller: still allowed.
    let clerk = app
        .post("/api/admin/users", &admin, json!({"user_id": "north_clerk", "password": PASSWORD, "site_ids": [north], "roles": [{"site_id": north, "security_role_id": support_role}]}))
        .await;
    assert_eq!(clerk.status, StatusCode::OK, "{:?}", clerk.body);
    let a = app.post("/api/auth/impersonate", &north_support, json!({"asp_users_id": clerk.body["id"]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    // Provider staff with every site still reach every client's users.
    let support = app.login("support").await;
    assert_eq!(app.post("/api/auth/impersonate", &support, json!({"asp_users_id": customer})).await.status, StatusCode::OK);
}

#[tokio::test]
async fn an_administrator_can_set_another_users_password_and_their_sessions_end() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let buyer_session = app.login("buyer").await;
    let buyer_id = app.user_id("buyer").await;
    let weak = app.post("/api/V1/User/Password/Update/", &admin, json!({"asp_users_id": buyer_id, "password": "short", "confirm_password": "short"})).await;
    assert_eq!(weak.status, StatusCode::BAD_REQUEST);
    assert_eq!(weak.body["errors"][0]["error"], api::auth::password::RULE_MESSAGE);
    let ok = app.post("/api/V1/User/Password/Update/", &admin, json!({"asp_users_id": buyer_id, "password": "Reset#pass9", "confirm_password": "Reset#pass9"})).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body["message"], "Password updated.");
    assert_eq!(app.get("/api/V1/Site/UserContext", &buyer_session).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.try_login("buyer", "Reset#pass9").await.status, StatusCode::OK);
    let missing = app.post("/api/V1/User/Password/Update/", &admin, json!({"asp_users_id": 999_999, "password": "Reset#pass9", "confirm_password": "Reset#pass9"})).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    // A buyer cannot change someone else's password.
    let warehouse = app.user_id("warehouse").await;
    let buyer = app.try_login("buyer", "Reset#pass9").await.body["access_token"].as_str().unwrap().to_owned();
    let denied = app.post("/api/V1/User/Password/Update/", &buyer, json!({"asp_users_id": warehouse, "password": "Reset#pass9", "confirm_password": "Reset#pass9"})).await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
}
