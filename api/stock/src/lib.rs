//! The stock ledger (domain.md section 2 "The stock ledger", spec 1 section 4 transaction codes, spec 4 section 3
//! "Transaction"): every change of a CIP quantity is one `stock_transaction` row, posted by
//! [`ledger::service::post`] in the caller's transaction under the CIP's row lock. The movement operations (issue,
//! return, adjust, scrap, transfer, receipt, reverse) and the Transaction operations of spec 4 live in
//! `transactions`; device reports, cycle counts and min/max tuning post through the same function.
//! docs/stock-ledger.md is the reference.

pub mod ledger;
pub mod apd;
pub mod crib_counter;
pub mod cycle_counts;
pub mod dashboard;
pub mod device_tokens;
pub mod devices;
pub mod transactions;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (
    transactions::http::TransactionApi,
    transactions::http::MovementApi,
    device_tokens::http::DeviceTokenApi,
    devices::http::DeviceReportApi,
    crib_counter::http::CribCounterApi,
    cycle_counts::http::CycleCountApi,
    apd::http::ApdApi,
    dashboard::http::DashboardApi,
);

/// The home tiles this area counts (composed by the binary).
pub fn tiles() -> Vec<std::sync::Arc<dyn kernel::tiles::TileCount>> {
    vec![std::sync::Arc::new(dashboard::tiles::ApdSummaryTile)]
}

/// The jobs of this area (composed into the registry by the binary).
pub fn jobs() -> Vec<std::sync::Arc<dyn kernel::jobs::Job>> {
    vec![
        std::sync::Arc::new(apd::job::RefreshSuggestions),
        std::sync::Arc::new(device_tokens::job::WarnExpiringTokens),
    ]
}
