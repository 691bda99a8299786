//! Guards against drift no compiler sees: a migration that is on main edited, a document naming a file that moved
//! or never existed, a site-tier table whose row-level security is not forced.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use regex::Regex;
use sha2::{Digest, Sha256};

use crate::common::TestApp;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

// ---- Migration checksums ----

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// What is wrong between the migration files under `dir` (its `global/` and `tenant/`) and `list` (the text of
/// `checksums.txt`): a listed file changed or gone, a file not listed, a line that is not `<tier>/<file> <sha256>`.
fn checksum_problems(dir: &Path, list: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut listed = BTreeSet::new();
    for line in list.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [name, sum] = fields[..] else {
            problems.push(format!("not `<tier>/<file> <sha256>`: {line}"));
            continue;
        };
        if !listed.insert(name.to_owned()) {
            problems.push(format!("{name} is listed twice"));
        }
        match std::fs::read(dir.join(name)) {
            Ok(bytes) if sha256_hex(&bytes) == sum => {}
            Ok(_) => problems.push(format!("{name} changed after it was recorded: write a new migration instead")),
            Err(_) => problems.push(format!("{name} is recorded but gone: applied migrations are never removed")),
        }
    }
    for tier in ["global", "tenant"] {
        let mut files: Vec<String> = std::fs::read_dir(dir.join(tier))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".sql"))
            .collect();
        files.sort();
        for file in files {
            let name = format!("{tier}/{file}");
            if !listed.contains(&name) {
                problems.push(format!("{name} is not in checksums.txt: run scripts/migration-checksums.sh"));
            }
        }
    }
    problems
}

#[test]
fn every_migration_file_is_recorded_and_keeps_the_checksum_recorded_for_it() {
    let dir = root().join("migrations");
    let list = std::fs::read_to_string(dir.join("checksums.txt")).unwrap();
    let problems = checksum_problems(&dir, &list);
    assert!(problems.is_empty(), "migrations/checksums.txt:\n{}", problems.join("\n"));
    // Every migration sqlx embeds is a recorded file (a migration may not hide in a name the list would not see).
    let recorded = list.lines().filter(|l| l.contains(".sql ")).count();
    assert_eq!(recorded, migrations::GLOBAL.iter().count() + migrations::TENANT.iter().count());
}

#[test]
fn the_migration_checksum_check_finds_an_edited_file_an_unlisted_one_and_a_removed_one() {
    let dir = std::env::temp_dir().join(format!("asp-migration-checksums-{}", uuid::Uuid::new_v4().simple()));
    for tier in ["global", "tenant"] {
        std::fs::create_dir_all(dir.join(tier)).unwrap();
    }
    std::fs::write(dir.join("global/0001_a.sql"), "create table a ();\n").unwrap();
    std::fs::write(dir.join("tenant/0001_b.sql"), "create table b ();\n").unwrap();
    let list = format!(
        "# header\nglobal/0001_a.sql {}\ntenant/0001_b.sql {}\n",
        sha256_hex(b"create table a ();\n"),
        sha256_hex(b"create table b ();\n")
    );
    assert_eq!(checksum_problems(&dir, &list), Vec::<String>::new());
    std::fs::write(dir.join("tenant/0001_b.sql"), "create table b (id int);\n").unwrap();
    std::fs::write(dir.join("tenant/0002_c.sql"), "create table c ();\n").unwrap();
    std::fs::remove_file(dir.join("global/0001_a.sql")).unwrap();
    let problems = checksum_problems(&dir, &list);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems[0].starts_with("global/0001_a.sql is recorded but gone"), "{problems:?}");
    assert!(problems[1].starts_with("tenant/0001_b.sql changed"), "{problems:?}");
    assert!(problems[2].starts_with("tenant/0002_c.sql is not in checksums.txt"), "{problems:?}");
}

// ---- Paths named by the documents ----

/// Named by the documents but made at run time, never committed.
const MADE_AT_RUN_TIME: &[&str] = &[
    ".venv",          // the Python environments of tests/s3 and tests/schemathesis
    "node_modules",   // npm installs
    "api/data/files", // local file storage of a development server (docs/files.md)
];

