//! Vendor cost review (SHV-041, SHV-042, the home tile CDSVCR): the CIPs of the current site whose vendor's shared
//! vendor has a catalogue cost valid today for the CIP's item that differs from what the site pays (the CIP's
//! average cost), with the difference and its percent. docs/costs.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
