//! The home page's numbers from the stock ledger (docs/api-shell.md "Home page"): the usage trend chart of the
//! current site and the APD Summary tile's count. Read-only; costs only for InvFISPrice holders.

pub mod http;
pub mod model;
pub mod repo;
pub mod tiles;
