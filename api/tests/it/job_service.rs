//! The job service: the scheduler runs each due job once across replicas, survives a crashed replica, records every
//! run; the administrator's job list, actions, history and log file.
#![allow(clippy::unwrap_used)]


use std::sync::Arc;
use std::time::{Duration, Instant};

use kernel::jobs::{Job, JobContext, Registry};
use ::jobs::scheduler::{Scheduler, ABANDONED};
use base64::Engine;
use chrono::{DateTime, Utc};
use crate::common::TestApp;
use futures::future::BoxFuture;
use reqwest::{Method, StatusCode};
use serde_json::json;
use sqlx::PgPool;

/// Schedulers of this test process look for due jobs every 200 ms instead of every 5 s.
async fn spawn() -> TestApp {
    ::jobs::set_tick(Duration::from_millis(200));
    TestApp::spawn().await
}

/// A job row of a type no application replica runs (so only the test decides what happens to it).
async fn insert_job(pool: &PgPool, job_type_id: i32, extra: &str) -> i64 {
    let sql = "insert into asp.job (job_type_id, description, schedule_type_id, run_interval, next_run, active, log_level)
               values ($1, 'test job', 1, 3600, now() + interval '1 hour', true, 'Info') returning job_id";
    let id: i64 = sqlx::query_scalar(sql).bind(job_type_id).fetch_one(pool).await.unwrap();
    if !extra.is_empty() {
        sqlx::query(&format!("update asp.job set {extra} where job_id = $1")).bind(id).execute(pool).await.unwrap();
    }
    id
}

async fn finished_runs(pool: &PgPool, job_id: i64) -> i64 {
    sqlx::query_scalar("select count(*) from asp.job_run where job_id = $1 and end_time is not null").bind(job_id).fetch_one(pool).await.unwrap()
}

