//! Database Tools: schema changes are captured by the event triggers and searched, viewed, traced and compared
//! through the API, per environment.
#![allow(clippy::unwrap_used)]


use crate::common::TestApp;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::{Connection, PgConnection};

const BASE: &str = "/api/V1/DevOps/DBTools";

/// Every test of this file runs with PROD pointing at a second database (one per test process, a copy of the demo
/// template like the others) and DEV, QA, STAGE at each test's own database. Set before any application starts.
async fn remote_prod() -> String {
    static REMOTE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    REMOTE
        .get_or_init(|| async {
            let url = crate::common::fresh_database().await;
            std::env::set_var("ASP_DBTOOLS_ENVIRONMENTS", format!("PROD={url}"));
            url
        })
        .await
        .clone()
}

async fn spawn() -> (TestApp, String) {
    let remote = remote_prod().await;
    (TestApp::spawn().await, remote)
}

fn unique(prefix: &str) -> String {
    format!("{prefix}_{}", &uuid::Uuid::new_v4().simple().to_string()[..10])
}

async fn exec(app: &TestApp, sql: &str) {
    sqlx::raw_sql(sql).execute(&app.pool).await.unwrap();
}

async fn session_user(app: &TestApp) -> String {
    sqlx::query_scalar("select session_user::text").fetch_one(&app.pool).await.unwrap()
}

fn list(body: &Value) -> &Vec<Value> {
    body["resultList"].as_array().unwrap_or_else(|| panic!("no resultList in {body}"))
}

