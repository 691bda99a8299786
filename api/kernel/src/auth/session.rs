//! Server-side sessions in Redis: inactivity timeout, revocation, and state that must survive an API restart and be
//! shared by every replica (current site, impersonation).

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::AsyncCommands;
use tokio::sync::OnceCell;
use rand::RngCore;
use serde::{Deserialize, Serialize};

const REDIS_TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Session {
    pub session_id: String,
    /// The effective user.
    pub user_id: i64,
    /// The support user acting as `user_id`, while impersonating.
    pub impersonator_id: Option<i64>,
    /// The support user's own session, restored when impersonation stops.
    pub parent_session_id: Option<String>,
    pub current_site_id: Option<i64>,
    pub password_expired: bool,
    pub created_at: i64,
}

#[derive(Clone)]
pub struct SessionStore {
    client: redis::Client,
    /// Made at the first use, so the API starts (and `/api/ready` says so) while Redis is down; from then on it
    /// reconnects by itself.
    connection: Arc<OnceCell<ConnectionManager>>,
    idle: Duration,
    /// Key namespace, so several deployments (or parallel test runs) can share one Redis.
    prefix: String,
}

pub fn random_token(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::thread_rng().fill_bytes(&mut buf);
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

impl SessionStore {
    fn session_key(&self, id: &str) -> String {
        format!("{}:sess:{id}", self.prefix)
    }
    fn user_key(&self, user_id: i64) -> String {
        format!("{}:user-sess:{user_id}", self.prefix)
    }
    fn api_disabled_key(&self) -> String {
        format!("{}:api-disabled", self.prefix)
    }
    fn temp_key(&self, key: &str) -> String {
        format!("{}:tmp:{key}", self.prefix)
    }
    fn counter_key(&self, key: &str) -> String {
        format!("{}:count:{key}", self.prefix)
    }
    fn set_key(&self, key: &str) -> String {
        format!("{}:set:{key}", self.prefix)
    }

    pub fn connect(url: &str, idle: Duration, prefix: &str) -> anyhow::Result<Self> {
        let client = redis::Client::open(url).context("reading the Redis address")?;
        Ok(Self { client, connection: Arc::new(OnceCell::new()), idle, prefix: prefix.to_owned() })
    }

    pub fn idle(&self) -> Duration {
        self.idle
    }

    /// The shared connection. Every request's commands travel on it, pipelined with those of concurrent requests
    /// (Redis runs commands one at a time anyway); a clone is a handle, not a new connection.
    async fn conn(&self) -> anyhow::Result<ConnectionManager> {
        let manager = self
            .connection
            .get_or_try_init(|| async {
                // A Redis outage must be an error, not a hang.
                let config = ConnectionManagerConfig::new()
                    .set_connection_timeout(Some(REDIS_TIMEOUT))
                    .set_response_timeout(Some(REDIS_TIMEOUT))
                    .set_number_of_retries(1);
                ConnectionManager::new_with_config(self.client.clone(), config).await
            })
            .await
            .context("connecting to Redis")?;
        Ok(manager.clone())
    }

    pub async fn ping(&self) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let _: String = redis::cmd("PING").query_async(&mut c).await?;
        Ok(())
    }

    pub async fn create(
        &self,
        user_id: i64,
        current_site_id: Option<i64>,
        password_expired: bool,
        impersonator: Option<(i64, String)>,
    ) -> anyhow::Result<Session> {
        let (impersonator_id, parent_session_id) = match impersonator {
            Some((id, sid)) => (Some(id), Some(sid)),
            None => (None, None),
        };
        let session = Session {
            session_id: random_token(24),
            user_id,
            impersonator_id,
            parent_session_id,
            current_site_id,
            password_expired,
            created_at: chrono::Utc::now().timestamp(),
        };
        self.save(&session).await?;
        let mut c = self.conn().await?;
        let _: () = c.sadd(self.user_key(user_id), &session.session_id).await?;
        Ok(session)
    }

    pub async fn save(&self, session: &Session) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let json = serde_json::to_string(session)?;
        let _: () = c.set_ex(self.session_key(&session.session_id), json, self.idle.as_secs()).await?;
        Ok(())
    }

    /// Loads a live session and restarts its inactivity clock.
    pub async fn touch(&self, session_id: &str) -> anyhow::Result<Option<Session>> {
        let mut c = self.conn().await?;
        let raw: Option<String> = redis::cmd("GETEX")
            .arg(self.session_key(session_id))
            .arg("EX")
            .arg(self.idle.as_secs())
            .query_async(&mut c)
            .await?;
        Ok(raw.and_then(|r| serde_json::from_str(&r).ok()))
    }

    /// The API switch and, when `session_id` is given, the live session with its inactivity clock restarted: what
    /// every request needs from Redis, in one round trip.
    pub async fn touch_with_switch(&self, session_id: Option<&str>) -> anyhow::Result<(Option<Session>, bool)> {
        let mut c = self.conn().await?;
        match session_id {
            None => {
                let disabled: bool = c.exists(self.api_disabled_key()).await?;
                Ok((None, !disabled))
            }
            Some(id) => {
                let (raw, disabled): (Option<String>, bool) = redis::pipe()
                    .cmd("GETEX")
                    .arg(self.session_key(id))
                    .arg("EX")
                    .arg(self.idle.as_secs())
                    .cmd("EXISTS")
                    .arg(self.api_disabled_key())
                    .query_async(&mut c)
                    .await?;
                Ok((raw.and_then(|r| serde_json::from_str(&r).ok()), !disabled))
            }
        }
    }

    /// Loads a session without extending it.
    pub async fn peek(&self, session_id: &str) -> anyhow::Result<Option<(Session, i64)>> {
        let mut c = self.conn().await?;
        let key = self.session_key(session_id);
        let raw: Option<String> = c.get(&key).await?;
        let ttl: i64 = c.ttl(&key).await?;
        Ok(raw.and_then(|r| serde_json::from_str(&r).ok()).map(|s| (s, ttl)))
    }

    pub async fn revoke(&self, session_id: &str) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let _: () = c.del(self.session_key(session_id)).await?;
        Ok(())
    }

    /// Ends every session of the user, except `keep` (the one that asked, after a password change).
    pub async fn revoke_all_for_user(&self, user_id: i64, keep: Option<&str>) -> anyhow::Result<usize> {
        let mut c = self.conn().await?;
        let ids: Vec<String> = c.smembers(self.user_key(user_id)).await?;
        let mut revoked = 0;
        for id in ids {
            if Some(id.as_str()) == keep {
                continue;
            }
            let n: usize = c.del(self.session_key(&id)).await?;
            revoked += n;
            let _: () = c.srem(self.user_key(user_id), &id).await?;
        }
        Ok(revoked)
    }

    /// PUBLISH on the shared connection (kernel::realtime names the channels, prefix included).
    pub async fn publish(&self, channel: &str, payload: &str) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let _: i64 = c.publish(channel, payload).await?;
        Ok(())
    }

    pub async fn api_enabled(&self) -> anyhow::Result<bool> {
        let mut c = self.conn().await?;
        let disabled: bool = c.exists(self.api_disabled_key()).await?;
        Ok(!disabled)
    }

    pub async fn set_api_enabled(&self, enabled: bool) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        if enabled {
            let _: () = c.del(self.api_disabled_key()).await?;
        } else {
            let _: () = c.set(self.api_disabled_key(), "1").await?;
        }
        Ok(())
    }

    /// Stores a short-lived value (OIDC state, one-time SSO codes).
    pub async fn put_temp(&self, key: &str, value: &str, seconds: u64) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let _: () = c.set_ex(self.temp_key(key), value, seconds).await?;
        Ok(())
    }

    /// Reads and deletes a short-lived value, so it can be used once.
    pub async fn take_temp(&self, key: &str) -> anyhow::Result<Option<String>> {
        let mut c = self.conn().await?;
        let v: Option<String> = redis::cmd("GETDEL").arg(self.temp_key(key)).query_async(&mut c).await?;
        Ok(v)
    }

    /// The current values of fixed-window counters (0 for a counter that is not running), in one round trip.
    pub async fn counts(&self, keys: &[String]) -> anyhow::Result<Vec<i64>> {
        let mut c = self.conn().await?;
        let full: Vec<String> = keys.iter().map(|k| self.counter_key(k)).collect();
        let values: Vec<Option<i64>> = redis::cmd("MGET").arg(&full).query_async(&mut c).await?;
        Ok(values.into_iter().map(Option::unwrap_or_default).collect())
    }

    /// Counts one event in each of `keys`; a counter starts its window of `seconds` at its first event. One round
    /// trip.
    pub async fn count_events(&self, keys: &[String], seconds: u64) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let mut pipe = redis::pipe();
        for k in keys {
            let key = self.counter_key(k);
            pipe.cmd("INCR").arg(&key).ignore();
            pipe.cmd("EXPIRE").arg(&key).arg(seconds).arg("NX").ignore();
        }
        let _: () = pipe.query_async(&mut c).await?;
        Ok(())
    }

    /// Ends counters (a successful sign-in ends its own failures).
    pub async fn reset_counts(&self, keys: &[String]) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let full: Vec<String> = keys.iter().map(|k| self.counter_key(k)).collect();
        let _: () = c.del(full).await?;
        Ok(())
    }

    /// Adds `member` to a set kept for `seconds` after its last addition.
    pub async fn remember(&self, set: &str, member: &str, seconds: u64) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let key = self.set_key(set);
        let _: () = redis::pipe().cmd("SADD").arg(&key).arg(member).ignore().cmd("EXPIRE").arg(&key).arg(seconds).ignore().query_async(&mut c).await?;
        Ok(())
    }

    pub async fn remembers(&self, set: &str, member: &str) -> anyhow::Result<bool> {
        let mut c = self.conn().await?;
        Ok(c.sismember(self.set_key(set), member).await?)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    #[tokio::test]
    async fn a_redis_that_does_not_answer_is_an_error_within_seconds_not_a_hang() {
        // A closed port refuses at once; TEST-NET-1 (192.0.2.0/24) is never routed, so a connection there waits.
        for url in ["redis://127.0.0.1:1/", "redis://192.0.2.1:6379/"] {
            let store = SessionStore::connect(url, Duration::from_secs(60), "asp-test").expect("a valid address");
            let started = Instant::now();
            assert!(store.ping().await.is_err(), "{url} answered a ping");
            assert!(started.elapsed() < Duration::from_secs(15), "{url}: the error took {:?}", started.elapsed());
        }
    }

    #[tokio::test]
    async fn concurrent_requests_share_one_connection_and_each_gets_its_own_answer() {
        let store = SessionStore::connect("redis://127.0.0.1/", Duration::from_secs(60), &format!("asp-test-{}", random_token(8))).expect("a valid address");
        let sessions: Vec<Session> = futures::future::try_join_all((1..=50).map(|user| store.create(user, Some(user * 10), false, None)))
            .await
            .expect("sessions are created");
        let answers = futures::future::try_join_all(sessions.iter().map(|s| store.touch_with_switch(Some(&s.session_id)))).await.expect("touches answer");
        for (session, (found, enabled)) in sessions.iter().zip(answers) {
            assert!(enabled);
            assert_eq!(found.as_ref(), Some(session), "a touch answered another request's session");
        }
    }
}
