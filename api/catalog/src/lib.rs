//! The item master (spec 3, ItemMaster; ../shared/design/domain.md sections 1 and 2): the provider's one catalogue
//! of manufacturer parts for every client, with brands, manufacturers, commodity and hazardous codes. Shared schema
//! `asp`; no tenant scope.

pub mod hazardous_codes;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = hazardous_codes::http::HazardousCodeApi;