/// Waits (up to `secs`) until the job has at least `n` finished runs.
async fn wait_for_runs(pool: &PgPool, job_id: i64, n: i64, secs: u64) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while finished_runs(pool, job_id).await < n {
        assert!(Instant::now() < deadline, "job {job_id} did not finish {n} run(s) within {secs} s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn wait_until_idle(pool: &PgPool, job_id: i64) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let status: i16 = sqlx::query_scalar("select job_status from asp.job where job_id = $1").bind(job_id).fetch_one(pool).await.unwrap();
        if status == 0 {
            return;
        }
        assert!(Instant::now() < deadline, "job {job_id} stayed running");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// (scheduled_for, start_time, end_time, success, run_by)
type RunRow = (Option<DateTime<Utc>>, DateTime<Utc>, Option<DateTime<Utc>>, Option<bool>, Option<String>);

#[tokio::test]
async fn a_one_second_job_runs_once_per_interval_across_two_replicas() {
    let a = spawn().await;
    let b = TestApp::start(a.settings.clone()).await;
    let admin = a.login("admin").await;
    let started = Instant::now();
    let id: i64 = sqlx::query_scalar(
        "insert into asp.job (job_type_id, description, schedule_type_id, run_interval, next_run, active, log_level)
         values (1, 'every second', 1, 1, now(), true, 'Debug') returning job_id",
    )
    .fetch_one(&a.pool)
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(6500)).await;
    let off = b.put(&format!("/api/V1/DevOps/Job/{id}/Activation"), &admin, json!({"active": false})).await;
    assert_eq!(off.status, StatusCode::OK, "{:?}", off.body);
    let elapsed = started.elapsed().as_secs_f64();
    wait_until_idle(&a.pool, id).await;

    let runs: Vec<RunRow> =
        sqlx::query_as("select scheduled_for, start_time, end_time, success, run_by from asp.job_run where job_id = $1 order by start_time, job_run_id")
            .bind(id)
            .fetch_all(&a.pool)
            .await
            .unwrap();
    let n = runs.len() as f64;
    assert!(n >= 3.0 && n <= elapsed.floor() + 1.0, "{n} runs in {elapsed:.1} s");
    for (i, run) in runs.iter().enumerate() {
        assert_eq!(run.3, Some(true), "run {i} succeeded");
        assert!(run.2.is_some(), "run {i} finished");
        assert!(run.4.is_some());
        if i > 0 {
            let prev = &runs[i - 1];
            // Exactly once: every run served a later due time than the one before, and never overlapped it.
            let step = (run.0.unwrap() - prev.0.unwrap()).num_milliseconds();
            assert!(step >= 1000 && step % 1000 == 0, "run {i} served a due time {step} ms after the previous one");
            assert!(run.1 >= prev.2.unwrap(), "run {i} started before run {} ended", i - 1);
        }
    }
    // The list shows what happened: the job is stopped, last run and next run set.
    let list = a.get("/api/V1/DevOps/Job", &admin).await;
    let job = list.body.as_array().unwrap().iter().find(|j| j["job_id"] == id).unwrap().clone();
    assert_eq!(job["status_text"], "Stopped");
    assert_eq!(job["job_status"], 0);
    assert!(job["last_run"].is_string() && job["next_run"].is_string());
}

#[tokio::test]
async fn a_job_whose_replica_crashed_is_picked_up_again_once_its_lease_expires() {
    let app = spawn().await;
    let crashed = insert_job(
        &app.pool,
        1,
        "job_status = 1, lease_owner = 'crashed-replica', lease_until = now() - interval '1 second', next_run = now() - interval '1 second',
         last_run = now() - interval '70 seconds'",
    )
    .await;
    let orphan: i64 = sqlx::query_scalar("insert into asp.job_run (job_id, run_by, start_time) values ($1, 'crashed-replica', now() - interval '70 seconds') returning job_run_id")
        .bind(crashed)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    // A live lease of another replica is respected even though the job is due.
    let busy = insert_job(&app.pool, 1, "job_status = 1, lease_owner = 'busy-replica', lease_until = now() + interval '1 hour', next_run = now() - interval '1 second'").await;

    wait_for_runs(&app.pool, crashed, 2, 15).await;
    let (success, detail): (Option<bool>, Option<String>) =
        sqlx::query_as("select success, results_detail from asp.job_run where job_run_id = $1").bind(orphan).fetch_one(&app.pool).await.unwrap();
    assert_eq!(success, Some(false));
    assert_eq!(detail.as_deref(), Some(ABANDONED));
    let rerun: (Option<bool>, String) =
        sqlx::query_as("select success, run_by from asp.job_run where job_id = $1 and job_run_id <> $2").bind(crashed).bind(orphan).fetch_one(&app.pool).await.unwrap();
    assert_eq!(rerun.0, Some(true));
    assert_ne!(rerun.1, "crashed-replica");
    let (status, owner, next_in_future): (i16, Option<String>, bool) =
        sqlx::query_as("select job_status, lease_owner, next_run > now() from asp.job where job_id = $1").bind(crashed).fetch_one(&app.pool).await.unwrap();
    assert_eq!((status, owner, next_in_future), (0, None, true));

    assert_eq!(finished_runs(&app.pool, busy).await, 0);
    let owner: Option<String> = sqlx::query_scalar("select lease_owner from asp.job where job_id = $1").bind(busy).fetch_one(&app.pool).await.unwrap();
    assert_eq!(owner.as_deref(), Some("busy-replica"));
}

struct Failing;
impl Job for Failing {
    fn job_type_id(&self) -> i32 {
        901
    }
    fn name(&self) -> &'static str {
        "failing"
    }
    fn run<'a>(&'a self, ctx: &'a JobContext) -> BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(async move {
            ctx.debug("not kept at Info");
            anyhow::bail!("the supplier feed is down")
        })
    }
}

struct Panicking;
impl Job for Panicking {
    fn job_type_id(&self) -> i32 {
        902
    }
    fn name(&self) -> &'static str {
        "panicking"
    }
    fn run<'a>(&'a self, _ctx: &'a JobContext) -> BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(async move { panic!("boom") })
    }
}

struct Slow;
impl Job for Slow {
    fn job_type_id(&self) -> i32 {
        903
    }
    fn name(&self) -> &'static str {
        "slow"
    }
    fn run<'a>(&'a self, ctx: &'a JobContext) -> BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(async move {
            tokio::time::sleep(Duration::from_millis(1500)).await;
            ctx.info("slept");
            Ok("done".to_owned())
        })
    }
}

