//! Wire types of client error intake.

use poem_openapi::{ApiResponse, Object};

#[derive(Object)]
pub struct ClientError {
    #[oai(validator(min_length = 1, max_length = 4000))]
    pub message: String,
    /// Up to 10 stack lines.
    #[oai(validator(max_items = 10))]
    pub stack: Option<Vec<String>>,
    #[oai(validator(max_length = 2000))]
    pub url: Option<String>,
    #[oai(validator(max_length = 40))]
    pub site_code: Option<String>,
}

#[derive(ApiResponse)]
pub enum Accepted {
    #[oai(status = 204)]
    Done,
}
