//! Transactions (spec 4 Transaction): the ledger's rows as the API and the console show them, the searches, the
//! few changes a posted row allows, average-cost corrections, and the movement operations that post stock.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
