//! SQL of the glossary resource (shared schema `asp`).

use sqlx::PgConnection;

use kernel::listing::{self, Page, Search};

use super::model::GlossaryTerm;

const COLUMNS: &str = "glossary_id, label, description, abbrevation, location, notes, status, created_by_user, created_date,
    last_modified_by_user, last_modified_date, approved_by_user, approved_date";

/// A validated new term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTerm {
    pub label: String,
    pub description: Option<String>,
    pub abbrevation: Option<String>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub status: Option<String>,
}

/// A page of terms and their total; `label_order` is the output column that sorts labels ignoring case.
pub async fn search(conn: &mut PgConnection, page: &Page) -> Result<(Vec<GlossaryTerm>, i64), sqlx::Error> {
    let search = Search::new(format!("select {COLUMNS}, lower(label) as label_order from asp.glossary_term"));
    listing::fetch_built_page(conn, search.into_builder(), page).await
}

/// Inserts the term, created and last modified by the user; `None` when the label exists already.
pub async fn insert(conn: &mut PgConnection, t: &NewTerm, user_id: i64) -> Result<Option<GlossaryTerm>, sqlx::Error> {
    // Returns the columns of COLUMNS (which the dynamic search shares), spelt out for the compile-time check.
    sqlx::query_as!(
        GlossaryTerm,
        "insert into asp.glossary_term (label, description, abbrevation, location, notes, status, created_by_id, created_by_user,
             last_modified_by_user, last_modified_date)
         select $1, $2, $3, $4, $5, $6, $7, n.name, n.name, now()
         from (select (select nullif(trim(fname || ' ' || lname), '') from asp.asp_users where asp_users_id = $7) as name) n
         on conflict do nothing
         returning glossary_id, label, description, abbrevation, location, notes, status, created_by_user, created_date,
             last_modified_by_user, last_modified_date, approved_by_user, approved_date",
        t.label,
        t.description,
        t.abbrevation,
        t.location,
        t.notes,
        t.status,
        user_id
    )
    .fetch_optional(conn)
    .await
}
