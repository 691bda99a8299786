//! The application shell of spec 1: sign-in and sessions, context, sites, user settings, tiles, shortcuts,
//! addresses and the small calls around them.

pub mod address;
pub mod auth_api;
pub mod auth_service;
pub mod context;
pub mod misc;
pub mod presentation;
pub mod site_api;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (auth_api::AuthApi, site_api::SiteApi, presentation::PresentationApi, misc::MiscApi, address::AddressApi);
