//! The ledger itself: the transaction-code table (`codes`), the posting function every movement goes through
//! (`service::post`), and its SQL (`repo`). Nothing else writes a CIP quantity column or a ledger row.

pub mod codes;
pub mod limits;
pub mod model;
pub mod repo;
pub mod service;
pub mod usage;
