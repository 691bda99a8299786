//! Wire types of bug reports.

use poem_openapi::Object;

#[derive(Object)]
pub struct BugReport {
    #[oai(validator(max_length = 500))]
    pub subject: String,
    #[oai(validator(max_length = 20000))]
    pub message: String,
    pub screenshot: Option<bool>,
    /// Page capture (HTML or an image data URL), when the screenshot toggle is on.
    #[oai(validator(max_length = 5000000))]
    pub html: Option<String>,
    #[oai(validator(max_length = 40))]
    pub site_code: Option<String>,
    #[oai(validator(max_length = 2000))]
    pub url: Option<String>,
}

#[derive(Object)]
pub struct BugReportAnswer {
    #[oai(rename = "identityId")]
    pub identity_id: i64,
    pub message: String,
}