#[tokio::test]
async fn replacing_a_function_records_both_versions_which_can_be_searched_traced_viewed_and_compared() {
    let (app, _) = spawn().await;
    let admin = app.login("admin").await;
    let name = unique("asp_probe");
    exec(&app, &format!("create or replace function public.{name}() returns int language sql as 'select 1'")).await;
    exec(&app, &format!("create or replace function public.{name}() returns int language sql as 'select 2'")).await;

    // The trigger wrote one audit row per change, with the definition after it.
    let rows: Vec<(i64, String, String, String, String, String, String)> = sqlx::query_as(
        "select object_audit_log_id, database_name, schema_name, object_type, command_tag, network_name, object_source
         from asp.object_audit_log where object_name = $1 order by object_audit_log_id",
    )
    .bind(&name)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let me = session_user(&app).await;
    let db: String = sqlx::query_scalar("select current_database()::text").fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows.len(), 2);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!((&row.1, row.2.as_str(), row.3.as_str(), row.4.as_str(), &row.5), (&db, "public", "function", "CREATE FUNCTION", &me));
        assert!(row.6.starts_with(&format!("CREATE OR REPLACE FUNCTION public.{name}()")), "{}", row.6);
        assert!(row.6.contains(&format!("select {}", i + 1)), "{}", row.6);
    }
    let (old_id, new_id) = (rows[0].0, rows[1].0);

    // The search finds the object once, at its latest change, by any part of its name in any case.
    let found = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"environment_name": "Dev", "object_name": name.to_uppercase()})).await;
    assert_eq!(found.status, StatusCode::OK, "{:?}", found.body);
    assert_eq!(found.body["totalCount"], 1);
    assert_eq!(found.body["limited"], false);
    let row = &list(&found.body)[0];
    assert_eq!(row["objectAuditLog_ID"], new_id);
    assert_eq!((row["schema_name"].as_str(), row["object_name"].as_str()), (Some("public"), Some(name.as_str())));
    assert_eq!(row["database_name"], db.as_str());
    assert_eq!(row["friendly_name"], me.as_str());
    assert!(row["last_modified_date"].as_str().is_some());
    let dotted = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"object_name": format!("public.{name}"), "pageNumber": 0, "pageSize": 10})).await;
    assert_eq!(dotted.body["totalCount"], 1, "schema.name matches too");

    // The history lists both versions, newest first.
    let history = app.post(&format!("{BASE}/GetObjectHistory"), &admin, json!({"schema_name": "public", "object_name": name, "database_name": db, "environment_name": "DEV"})).await;
    assert_eq!(history.status, StatusCode::OK, "{:?}", history.body);
    assert_eq!(history.body["totalCount"], 2);
    let ids: Vec<i64> = list(&history.body).iter().map(|r| r["objectAuditLog_ID"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![new_id, old_id]);
    let oldest_first = app.post(&format!("{BASE}/GetObjectHistory"), &admin, json!({"schema_name": "public", "object_name": name, "sortField": "objectAuditLog_ID", "sortDirection": "asc"})).await;
    assert_eq!(list(&oldest_first.body)[0]["objectAuditLog_ID"], old_id);

    // Each version's source, then the compare dialog's diff of the two (older on the left).
    let mut sources = Vec::new();
    for id in [old_id, new_id] {
        let s = app.post(&format!("{BASE}/GetHistorySource"), &admin, json!({"schema_name": "public", "object_name": name, "database_name": db, "objectAuditLog_ID": id})).await;
        assert_eq!(s.status, StatusCode::OK, "{:?}", s.body);
        sources.push(s.body["object_source"].as_str().unwrap().to_owned());
    }
    assert!(sources[0].contains("select 1") && sources[1].contains("select 2"));
    let diff = app.post(&format!("{BASE}/GetDiffCheckerText"), &admin, json!({"diff_level": "character", "left": sources[0], "right": sources[1]})).await;
    assert_eq!(diff.status, StatusCode::OK, "{:?}", diff.body);
    let html = diff.body["html"].as_str().unwrap();
    assert!(html.contains("<del>1</del><ins>2</ins>"), "{html}");
    assert_eq!(html.matches("<del>").count() + html.matches("<ins>").count(), 2, "{html}");
    assert!(html.contains(&format!("CREATE OR REPLACE FUNCTION public.{name}()")));
    let css = diff.body["css"].as_str().unwrap();
    assert!(css.contains("del") && css.contains("ins"));

    // The current source is the latest version.
    let now = app.post(&format!("{BASE}/GetCurrentSource"), &admin, json!({"schema_name": "public", "object_name": name, "environment_name": "DEV"})).await;
    assert_eq!(now.status, StatusCode::OK, "{:?}", now.body);
    assert_eq!(now.body["object_source"].as_str().unwrap(), sources[1]);

    // A history id of another object, or no such id, is 404.
    let wrong = app.post(&format!("{BASE}/GetHistorySource"), &admin, json!({"schema_name": "public", "object_name": "something_else", "objectAuditLog_ID": new_id})).await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);
    let missing = app.post(&format!("{BASE}/GetHistorySource"), &admin, json!({"objectAuditLog_ID": 999_999_999})).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.body["message"].as_str().is_some());
}

