//! Min/max tuning (APD, docs/min-max-tuning.md): from each MinMax CIP's usage (usage1..usage13), its CID's lead time
//! and the site's service level, a suggested min, max and reorder quantity with up to five warnings; reviewed on
//! the Min/Max Review screen (accept sets the CIP's min/max/reorder quantity, audited like the CIP's replenishment
//! update; dismiss keeps the current settings) and refreshed by a daily job.

pub mod calc;
pub mod http;
pub mod job;
pub mod model;
pub mod repo;
pub mod service;
