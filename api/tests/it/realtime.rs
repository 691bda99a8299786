//! The real-time hubs (docs/realtime.md): a message published on one replica reaches the sockets of its user or site
//! on another, through Redis; the hubs refuse callers without a valid token or without access to the site, and close
//! a socket once its session ended.
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::{self, Message};

use api::auth::session::SessionStore;
use api::realtime::{Event, Realtime};

use crate::common::TestApp;

pub(crate) type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What the application's code calls: the kernel publisher over the same Redis namespace as `app`.
fn publisher(app: &TestApp) -> Realtime {
    let s = &app.settings;
    let sessions = SessionStore::connect(&s.redis_url, Duration::from_secs(s.session_idle_seconds), &s.redis_prefix).unwrap();
    Realtime::new(&s.redis_url, &s.redis_prefix, sessions).unwrap()
}

fn ws_url(app: &TestApp, path_and_query: &str) -> String {
    format!("{}{path_and_query}", app.base.replacen("http://", "ws://", 1))
}

pub(crate) async fn connect(app: &TestApp, path_and_query: &str) -> Socket {
    let (socket, _) = tokio_tungstenite::connect_async(ws_url(app, path_and_query))
        .await
        .expect("the hub accepts the connection");
    socket
}

/// The HTTP status a refused upgrade answered.
async fn refusal(app: &TestApp, path_and_query: &str) -> u16 {
    match tokio_tungstenite::connect_async(ws_url(app, path_and_query)).await {
        Err(tungstenite::Error::Http(resp)) => resp.status().as_u16(),
        Err(e) => panic!("unexpected failure: {e}"),
        Ok(_) => panic!("{path_and_query} was accepted"),
    }
}

/// The next JSON text frame within `wait`, if any.
pub(crate) async fn next_json(socket: &mut Socket, wait: Duration) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let frame = tokio::time::timeout_at(deadline, socket.next()).await.ok()??;
        match frame.ok()? {
            Message::Text(t) => return serde_json::from_str(t.as_str()).ok(),
            Message::Close(_) => return None,
            _ => {}
        }
    }
}

/// A socket starts receiving once the server side has subscribed, a moment after the handshake: publish a warm-up
/// message until one arrives, then drain.
async fn wait_until_live(socket: &mut Socket, publish: impl Fn() -> futures::future::BoxFuture<'static, ()>) {
    for _ in 0..50 {
        publish().await;
        if next_json(socket, Duration::from_millis(200)).await.is_some() {
            while next_json(socket, Duration::from_millis(100)).await.is_some() {}
            return;
        }
    }
    panic!("the socket never received the warm-up message");
}

fn text(message: &str) -> Event {
    Event::alert(message)
}

#[tokio::test]
async fn a_message_published_on_one_replica_reaches_the_users_socket_on_another_within_a_second() {
    let a = TestApp::spawn().await;
    let b = TestApp::start(a.settings.clone()).await;
    let token = b.login("buyer").await;
    let user_id = b.user_id("buyer").await;
    let realtime = publisher(&a);
    let mut socket = connect(&b, &format!("/api/alert?access_token={token}")).await;
    let warm = realtime.clone();
    wait_until_live(&mut socket, move || {
        let warm = warm.clone();
        Box::pin(async move { warm.publish_to_user(user_id, &text("warm-up")).await.unwrap() })
    })
    .await;

    realtime.publish_to_user(user_id, &Event::CartUpdatedReceived { message: "125.50".into() }).await.unwrap();
    let got = next_json(&mut socket, Duration::from_secs(1)).await;
    assert_eq!(got, Some(json!({"type": "cartUpdatedReceived", "message": "125.50"})));

    // Another user's message does not reach this socket.
    let other = b.user_id("warehouse").await;
    realtime.publish_to_user(other, &text("not yours")).await.unwrap();
    assert_eq!(next_json(&mut socket, Duration::from_millis(500)).await, None);
}

#[tokio::test]
async fn the_bearer_header_is_accepted_as_well_as_the_query_parameter() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let mut request = ws_url(&app, "/api/alert").into_client_request().unwrap();
    request.headers_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_ok());
}

