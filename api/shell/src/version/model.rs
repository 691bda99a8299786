//! Wire types of the version file.

use poem_openapi::Object;

#[derive(Object)]
pub struct VersionFile {
    /// 8.67 plus the build number.
    pub version: String,
    #[oai(rename = "buildRunId")]
    pub build_run_id: String,
    /// Only for FSSConnectAdmin.
    #[oai(rename = "buildTime")]
    pub build_time: Option<String>,
    pub branch: Option<String>,
    pub commit: Option<String>,
    #[oai(rename = "sourceUrl")]
    pub source_url: Option<String>,
}
