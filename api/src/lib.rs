//! The `asp` binary's library: composes the area crates into one application (routes, OpenAPI document, jobs),
//! and holds the command line, the demo seed and the health checks. HTTP lives under `api/` only.

pub mod app;
pub mod cli;
pub mod hardening;
pub mod health;
pub mod openapi;
pub mod realtime;
pub mod seed;
pub mod server;

// What the integration tests and tools reach through the binary's crate.
pub use kernel::{auth, config, error, state};

/// Every job this build can run, from every area that ships jobs, and the kernel's mail sender.
pub fn job_registry(mail: kernel::mail::MailSettings) -> kernel::jobs::Registry {
    kernel::jobs::Registry::new(devops::jobs::all().into_iter().chain(stock::jobs()).chain(kernel::mail::jobs(mail)).collect())
}

/// Every home tile count this build can answer, from the areas that own the counted records.
pub fn tile_counts() -> kernel::tiles::TileCounts {
    kernel::tiles::TileCounts::new(vendors::tiles().into_iter().chain(stock::tiles()).collect())
}
