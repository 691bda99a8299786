//! Shared vendor cost catalogues (domain.md section 4, docs/costs.md): per shared vendor and part, a cost with up to
//! 8 quantity breaks, validity dates, pack and purchase factor; search, insert, update, the duplicate check, expire
//! and extend, and the vendor's catalogue look-up at a site. `breaks` holds the one "cost for a quantity" rule.

pub mod breaks;
pub mod http;
pub mod model;
pub mod repo;
pub mod service;