#[tokio::test]
async fn a_site_broadcast_reaches_the_sites_sockets_and_not_those_of_another_site() {
    let a = TestApp::spawn().await;
    let b = TestApp::start(a.settings.clone()).await;
    let buyer = b.login("buyer").await;
    let customer = b.login("customer").await;
    let realtime = publisher(&a);
    let mut north = connect(&b, &format!("/api/site?site_code=acme-north&access_token={buyer}")).await;
    let mut main = connect(&b, &format!("/api/site?site_code=GEA-MAIN&access_token={customer}")).await;
    for (socket, code) in [(&mut north, "ACME-NORTH"), (&mut main, "GEA-MAIN")] {
        let warm = realtime.clone();
        wait_until_live(socket, move || {
            let warm = warm.clone();
            Box::pin(async move { warm.publish_to_site(code, &Event::BroadcastMessageToSite { message: "warm-up".into() }).await.unwrap() })
        })
        .await;
    }

    let news = Event::BroadcastMessageToSite { message: "Stock count at 3 pm".into() };
    realtime.publish_to_site("ACME-NORTH", &news).await.unwrap();
    assert_eq!(
        next_json(&mut north, Duration::from_secs(1)).await,
        Some(json!({"type": "BroadcastMessageToSite", "message": "Stock count at 3 pm"}))
    );
    assert_eq!(next_json(&mut main, Duration::from_millis(500)).await, None);

    // Joining a site of another client is refused on the socket; joining one's own other site works.
    main.send(Message::Text(json!({"type": "OnAddToGroupAsync", "site_code": "ACME-NORTH"}).to_string().into())).await.unwrap();
    let refused = next_json(&mut main, Duration::from_secs(2)).await.unwrap();
    assert_eq!(refused["type"], "error");
    north.send(Message::Text(json!({"type": "OnAddToGroupAsync", "site_code": "ACME-SOUTH"}).to_string().into())).await.unwrap();
    north.send(Message::Text(json!({"type": "OnRemoveFromGroupAsync", "site_code": "ACME-NORTH"}).to_string().into())).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    realtime.publish_to_site("ACME-NORTH", &news).await.unwrap();
    realtime.publish_to_site("ACME-SOUTH", &Event::BroadcastMessageToSite { message: "south".into() }).await.unwrap();
    assert_eq!(next_json(&mut north, Duration::from_secs(1)).await, Some(json!({"type": "BroadcastMessageToSite", "message": "south"})));
    assert_eq!(next_json(&mut main, Duration::from_millis(300)).await, None);
}

#[tokio::test]
async fn the_hubs_refuse_a_missing_or_invalid_token_and_a_site_without_access() {
    let app = TestApp::spawn().await;
    assert_eq!(refusal(&app, "/api/alert").await, 401);
    assert_eq!(refusal(&app, "/api/alert?access_token=not-a-token").await, 401);
    assert_eq!(refusal(&app, "/api/site?site_code=ACME-NORTH").await, 401);
    let buyer = app.login("buyer").await;
    assert_eq!(refusal(&app, &format!("/api/site?site_code=GEA-MAIN&access_token={buyer}")).await, 403);
    assert_eq!(refusal(&app, &format!("/api/site?site_code=NO-SUCH-SITE&access_token={buyer}")).await, 403);
    assert_eq!(refusal(&app, &format!("/api/site?access_token={buyer}")).await, 400);
}

#[tokio::test]
async fn a_socket_is_closed_once_its_session_is_logged_out() {
    let app = TestApp::spawn_with(|s| s.realtime_session_check_seconds = 1).await;
    let token = app.login("buyer").await;
    let mut socket = connect(&app, &format!("/api/alert?access_token={token}")).await;
    assert_eq!(app.post("/api/auth/logout", &token, json!({})).await.status, StatusCode::NO_CONTENT);
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .expect("the socket closes within the check interval");
    assert_eq!(closed, Some(1008));
    // And the ended session cannot open a new one.
    assert_eq!(refusal(&app, &format!("/api/alert?access_token={token}")).await, 401);
}

#[tokio::test]
async fn a_hub_closes_a_socket_that_sends_a_message_over_64_kib_and_keeps_serving_the_others() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let mut big = connect(&app, &format!("/api/site?site_code=ACME-NORTH&access_token={buyer}")).await;
    let mut other = connect(&app, &format!("/api/site?site_code=ACME-NORTH&access_token={buyer}")).await;
    // A join request padded past the limit: the server stops reading this socket instead of buffering it.
    let padded = json!({"type": "OnAddToGroupAsync", "site_code": "ACME-SOUTH", "pad": "x".repeat(70 * 1024)});
    let _ = big.send(Message::Text(padded.to_string().into())).await;
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match big.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .unwrap_or(false);
    assert!(closed, "the oversized message ends the socket");

    // A control message of normal size on another socket is still answered.
    other.send(Message::Text(json!({"type": "OnAddToGroupAsync", "site_code": "GEA-MAIN"}).to_string().into())).await.unwrap();
    let refused = next_json(&mut other, Duration::from_secs(2)).await.unwrap();
    assert_eq!(refused["type"], "error");
}

#[tokio::test]
async fn a_process_refuses_hub_sockets_beyond_its_maximum_with_a_503_and_takes_one_again_once_a_socket_closes() {
    let app = TestApp::spawn_with(|s| s.realtime_max_sockets = 2).await;
    let buyer = app.login("buyer").await;
    let mut first = connect(&app, &format!("/api/alert?access_token={buyer}")).await;
    let _second = connect(&app, &format!("/api/site?site_code=ACME-NORTH&access_token={buyer}")).await;
    assert_eq!(refusal(&app, &format!("/api/alert?access_token={buyer}")).await, 503);
    assert_eq!(refusal(&app, &format!("/api/site?site_code=ACME-NORTH&access_token={buyer}")).await, 503);

    first.close(None).await.unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        match tokio_tungstenite::connect_async(ws_url(&app, &format!("/api/alert?access_token={buyer}"))).await {
            Ok(_) => break,
            Err(tungstenite::Error::Http(resp)) if resp.status() == 503 => {
                assert!(tokio::time::Instant::now() < deadline, "the closed socket's place was never freed");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("unexpected failure: {e}"),
        }
    }
}