#[tokio::test]
async fn views_and_tables_are_recorded_with_rebuilt_definitions_and_drops_are_recorded_too() {
    let (app, _) = spawn().await;
    let admin = app.login("admin").await;
    let table = unique("asp_probe_table");
    let view = unique("asp_probe_view");
    // Both in one transaction: their order still shows.
    exec(&app, &format!("create table public.{table} (id bigint generated always as identity primary key, label text not null default 'none'); alter table public.{table} add column amount numeric(12,3)")).await;
    exec(&app, &format!("create view public.{view} as select id, label from public.{table}")).await;

    let history = app.post(&format!("{BASE}/GetObjectHistory"), &admin, json!({"schema_name": "public", "object_name": table})).await;
    assert_eq!(history.status, StatusCode::OK, "{:?}", history.body);
    let rows = list(&history.body);
    let tags: Vec<&str> = rows.iter().map(|r| r["command_tag"].as_str().unwrap()).collect();
    assert_eq!(tags, vec!["ALTER TABLE", "CREATE TABLE"]);
    assert!(rows.iter().all(|r| r["object_type"] == "table"));
    let latest = app.post(&format!("{BASE}/GetHistorySource"), &admin, json!({"objectAuditLog_ID": rows[0]["objectAuditLog_ID"]})).await;
    let ddl = latest.body["object_source"].as_str().unwrap();
    assert!(ddl.starts_with(&format!("create table public.{table} (")), "{ddl}");
    assert!(ddl.contains("id bigint generated always as identity not null"), "{ddl}");
    assert!(ddl.contains("label text default 'none'::text not null"), "{ddl}");
    assert!(ddl.contains("amount numeric(12,3)"), "{ddl}");
    assert!(ddl.contains("PRIMARY KEY (id)"), "{ddl}");
    let first = app.post(&format!("{BASE}/GetHistorySource"), &admin, json!({"objectAuditLog_ID": rows[1]["objectAuditLog_ID"]})).await;
    assert!(!first.body["object_source"].as_str().unwrap().contains("amount"));
    let now = app.post(&format!("{BASE}/GetCurrentSource"), &admin, json!({"schema_name": "public", "object_name": table})).await;
    assert_eq!(now.body["object_source"].as_str().unwrap(), ddl);

    let view_now = app.post(&format!("{BASE}/GetCurrentSource"), &admin, json!({"schema_name": "public", "object_name": view, "environment_name": "QA"})).await;
    assert_eq!(view_now.status, StatusCode::OK, "{:?}", view_now.body);
    let text = view_now.body["object_source"].as_str().unwrap();
    assert!(text.starts_with(&format!("create or replace view public.{view} as\n")), "{text}");
    assert!(text.contains(&format!("FROM {table}")) || text.contains(&format!("FROM public.{table}")), "{text}");

    // A drop is a history row without source, and the object is then missing from the catalog.
    exec(&app, &format!("drop view public.{view}")).await;
    let view_history = app.post(&format!("{BASE}/GetObjectHistory"), &admin, json!({"schema_name": "public", "object_name": view})).await;
    let rows = list(&view_history.body);
    assert_eq!(rows.iter().map(|r| r["command_tag"].as_str().unwrap()).collect::<Vec<_>>(), vec!["DROP VIEW", "CREATE VIEW"]);
    let dropped = app.post(&format!("{BASE}/GetHistorySource"), &admin, json!({"objectAuditLog_ID": rows[0]["objectAuditLog_ID"]})).await;
    assert_eq!((dropped.status, dropped.body["object_source"].as_str()), (StatusCode::OK, Some("")));
    let gone = app.post(&format!("{BASE}/GetCurrentSource"), &admin, json!({"schema_name": "public", "object_name": view, "environment_name": "STAGE"})).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert_eq!(gone.body["message"], "This object doesnt exist in STAGE");

    // Temporary tables and the migration bookkeeping are never recorded.
    exec(&app, "create temp table asp_probe_temp (a int)").await;
    let temp: i64 = sqlx::query_scalar("select count(*) from asp.object_audit_log where object_name in ('asp_probe_temp', '_sqlx_migrations')").fetch_one(&app.pool).await.unwrap();
    assert_eq!(temp, 0);
}

#[tokio::test]
async fn a_failing_capture_never_breaks_the_ddl() {
    let (app, _) = spawn().await;
    let name = unique("asp_unlogged_probe");
    exec(&app, "alter table asp.object_audit_log rename to object_audit_log_away").await;
    // The trigger cannot write its row: it warns, and the DDL still succeeds.
    exec(&app, &format!("create table public.{name} (a int); create view public.{name}_v as select a from public.{name}; drop view public.{name}_v")).await;
    exec(&app, "alter table asp.object_audit_log_away rename to object_audit_log").await;
    let exists: bool = sqlx::query_scalar("select to_regclass($1) is not null").bind(format!("public.{name}")).fetch_one(&app.pool).await.unwrap();
    assert!(exists);
    let logged: i64 = sqlx::query_scalar("select count(*) from asp.object_audit_log where object_name like $1").bind(format!("{name}%")).fetch_one(&app.pool).await.unwrap();
    assert_eq!(logged, 0);
    // Capture resumes once the log is back.
    exec(&app, &format!("alter table public.{name} add column b int")).await;
    let logged: i64 = sqlx::query_scalar("select count(*) from asp.object_audit_log where object_name = $1").bind(&name).fetch_one(&app.pool).await.unwrap();
    assert_eq!(logged, 1);
}

