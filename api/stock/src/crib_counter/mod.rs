//! The crib counter's look-ups (console screen `/transaction/cribCounter`, docs/devices.md "Crib counter"): the
//! employee behind a scanned badge (PIN where the site wants it, default tracking codes) and the CIP behind a
//! scanned code, with on hand. The counter then posts each line through the ledger's Issue and Return.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