fn test_scheduler(pool: &PgPool) -> Arc<Scheduler> {
    Arc::new(Scheduler::new(pool.clone(), Registry::new(vec![Arc::new(Failing), Arc::new(Panicking), Arc::new(Slow)])))
}

#[tokio::test]
async fn failing_and_panicking_jobs_are_recorded_as_failed_runs_and_scheduled_again() {
    let app = spawn().await;
    let failing = insert_job(&app.pool, 901, "next_run = now()").await;
    let panicking = insert_job(&app.pool, 902, "next_run = now()").await;
    let scheduler = test_scheduler(&app.pool);
    assert_eq!(scheduler.clone().tick().await.unwrap(), 2);
    wait_for_runs(&app.pool, failing, 1, 10).await;
    wait_for_runs(&app.pool, panicking, 1, 10).await;
    wait_until_idle(&app.pool, failing).await;
    wait_until_idle(&app.pool, panicking).await;
    let (success, detail, log): (Option<bool>, Option<String>, Option<String>) =
        sqlx::query_as("select success, results_detail, log_text from asp.job_run where job_id = $1").bind(failing).fetch_one(&app.pool).await.unwrap();
    assert_eq!(success, Some(false));
    assert_eq!(detail.as_deref(), Some("the supplier feed is down"));
    let log = log.unwrap();
    assert!(log.contains("ERROR Failed: the supplier feed is down"), "{log}");
    assert!(!log.contains("not kept at Info"), "{log}");
    let (success, detail): (Option<bool>, Option<String>) =
        sqlx::query_as("select success, results_detail from asp.job_run where job_id = $1").bind(panicking).fetch_one(&app.pool).await.unwrap();
    assert_eq!((success, detail.as_deref()), (Some(false), Some("The job panicked.")));
    // Both are due again only after their interval.
    assert_eq!(scheduler.tick().await.unwrap(), 0);
    let admin = app.login("admin").await;
    let history = app.post(&format!("/api/V1/DevOps/Job/{failing}/History"), &admin, json!({})).await;
    assert_eq!(history.body["itemList"][0]["success"], false);
}

#[tokio::test]
async fn a_running_job_is_not_claimed_by_another_replica() {
    let app = spawn().await;
    let slow = insert_job(&app.pool, 903, "next_run = now()").await;
    let (one, two) = (test_scheduler(&app.pool), test_scheduler(&app.pool));
    assert_ne!(one.owner(), two.owner());
    assert_eq!(one.clone().tick().await.unwrap(), 1);
    assert_eq!(two.clone().tick().await.unwrap(), 0, "the second replica must not run a job the first one holds");
    let (status, owner): (i16, Option<String>) = sqlx::query_as("select job_status, lease_owner from asp.job where job_id = $1").bind(slow).fetch_one(&app.pool).await.unwrap();
    assert_eq!((status, owner.as_deref()), (1, Some(one.owner())));
    let admin = app.login("admin").await;
    let list = app.get("/api/V1/DevOps/Job", &admin).await;
    let row = list.body.as_array().unwrap().iter().find(|j| j["job_id"] == slow).unwrap().clone();
    assert_eq!(row["status_text"], "Running");
    wait_for_runs(&app.pool, slow, 1, 10).await;
    wait_until_idle(&app.pool, slow).await;
    assert_eq!(two.tick().await.unwrap(), 0);
}

