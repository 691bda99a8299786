//! Tracking levels and tracking codes (docs/tracking-codes.md): a site's levels 1-4 (cost centre, job, machine ...),
//! their codes with limits and override flags, suspension, supervisors, item restrictions, defaults by relationship
//! and the selection rules (`selection`, shared with the draw policy). Layout: `model` (wire types), `repo` (SQL),
//! `service` (rules and transactions), `http` (thin operations). See docs/architecture.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod selection;
pub mod service;