/// The repository paths `text` (a document at `doc`, relative to the repository) names that do not exist: paths
/// starting with a top-level folder of the repository (`api/...`, `docs/x.md`, `scripts/x.sh`), in code spans or
/// not, and the targets of relative Markdown links. Not paths: API routes (`api/V1/...`). A placeholder (`<x>`,
/// `*`, `{x}`, `...`) ends the part that is checked; a migration may be named by its number
/// (`migrations/tenant/0018`).
fn stale_paths(root: &Path, doc: &Path, text: &str) -> Vec<String> {
    // The repository's top-level folders: not .git, nor those the root .gitignore names (`/target`, `/test-artifacts/`:
    // made by runs, never committed).
    let ignored: Vec<String> = std::fs::read_to_string(root.join(".gitignore"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().strip_prefix('/'))
        .map(|l| l.trim_end_matches('/').to_owned())
        .collect();
    let top: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".git" && !ignored.contains(n))
        .map(|n| regex::escape(&n))
        .collect();
    let path = Regex::new(&format!(r"(?:^|[^\w./-])((?:{})/[\w.\-/]*)", top.join("|"))).unwrap();
    let link = Regex::new(r"\]\(([^)\s]+)\)").unwrap();
    let route = Regex::new(r"^api/V\d+(/|$)").unwrap();
    let mut stale = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for m in path.captures_iter(line).filter_map(|c| c.get(1)) {
            let mut named = m.as_str();
            let placeholder = line[m.end()..].starts_with(['<', '{', '*', '…']);
            let mut partial = placeholder;
            if let Some(i) = named.find("...") {
                named = &named[..i];
                partial = true;
            }
            let named = named.trim_end_matches(['.', '-']);
            if route.is_match(named) || MADE_AT_RUN_TIME.iter().any(|r| named.starts_with(r) || named.split('/').any(|s| s == *r)) {
                continue;
            }
            // A partial path: its folder part must exist.
            let checked = if partial { &named[..named.rfind('/').map_or(0, |i| i + 1)] } else { named };
            if !exists(root, checked) {
                stale.push(format!("{}:{}: {named}", doc.display(), n + 1));
            }
        }
        for m in link.captures_iter(line).filter_map(|c| c.get(1)) {
            let target = m.as_str().split('#').next().unwrap_or_default();
            if target.is_empty() || target.contains(':') {
                continue;
            }
            let folder = doc.parent().unwrap_or(Path::new(""));
            if !root.join(folder).join(target).exists() {
                stale.push(format!("{}:{}: link {target}", doc.display(), n + 1));
            }
        }
    }
    stale
}

/// `named` exists, or names a migration by its number.
fn exists(root: &Path, named: &str) -> bool {
    let path = root.join(named);
    if path.exists() {
        return true;
    }
    let (Some(folder), Some(stem)) = (path.parent(), path.file_name().map(|f| f.to_string_lossy().into_owned())) else {
        return false;
    };
    named.starts_with("migrations/")
        && stem.chars().all(|c| c.is_ascii_digit())
        && std::fs::read_dir(folder).into_iter().flatten().flatten().any(|e| e.file_name().to_string_lossy().starts_with(&format!("{stem}_")))
}

fn documents() -> Vec<PathBuf> {
    let mut docs = vec![PathBuf::from("README.md"), PathBuf::from("deploy/README.md")];
    let mut stack = vec![root().join("docs")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                docs.push(path.strip_prefix(root()).unwrap().to_path_buf());
            }
        }
    }
    docs.sort();
    docs
}

#[test]
fn the_documents_name_only_repository_paths_that_exist() {
    let root = root();
    let mut stale = Vec::new();
    for doc in documents() {
        stale.extend(stale_paths(&root, &doc, &std::fs::read_to_string(root.join(&doc)).unwrap()));
    }
    assert!(stale.is_empty(), "documents name paths that do not exist:\n{}", stale.join("\n"));
}

#[test]
fn the_document_path_check_finds_a_moved_file_and_a_dead_link_but_not_routes_or_placeholders() {
    let root = root();
    let text = "The scheduler (`api/src/jobs/mod.rs`, now api/jobs/src/lib.rs); see [jobs](jobs.md), [gone](gone.md).\n\
                Routes: `GET api/V1/Device/Token`, api/V1/TrackingCode/...; folders: `api/tests/it/<area>.rs`,\n\
                migrations/tenant/0018 and 0019, `migrations/tenant/9999`, scripts/nothing.sh.";
    assert_eq!(
        stale_paths(&root, Path::new("docs/x.md"), text),
        vec![
            "docs/x.md:1: api/src/jobs/mod.rs".to_owned(),
            "docs/x.md:1: link gone.md".to_owned(),
            "docs/x.md:3: migrations/tenant/9999".to_owned(),
            "docs/x.md:3: scripts/nothing.sh".to_owned(),
        ]
    );
}

/// The README's table of folders names every crate under `api/` (the crate map of docs/architecture.md is checked
/// by `structure.rs`).
#[test]
fn the_readme_names_every_crate_of_the_api_folder() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let row = readme.lines().find(|l| l.starts_with("| `api/` |")).expect("the README's folder table has an api/ row");
    for entry in std::fs::read_dir(root().join("api")).unwrap().flatten().filter(|e| e.path().join("Cargo.toml").exists()) {
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(row.contains(&format!("`{name}`")) || row.contains(&format!("`api/{name}`")), "README.md's api/ row does not name {name}");
    }
}

// ---- Row-level security ----

