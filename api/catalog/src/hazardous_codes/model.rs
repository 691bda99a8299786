//! Wire types of the hazardous codes.

use poem_openapi::Object;

/// A hazardous material code.
#[derive(Object, Clone, Debug)]
pub struct HazardousCode {
    /// The code, for example `UN1993`.
    pub haz_code: String,
    pub description: String,
    /// Hazard class, for example `3` (flammable liquids).
    pub haz_class: Option<String>,
}
