//! SQL of bug reports (shared `asp` schema).

use sqlx::PgConnection;

/// One bug report as stored.
pub struct NewBugReport<'a> {
    pub subject: &'a str,
    pub message: &'a str,
    pub screenshot: bool,
    pub html: Option<&'a str>,
    pub site_code: Option<&'a str>,
    /// The reporter's login name.
    pub reported_user: &'a str,
    pub asp_users_id: i64,
    pub project: i32,
    pub url: Option<&'a str>,
}

/// Files the report; answers its ticket number.
pub async fn insert(conn: &mut PgConnection, r: &NewBugReport<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.bug_report (subject, message, screenshot, html, site_code, reported_user, asp_users_id, project, url)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning bug_report_id",
        r.subject,
        r.message,
        r.screenshot,
        r.html,
        r.site_code,
        r.reported_user,
        r.asp_users_id,
        r.project,
        r.url
    )
    .fetch_one(conn)
    .await
}
