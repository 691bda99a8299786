//! The home page: tiles show the counts of their lists (or are not offered), and the usage trend chart (issue 22).
#![allow(clippy::unwrap_used)]

use crate::common::TestApp;
use reqwest::StatusCode;
use kernel::num::Decimal;
use serde_json::Value;

async fn at(app: &TestApp, user: &str, site: &str) -> String {
    let token = app.login(user).await;
    assert_eq!(app.switch(&token, site).await.status, StatusCode::OK);
    token
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

fn tile<'a>(tiles: &'a Value, name: &str) -> Option<&'a Value> {
    tiles.as_array().unwrap().iter().find(|t| t["aspName"] == name)
}

#[tokio::test]
async fn every_tile_offered_is_counted_and_opens_a_console_list_apd_summary_counts_the_pending_suggestions() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.get("/api/V1/Presentation/HomepageTiles", &buyer).await;
    assert_eq!(a.status, StatusCode::OK);
    // Issue 22: APD Summary and the tiles of areas not built showed a dash; now a tile is counted or not offered.
    for t in a.body.as_array().unwrap() {
        assert!(t["count"].is_i64(), "{t}");
        assert!(t["route"].as_str().is_some_and(|r| r.starts_with('/')), "{t}");
    }
    for absent in ["CDIAREQS", "CDOPENRFQ", "CDOPENOSD", "CDINTEGERR"] {
        assert!(tile(&a.body, absent).is_none(), "{absent} is of an area not built: {:?}", a.body);
    }
    let apd = tile(&a.body, "CDAPDWARN").unwrap_or_else(|| panic!("no APD Summary in {:?}", a.body));
    assert_eq!(apd["route"], "/apd/review");
    let pending = count(&app, "select count(*) from client_acme.apd_suggestion a join asp.site s using (site_id) where s.site_code = 'ACME-NORTH' and a.status = 1").await;
    assert!(pending > 0, "the demo has pending suggestions");
    assert_eq!(apd["count"], pending);
    // The same number the Min/Max Review screen lists by default (Pending).
    let listed = app.post("/api/V1/APD/Search", &buyer, serde_json::json!({"status": 1, "pageSize": 10})).await;
    assert_eq!(listed.body["totalCount"].as_i64(), Some(pending), "{:?}", listed.body);

    // The warehouse may not open Min/Max Review: the tile is not offered.
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let a = app.get("/api/V1/Presentation/HomepageTiles", &warehouse).await;
    assert!(tile(&a.body, "CDAPDWARN").is_none(), "{:?}", a.body);
}

#[tokio::test]
async fn the_usage_trend_sums_the_sites_ledger_by_month_and_shows_values_only_with_inv_fis_price() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.get("/api/V1/Stock/UsageTrend", &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let months = a.body["months"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert!(months.windows(2).all(|w| w[0]["month"].as_str() < w[1]["month"].as_str()), "oldest first");
    // The buyer holds no InvFISPrice: quantities, no money.
    assert!(a.body["stock_value"].is_null() && months.iter().all(|m| m["usage_value"].is_null() && m["received_value"].is_null()), "{:?}", a.body);
    let rows: i64 = months.iter().map(|m| m["transactions"].as_i64().unwrap()).sum();
    let expected = count(
        &app,
        "select count(*) from client_acme.stock_transaction t join asp.site s using (site_id)
         where s.site_code = 'ACME-NORTH' and t.trans_date >= date_trunc('month', current_date::timestamp) - interval '11 months'",
    )
    .await;
    assert!(expected > 0, "the demo ledger has movements");
    assert_eq!(rows, expected);
    // Exact: the months' quantities add up to the ledger's sum, digit for digit.
    let usage: Decimal = months.iter().map(|m| exact(&m["usage_qty"])).sum();
    let expected: String = sqlx::query_scalar(
        "select coalesce(sum(usage_qty), 0)::text from client_acme.stock_transaction t join asp.site s using (site_id)
         where s.site_code = 'ACME-NORTH' and t.trans_date >= date_trunc('month', current_date::timestamp) - interval '11 months'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(usage, expected.parse::<Decimal>().unwrap());

    // The warehouse holds InvFISPrice: the stock value is on hand x average cost, rounded once to cents.
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let a = app.get("/api/V1/Stock/UsageTrend?months=3", &warehouse).await;
    assert_eq!(a.body["months"].as_array().unwrap().len(), 3);
    let value: String = sqlx::query_scalar(
        "select round(coalesce(sum(qty_on_hand * coalesce(cust_avg_cost, 0)), 0), 2)::text from client_acme.cip c join asp.site s using (site_id)
         where s.site_code = 'ACME-NORTH' and c.status_id = 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let value: Decimal = value.parse().unwrap();
    assert!(value > Decimal::ZERO);
    assert_eq!(exact(&a.body["stock_value"]), value, "{:?}", a.body);
    assert!(a.body["months"].as_array().unwrap().iter().all(|m| m["usage_value"].is_number()), "{:?}", a.body);
    assert_eq!(app.get("/api/V1/Stock/UsageTrend?months=25", &warehouse).await.status, StatusCode::BAD_REQUEST);
}

/// The exact value of a JSON number, read from its decimal text (never through a double's arithmetic).
fn exact(v: &Value) -> Decimal {
    assert!(v.is_number(), "not a number: {v}");
    v.to_string().parse().unwrap()
}
