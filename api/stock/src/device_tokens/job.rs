//! Job type 43 (daily): tells each site's device administrators of its tokens that expire within 14 days, once per
//! token (alert type "Device token about to expire", docs/alerts.md), so a device is given a new token before it is
//! refused.

use futures::future::BoxFuture;
use kernel::jobs::{Job, JobContext};
use kernel::notify::{types, Notice};

use super::repo;

/// How long before its expiry a token's site is told.
pub const WARN_DAYS: i32 = 14;

pub struct WarnExpiringTokens;

impl Job for WarnExpiringTokens {
    fn job_type_id(&self) -> i32 {
        43
    }

    fn name(&self) -> &'static str {
        "Warn of device tokens about to expire"
    }

    fn run<'a>(&'a self, ctx: &'a JobContext) -> BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(async move {
            // One transaction: the warning and its mark commit together, so a token is warned of once.
            let mut tx = ctx.pool.begin().await?;
            let tokens = repo::expiring(&mut tx, WARN_DAYS).await?;
            for t in &tokens {
                let notice = Notice {
                    type_id: types::DEVICE_TOKEN_EXPIRING,
                    subject: format!("Device token expires {}: {}", t.expires_at.format("%Y-%m-%d"), t.device_name),
                    text: format!(
                        "The token {}... of device {} expires on {} (UTC). Issue the device a new token before then, or it will be refused.",
                        t.token_prefix,
                        t.device_name,
                        t.expires_at.format("%Y-%m-%d %H:%M")
                    ),
                    link: Some("/crib/deviceTokens".to_owned()),
                    ..Notice::default()
                };
                kernel::notify::raise_at_sites(&mut tx, &[t.site_id], &notice).await?;
                repo::mark_warned(&mut tx, t.device_token_id).await?;
                ctx.debug(format!(
                    "device token {} at site {}: warned",
                    t.device_token_id, t.site_id
                ));
            }
            tx.commit().await?;
            Ok(format!(
                "Warned of {} device token(s) expiring within {WARN_DAYS} days.",
                tokens.len()
            ))
        })
    }
}
