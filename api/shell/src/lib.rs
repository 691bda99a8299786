//! The application shell of spec 1: sign-in and sessions, context, sites, user settings, tiles, shortcuts,
//! addresses and the small calls around them. One folder per resource (`model`, `repo`, `service`, `http`; see
//! docs/architecture.md).

pub mod addresses;
pub mod api_switch;
pub mod auth;
pub mod bug_reports;
pub mod client_errors;
pub mod context;
pub mod passwords;
pub mod punch_in;
pub mod security_questions;
pub mod settings;
pub mod shortcuts;
pub mod sites;
pub mod tiles;
pub mod users;
pub mod version;

mod user_lists;

/// The product version the OpenAPI document and the version file carry.
pub use version::service::VERSION;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (
    auth::http::AuthApi,
    context::http::ContextApi,
    sites::http::SiteApi,
    settings::http::SettingsApi,
    tiles::http::TileApi,
    shortcuts::http::ShortcutApi,
    version::http::VersionApi,
    api_switch::http::ApiSwitchApi,
    client_errors::http::ClientErrorApi,
    bug_reports::http::BugReportApi,
    security_questions::http::SecurityQuestionApi,
    punch_in::http::PunchInApi,
    passwords::http::PasswordApi,
    users::http::UserApi,
    addresses::http::AddressApi,
);
