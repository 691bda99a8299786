//! Crib devices: stations (storage and dispensing equipment of the spec's kinds, VertexCoil 1 ... Kanban 100) and
//! their bins, the CIPs a device dispenses, kits (a kit CIP and its child CIPs) and kanban bins. These are the records
//! the crib and vending calls read. Layout: `model`, `repo`, `service`, `http`; see docs/cip.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
