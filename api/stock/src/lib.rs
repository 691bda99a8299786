//! The stock ledger (domain.md section 2). This branch adds the device side: device tokens (`device_tokens`) and
//! the device report endpoint (`devices`); docs/devices.md.

pub mod device_tokens;
pub mod devices;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (device_tokens::http::DeviceTokenApi, devices::http::DeviceReportApi);