#[tokio::test]
async fn a_missing_object_is_404_with_the_specs_message_naming_the_environment() {
    let (app, _) = spawn().await;
    let admin = app.login("admin").await;
    for env in ["DEV", "QA", "PROD"] {
        let a = app.post(&format!("{BASE}/GetCurrentSource"), &admin, json!({"schema_name": "public", "object_name": "no_such_object", "environment_name": env})).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{env}");
        assert_eq!(a.body["message"], format!("This object doesnt exist in {env}"));
        assert_eq!(a.body["status"], 404);
    }
}

#[tokio::test]
async fn another_environment_is_read_through_its_own_database() {
    let (app, remote) = spawn().await;
    let admin = app.login("admin").await;
    let envs = app.get(&format!("{BASE}/Environments"), &admin).await;
    assert_eq!(envs.status, StatusCode::OK, "{:?}", envs.body);
    let names: Vec<&str> = envs.body.as_array().unwrap().iter().map(|e| e["environment_name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["DEV", "QA", "STAGE", "PROD"]);
    let own_db: String = sqlx::query_scalar("select current_database()::text").fetch_one(&app.pool).await.unwrap();
    let remote_db = url::Url::parse(&remote).unwrap().path().trim_start_matches('/').to_owned();
    let db_of = |n: &str| envs.body.as_array().unwrap().iter().find(|e| e["environment_name"] == n).unwrap()["database_name"].as_str().unwrap().to_owned();
    assert_eq!((db_of("DEV"), db_of("STAGE"), db_of("PROD")), (own_db.clone(), own_db.clone(), remote_db.clone()));

    // A function only in PROD, and one only in DEV.
    let prod_only = unique("asp_prod_probe");
    let dev_only = unique("asp_dev_probe");
    let mut prod = PgConnection::connect(&remote).await.unwrap();
    sqlx::raw_sql(&format!("create function public.{prod_only}() returns text language sql as $$select 'prod'$$")).execute(&mut prod).await.unwrap();
    prod.close().await.unwrap();
    exec(&app, &format!("create function public.{dev_only}() returns text language sql as $$select 'dev'$$")).await;

    let in_prod = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"environment_name": "PROD", "object_name": prod_only})).await;
    assert_eq!(in_prod.status, StatusCode::OK, "{:?}", in_prod.body);
    assert_eq!(in_prod.body["totalCount"], 1);
    assert_eq!(list(&in_prod.body)[0]["database_name"], remote_db.as_str());
    let in_dev = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"environment_name": "DEV", "object_name": prod_only})).await;
    assert_eq!(in_dev.body["totalCount"], 0);

    // The compare buttons: the same object's current source in each environment.
    let prod_src = app.post(&format!("{BASE}/GetCurrentSource"), &admin, json!({"schema_name": "public", "object_name": prod_only, "environment_name": "prod"})).await;
    assert_eq!(prod_src.status, StatusCode::OK, "{:?}", prod_src.body);
    assert!(prod_src.body["object_source"].as_str().unwrap().contains("select 'prod'"));
    let not_in_dev = app.post(&format!("{BASE}/GetCurrentSource"), &admin, json!({"schema_name": "public", "object_name": prod_only, "environment_name": "DEV"})).await;
    assert_eq!((not_in_dev.status, not_in_dev.body["message"].as_str()), (StatusCode::NOT_FOUND, Some("This object doesnt exist in DEV")));
    let not_in_prod = app.post(&format!("{BASE}/GetCurrentSource"), &admin, json!({"schema_name": "public", "object_name": dev_only, "environment_name": "PROD"})).await;
    assert_eq!((not_in_prod.status, not_in_prod.body["message"].as_str()), (StatusCode::NOT_FOUND, Some("This object doesnt exist in PROD")));

    // Without an environment name, the database name picks the environment (the history route carries only that).
    let history = app.post(&format!("{BASE}/GetObjectHistory"), &admin, json!({"schema_name": "public", "object_name": prod_only, "database_name": remote_db})).await;
    assert_eq!(history.body["totalCount"], 1, "{:?}", history.body);
    let id = list(&history.body)[0]["objectAuditLog_ID"].clone();
    let source = app.post(&format!("{BASE}/GetHistorySource"), &admin, json!({"objectAuditLog_ID": id, "database_name": remote_db})).await;
    assert!(source.body["object_source"].as_str().unwrap().contains("select 'prod'"));
    let users = app.get(&format!("{BASE}/GetUserNames/PROD"), &admin).await;
    assert_eq!(users.status, StatusCode::OK);
    assert!(!users.body.as_array().unwrap().is_empty());
}

