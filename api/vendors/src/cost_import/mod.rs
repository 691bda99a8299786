//! Cost catalogue import (docs/costs.md): a supplier's catalogue from an .xlsx or CSV file in the template's columns,
//! checked row by row (required fields, numbers, dates, breaks, pack, brand, commodity, duplicates inside the file
//! and against the catalogue). All or nothing: one refused row refuses the whole file, otherwise every row is
//! applied in one transaction. Upload -> import id -> poll progress -> report (downloadable as .xlsx); the export
//! writes the same columns, so an exported catalogue imports again.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
