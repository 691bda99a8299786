//! Administrator and developer tools (spec 2), and the background jobs that look after their data.

pub mod dbtools;
pub mod diff;
pub mod errorlog;
pub mod glossary;
pub mod jobs;
pub mod releases;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (releases::ReleaseApi, glossary::GlossaryApi, errorlog::ErrorLogApi, dbtools::DbToolsApi);
