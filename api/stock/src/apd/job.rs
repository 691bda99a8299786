//! Job type 18: refreshes the min/max suggestions of every active site (daily; idempotent: a second run computes
//! the same numbers and keeps every review).

use futures::future::BoxFuture;
use kernel::jobs::{Job, JobContext};
use kernel::notify::{types, Notice};

use super::{repo, service};

pub struct RefreshSuggestions;

impl Job for RefreshSuggestions {
    fn job_type_id(&self) -> i32 {
        18
    }

    fn name(&self) -> &'static str {
        "Refresh min/max suggestions (APD) of every site"
    }

    fn run<'a>(&'a self, ctx: &'a JobContext) -> BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(async move {
            let sites = {
                let mut conn = ctx.pool.acquire().await?;
                repo::active_sites(&mut conn).await?
            };
            let (mut computed, mut changed) = (0, 0);
            for (schema, site_id) in &sites {
                let Some(schema) = tenancy::SchemaName::parse(schema) else {
                    ctx.warn(format!("site {site_id}: schema name {schema:?} is not valid; skipped"));
                    continue;
                };
                // One transaction per site: a failing site does not undo the others.
                let mut tx = repo::begin_site(&ctx.pool, &schema, *site_id).await?;
                let (c, ch) = service::refresh_site(&mut tx, *site_id).await?;
                if ch > 0 {
                    // Whoever reviews min/max at the site hears that there is something new to review.
                    let notice = Notice {
                        type_id: types::MIN_MAX_SUGGESTIONS,
                        subject: format!("{ch} new min/max suggestion(s) to review"),
                        text: format!("The nightly usage analysis changed the suggested min/max of {ch} of {c} item(s) at this site."),
                        link: Some("/apd/review".to_owned()),
                        ..Notice::default()
                    };
                    kernel::notify::raise_at(&mut tx, *site_id, &notice).await?;
                }
                tx.commit().await?;
                ctx.debug(format!("site {site_id}: {c} suggestion(s), {ch} changed"));
                computed += c;
                changed += ch;
            }
            Ok(format!("Refreshed {computed} suggestion(s) at {} site(s); {changed} changed.", sites.len()))
        })
    }
}