#[tokio::test]
async fn user_names_are_the_roles_that_made_changes_shown_by_their_friendly_names() {
    let (app, _) = spawn().await;
    let admin = app.login("admin").await;
    let me = session_user(&app).await;
    let name = unique("asp_user_probe");
    exec(&app, &format!("create view public.{name} as select 1 as one")).await;

    let users = app.get(&format!("{BASE}/GetUserNames/DEV"), &admin).await;
    assert_eq!(users.status, StatusCode::OK, "{:?}", users.body);
    let mine = users.body.as_array().unwrap().iter().find(|u| u["network_name"] == me.as_str()).cloned().unwrap();
    assert_eq!(mine["friendly_name"], me.as_str(), "an unknown role is shown by its name");

    sqlx::query("insert into asp.db_user (network_name, friendly_name) values ($1, 'Database Owner')").bind(&me).execute(&app.pool).await.unwrap();
    let users = app.get(&format!("{BASE}/GetUserNames/dev"), &admin).await;
    let mine = users.body.as_array().unwrap().iter().find(|u| u["network_name"] == me.as_str()).cloned().unwrap();
    assert_eq!(mine["friendly_name"], "Database Owner");

    // The user filter of the search.
    let by_me = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"object_name": name, "network_name": me})).await;
    assert_eq!(by_me.body["totalCount"], 1);
    assert_eq!(list(&by_me.body)[0]["friendly_name"], "Database Owner");
    let by_friendly = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"object_name": name, "network_name": "Database Owner"})).await;
    assert_eq!(by_friendly.body["totalCount"], 1);
    let by_other = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"object_name": name, "network_name": "someone_else"})).await;
    assert_eq!(by_other.body["totalCount"], 0);
    let all = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"object_name": name, "network_name": "", "schema_name": "public"})).await;
    assert_eq!(all.body["totalCount"], 1);
    let other_schema = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"object_name": name, "schema_name": "asp"})).await;
    assert_eq!(other_schema.body["totalCount"], 0);
}

