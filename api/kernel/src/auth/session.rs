//! Server-side sessions in Redis: inactivity timeout, revocation, and state that must survive an API restart and be
//! shared by every replica (current site, impersonation).

use std::time::Duration;

use anyhow::Context;
use deadpool_redis::redis::AsyncCommands;
use deadpool_redis::{Config, Pool, Runtime, Timeouts};
use rand::RngCore;
use serde::{Deserialize, Serialize};

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
    pool: Pool,
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
        let mut cfg = Config::from_url(url);
        let mut pool_cfg = deadpool_redis::PoolConfig::new(32);
        // A Redis outage must be an error, not a hang.
        pool_cfg.timeouts = Timeouts {
            wait: Some(Duration::from_secs(3)),
            create: Some(Duration::from_secs(3)),
            recycle: Some(Duration::from_secs(3)),
        };
        cfg.pool = Some(pool_cfg);
        let pool = cfg.create_pool(Some(Runtime::Tokio1)).context("creating the Redis pool")?;
        Ok(Self { pool, idle, prefix: prefix.to_owned() })
    }

    pub fn idle(&self) -> Duration {
        self.idle
    }

    async fn conn(&self) -> anyhow::Result<deadpool_redis::Connection> {
        self.pool.get().await.context("connecting to Redis")
    }

    pub async fn ping(&self) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let _: String = deadpool_redis::redis::cmd("PING").query_async(&mut c).await?;
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
        let raw: Option<String> = deadpool_redis::redis::cmd("GETEX")
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
                let (raw, disabled): (Option<String>, bool) = deadpool_redis::redis::pipe()
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
        let v: Option<String> = deadpool_redis::redis::cmd("GETDEL").arg(self.temp_key(key)).query_async(&mut c).await?;
        Ok(v)
    }

    /// The current values of fixed-window counters (0 for a counter that is not running), in one round trip.
    pub async fn counts(&self, keys: &[String]) -> anyhow::Result<Vec<i64>> {
        let mut c = self.conn().await?;
        let full: Vec<String> = keys.iter().map(|k| self.counter_key(k)).collect();
        let values: Vec<Option<i64>> = deadpool_redis::redis::cmd("MGET").arg(&full).query_async(&mut c).await?;
        Ok(values.into_iter().map(Option::unwrap_or_default).collect())
    }

    /// Counts one event in each of `keys`; a counter starts its window of `seconds` at its first event. One round
    /// trip.
    pub async fn count_events(&self, keys: &[String], seconds: u64) -> anyhow::Result<()> {
        let mut c = self.conn().await?;
        let mut pipe = deadpool_redis::redis::pipe();
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
        let _: () = deadpool_redis::redis::pipe().cmd("SADD").arg(&key).arg(member).ignore().cmd("EXPIRE").arg(&key).arg(seconds).ignore().query_async(&mut c).await?;
        Ok(())
    }

    pub async fn remembers(&self, set: &str, member: &str) -> anyhow::Result<bool> {
        let mut c = self.conn().await?;
        Ok(c.sismember(self.set_key(set), member).await?)
    }
}
