//! Home tile counts (spec 1 home tiles: "the number of ... at the current site"). The shell shows the tiles; the
//! area that owns the records counts them, through [`TileCount`], so the shell depends on no area (the binary
//! composes the counters, as it does the job registry).

use std::collections::HashMap;
use std::sync::Arc;

use futures::future::BoxFuture;
use sqlx::PgPool;
use tenancy::SiteScope;

use crate::error::ApiError;

/// Counts the records of one home tile at a site.
pub trait TileCount: Send + Sync {
    /// The tile's `asp_name` in `asp.homepage_tile` (for example `CDSVCR`).
    fn asp_name(&self) -> &'static str;
    /// The count at the scope's site; the counter opens its own transaction from the scope.
    fn count<'a>(&'a self, pool: &'a PgPool, scope: &'a SiteScope) -> BoxFuture<'a, Result<i64, ApiError>>;
    /// The console list the tile opens, when it is not the route stored with the tile (those name the screens of
    /// the application this console replaces).
    fn route(&self) -> Option<&'static str> {
        None
    }
    /// Permissions of that list, any one of which the caller needs to see the tile (a tile opens what it counts).
    fn requires(&self) -> &'static [&'static str] {
        &[]
    }
}

/// The counters the binary registered, by tile.
#[derive(Default, Clone)]
pub struct TileCounts {
    by_name: HashMap<&'static str, Arc<dyn TileCount>>,
}

impl TileCounts {
    pub fn new(counters: Vec<Arc<dyn TileCount>>) -> Self {
        Self { by_name: counters.into_iter().map(|c| (c.asp_name(), c)).collect() }
    }

    pub fn get(&self, asp_name: &str) -> Option<&Arc<dyn TileCount>> {
        self.by_name.get(asp_name)
    }
}
