//! Staff console resources over the shared schema, one folder each (users, roles, permissions, sites: model, repo,
//! service), with two thin adapters: the react-admin simple-rest shape (`/admin/<resource>`, [`AdminApi`] in
//! [`rest`]) over all four services, and the spec's paged user search (`/V1/User/Search/`, [`UserSearchApi`], the
//! users resource's own operation).

pub mod permissions;
pub mod rest;
pub mod roles;
pub mod sites;
pub mod users;

pub use rest::http::AdminApi;
pub use users::http::UserSearchApi;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (AdminApi, UserSearchApi);

#[cfg(test)]
mod tests {
    use super::*;
    use rest::http::ADMINS;

    /// Every console operation, in both adapters, is guarded by exactly [`ADMINS`]; the user list also serves support
    /// staff (ImpersonateUsers), who find there only the users they may act as.
    #[test]
    fn every_operation_requires_the_console_administrators() {
        let doc: serde_json::Value =
            serde_json::from_str(&poem_openapi::OpenApiService::new(<Apis as kernel::ApiSet>::build(), "t", "1").spec()).expect("json");
        let line = format!("Permissions: {}", kernel::perm::describe(ADMINS));
        let mut with_support = ADMINS.to_vec();
        with_support.push(kernel::perm::Perm::ImpersonateUsers);
        let support_line = format!("Permissions: {}", kernel::perm::describe(&with_support));
        let mut seen = 0;
        for (path, ops) in doc["paths"].as_object().expect("paths") {
            for (method, op) in ops.as_object().expect("operations") {
                let description = op["description"].as_str().unwrap_or_default();
                let wanted = if op["operationId"] == "adminListUsers" { &support_line } else { &line };
                assert!(description.lines().any(|l| l.trim() == wanted), "{method} {path}: {description}");
                seen += 1;
            }
        }
        assert_eq!(seen, 21);
    }
}
