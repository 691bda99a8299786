//! Wire types of the API switch.

use poem_openapi::Object;

#[derive(Object)]
pub struct ApiEnabled {
    #[oai(rename = "isEnabled")]
    pub is_enabled: bool,
}
