//! Cycle counts (docs/cycle-counts.md): the count plan of a site (days between counts by ABC class), count sheets
//! of the CIPs due (optionally in a location range), blind entry (the counter's view and answers never carry the
//! expected quantity), variances above the site's thresholds waiting for approval, and every difference posted to
//! the stock ledger as a PAD/NAD row with the CIP's last count date.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