#[tokio::test]
async fn the_search_window_defaults_to_ninety_days_and_bad_dates_are_400() {
    let (app, _) = spawn().await;
    let admin = app.login("admin").await;
    let name = unique("asp_window_probe");
    exec(&app, &format!("create view public.{name} as select 1 as one")).await;
    // An older change of another object, 100 days ago: outside the default window.
    let old = unique("asp_old_probe");
    sqlx::query("insert into asp.object_audit_log (schema_name, object_name, object_type, command_tag, object_source, event_time) values ('public', $1, 'view', 'CREATE VIEW', 'x', now() - interval '100 days')")
        .bind(&old)
        .execute(&app.pool)
        .await
        .unwrap();
    let search = async |body: Value| app.post(&format!("{BASE}/GetChangedObjects"), &admin, body).await;
    assert_eq!(search(json!({"object_name": name})).await.body["totalCount"], 1);
    assert_eq!(search(json!({"object_name": old})).await.body["totalCount"], 0);
    let today = chrono::Utc::now().date_naive();
    let back = (today - chrono::Duration::days(120)).format("%Y-%m-%d").to_string();
    assert_eq!(search(json!({"object_name": old, "startDate": back})).await.body["totalCount"], 1);
    let future = (today + chrono::Duration::days(5)).format("%Y-%m-%d").to_string();
    assert_eq!(search(json!({"object_name": name, "startDate": future, "endDate": future})).await.body["totalCount"], 0);
    let iso = format!("{}T00:00:00.000Z", today.format("%Y-%m-%d"));
    assert_eq!(search(json!({"object_name": name, "startDate": iso})).await.body["totalCount"], 1);

    let reversed = search(json!({"startDate": "2026-03-02", "endDate": "2026-03-01"})).await;
    assert_eq!(reversed.status, StatusCode::BAD_REQUEST);
    assert_eq!(reversed.body["message"], "Start Date can not be greater than the End Date");
    let garbage = search(json!({"startDate": "soon"})).await;
    assert_eq!(garbage.status, StatusCode::BAD_REQUEST);
    assert_eq!(garbage.body["errors"][0]["field"], "startDate");
    let bad_size = search(json!({"pageSize": 15})).await;
    assert_eq!(bad_size.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad_size.body["errors"][0]["errorType"], "invalidPageSize");
}

