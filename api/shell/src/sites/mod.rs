//! Sites: the caller's available sites (active sites of active clients, never ignored ones), finding them by typed
//! value or id, and their settings.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
