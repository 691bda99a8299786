//! Single sign-on against a real OpenID provider (tests/oidc-provider, node `oidc-provider`), started by the test.
#![allow(clippy::unwrap_used)]


use std::process::Stdio;

use crate::common::TestApp;
use reqwest::StatusCode;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

struct Provider {
    issuer: String,
    _child: Child,
}

async fn start_provider(redirect_uri: &str) -> Provider {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    assert!(
        std::path::Path::new(root).join("tests/oidc-provider/node_modules").exists(),
        "run `npm ci --prefix tests/oidc-provider` first (scripts/test.sh does)"
    );
    let mut child = Command::new("node")
        .arg("tests/oidc-provider/server.mjs")
        .current_dir(root)
        .env("OIDC_PORT", "0")
        .env("OIDC_REDIRECT_URIS", redirect_uri)
        .env("OIDC_EXIT_WITH_STDIN", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("node starts");
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let issuer = tokio::time::timeout(std::time::Duration::from_secs(20), async {
        while let Some(line) = lines.next_line().await.unwrap() {
            if let Some(issuer) = line.strip_prefix("READY ") {
                return issuer.trim().to_owned();
            }
        }
        panic!("the provider exited before it was ready");
    })
    .await
    .expect("the provider starts within 20 s");
    Provider { issuer, _child: child }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

async fn app_with_provider(provision: bool) -> (TestApp, Provider) {
    let port = free_port();
    let callback = format!("http://127.0.0.1:{port}/api/auth/oidc/callback");
    let provider = start_provider(&callback).await;
    let issuer = provider.issuer.clone();
    let app = TestApp::spawn_with(move |s| {
        s.http_addr = format!("127.0.0.1:{port}");
        s.oidc_issuer_url = Some(issuer);
        s.oidc_client_id = Some("asp-test".into());
        s.oidc_client_secret = Some("asp-test-secret".into());
        s.oidc_redirect_url = Some(callback);
        s.oidc_provision = provision;
    })
    .await;
    (app, provider)
}

/// Walks the browser's part of the code flow; answers the Location the API finally sends the browser to.
async fn sign_in(app: &TestApp, provider: &Provider, account: &str) -> String {
    let client = reqwest::Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let start = client.get(format!("{}/api/auth/oidc/login?return_to=/portal/", app.base)).send().await.unwrap();
    assert_eq!(start.status(), StatusCode::FOUND);
    let mut url = reqwest::Url::parse(start.headers()["location"].to_str().unwrap()).unwrap();
    assert!(url.as_str().contains("code_challenge_method=S256"), "PKCE is used: {url}");
    assert!(url.as_str().contains("api1"), "the api1 scope is asked for: {url}");
    let callback = loop {
        if !url.as_str().starts_with(&provider.issuer) {
            break url;
        }
        if url.path().starts_with("/interaction/") {
            url.query_pairs_mut().append_pair("login", account);
        }
        let res = client.get(url.clone()).send().await.unwrap();
        assert!(res.status().is_redirection(), "{} at {url}", res.status());
        url = url.join(res.headers()["location"].to_str().unwrap()).unwrap();
    };
    assert!(callback.as_str().starts_with(&format!("{}/api/auth/oidc/callback", app.base)));
    let done = client.get(callback).send().await.unwrap();
    assert_eq!(done.status(), StatusCode::FOUND);
    done.headers()["location"].to_str().unwrap().to_owned()
}

async fn exchange(app: &TestApp, location: &str) -> String {
    let code = location.split("#sso_code=").nth(1).unwrap_or_else(|| panic!("no code in {location}"));
    let a = app.request(reqwest::Method::POST, "/api/auth/sso/exchange", None, Some(serde_json::json!({"code": code}))).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    // A one-time code works once.
    let again = app.request(reqwest::Method::POST, "/api/auth/sso/exchange", None, Some(serde_json::json!({"code": code}))).await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
    a.body["access_token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_user_with_the_verified_email_is_matched_linked_and_signed_in() {
    let (app, provider) = app_with_provider(false).await;
    sqlx::query("update asp.asp_users set email = 'Alice@Acme.example' where user_id = 'buyer'").execute(&app.pool).await.unwrap();
    let location = sign_in(&app, &provider, "alice").await;
    assert!(location.starts_with("/portal/#sso_code="), "{location}");
    let token = exchange(&app, &location).await;
    let ctx = app.context(&token).await;
    assert_eq!(ctx["currentUser"]["user_id"], "buyer");
    let (issuer, subject): (Option<String>, Option<String>) =
        sqlx::query_as("select oidc_issuer, oidc_subject from asp.asp_users where user_id = 'buyer'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(issuer.as_deref(), Some(provider.issuer.as_str()));
    assert_eq!(subject.as_deref(), Some("alice"));
    // The second sign-in finds the link by subject even when the email changed.
    sqlx::query("update asp.asp_users set email = 'changed@acme.example' where user_id = 'buyer'").execute(&app.pool).await.unwrap();
    let location = sign_in(&app, &provider, "alice").await;
    let token = exchange(&app, &location).await;
    assert_eq!(app.context(&token).await["currentUser"]["user_id"], "buyer");
}

#[tokio::test]
async fn an_unknown_identity_is_refused_unless_provisioning_is_on() {
    let (app, provider) = app_with_provider(false).await;
    let location = sign_in(&app, &provider, "sso-admin").await;
    assert!(location.ends_with("#sso_error=unknown_user"), "{location}");
    let count: i64 = sqlx::query_scalar("select count(*) from asp.asp_users where oidc_subject is not null").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 0);

    let (app, provider) = app_with_provider(true).await;
    let location = sign_in(&app, &provider, "sso-admin").await;
    let token = exchange(&app, &location).await;
    let ctx = app.context(&token).await;
    assert_eq!(ctx["currentUser"]["email"], "sso-admin@acme.example");
    assert!(ctx["availableSites"].as_array().unwrap().is_empty(), "provisioned users start without sites");
    assert!(ctx["currentSite"].is_null());
}

#[tokio::test]
async fn a_forged_or_replayed_state_is_refused() {
    let (app, _provider) = app_with_provider(false).await;
    let a = app.request(reqwest::Method::GET, "/api/auth/oidc/callback?code=x&state=forged", None, None).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = app.request(reqwest::Method::GET, "/api/auth/oidc/callback?code=x", None, None).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
}
