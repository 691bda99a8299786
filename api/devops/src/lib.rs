//! Administrator and developer tools (spec 2), and the background jobs that look after their data. One folder per
//! resource (`model`, `repo`, `service`, `http`; see docs/architecture.md).

pub mod db_tools;
pub mod developer_help;
pub mod error_log;
pub mod error_log_filters;
pub mod glossary;
pub mod jobs;
pub mod releases;
pub mod training;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (
    releases::http::ReleaseApi,
    glossary::http::GlossaryApi,
    developer_help::http::DeveloperHelpApi,
    training::http::TrainingLinkApi,
    error_log::http::ErrorLogApi,
    error_log_filters::http::ErrorLogFilterApi,
    db_tools::http::DbToolsApi,
);