/// Site-tier tables (with `site_id`) of `schema` whose row-level security is not both enabled and forced, read from
/// the catalogue itself (not through the tenancy check it also proves).
async fn unforced_site_tables(conn: &mut sqlx::PgConnection, schema: &str) -> Vec<String> {
    sqlx::query_scalar(
        "select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relkind in ('r', 'p')
           and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'site_id' and not a.attisdropped)
           and not (c.relrowsecurity and c.relforcerowsecurity)
         order by 1",
    )
    .bind(schema)
    .fetch_all(conn)
    .await
    .unwrap()
}

#[tokio::test]
async fn every_site_tier_table_forces_row_level_security_and_an_unforced_or_widened_one_is_found() {
    let app = TestApp::spawn().await;
    let mut conn = app.pool.acquire().await.unwrap();
    for schema in ["client_acme", "client_gea"] {
        assert_eq!(unforced_site_tables(&mut conn, schema).await, Vec::<String>::new(), "{schema}");
        let name = tenancy::SchemaName::parse(schema).unwrap();
        assert_eq!(tenancy::tables_without_policy(&mut conn, &name).await.unwrap(), Vec::<String>::new(), "{schema}");
        // The search side tables: the site policy for everyone, and the owner's read of every row for its
        // security-definer search functions (select only).
        for table in tenancy::SEARCH_SIDE_TABLES {
            let policies: Vec<(String, String, bool)> = sqlx::query_as(
                "select p.polname::text, p.polcmd::text, p.polroles = array[c.relowner] from pg_policy p join pg_class c on c.oid = p.polrelid
                 where c.oid = format('%I.%I', $1::text, $2::text)::regclass order by 1",
            )
            .bind(schema)
            .bind(table)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
            assert_eq!(
                policies,
                vec![("owner_search".to_owned(), "r".to_owned(), true), ("site_isolation".to_owned(), "*".to_owned(), false)],
                "{schema}.{table}"
            );
        }
    }
    // The check is real: a site-tier table with the policy but not forced is found, and so is any policy that widens
    // a table beyond site_isolation (the owner's read is allowed on the search side tables only).
    for statement in [
        "create table client_acme.half_guarded (id bigint, site_id bigint)",
        "alter table client_acme.half_guarded enable row level security",
        "create policy site_isolation on client_acme.half_guarded using (site_id = any (asp.granted_sites()))",
    ] {
        sqlx::query(statement).execute(&mut *conn).await.unwrap();
    }
    let acme = tenancy::SchemaName::parse("client_acme").unwrap();
    assert_eq!(unforced_site_tables(&mut conn, "client_acme").await, vec!["half_guarded".to_owned()]);
    assert_eq!(tenancy::tables_without_policy(&mut conn, &acme).await.unwrap(), vec!["half_guarded".to_owned()]);
    sqlx::query("alter table client_acme.half_guarded force row level security").execute(&mut *conn).await.unwrap();
    assert_eq!(tenancy::tables_without_policy(&mut conn, &acme).await.unwrap(), Vec::<String>::new());
    for statement in [
        "create policy owner_search on client_acme.half_guarded for select to current_user using (true)",
        "create policy everyone on client_acme.cip_word for select using (true)",
    ] {
        sqlx::query(statement).execute(&mut *conn).await.unwrap();
    }
    assert_eq!(tenancy::tables_without_policy(&mut conn, &acme).await.unwrap(), vec!["cip_word".to_owned(), "half_guarded".to_owned()]);
}

#[tokio::test]
async fn the_application_role_reads_only_the_granted_sites_words_and_text_and_writes_no_other_sites() {
    let app = TestApp::spawn().await;
    let pool = tenancy::connect_pool(&app.settings.database_url, 2).await.unwrap();
    let authz = authz::Authorizer::new(pool.clone(), 16).await.unwrap();
    let buyer = app.user_id("buyer").await;
    let north = app.site_id("ACME-NORTH").await;
    let south = app.site_id("ACME-SOUTH").await;
    let scope = authz.grant(buyer, north, &[]).await.unwrap();
    let mut tx = scope.begin(&pool).await.unwrap();
    for table in tenancy::SEARCH_SIDE_TABLES {
        let sites: Vec<i64> = sqlx::query_scalar(&format!("select distinct site_id from {table}")).fetch_all(&mut *tx).await.unwrap();
        assert_eq!(sites, vec![north], "{table}");
    }
    let other = sqlx::query("insert into cip_word (site_id, word) values ($1, 'PLANTED')").bind(south).execute(&mut *tx).await;
    assert!(other.is_err(), "a word of another site cannot be written");
    drop(tx);
    let unscoped: i64 = sqlx::query_scalar("select count(*) from client_acme.cip_word").fetch_one(&pool).await.unwrap();
    assert_eq!(unscoped, 0);
}
