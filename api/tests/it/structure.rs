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
        "api/src/cli.rs",            // `asp migrate` lists the client schemas it checks for row-level security
        "api/src/health.rs",         // readiness pings the database
        "api/src/seed/",             // demo data and the volume generator
    ];
    let mut offenders = Vec::new();
    // The binary's own sources (`api/src`) and every crate folder under `api/`.
    let mut crate_dirs = vec![root().join("api")];
    crate_dirs.extend(std::fs::read_dir(root().join("api")).unwrap().flatten().map(|e| e.path()).filter(|p| p.join("Cargo.toml").exists()));
    for crate_dir in crate_dirs {
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

// ---- Source text helpers for the checks below ----

/// A Rust source up to its unit tests (`#[cfg(test)]`): what the checks below look at.
fn code_of(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    text.split("#[cfg(test)]").next().unwrap_or_default().to_owned()
}

/// The string literals of Rust code (plain, raw and byte strings), each with the line it starts on; comments and
/// character literals are skipped, so a `'"'` or a quote in a comment does not open a string.
fn string_literals(code: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        line += usize::from(chars[i] == '\n');
                        i += 1;
                    }
                }
            }
            '\'' => {
                // A character literal ('x', '\'', '\u{1F600}'), or a lifetime ('a), which has no closing quote.
                if next == Some('\\') {
                    i += 3;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            'r' | 'b' if i == 0 || !ident(chars[i - 1]) => {
                // r"..", r#".."#, b"..", br#".."#: find the opening quote after the prefix and the hashes.
                let mut j = i + 1;
                if c == 'b' && chars.get(j) == Some(&'r') {
                    j += 1;
                }
                let raw = c == 'r' || chars.get(i + 1) == Some(&'r');
                let mut hashes = 0;
                while raw && chars.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if chars.get(j) != Some(&'"') {
                    while i < chars.len() && ident(chars[i]) {
                        i += 1;
                    }
                    continue;
                }
                let start_line = line;
                let mut k = j + 1;
                let mut text = String::new();
                while let Some(&ch) = chars.get(k) {
                    if !raw && ch == '\\' {
                        text.push(ch);
                        text.extend(chars.get(k + 1));
                        line += usize::from(chars.get(k + 1) == Some(&'\n'));
                        k += 2;
                        continue;
                    }
                    if ch == '"' && (0..hashes).all(|h| chars.get(k + 1 + h) == Some(&'#')) {
                        k += 1 + hashes;
                        break;
                    }
                    line += usize::from(ch == '\n');
                    text.push(ch);
                    k += 1;
                }
                out.push((start_line, text));
                i = k;
            }
            '"' => {
                let start_line = line;
                let mut k = i + 1;
                let mut text = String::new();
                while let Some(&ch) = chars.get(k) {
                    if ch == '\\' {
                        text.push(ch);
                        text.extend(chars.get(k + 1));
                        line += usize::from(chars.get(k + 1) == Some(&'\n'));
                        k += 2;
                        continue;
                    }
                    k += 1;
                    if ch == '"' {
                        break;
                    }
                    line += usize::from(ch == '\n');
                    text.push(ch);
                }
                out.push((start_line, text));
                i = k;
            }
            _ if ident(c) => {
                while i < chars.len() && ident(chars[i]) {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// Text that reads as SQL: a statement (`select .. from`, `insert into`, `update x set`, `delete from`), a clause
/// (`where x =`, `order by`, `join x on`), or a condition or expression of one (`r.difference < 0`, `lower(?)`,
/// `x = any(?)`, `$1`, `::text`, `ilike`). Written to pass the messages and labels a service holds.
fn sql_text() -> regex::Regex {
    regex::Regex::new(concat!(
        r"(?i)\bselect\b[\s\S]*\bfrom\b|\binsert\s+into\b|\bupdate\s+[\w.]+\s+set\b|\bdelete\s+from\b",
        r"|\bwhere\s+[\w.]+\s*(=|<>|<|>|\bin\b|\blike\b|\bilike\b|\bis\b|\bbetween\b)|\border\s+by\b|\bgroup\s+by\b",
        r"|\bjoin\s+[\w.]+(\s+\w+)?\s+on\b|\bexists\s*\(\s*select\b|\$\d+|\bilike\b",
        r"|\b[a-z_]\w*\.[a-z_{][\w}]*\s*(=|<>|<=|>=|<|>|\blike\b|\bin\b|\bis\b)",
        r"|(=|<>|<=|>=|<|>|\blike|\bany\s*\()\s*\??\)?\s*\?",
        r"|::(text|numeric|int\w*|bigint|date|timestamptz|float8|bool\w*)\b|\b(lower|upper|abs|coalesce|concat_ws)\s*\(",
    ))
    .unwrap()
}

#[test]
fn the_sql_text_pattern_finds_statements_and_fragments_but_not_messages() {
    let sql = sql_text();
    for text in [
        "select c.cip_no from cip c",
        "insert into audit (a) values ($1)",
        "update cip set qty = 1",
        "delete from cip_text",
        "r.shared_vendor_id = ?",
        "lower(r.vend_code) = lower(?)",
        "r.difference < 0",
        "abs(r.difference_percent) >= ?",
        "r.{column}::text = any(?)",
        "concat_ws(' ', r.cip_code, r.cust_desc1) ilike ?",
        "upper(description)",
        " where site_id = $1",
        " order by 1",
    ] {
        assert!(sql.is_match(text), "not taken for SQL: {text}");
    }
    for text in [
        "A shared vendor named {name} already exists ({owner}).",
        "Select a site before you update the record.",
        "The item you are trying to find does not exist.",
        "Delete the list? The values are kept where they are.",
        "Min Percent must be a number, zero or more.",
    ] {
        assert!(!sql.is_match(text), "taken for SQL: {text}");
    }
    let literals = string_literals("let q = '\"'; let e = '\\''; // \"not a string\"\nlet s = r#\"select \"x\" from t\"#; let t = \"a\\\"b\"; fn f<'a>(x: &'a str) {}\n/* \"no\" */ let u = b\"bytes\"; let v = b'\"';");
    assert_eq!(
        literals,
        vec![(2, "select \"x\" from t".to_owned()), (2, "a\\\"b".to_owned()), (3, "bytes".to_owned())]
    );
}

/// A service holds rules, not SQL: besides running no query (above), a service or operation file of an area crate
/// (`service.rs`, `service/*.rs`, `http.rs`) writes no SQL text, not even a condition handed to its repository
/// (issue 21: the cost review's filters were written in its service). Sort allow-lists name SQL expressions and live
/// in `model.rs`.
#[test]
fn no_sql_text_in_services_or_operations() {
    let sql = sql_text();
    let mut offenders = Vec::new();
    for area in area_crates() {
        let src = root().join("api").join(&area).join("src");
        for file in rust_files(&src) {
            let rel = file.strip_prefix(&src).unwrap();
            let in_layer = rel.components().any(|c| c.as_os_str() == "service" || c.as_os_str() == "http")
                || rel.file_name().is_some_and(|n| n == "service.rs" || n == "http.rs");
            if !in_layer {
                continue;
            }
            for (line, text) in string_literals(&code_of(&file)) {
                if sql.is_match(&text) {
                    let shown: String = text.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(80).collect();
                    offenders.push(format!("api/{area}/src/{}:{line}: \"{shown}\"", rel.display()));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "SQL text in services and operations (move it to the resource's repo.rs, a sort allow-list to its model.rs):\n{}", offenders.join("\n"));
}

/// The top-level modules of an area crate, each with the other top-level modules its code names (`crate::x`,
/// `use crate::{x, y::z}`), tests left out.
fn module_graph(src: &Path) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let modules: std::collections::BTreeSet<String> = std::fs::read_dir(src)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                Some(name)
            } else {
                name.strip_suffix(".rs").filter(|n| *n != "lib" && *n != "main").map(str::to_owned)
            }
        })
        .collect();
    let path = regex::Regex::new(r"crate::(\w+)").unwrap();
    let group = regex::Regex::new(r"crate::\{([^}]*)\}").unwrap();
    let first = regex::Regex::new(r"(?:^|,)\s*(\w+)").unwrap();
    let mut graph: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> = std::collections::BTreeMap::new();
    for file in rust_files(src) {
        let rel = file.strip_prefix(src).unwrap();
        let Some(module) = rel.components().next().map(|c| c.as_os_str().to_string_lossy().trim_end_matches(".rs").to_owned()) else { continue };
        if !modules.contains(&module) {
            continue;
        }
        let code: String = code_of(&file).lines().map(|l| l.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n");
        let mut named: Vec<String> = path.captures_iter(&code).map(|c| c[1].to_owned()).collect();
        for g in group.captures_iter(&code) {
            named.extend(first.captures_iter(&g[1]).map(|c| c[1].to_owned()));
        }
        let entry = graph.entry(module.clone()).or_default();
        entry.extend(named.into_iter().filter(|n| *n != module && modules.contains(n)));
    }
    graph
}

/// The groups of modules that reach each other (strongly connected, two or more), each sorted.
fn circles(graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &str| {
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = vec![from.to_owned()];
        while let Some(m) = stack.pop() {
            for n in graph.get(&m).into_iter().flatten() {
                if seen.insert(n.clone()) {
                    stack.push(n.clone());
                }
            }
        }
        seen
    };
    let reached: std::collections::BTreeMap<&String, std::collections::BTreeSet<String>> = graph.keys().map(|m| (m, reach(m))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for (m, from_m) in &reached {
        let group: Vec<String> = from_m.iter().filter(|n| reached.get(n).is_some_and(|r| r.contains(*m))).cloned().collect();
        if !group.is_empty() && !out.iter().any(|g| g.contains(m)) {
            out.push(group);
        }
    }
    out
}

/// A resource folder: one with the resource layout's service (docs/architecture.md "One resource layout").
fn is_resource(src: &Path, module: &str) -> bool {
    src.join(module).join("service.rs").exists() || src.join(module).join("service").is_dir()
}

/// Resources of one area reach each other one way: two that import each other (directly or through other modules
/// of the crate) are one idea split in two, or one reaching into the other's internals (issue 21: `cips` <->
/// `locations`, `employees` -> `workflow` -> `employees`). A helper module that belongs to one resource may import it.
#[test]
fn no_import_circle_between_the_resources_of_an_area() {
    let mut found = Vec::new();
    for area in area_crates() {
        let src = root().join("api").join(&area).join("src");
        for group in circles(&module_graph(&src)) {
            if group.iter().filter(|m| is_resource(&src, m)).count() >= 2 {
                found.push(format!("{area}: {}", group.join(" <-> ")));
            }
        }
    }
    assert!(found.is_empty(), "resources that import each other:\n{}", found.join("\n"));
}

#[test]
fn the_circle_check_finds_a_circle_through_a_third_module_and_not_a_one_way_chain() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> = std::collections::BTreeMap::new();
        for (a, b) in edges {
            g.entry((*a).to_owned()).or_default().insert((*b).to_owned());
            g.entry((*b).to_owned()).or_default();
        }
        g
    };
    assert_eq!(circles(&graph(&[("employees", "workflow"), ("workflow", "draw"), ("draw", "employees"), ("groups", "employees")])), vec![vec![
        "draw".to_owned(),
        "employees".to_owned(),
        "workflow".to_owned()
    ]]);
    assert_eq!(circles(&graph(&[("cips", "locations"), ("locations", "kernel_glue"), ("cips", "kernel_glue")])), Vec::<Vec<String>>::new());
}

/// Exact numbers (issue 21, docs/numbers.md): money, costs, prices, percentages and quantities are `kernel::num`
/// kinds from the database to the wire, so no binary floating point is left in the sources: no `f64`/`f32`, no
/// `::float8` cast, no `as_f64`/`to_f64`. A value that truly is not one of them (a duration, a search score, an
/// Excel cell) says so on its line: `// not money: <why>`.
#[test]
fn no_floating_point_in_the_sources_but_where_a_line_says_it_is_not_money() {
    let float = regex::Regex::new(r"\b(f64|f32)\b|float8|as_f64|to_f64").unwrap();
    let mut dirs: Vec<PathBuf> = vec![root().join("api/src"), root().join("search/src")];
    dirs.extend(std::fs::read_dir(root().join("api")).unwrap().flatten().map(|e| e.path()).filter(|p| p.join("Cargo.toml").exists()).map(|p| p.join("src")));
    let mut offenders = Vec::new();
    for dir in dirs {
        for file in rust_files(&dir) {
            for (n, line) in code_of(&file).lines().enumerate() {
                if let Some((_, why)) = line.split_once("// not money:") {
                    assert!(!why.trim().is_empty(), "{}:{}: `// not money:` says why", file.display(), n + 1);
                    continue;
                }
                // Comments may name the types; code and SQL text may not.
                let code = line.split("//").next().unwrap_or_default();
                if float.is_match(code) {
                    let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
                    offenders.push(format!("{}:{}: {}", rel.trim_start_matches("api/../"), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "{} lines with floating point (use a kernel::num kind, or mark `// not money: <why>`):\n{}", offenders.len(), offenders.join("\n"));
}