#[tokio::test]
async fn the_job_list_shows_the_seeded_jobs_with_status_text_and_highlight() {
    let app = spawn().await;
    let admin = app.login("admin").await;
    let stopped = insert_job(&app.pool, 900, "active = false, next_run = now() - interval '3 hours'").await;
    let stuck = insert_job(&app.pool, 900, "job_status = 1, lease_owner = 'x', lease_until = now() + interval '1 hour', last_run = now() - interval '2 hours'").await;
    let late = insert_job(&app.pool, 900, "next_run = now() - interval '2 hours'").await;
    let fine = insert_job(&app.pool, 900, "").await;
    let list = app.get("/api/V1/DevOps/Job", &admin).await;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.body);
    let jobs = list.body.as_array().unwrap();
    let by_id = |id: i64| jobs.iter().find(|j| j["job_id"] == id).unwrap().clone();

    let counting = by_id(1);
    assert_eq!(counting["job_type_id"], 1);
    assert_eq!(counting["schedule_type"], "Interval");
    assert_eq!(counting["schedule_type_id"], 1);
    assert_eq!(counting["run_interval"], 300);
    assert_eq!(counting["active"], true);
    let retention = by_id(2);
    assert_eq!((retention["job_type_id"].clone(), retention["run_interval"].clone()), (json!(2), json!(86400)));

    let s = by_id(stopped);
    assert_eq!((s["status_text"].as_str(), s["highlight"].as_str()), (Some("Stopped"), Some("warning")));
    let s = by_id(stuck);
    assert_eq!((s["status_text"].as_str(), s["highlight"].as_str()), (Some("Running"), Some("error")));
    let s = by_id(late);
    assert_eq!((s["status_text"].as_str(), s["highlight"].as_str()), (Some("Scheduled"), Some("warning")));
    let s = by_id(fine);
    assert_eq!(s["status_text"], "Scheduled");
    assert!(s["highlight"].is_null());
    // Every field is in the answer, null when unset.
    for field in ["job_id", "description", "last_run", "next_run", "last_activity_notification", "log_level", "job_status"] {
        assert!(s.get(field).is_some(), "{field} is missing: {s}");
    }
    assert_eq!(
        (s["job_id"].as_i64(), s["description"].as_str(), s["log_level"].as_str(), s["job_status"].as_i64()),
        (Some(fine), Some("test job"), Some("Info"), Some(0))
    );
    assert!(s["last_run"].is_null() && s["last_activity_notification"].is_null(), "never ran: {s}");
    assert!(s["next_run"].is_string(), "{s}");
}

