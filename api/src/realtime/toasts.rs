//! The toast sender (issue 23, docs/alerts.md "Toast"): the toasts of committed notifications go to the hubs.
//!
//! `kernel::notify::raise` leaves a recipient's toast pending and NOTIFYs `asp_toast` in the raising transaction, so
//! the wake-up arrives only if that transaction commits. Every replica listens; the one whose claim takes a recipient
//! row (toast state 1 -> 2 under `skip locked`) publishes it through Redis to the user's `alert` hub on every replica
//! (a site broadcast goes once to the site's `site` hub instead). A sweep every `realtime_toast_sweep_seconds` sends
//! toasts whose wake-up was missed (a listener reconnecting) and gives up those older than a minute: a toast is
//! news, and the inbox keeps the message.
//!
//! Up to `CONCURRENT_DELIVERIES` wake-ups are handled at once, so two toasts for one person may arrive in either order
//! (each is news of its own; the inbox keeps the order).
//!
//! A toast is sent at most once: claimed, committed, then published. A replica that dies between the commit and the
//! publish loses that toast (the inbox still has it); publishing first would show it twice instead.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;
use sqlx::PgPool;
use tokio::sync::Semaphore;

use kernel::notify::{repo::TOAST_CHANNEL, types};
use kernel::realtime::{Event, Realtime};

use super::repo::{self, ClaimedToast};

/// Wake-ups a replica handles at once. Each is a claim transaction and a publish (a few round trips); handled one
/// after another they queued behind each other at 200 events a second, the tail of the toast latency
/// (bench/README.md "Toast latency"). Few enough to leave the pool (`db_max_connections`) to the requests.
const CONCURRENT_DELIVERIES: usize = 4;
/// Toasts older than this are not shown any more.
const MAX_TOAST_AGE_SECONDS: i32 = 60;
/// The sweep leaves younger toasts to their wake-up.
const SWEEP_MIN_AGE_SECONDS: i32 = 2;

/// Starts the process's toast sender: listens for wake-ups, sweeps on a timer, reconnects after errors.
pub fn spawn(
    pool: PgPool,
    realtime: Realtime,
    sweep_every: Duration,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut backoff = Duration::from_millis(250);
        loop {
            match run(&pool, &realtime, sweep_every).await {
                Ok(()) => tracing::warn!("toast sender stopped listening; reconnecting"),
                Err(e) => {
                    tracing::warn!(error = %format!("{e:#}"), "toast sender failed; reconnecting")
                }
            }
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(Duration::from_secs(30));
        }
    })
}

async fn run(pool: &PgPool, realtime: &Realtime, sweep_every: Duration) -> anyhow::Result<()> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(TOAST_CHANNEL).await?;
    // Wake-ups sent while no listener was connected are lost: sweep for them at once.
    sweep(pool, realtime).await;
    let mut tick = tokio::time::interval(sweep_every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    let in_flight = Arc::new(Semaphore::new(CONCURRENT_DELIVERIES));
    loop {
        tokio::select! {
            wake = listener.recv() => {
                let wake = wake?;
                match parse_wake(wake.payload()) {
                    Some((schema, site_id, notification_id)) => {
                        // Waits here while CONCURRENT_DELIVERIES are in flight: the wake-ups queue in the listener.
                        let permit = Arc::clone(&in_flight).acquire_owned().await?;
                        let (pool, realtime) = (pool.clone(), realtime.clone());
                        tokio::spawn(async move {
                            if let Err(e) = deliver(&pool, &realtime, &schema, &[site_id], notification_id).await {
                                tracing::warn!(error = %format!("{e:#}"), notification_id, "could not send a notification's toasts");
                            }
                            drop(permit);
                        });
                    }
                    None => tracing::warn!(payload = wake.payload(), "a toast wake-up that is not <schema>:<site>:<notification>"),
                }
            }
            _ = tick.tick() => sweep(pool, realtime).await,
        }
    }
}

fn parse_wake(payload: &str) -> Option<(tenancy::SchemaName, i64, i64)> {
    let mut parts = payload.rsplitn(3, ':');
    let notification_id = parts.next()?.parse().ok()?;
    let site_id = parts.next()?.parse().ok()?;
    let schema = tenancy::SchemaName::parse(parts.next()?)?;
    Some((schema, site_id, notification_id))
}

