//! SQL of the release resource (shared schema `asp`).

use chrono::NaiveDate;
use sqlx::PgConnection;

use kernel::listing::{self, Page, Search};

use super::model::Release;

const COLUMNS: &str = "release_id, release_number, release_title, release_date, released_by_user, approval_date, approved_by_user,
    major_release, teams_link,
    release_bug_number, release_bug_number2, release_bug_number3, release_bug_number4, release_bug_number5,
    release_bug_number6, release_bug_number7, release_bug_number8, release_bug_number9, release_bug_number10,
    release_text, release_text2, release_text3, release_text4, release_text5,
    release_text6, release_text7, release_text8, release_text9, release_text10";

/// A validated new release: trimmed texts, empties as null.
#[derive(Debug, Clone, PartialEq)]
pub struct NewRelease {
    pub number: String,
    pub title: String,
    pub release_date: Option<NaiveDate>,
    pub released_by_user: Option<String>,
    pub approval_date: Option<NaiveDate>,
    pub approved_by_user: Option<String>,
    pub teams_link: Option<String>,
    /// (bug number, description) pairs 1..10.
    pub notes: [(Option<String>, Option<String>); 10],
}

pub async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<Release>, sqlx::Error> {
    // The columns of COLUMNS (which the dynamic search shares), spelt out for the compile-time check.
    sqlx::query_as!(
        Release,
        "select release_id, release_number, release_title, release_date, released_by_user, approval_date, approved_by_user,
             major_release, teams_link,
             release_bug_number, release_bug_number2, release_bug_number3, release_bug_number4, release_bug_number5,
             release_bug_number6, release_bug_number7, release_bug_number8, release_bug_number9, release_bug_number10,
             release_text, release_text2, release_text3, release_text4, release_text5,
             release_text6, release_text7, release_text8, release_text9, release_text10
         from asp.release where release_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}

/// A page of releases and their total. `release_version` (the number as an int array; the table's check
/// constraint keeps the cast safe) is the output column that sorts numbers in version order.
pub async fn search(conn: &mut PgConnection, page: &Page) -> Result<(Vec<Release>, i64), sqlx::Error> {
    let search = Search::new(format!("select {COLUMNS}, string_to_array(release_number, '.')::int[] as release_version from asp.release"));
    listing::fetch_built_page(conn, search.into_builder(), page).await
}

/// Inserts the release as a major release; `None` when the number is taken.
pub async fn insert(conn: &mut PgConnection, r: &NewRelease, created_by: i64) -> Result<Option<i64>, sqlx::Error> {
    let [n1, n2, n3, n4, n5, n6, n7, n8, n9, n10] = &r.notes;
    sqlx::query_scalar!(
        "insert into asp.release (release_number, release_title, release_date, released_by_user, approval_date, approved_by_user,
             major_release, teams_link, created_by_id,
             release_bug_number, release_text, release_bug_number2, release_text2, release_bug_number3, release_text3,
             release_bug_number4, release_text4, release_bug_number5, release_text5, release_bug_number6, release_text6,
             release_bug_number7, release_text7, release_bug_number8, release_text8, release_bug_number9, release_text9,
             release_bug_number10, release_text10)
         values ($1, $2, $3, $4, $5, $6, true, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
             $23, $24, $25, $26, $27, $28)
         on conflict (release_number) do nothing
         returning release_id",
        r.number,
        r.title,
        r.release_date,
        r.released_by_user,
        r.approval_date,
        r.approved_by_user,
        r.teams_link,
        created_by,
        n1.0,
        n1.1,
        n2.0,
        n2.1,
        n3.0,
        n3.1,
        n4.0,
        n4.1,
        n5.0,
        n5.1,
        n6.0,
        n6.1,
        n7.0,
        n7.1,
        n8.0,
        n8.1,
        n9.0,
        n9.1,
        n10.0,
        n10.1
    )
    .fetch_optional(conn)
    .await
}
