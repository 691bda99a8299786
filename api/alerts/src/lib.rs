//! Alerts (docs/alerts.md): alert auditing, each user's alert settings per site, and the inbox. Raising a
//! notification is `kernel::notify` (any area raises them). One folder per resource (`model`, `repo`, `service`,
//! `http`; see docs/architecture.md).

pub mod auditing;
pub mod inbox;
pub mod settings;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (auditing::http::AlertAuditingApi, settings::http::AlertSettingsApi, inbox::http::AlertInboxApi);
