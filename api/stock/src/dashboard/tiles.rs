//! The home tile 'APD Summary' (CDAPDWARN): the min/max suggestions waiting for review at the site. It opens the
//! Min/Max Review screen, so only its users see it.

use futures::future::BoxFuture;
use kernel::error::ApiError;
use kernel::tiles::TileCount;
use sqlx::PgPool;
use tenancy::SiteScope;

use super::repo;

pub struct ApdSummaryTile;

impl TileCount for ApdSummaryTile {
    fn asp_name(&self) -> &'static str {
        "CDAPDWARN"
    }

    fn count<'a>(&'a self, pool: &'a PgPool, scope: &'a SiteScope) -> BoxFuture<'a, Result<i64, ApiError>> {
        Box::pin(async move {
            let mut tx = scope.begin(pool).await?;
            Ok(repo::pending_suggestions(&mut tx, scope.site_id()).await?)
        })
    }

    fn route(&self) -> Option<&'static str> {
        Some("/apd/review")
    }

    fn requires(&self) -> &'static [&'static str] {
        &["APDReview"]
    }
}
