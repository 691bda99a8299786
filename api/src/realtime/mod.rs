//! The real-time hubs (spec 1 "Real-time hubs", docs/realtime.md): `GET /api/alert` carries the signed-in user's
//! toasts and cart value, `GET /api/site?site_code=CODE` the messages published to a site. Both are WebSocket
//! endpoints outside the OpenAPI document; the messages come from `kernel::realtime`, on whichever replica they were
//! published.

mod repo;
pub mod toasts;

use std::collections::HashSet;
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use poem::http::header;
use poem::web::websocket::{CloseCode, Message, WebSocket, WebSocketConfig, WebSocketStream};
use poem::web::Data;
use poem::{handler, IntoResponse, Request, Response};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use kernel::access::{caller_for_token, Caller};
use kernel::error::ApiError;
use kernel::state::AppState;

pub use kernel::realtime::{Event, Realtime, Target};

/// Browsers cannot set headers on a WebSocket, so the token comes as `access_token` in the query; a bearer header
/// (other clients) is taken too.
fn token_of(req: &Request) -> Option<String> {
    let from_query = req
        .uri()
        .query()
        .and_then(|q| url::form_urlencoded::parse(q.as_bytes()).find(|(k, _)| k == "access_token").map(|(_, v)| v.into_owned()));
    from_query.filter(|t| !t.is_empty()).or_else(|| {
        let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
        let (scheme, token) = value.split_once(' ')?;
        scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_owned())
    })
}

fn query_value(req: &Request, name: &str) -> Option<String> {
    req.uri().query().and_then(|q| url::form_urlencoded::parse(q.as_bytes()).find(|(k, _)| k == name).map(|(_, v)| v.into_owned()))
}

/// What a hub socket may receive and keeps for reading. Clients only send small control messages (join or leave a
/// site, pings), so a 4 KiB read buffer instead of tungstenite's 128 KiB keeps thousands of idle sockets cheap, and
/// anything over 64 KiB is refused instead of buffered (the default would take 64 MiB per message).
fn hub_config() -> WebSocketConfig {
    const MAX_CLIENT_MESSAGE: usize = 64 * 1024;
    WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .max_message_size(Some(MAX_CLIENT_MESSAGE))
        .max_frame_size(Some(MAX_CLIENT_MESSAGE))
}