#[tokio::test]
async fn a_malicious_sort_field_is_a_400_and_never_reaches_sql() {
    let (app, _) = spawn().await;
    let admin = app.login("admin").await;
    let count = "select count(*) from asp.object_audit_log";
    let before: i64 = sqlx::query_scalar(count).fetch_one(&app.pool).await.unwrap();
    for evil in ["last_modified_date; drop table asp.object_audit_log", "1", "object_source", "(select 1)"] {
        for path in ["GetChangedObjects", "GetObjectHistory"] {
            let a = app.post(&format!("{BASE}/{path}"), &admin, json!({"schema_name": "public", "object_name": "x", "sortField": evil})).await;
            assert_eq!(a.status, StatusCode::BAD_REQUEST, "{path} {evil}");
            assert_eq!(a.body["errors"][0]["field"], "sortField");
            assert_eq!(a.body["errors"][0]["errorType"], "invalidSortField");
        }
    }
    // The log is there with the same rows: no statement ran (a drop, or any DDL, would have been captured in it).
    let after: i64 = sqlx::query_scalar(count).fetch_one(&app.pool).await.unwrap();
    assert_eq!(after, before);
    for good in ["object_name", "friendly_name", "LAST_MODIFIED_DATE", "objectAuditLog_ID", "schema_name"] {
        let a = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"sortField": good, "sortDirection": "asc"})).await;
        assert_eq!(a.status, StatusCode::OK, "{good}: {:?}", a.body);
    }
    let a = app.post(&format!("{BASE}/GetChangedObjects"), &admin, json!({"sortDirection": "sideways"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn an_unknown_environment_is_a_400() {
    let (app, _) = spawn().await;
    let admin = app.login("admin").await;
    let a = app.get(&format!("{BASE}/GetUserNames/NOPE"), &admin).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.body["errors"][0]["field"], "environment");
    assert_eq!(a.body["errors"][0]["errorType"], "unknownEnvironment");
    assert!(a.body["message"].as_str().unwrap().contains("NOPE"));
    for (path, body) in [
        ("GetChangedObjects", json!({"environment_name": "NOPE"})),
        ("GetObjectHistory", json!({"environment_name": "NOPE", "schema_name": "public", "object_name": "x"})),
        ("GetCurrentSource", json!({"environment_name": "NOPE", "schema_name": "public", "object_name": "x"})),
        ("GetHistorySource", json!({"environment_name": "NOPE", "objectAuditLog_ID": 1})),
    ] {
        let a = app.post(&format!("{BASE}/{path}"), &admin, body).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(a.body["errors"][0]["errorType"], "unknownEnvironment", "{path}");
    }
}

#[tokio::test]
async fn the_diff_level_must_be_character_and_the_texts_at_most_one_megabyte() {
    let (app, _) = spawn().await;
    let admin = app.login("admin").await;
    let diff = async |body: Value| app.post(&format!("{BASE}/GetDiffCheckerText"), &admin, body).await;
    for level in [json!("word"), json!("line"), json!(""), Value::Null] {
        let a = diff(json!({"diff_level": level, "left": "a", "right": "b"})).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{level}");
        assert_eq!(a.body["errors"][0]["field"], "diff_level");
        assert_eq!(a.body["message"], "The diff level must be 'character'.");
    }
    let big = "x".repeat(1024 * 1024 + 1);
    let a = diff(json!({"diff_level": "character", "left": big, "right": "b"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.body["errors"][0]["field"], "left");

    let ok = diff(json!({"diff_level": "character", "left": "", "right": "<b>&"})).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body["html"], "<pre class=\"asp-diff\"><ins>&lt;b&gt;&amp;</ins></pre>");
    let same = diff(json!({"diff_level": "character", "left": "same", "right": "same"})).await;
    assert_eq!(same.body["html"], "<pre class=\"asp-diff\">same</pre>");
    let missing_sides = diff(json!({"diff_level": "character"})).await;
    assert_eq!(missing_sides.body["html"], "<pre class=\"asp-diff\"></pre>");
}

#[tokio::test]
async fn names_are_required_for_history_and_sources() {
    let (app, _) = spawn().await;
    let admin = app.login("admin").await;
    let blank = app.post(&format!("{BASE}/GetCurrentSource"), &admin, json!({"schema_name": " ", "object_name": ""})).await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST);
    let fields: Vec<&str> = blank.body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, vec!["schema_name", "object_name"]);
    let absent = app.post(&format!("{BASE}/GetObjectHistory"), &admin, json!({"schema_name": "public"})).await;
    assert_eq!(absent.status, StatusCode::BAD_REQUEST);
    assert!(absent.body["message"].as_str().is_some());
    let no_id = app.post(&format!("{BASE}/GetHistorySource"), &admin, json!({"schema_name": "public"})).await;
    assert_eq!(no_id.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn non_admins_get_403_on_every_database_tools_operation() {
    let (app, _) = spawn().await;
    for user in ["buyer", "customer"] {
        let token = app.login(user).await;
        for path in ["GetUserNames/DEV", "Environments"] {
            let a = app.get(&format!("{BASE}/{path}"), &token).await;
            assert_eq!(a.status, StatusCode::FORBIDDEN, "{user} {path}");
        }
        for (path, body) in [
            ("GetChangedObjects", json!({})),
            ("GetObjectHistory", json!({"schema_name": "public", "object_name": "x"})),
            ("GetCurrentSource", json!({"schema_name": "public", "object_name": "x"})),
            ("GetHistorySource", json!({"objectAuditLog_ID": 1})),
            ("GetDiffCheckerText", json!({"diff_level": "character", "left": "a", "right": "b"})),
        ] {
            let a = app.post(&format!("{BASE}/{path}"), &token, body).await;
            assert_eq!(a.status, StatusCode::FORBIDDEN, "{user} {path}");
            assert!(a.body["message"].as_str().unwrap().contains("permission"));
        }
    }
    let anonymous = app.request(reqwest::Method::GET, &format!("{BASE}/Environments"), None, None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}
