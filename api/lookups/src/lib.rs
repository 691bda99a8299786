//! Type lookups (spec 4 "Type lookups", api/V1/Type; docs/type-lists.md): the provider's reference lists every screen
//! picks from (states, countries, currencies, terms, ship methods, ...), all rows of `asp.type_value`; the
//! administrator's editing of them; and the historic price methods each site offers. Shared schema `asp`; no tenant
//! data, but the per-site variants answer only for sites the caller may use.

pub mod historic_price_methods;
pub mod type_lists;
pub mod type_values;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (
    type_values::http::TypeApi,
    type_values::http::VendorTypeApi,
    type_lists::http::TypeListApi,
    historic_price_methods::http::HistoricPriceMethodApi,
);