/// The alert hub: the caller's own messages (the effective user's, while impersonating).
#[handler]
pub async fn alert_hub(req: &Request, ws: WebSocket, state: Data<&AppState>) -> Response {
    let state = state.0.clone();
    let caller = match caller_for_token(&state, token_of(req).as_deref()).await {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let Some(slot) = socket_slot(&state) else { return full() };
    ws.config(hub_config()).on_upgrade(move |socket| serve(socket, state, caller, None, slot)).into_response()
}

/// The site hub: the messages of the sites in the connection's groups, starting with `site_code`.
#[handler]
pub async fn site_hub(req: &Request, ws: WebSocket, state: Data<&AppState>) -> Response {
    let state = state.0.clone();
    let caller = match caller_for_token(&state, token_of(req).as_deref()).await {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let Some(code) = query_value(req, "site_code").filter(|c| !c.trim().is_empty()) else {
        return ApiError::bad_request("site_code is required.").into_response();
    };
    let code = match may_join(&state, &caller, &code).await {
        Ok(code) => code,
        Err(e) => return e.into_response(),
    };
    let Some(slot) = socket_slot(&state) else { return full() };
    ws.config(hub_config())
        .on_upgrade(move |socket| serve(socket, state, caller, Some(HashSet::from([code])), slot))
        .into_response()
}

/// A slot for the socket about to open, taken before the upgrade so a refused one never becomes a socket.
fn socket_slot(state: &AppState) -> Option<kernel::realtime::SocketSlot> {
    state.realtime.open_socket(state.settings.realtime_max_sockets)
}

/// The answer when the process holds `realtime_max_sockets` already: retryable (the client's reconnect backs off).
fn full() -> Response {
    tracing::warn!("a hub socket was refused: realtime_max_sockets are open on this process");
    ApiError::unavailable_because(HUB_FULL).into_response()
}

const HUB_FULL: &str = "Too many live connections on this server; try again in a moment.";

const NO_SITE_ACCESS: &str = "You do not have access to this site.";

/// The upper-case code of a site the caller may join; an unknown code is refused as one without access.
async fn may_join(state: &AppState, caller: &Caller, code: &str) -> Result<String, ApiError> {
    let code = code.trim().to_uppercase();
    let site_id = repo::site_id_by_code(&state.pool, &code).await.map_err(anyhow::Error::from)?;
    let Some(site_id) = site_id else { return Err(ApiError::forbidden(NO_SITE_ACCESS)) };
    match state.authz.access(caller.user_id, site_id).await? {
        Some(_) => Ok(code),
        None => Err(ApiError::forbidden(NO_SITE_ACCESS)),
    }
}

/// What a site hub client may send.
#[derive(Deserialize)]
#[serde(tag = "type")]
enum Command {
    OnAddToGroupAsync { site_code: String },
    OnRemoveFromGroupAsync { site_code: String },
}

fn error_frame(message: &str) -> Message {
    Message::Text(serde_json::json!({"type": "error", "message": message}).to_string())
}

/// One connection: forwards its messages, answers its group commands (site hub) and closes once its session ended.
/// `groups` is `None` on the alert hub.
async fn serve(
    socket: WebSocketStream,
    state: AppState,
    caller: Caller,
    mut groups: Option<HashSet<String>>,
    _slot: kernel::realtime::SocketSlot,
) {
    let (mut sink, mut stream) = socket.split();
    let mut messages = state.realtime.subscribe();
    let mut check = tokio::time::interval(Duration::from_secs(state.settings.realtime_session_check_seconds.max(1)));
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    check.tick().await;
    loop {
        tokio::select! {
            delivery = messages.recv() => match delivery {
                Ok(d) => {
                    let wanted = match (&d.target, &groups) {
                        (Target::User(id), None) => *id == caller.user_id,
                        (Target::Site(code), Some(g)) => g.contains(code),
                        _ => false,
                    };
                    if wanted && sink.send(Message::Text(d.frame.to_string())).await.is_err() {
                        break;
                    }
                }
                Err(RecvError::Lagged(skipped)) => tracing::warn!(skipped, user_id = caller.user_id, "a slow hub connection skipped messages"),
                Err(RecvError::Closed) => break,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if let Some(g) = groups.as_mut() {
                        if let Some(reply) = command(&state, &caller, g, &text).await {
                            if sink.send(reply).await.is_err() {
                                break;
                            }
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            _ = check.tick() => {
                if !session_lives(&state, &caller).await {
                    let _ = sink.send(Message::Close(Some((CloseCode::Policy, "Your session has ended.".to_owned())))).await;
                    break;
                }
            }
        }
    }
    let _ = sink.close().await;
}

/// Applies a group command; the answer is an error frame when it was refused or not understood.
async fn command(state: &AppState, caller: &Caller, groups: &mut HashSet<String>, text: &str) -> Option<Message> {
    match serde_json::from_str::<Command>(text) {
        Ok(Command::OnAddToGroupAsync { site_code }) => match may_join(state, caller, &site_code).await {
            Ok(code) => {
                groups.insert(code);
                None
            }
            Err(ApiError::Forbidden(_)) => Some(error_frame(NO_SITE_ACCESS)),
            Err(_) => Some(error_frame(kernel::error::SERVER_ERROR_MESSAGE)),
        },
        Ok(Command::OnRemoveFromGroupAsync { site_code }) => {
            groups.remove(&site_code.trim().to_uppercase());
            None
        }
        Err(_) => Some(error_frame("Unknown message.")),
    }
}

/// Whether the connection's session still stands (logout, revocation and inactivity end it). It is only read, not
/// extended: an open socket alone does not keep a session alive. A Redis failure keeps the socket open; the next
/// check asks again.
async fn session_lives(state: &AppState, caller: &Caller) -> bool {
    match state.sessions.peek(&caller.session.session_id).await {
        Ok(Some((session, _))) => session.user_id == caller.user_id,
        Ok(None) => false,
        Err(e) => {
            tracing::warn!(error = %e, "could not check a hub connection's session");
            true
        }
    }
}
