//! Real-time messages to the browser (spec 1 "Real-time hubs", docs/realtime.md): any part of the application
//! publishes an [`Event`] to a user or to a site; the hubs (`api/src/realtime.rs`) carry it over WebSocket to the
//! connections of that user or site on every replica.
//!
//! Replicas do not know each other, so a message goes through Redis pub/sub: [`Realtime::publish_to_user`] and
//! [`Realtime::publish_to_site`] PUBLISH it, and one subscriber task per process ([`Realtime::spawn_subscriber`])
//! hands what Redis delivers to the local connections through a broadcast channel. Pub/sub is fire and forget: a
//! replica that is disconnected from Redis at that moment misses the message, which suits toasts (the inbox is the
//! record of an alert).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::auth::session::SessionStore;

/// What a hub sends, as one JSON text frame `{"type": ..., "message": ...}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Event {
    /// Text shown as a toast (alert hub). A notification's toast also names it (the inbox's `?id=`), its subject
    /// and the console route of its record.
    #[serde(rename = "alertReceived")]
    AlertReceived {
        message: String,
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            rename = "notificationId"
        )]
        notification_id: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        subject: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        link: Option<String>,
    },
    /// HTML shown as a toast (alert hub).
    #[serde(rename = "alertHTMLReceived")]
    AlertHtmlReceived { message: String },
    /// The user's new cart value (alert hub).
    #[serde(rename = "cartUpdatedReceived")]
    CartUpdatedReceived { message: String },
    /// A message published to everyone at a site (site hub).
    #[serde(rename = "BroadcastMessageToSite")]
    BroadcastMessageToSite { message: String },
}

/// Whom a delivered message is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    User(i64),
    /// A site code, upper case.
    Site(String),
}

/// One message as the local connections receive it: the frame is serialised once, whatever the number of sockets.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub target: Target,
    pub frame: Arc<str>,
}

/// Messages the local broadcast keeps for a slow connection before it skips (that connection loses them).
const LOCAL_CAPACITY: usize = 1024;
const MAX_BACKOFF: Duration = Duration::from_secs(30);

impl Event {
    /// A plain text toast.
    pub fn alert(message: impl Into<String>) -> Self {
        Self::AlertReceived {
            message: message.into(),
            notification_id: None,
            subject: None,
            link: None,
        }
    }
}

#[derive(Clone)]
pub struct Realtime {
    /// Publishing shares the sessions' self-reconnecting connection.
    sessions: SessionStore,
    client: redis::Client,
    prefix: String,
    local: broadcast::Sender<Delivery>,
    /// Hub sockets open on this process (the server's `max_connections` stops counting a connection once it is
    /// upgraded to a WebSocket).
    sockets: Arc<AtomicUsize>,
}

/// One open hub socket, counted until it is dropped.
pub struct SocketSlot(Arc<AtomicUsize>);

impl Drop for SocketSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Realtime {
    pub fn new(redis_url: &str, prefix: &str, sessions: SessionStore) -> anyhow::Result<Self> {
        let client = redis::Client::open(redis_url)?;
        let (local, _) = broadcast::channel(LOCAL_CAPACITY);
        Ok(Self { sessions, client, prefix: prefix.to_owned(), local, sockets: Arc::new(AtomicUsize::new(0)) })
    }

    /// A slot for one more hub socket on this process, or `None` when `max` are open already.
    pub fn open_socket(&self, max: usize) -> Option<SocketSlot> {
        self.sockets
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |open| (open < max).then_some(open + 1))
            .ok()
            .map(|_| SocketSlot(Arc::clone(&self.sockets)))
    }

    /// How many hub sockets are open on this process.
    pub fn open_sockets(&self) -> usize {
        self.sockets.load(Ordering::SeqCst)
    }

    fn channel_prefix(&self) -> String {
        format!("{}:rt:", self.prefix)
    }

    /// Sends `event` to every hub connection of the user, on every replica. An error means Redis did not take it
    /// (the caller logs it; nothing is retried).
    pub async fn publish_to_user(&self, user_id: i64, event: &Event) -> anyhow::Result<()> {
        self.publish(&format!("{}user:{user_id}", self.channel_prefix()), event).await
    }

    /// Sends `event` to every site hub connection in the group of `site_code`, on every replica.
    pub async fn publish_to_site(&self, site_code: &str, event: &Event) -> anyhow::Result<()> {
        self.publish(&format!("{}site:{}", self.channel_prefix(), site_code.to_uppercase()), event).await
    }

    async fn publish(&self, channel: &str, event: &Event) -> anyhow::Result<()> {
        self.sessions.publish(channel, &serde_json::to_string(event)?).await
    }

    /// The messages for this process's connections; each connection filters them by its user and site groups.
    pub fn subscribe(&self) -> broadcast::Receiver<Delivery> {
        self.local.subscribe()
    }

    /// The process's one subscriber: forwards what Redis delivers to the local connections, and reconnects with
    /// back-off (up to 30 s) when Redis goes away.
    pub fn spawn_subscriber(&self) -> tokio::task::JoinHandle<()> {
        let this = self.clone();
        tokio::spawn(async move {
            let mut backoff = Duration::from_millis(250);
            loop {
                match this.listen().await {
                    Ok(()) => tracing::warn!("real-time subscription ended; reconnecting"),
                    Err(e) => tracing::warn!(error = %e, "real-time subscription failed; reconnecting"),
                }
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
            }
        })
    }

    async fn listen(&self) -> anyhow::Result<()> {
        let mut pubsub = self.client.get_async_pubsub().await?;
        let prefix = self.channel_prefix();
        pubsub.psubscribe(format!("{prefix}*")).await?;
        let mut messages = pubsub.into_on_message();
        while let Some(msg) = messages.next().await {
            let channel = msg.get_channel_name();
            let Some(target) = channel.strip_prefix(&prefix).and_then(parse_target) else { continue };
            let Ok(payload) = msg.get_payload::<String>() else { continue };
            // No receiver (no open socket in this process) is not an error.
            let _ = self.local.send(Delivery { target, frame: payload.into() });
        }
        Ok(())
    }
}

fn parse_target(rest: &str) -> Option<Target> {
    if let Some(id) = rest.strip_prefix("user:") {
        return id.parse().ok().map(Target::User);
    }
    rest.strip_prefix("site:").map(|code| Target::Site(code.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_written_as_the_hub_protocol_names_them() {
        let e = Event::AlertHtmlReceived { message: "<b>x</b>".into() };
        assert_eq!(serde_json::to_value(&e).ok(), Some(serde_json::json!({"type": "alertHTMLReceived", "message": "<b>x</b>"})));
        assert_eq!(parse_target("user:42"), Some(Target::User(42)));
        assert_eq!(parse_target("site:ACME-NORTH"), Some(Target::Site("ACME-NORTH".into())));
        assert_eq!(parse_target("other"), None);
    }
}
