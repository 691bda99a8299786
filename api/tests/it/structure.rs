//! The shape of the code base that issue 6 settled, checked so it cannot drift: crates, layers, permissions, the
//! document the UIs' types are generated from.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::TestApp;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(p) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&p) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The area crates: every crate folder under `api/` except the binary's own sources, the kernel and the macros.
fn area_crates() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root().join("api"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "kernel" && n != "macros")
        .collect();
    out.sort();
    out
}

fn workspace_members() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let start = text.find("members = [").unwrap() + "members = [".len();
    let end = start + text[start..].find(']').unwrap();
    text[start..end].split(',').map(|m| m.trim().trim_matches('"').to_owned()).filter(|m| !m.is_empty()).collect()
}

#[test]
fn no_area_crate_depends_on_another() {
    let areas = area_crates();
    assert!(areas.len() >= 8, "{areas:?}");
    for area in &areas {
        let manifest = std::fs::read_to_string(root().join("api").join(area).join("Cargo.toml")).unwrap();
        let deps = manifest.split("[dependencies]").nth(1).unwrap_or_default();
        for other in areas.iter().filter(|o| *o != area) {
            let named = deps.lines().any(|l| l.split(['.', '=', ' ']).next() == Some(other.as_str()));
            assert!(!named, "area crate {area} depends on area crate {other}; ask through the kernel instead");
        }
    }
}

#[test]
fn every_workspace_crate_is_on_the_crate_map_in_the_architecture_doc() {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).unwrap();
    for member in workspace_members() {
        assert!(doc.contains(&format!("`{member}/`")) || doc.contains(&format!("`{member}`")), "docs/architecture.md does not list {member}");
    }
    for area in area_crates().iter().filter(|a| *a != "src") {
        assert!(workspace_members().contains(&format!("api/{area}")), "api/{area} is not a workspace member");
    }
}

/// SQL lives in repository functions: in an area crate, only `repo.rs` files (or files under a `repo/` folder) run
/// queries. The kernel and the binary have a short list of places that are their repositories.
#[test]
fn no_sql_outside_repository_functions() {
    const ALLOWED_OUTSIDE_AREAS: &[&str] = &[
        "api/kernel/src/audit.rs",   // the audit trail's repository
        "api/kernel/src/listing.rs", // runs the one search statement of every repository
        "api/src/app.rs",            // records 5xx in the error log, reads the API switch at start-up
        "api/src/health.rs",         // readiness pings the database
        "api/src/seed/",             // demo data and the volume generator
    ];
    let mut offenders = Vec::new();
    for crate_dir in std::fs::read_dir(root().join("api")).unwrap().flatten().map(|e| e.path()).filter(|p| p.join("Cargo.toml").exists()) {
        for file in rust_files(&crate_dir.join("src")) {
            let rel = file.strip_prefix(root()).unwrap().to_string_lossy().replace("/./", "/").trim_start_matches("./").to_owned();
            let rel = rel.trim_start_matches("api/../").to_owned();
            let is_repo = file.file_name().is_some_and(|n| n == "repo.rs") || file.components().any(|c| c.as_os_str() == "repo");
            if is_repo || ALLOWED_OUTSIDE_AREAS.iter().any(|a| rel.ends_with(a) || (a.ends_with('/') && rel.contains(a))) {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            // Unit tests may build SQL text to check it; only non-test code counts.
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            for needle in ["sqlx::query", "query_as(", "query_scalar(", "QueryBuilder"] {
                if code.contains(needle) {
                    offenders.push(format!("{rel}: {needle}"));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "SQL outside repository functions:\n{}", offenders.join("\n"));
}

/// Handlers take the scope the guard issued; only the guard, the object-level helper and the authorizer's own
/// crate may ask for one.
#[test]
fn only_the_guard_and_the_record_helper_ask_the_authorizer_for_a_scope() {
    let mut offenders = Vec::new();
    for file in rust_files(&root().join("api")) {
        let rel = file.to_string_lossy().into_owned();
        if rel.contains("/tests/") || rel.contains("/target/") || rel.contains("kernel/src/records/") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        if text.contains("authz.grant(") || text.contains("granted_by_authorizer(") {
            offenders.push(rel);
        }
    }
    assert!(offenders.is_empty(), "scopes issued outside the guard and kernel::records: {offenders:?}");
}

/// `#[requires(...)]` names `kernel::Perm` variants, so a typo does not compile; this proves each variant is a real
/// permission of the seeded catalogue, with the same id.
#[tokio::test]
async fn every_permission_in_code_exists_in_the_seeded_catalogue() {
    let app = TestApp::spawn().await;
    let rows: Vec<(i64, String)> = sqlx::query_as("select security_permission_id, permission_name from asp.security_permission").fetch_all(&app.pool).await.unwrap();
    for p in kernel::Perm::ALL {
        let found = rows.iter().find(|(_, name)| name == p.as_str());
        assert_eq!(found.map(|(id, _)| *id), Some(p.id()), "{p} is not in asp.security_permission with id {}", p.id());
    }
    // And every permission an operation requires is one of them (the document is generated from the same rules).
    let doc: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    for item in doc["paths"].as_object().unwrap().values() {
        for op in item.as_object().unwrap().values() {
            let line = api::openapi::permission_line(op).unwrap().trim_start_matches("Permissions: ");
            if matches!(line, "public" | "signed-in" | "signed-in (also while the password is expired)") || line == kernel::access::DEVICE_RULE {
                continue;
            }
            for name in line.split(" or ") {
                assert!(rows.iter().any(|(_, n)| n == name), "{}: {name} is not in the catalogue", op["operationId"]);
            }
        }
    }
}

/// The UIs' API types are generated from `admin-ui/src/shared/api/openapi.json`; it must be the document this build
/// serves, or the types lie.
#[test]
fn the_committed_openapi_document_of_the_uis_is_the_live_one() {
    let path = root().join("admin-ui/src/shared/api/openapi.json");
    let committed: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap_or_default()).unwrap_or(Value::Null);
    let live: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    assert!(committed == live, "{} is stale: run scripts/gen-api-types.sh and commit the result", path.display());
}

/// Every `{name}` in a path is a path parameter of each of its operations, and every path parameter is in the path:
/// a mismatch makes the document unusable for clients and for generated requests (Schemathesis refuses the operation).
#[test]
fn every_path_template_names_exactly_its_path_parameters() {
    let doc: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    let mut wrong = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        let mut in_path: Vec<&str> = path.split('{').skip(1).filter_map(|s| s.split('}').next()).collect();
        in_path.sort_unstable();
        for (method, op) in item.as_object().unwrap() {
            let mut declared: Vec<&str> = op["parameters"]
                .as_array()
                .map(|ps| ps.iter().filter(|p| p["in"] == "path").filter_map(|p| p["name"].as_str()).collect())
                .unwrap_or_default();
            declared.sort_unstable();
            if declared != in_path {
                wrong.push(format!("{method} {path}: template {in_path:?}, parameters {declared:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "path templates and path parameters differ:\n{}", wrong.join("\n"));
}