#[tokio::test]
async fn activation_reset_and_log_level_answer_the_spec_messages() {
    let app = spawn().await;
    let admin = app.login("admin").await;
    let id = insert_job(&app.pool, 900, "job_status = 1, lease_owner = 'stuck', lease_until = now() + interval '1 hour'").await;
    let job = |id: i64| {
        let pool = app.pool.clone();
        async move {
            sqlx::query_as::<_, (bool, i16, Option<String>, String)>("select active, job_status, lease_owner, log_level from asp.job where job_id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };

    let a = app.put(&format!("/api/V1/DevOps/Job/{id}/Activation"), &admin, json!({"active": false})).await;
    assert_eq!((a.status, a.body["message"].as_str()), (StatusCode::OK, Some("Job Deactivated")));
    assert!(!job(id).await.0);
    let a = app.put(&format!("/api/V1/DevOps/Job/{id}/Activation"), &admin, json!({"active": true})).await;
    assert_eq!(a.body["message"], "Job Activated");
    assert!(job(id).await.0);

    let a = app.put(&format!("/api/V1/DevOps/Job/{id}/Status"), &admin, json!({"job_status": 0})).await;
    assert_eq!((a.status, a.body["message"].as_str()), (StatusCode::OK, Some("Job reset.")));
    let (_, status, owner, _) = job(id).await;
    assert_eq!((status, owner), (0, None));

    let a = app.put(&format!("/api/V1/DevOps/Job/{id}/LogLevel"), &admin, json!({"log_level": "debug"})).await;
    assert_eq!((a.status, a.body["message"].as_str()), (StatusCode::OK, Some("Job logging set to: Debug")));
    assert_eq!(job(id).await.3, "Debug");
    let a = app.put(&format!("/api/V1/DevOps/Job/{id}/LogLevel"), &admin, json!({"log_level": "Off"})).await;
    assert_eq!(a.body["message"], "Job logging set to: Off");

    let audited: Vec<String> = sqlx::query_scalar("select action from asp.audit_event where entity = 'job' and entity_id = $1 order by audit_event_id")
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(audited, vec!["job.deactivate", "job.activate", "job.reset", "job.log_level", "job.log_level"]);
}

#[tokio::test]
async fn unknown_jobs_are_404_and_bad_values_are_400_changing_nothing() {
    let app = spawn().await;
    let admin = app.login("admin").await;
    let id = insert_job(&app.pool, 900, "").await;
    for (method, path, body) in [
        (Method::PUT, "/api/V1/DevOps/Job/999999/Activation", json!({"active": true})),
        (Method::PUT, "/api/V1/DevOps/Job/999999/Status", json!({"job_status": 0})),
        (Method::PUT, "/api/V1/DevOps/Job/999999/LogLevel", json!({"log_level": "Info"})),
        (Method::POST, "/api/V1/DevOps/Job/999999/History", json!({})),
        (Method::GET, "/api/V1/DevOps/Job/999999/LogFile", serde_json::Value::Null),
    ] {
        let body = (!body.is_null()).then_some(body);
        let a = app.request(method, path, Some(&admin), body).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {:?}", a.body);
        assert_eq!(a.body["status"], 404);
    }

    let bad = app.put(&format!("/api/V1/DevOps/Job/{id}/LogLevel"), &admin, json!({"log_level": "Verbose"})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"][0]["field"], "log_level");
    assert_eq!(bad.body["message"], "The log level must be one of Off, Fatal, Error, Warn, Info, Debug, Trace.");
    let bad = app.put(&format!("/api/V1/DevOps/Job/{id}/Status"), &admin, json!({"job_status": 1})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"][0]["field"], "job_status");
    let bad = app.put(&format!("/api/V1/DevOps/Job/{id}/Activation"), &admin, json!({"active": "yes"})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.body["requestId"].is_string());
    let bad = app.put("/api/V1/DevOps/Job/abc/Activation", &admin, json!({"active": true})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);

    let (active, level): (bool, String) = sqlx::query_as("select active, log_level from asp.job where job_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!((active, level.as_str()), (true, "Info"));
    let audited: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity = 'job'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 0);
}

#[tokio::test]
async fn job_history_pages_sorts_exports_and_refuses_unknown_sort_fields() {
    let app = spawn().await;
    let admin = app.login("admin").await;
    let id = insert_job(&app.pool, 900, "").await;
    sqlx::query(
        "insert into asp.job_run (job_id, start_time, end_time, success, results_detail)
         select $1, now() - make_interval(mins => i), now() - make_interval(mins => i) + make_interval(secs => i), i % 2 = 0, 'run ' || i
         from generate_series(1, 25) i order by i desc",
    )
    .bind(id)
    .execute(&app.pool)
    .await
    .unwrap();
    let url = format!("/api/V1/DevOps/Job/{id}/History");

    let first = app.post(&url, &admin, json!({})).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    assert_eq!(first.body["totalCount"], 25);
    assert_eq!(first.body["limited"], false);
    let items = first.body["itemList"].as_array().unwrap();
    assert_eq!(items.len(), 10);
    let ids: Vec<i64> = items.iter().map(|r| r["job_run_id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "default sort job_run_id desc: {ids:?}");
    assert_eq!(items[0]["results_detail"], "run 1");
    assert_eq!(items[0]["duration_seconds"], 1.0);
    for field in ["start_time", "end_time", "success"] {
        assert!(items[0].get(field).is_some(), "{field}");
    }

    let last = app.post(&url, &admin, json!({"pageIndex": 2, "pageSize": 10})).await;
    assert_eq!(last.body["itemList"].as_array().unwrap().len(), 5);
    let by_duration = app.post(&url, &admin, json!({"pageNumber": 0, "pageSize": 20, "sortField": "duration_seconds", "sortDirection": "desc"})).await;
    assert_eq!(by_duration.body["itemList"][0]["results_detail"], "run 25");

    let bad = app.post(&url, &admin, json!({"sortField": "job_run_id; drop table asp.job"})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"][0]["errorType"], "invalidSortField");
    let bad = app.post(&url, &admin, json!({"sortField": "log_text"})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(app.post(&url, &admin, json!({"pageSize": 15})).await.status, StatusCode::BAD_REQUEST);
    let jobs: i64 = sqlx::query_scalar("select count(*) from asp.job").fetch_one(&app.pool).await.unwrap();
    assert!(jobs >= 3);

    let export = app
        .post(
            &format!("{url}/Export"),
            &admin,
            json!({"columns": [{"field": "job_run_id", "header": "Run", "kind": "number"}, {"field": "start_time", "header": "Start", "kind": "datetime"}]}),
        )
        .await;
    assert_eq!(export.status, StatusCode::OK);
    assert_eq!(export.headers["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert!(export.headers["content-disposition"].to_str().unwrap().contains("AspExport.xlsx"));
    assert!(export.body.as_str().unwrap().starts_with("PK"));
    let no_columns = app.post(&format!("{url}/Export"), &admin, json!({"columns": []})).await;
    assert_eq!(no_columns.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_log_file_is_the_latest_runs_log_at_the_jobs_level_or_a_404() {
    let app = spawn().await;
    let admin = app.login("admin").await;
    let quiet = insert_job(&app.pool, 900, "").await;
    let none = app.get(&format!("/api/V1/DevOps/Job/{quiet}/LogFile"), &admin).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert_eq!(none.body["message"], "No log file is available for this job");

    let id = insert_job(&app.pool, 1, "next_run = now(), log_level = 'Debug'").await;
    wait_for_runs(&app.pool, id, 1, 15).await;
    let run: i64 = sqlx::query_scalar("select max(job_run_id) from asp.job_run where job_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    let file = app.get(&format!("/api/V1/DevOps/Job/{id}/LogFile"), &admin).await;
    assert_eq!(file.status, StatusCode::OK, "{:?}", file.body);
    assert_eq!(file.body["file_name"], format!("job-{id}-run-{run}.log"));
    let text = String::from_utf8(base64::engine::general_purpose::STANDARD.decode(file.body["file_byte"].as_str().unwrap()).unwrap()).unwrap();
    assert!(text.contains("INFO  Job"), "{text}");
    assert!(text.contains("Finished: Recounted"), "{text}");
}

#[tokio::test]
async fn a_daily_job_is_next_due_at_its_time_of_day() {
    let app = spawn().await;
    let id: i64 = sqlx::query_scalar(
        "insert into asp.job (job_type_id, description, schedule_type_id, run_at, next_run, active)
         values (2, 'daily', 2, '03:00', now() - interval '1 second', true) returning job_id",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    wait_for_runs(&app.pool, id, 1, 15).await;
    wait_until_idle(&app.pool, id).await;
    let (future, within_a_day, at_three): (bool, bool, bool) = sqlx::query_as(
        "select next_run > now(), next_run <= now() + interval '1 day', (next_run at time zone 'utc')::time = '03:00' from asp.job where job_id = $1",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(future && within_a_day && at_three);
    let admin = app.login("admin").await;
    let list = app.get("/api/V1/DevOps/Job", &admin).await;
    let row = list.body.as_array().unwrap().iter().find(|j| j["job_id"] == id).unwrap().clone();
    assert_eq!((row["schedule_type"].as_str(), row["run_at"].as_str()), (Some("Daily"), Some("03:00:00")));
    let detail: String = sqlx::query_scalar("select results_detail from asp.job_run where job_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!(detail.starts_with("Deleted "), "{detail}");
}

#[tokio::test]
async fn the_filter_counting_job_recounts_instances_from_the_error_log() {
    let app = spawn().await;
    let admin = app.login("admin").await;
    let created = app.post("/api/V1/DevOps/ErrorLog/Filter", &admin, json!({"filter_type": 1, "filter_string": "deadlock detected"})).await;
    assert_eq!(created.status, StatusCode::OK, "{:?}", created.body);
    assert_eq!(created.body["instance_count"], 0);
    let filter = created.body["asp_error_log_filter_id"].as_i64().unwrap();
    sqlx::query(
        "insert into asp.error_log (application_name, message, exception) values
         ('ASP API', 'Error communicating with the server.', 'db: Deadlock detected while saving'),
         ('ASPv8', 'deadlock detected', null), ('ASPv8', 'something else', null)",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    // A job row of its own (type 1 with the seeded job's interval), so the seeded row's schedule cannot interfere.
    let job = insert_job(&app.pool, 1, "run_interval = 300, next_run = now()").await;
    wait_for_runs(&app.pool, job, 1, 15).await;
    wait_until_idle(&app.pool, job).await;
    let count: i64 = sqlx::query_scalar("select instance_count from asp.asp_error_log_filter where asp_error_log_filter_id = $1").bind(filter).fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 2);
    let next_in_five_minutes: bool = sqlx::query_scalar("select next_run > now() + interval '4 minutes' from asp.job where job_id = $1").bind(job).fetch_one(&app.pool).await.unwrap();
    assert!(next_in_five_minutes);
}

#[tokio::test]
async fn non_admins_get_403_on_every_job_operation() {
    let app = spawn().await;
    for user in ["buyer", "customer", "supplier"] {
        let token = app.login(user).await;
        for (method, path, body) in [
            (Method::GET, "/api/V1/DevOps/Job", None),
            (Method::POST, "/api/V1/DevOps/Job/1/History", Some(json!({}))),
            (Method::POST, "/api/V1/DevOps/Job/1/History/Export", Some(json!({"columns": [{"field": "job_run_id", "header": "Run"}]}))),
            (Method::PUT, "/api/V1/DevOps/Job/1/Activation", Some(json!({"active": false}))),
            (Method::PUT, "/api/V1/DevOps/Job/1/Status", Some(json!({"job_status": 0}))),
            (Method::PUT, "/api/V1/DevOps/Job/1/LogLevel", Some(json!({"log_level": "Trace"}))),
            (Method::GET, "/api/V1/DevOps/Job/1/LogFile", None),
        ] {
            let a = app.request(method, path, Some(&token), body).await;
            assert_eq!(a.status, StatusCode::FORBIDDEN, "{user} {path}");
            assert!(a.body["message"].as_str().unwrap().contains("permission"), "{user} {path}");
        }
        let anonymous = app.request(Method::GET, "/api/V1/DevOps/Job", None, None).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    }
    let (active, level): (bool, String) = sqlx::query_as("select active, log_level from asp.job where job_id = 1").fetch_one(&app.pool).await.unwrap();
    assert_eq!((active, level.as_str()), (true, "Info"));
}

/// Job-failed alerts (type 15) in every client schema: (login, site code) of each recipient.
async fn job_failed_recipients(pool: &PgPool) -> Vec<(String, String)> {
    let mut all = Vec::new();
    for schema in ["client_acme", "client_gea"] {
        let rows: Vec<(String, String)> = sqlx::query_as(&format!(
            "select r.username, s.site_code from {schema}.notification n join {schema}.notification_recipient r using (notification_id)
             join asp.site s on s.site_id = n.site_id where n.type_notification_id = 15 and n.subject = 'Job failed: failing'"
        ))
        .fetch_all(pool)
        .await
        .unwrap();
        all.extend(rows);
    }
    all.sort();
    all
}

#[tokio::test]
async fn a_job_that_starts_failing_tells_each_provider_administrator_once_and_not_again_while_it_keeps_failing(
) {
    let app = spawn().await;
    let failing = insert_job(&app.pool, 901, "next_run = now()").await;
    let scheduler = test_scheduler(&app.pool);
    assert_eq!(scheduler.clone().tick().await.unwrap(), 1);
    wait_for_runs(&app.pool, failing, 1, 10).await;
    wait_until_idle(&app.pool, failing).await;
    let told = job_failed_recipients(&app.pool).await;
    // Every holder of FSSConnectAdmin, once each, at one site of theirs.
    let holders: Vec<String> = sqlx::query_scalar(
        "select distinct u.user_id from asp.asp_users u join asp.user_site_role r using (asp_users_id)
         join asp.security_role_permission rp using (security_role_id) join asp.security_permission p using (security_permission_id)
         join asp.user_site us on us.asp_users_id = u.asp_users_id and us.site_id = r.site_id
         where p.permission_name = 'FSSConnectAdmin' and u.is_active order by 1",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert!(!holders.is_empty());
    let mut names: Vec<String> = told.iter().map(|(u, _)| u.clone()).collect();
    names.dedup();
    assert_eq!(names, holders, "each provider administrator once: {told:?}");
    assert_eq!(told.len(), holders.len());

    // It fails again: nothing new.
    sqlx::query("update asp.job set next_run = now() where job_id = $1")
        .bind(failing)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(scheduler.clone().tick().await.unwrap(), 1);
    wait_for_runs(&app.pool, failing, 2, 10).await;
    wait_until_idle(&app.pool, failing).await;
    assert_eq!(job_failed_recipients(&app.pool).await, told);
}
