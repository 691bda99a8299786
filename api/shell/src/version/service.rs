//! Rules of the version file: who sees the build details.

use kernel::access::Caller;
use kernel::state::AppState;
use kernel::Perm;

use super::model::VersionFile;

pub const VERSION: &str = "8.67";

/// Sees the build time, branch, commit and source address.
const SEE_BUILD_DETAILS: Perm = Perm::FSSConnectAdmin;

/// The version file as `caller` (if signed in) may see it.
pub fn version_file(state: &AppState, caller: Option<&Caller>) -> VersionFile {
    let build = option_env!("ASP_BUILD_NUMBER").unwrap_or("0");
    let run_id = option_env!("ASP_BUILD_RUN_ID").unwrap_or("local").to_owned();
    let detailed = caller.is_some_and(|c| c.holds(SEE_BUILD_DETAILS));
    let source = (!state.settings.source_url.is_empty()).then(|| state.settings.source_url.clone());
    VersionFile {
        version: format!("{VERSION}.{build}"),
        build_run_id: run_id,
        build_time: detailed.then(|| option_env!("ASP_BUILD_TIME").unwrap_or("unknown").to_owned()),
        branch: detailed.then(|| option_env!("ASP_BUILD_BRANCH").unwrap_or("unknown").to_owned()),
        commit: detailed.then(|| option_env!("ASP_BUILD_COMMIT").unwrap_or("unknown").to_owned()),
        source_url: if detailed { source } else { None },
    }
}
