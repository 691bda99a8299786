//! The application shell of spec 1: context, sites, user settings, tiles, shortcuts and the small calls around them.

pub mod address;
pub mod context;
pub mod misc;
pub mod presentation;
pub mod site_api;