/// Claims and publishes one notification's pending toasts; answers how many were sent.
async fn deliver(
    pool: &PgPool,
    realtime: &Realtime,
    schema: &tenancy::SchemaName,
    site_ids: &[i64],
    notification_id: i64,
) -> anyhow::Result<usize> {
    let mut tx = repo::begin_sites(pool, schema, site_ids).await?;
    let claimed = repo::claim_toasts(&mut tx, notification_id).await?;
    tx.commit().await?;
    publish(realtime, &claimed).await;
    Ok(claimed.len())
}

async fn publish(realtime: &Realtime, claimed: &[ClaimedToast]) {
    let Some(first) = claimed.first() else { return };
    if first.type_notification_id == types::SITE_BROADCAST {
        // Everyone at the site hears a broadcast once, on the site hub (those offline read it in their inbox).
        let event = Event::BroadcastMessageToSite {
            message: first.body.clone(),
        };
        if let Err(e) = realtime.publish_to_site(&first.site_code, &event).await {
            tracing::warn!(error = %e, notification_id = first.notification_id, "could not publish a site broadcast");
        }
        return;
    }
    for t in claimed {
        let Some(user_id) = t.asp_users_id else {
            continue;
        };
        let event = Event::AlertReceived {
            message: t.body.clone(),
            notification_id: Some(t.notification_id),
            subject: Some(t.subject.clone()),
            link: t.link.clone(),
        };
        if let Err(e) = realtime.publish_to_user(user_id, &event).await {
            tracing::warn!(error = %e, user_id, notification_id = t.notification_id, "could not publish a toast");
        }
    }
}

/// Every client's missed toasts: expire the old, send the rest. Errors are logged per client; the next sweep asks
/// again.
async fn sweep(pool: &PgPool, realtime: &Realtime) {
    // One replica sweeps at a time: the others' turns would find the same rows (claimed under skip locked, so never
    // sent twice) and only cost every client schema another pair of queries.
    let lock = match repo::try_lock_sweep(pool).await {
        Ok(Some(lock)) => lock,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(error = %e, "toast sweep could not take its lock");
            return;
        }
    };
    sweep_all(pool, realtime).await;
    if let Err(e) = lock.commit().await {
        tracing::warn!(error = %e, "toast sweep could not release its lock");
    }
}

async fn sweep_all(pool: &PgPool, realtime: &Realtime) {
    let clients = match repo::client_sites(pool).await {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!(error = %e, "toast sweep could not list the clients");
            return;
        }
    };
    for (schema, site_ids) in clients {
        let Some(schema) = tenancy::SchemaName::parse(&schema) else {
            continue;
        };
        if let Err(e) = sweep_client(pool, realtime, &schema, &site_ids).await {
            tracing::warn!(error = %format!("{e:#}"), schema = schema.as_str(), "toast sweep failed for a client");
        }
    }
}

async fn sweep_client(
    pool: &PgPool,
    realtime: &Realtime,
    schema: &tenancy::SchemaName,
    site_ids: &[i64],
) -> anyhow::Result<()> {
    let missed = {
        let mut tx = repo::begin_sites(pool, schema, site_ids).await?;
        let expired = repo::expire_toasts(&mut tx, MAX_TOAST_AGE_SECONDS).await?;
        let missed = repo::missed_toasts(&mut tx, SWEEP_MIN_AGE_SECONDS).await?;
        tx.commit().await?;
        if expired > 0 {
            tracing::info!(
                expired,
                schema = schema.as_str(),
                "toasts older than a minute given up (the inbox has them)"
            );
        }
        missed
    };
    for notification_id in missed {
        deliver(pool, realtime, schema, site_ids, notification_id).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wake_up_names_the_schema_the_site_and_the_notification() {
        let (schema, site, id) = parse_wake("client_acme:3:42").unwrap();
        assert_eq!((schema.as_str(), site, id), ("client_acme", 3, 42));
        assert!(parse_wake("client_acme:x:42").is_none());
        assert!(parse_wake("bad schema;drop:3:42").is_none());
        assert!(parse_wake("42").is_none());
    }
}
