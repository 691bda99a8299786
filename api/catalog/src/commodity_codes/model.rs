//! Wire types of the commodity codes.

use poem_openapi::Object;
use sqlx::FromRow;

/// A UNSPSC commodity code: segment (2 digits), family (4), class (6) and commodity (8).
#[derive(Object, FromRow, Clone, Debug)]
pub struct CommodityCode {
    /// The 8-digit code, e.g. `31171504`.
    pub commodity_code: String,
    /// Its first 2 digits, e.g. `31`.
    pub segment: String,
    /// Its first 4 digits, e.g. `3117`.
    pub family: String,
    /// Its first 6 digits, e.g. `311715`.
    pub class_code: String,
    pub description: String,
}
