//! Device reports: what crib and vending devices dispensed and took back, sent in batches to the integration
//! endpoint with the device's token (header `Token`). Each line is stored once per device transaction id
//! (`device_transaction`), posted through the ledger's issue/return with its own time, and answered posted,
//! duplicate or refused with the message. docs/devices.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
