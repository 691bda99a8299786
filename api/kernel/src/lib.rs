//! The kernel every area crate builds on, and the only thing they share: the error shape, the guard and the
//! [`access::Caller`], the permission catalogue, the list and export machinery, audit, object-level record checks,
//! sessions and tokens, the job trait, API tags and the application state. Area crates depend on this crate and on
//! nothing of each other (docs/architecture.md).

pub mod access;
pub mod apiset;
pub mod audit;
pub mod auth;
pub mod config;
pub mod draw;
pub mod error;
pub mod export;
pub mod fields;
pub mod import;
pub mod jobs;
pub mod listing;
pub mod mail;
pub mod notify;
pub mod num;
pub mod perm;
pub mod reach;
pub mod realtime;
pub mod records;
pub mod state;
pub mod tiles;
pub mod validate;

pub use apiset::ApiSet;
pub use perm::Perm;

/// The tags that group operations in the OpenAPI document.
#[derive(poem_openapi::Tags)]
pub enum ApiTags {
    /// Sign-in, sessions, single sign-on, impersonation
    Auth,
    /// The application shell: context, sites, settings, tiles, shortcuts
    Shell,
    /// Staff console resources (react-admin simple-rest shape)
    Console,
    /// Liveness and readiness
    Health,
    /// Administrator and developer tools: releases, glossary, jobs, error log, database tools, alert auditing
    DevOps,
    /// The item master: the provider's one catalogue of manufacturer parts
    ItemMaster,
    /// Customer items at a site: CID, CIP, locations, replenishment, custom fields, crib devices, item search
    Items,
    /// Files and images attached to records
    Files,
    /// The people who draw stock: employees, workflow factors, employee groups, tracking codes
    People,
    /// The stock ledger: transactions and the movements that post them (issue, return, adjust, scrap, transfer,
    /// receipt, reverse)
    Stock,
    /// Vendors and manufacturers of a client: their blocks and searches, vendor sites, approved vendors and buyer
    /// settings
    Vendor,
    /// Shared vendors: the provider's record of a supplier across clients, its detail and child records
    SharedVendor,
    /// Shared vendor cost catalogues: costs with their quantity breaks, the import, the export and the cost review
    Cost,
    /// Type lookups: the provider's reference lists (states, countries, currencies, terms, ship methods, ...) and
    /// their administration
    Type,
}



