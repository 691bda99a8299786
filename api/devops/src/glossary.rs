//! The glossary, field-level developer help and training links (spec 2): shared reference content in `asp`.

use api_macros::guarded;
use chrono::{DateTime, Utc};
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, PgConnection};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::export::{self, ExportColumn, XlsxFile};
use kernel::listing::{capped_sql, Page, PageRequest, SortSpec};
use kernel::ApiTags;
use kernel::page_type;
use kernel::state::AppState;

/// A glossary term. `abbrevation` is spelt so on purpose (the screens use that name).
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct GlossaryTerm {
    pub glossary_id: i64,
    pub label: String,
    pub description: Option<String>,
    pub abbrevation: Option<String>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub status: Option<String>,
    pub created_by_user: Option<String>,
    pub created_date: DateTime<Utc>,
    pub last_modified_by_user: Option<String>,
    pub last_modified_date: Option<DateTime<Utc>>,
    pub approved_by_user: Option<String>,
    pub approved_date: Option<DateTime<Utc>>,
}

/// A new glossary term; the label is required and unique regardless of case. Empty texts are stored as null.
#[derive(Debug, Clone, Default, Object)]
pub struct GlossaryInput {
    pub label: Option<String>,
    pub description: Option<String>,
    pub abbrevation: Option<String>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub status: Option<String>,
}

#[derive(Debug, Object)]
pub struct GlossaryExportRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub columns: Vec<ExportColumn>,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct DeveloperHelp {
    pub help_id: i64,
    pub help_name: String,
    pub database_field: String,
    pub description: String,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct TrainingLink {
    pub training_link_id: i64,
    pub category: String,
    pub link_address: String,
    pub description: String,
}

page_type!(GlossaryPage, GlossaryTerm, "itemList");

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("label", "lower(label)"),
        ("glossary_id", "glossary_id"),
        ("description", "description"),
        ("abbrevation", "abbrevation"),
        ("location", "location"),
        ("notes", "notes"),
        ("status", "status"),
        ("created_by_user", "created_by_user"),
        ("created_date", "created_date"),
        ("last_modified_by_user", "last_modified_by_user"),
        ("last_modified_date", "last_modified_date"),
        ("approved_by_user", "approved_by_user"),
        ("approved_date", "approved_date"),
    ],
    default_field: "label",
    default_descending: true,
};

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

fn clean(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

pub fn validate(input: &GlossaryInput) -> Result<NewTerm, Vec<ValidationError>> {
    let mut errors = Vec::new();
    let label = clean(&input.label);
    if label.is_none() {
        errors.push(ValidationError::new("label", "required", "Please enter a valid value for Label"));
    }
    let term = NewTerm {
        label: label.unwrap_or_default(),
        description: clean(&input.description),
        abbrevation: clean(&input.abbrevation),
        location: clean(&input.location),
        notes: clean(&input.notes),
        status: clean(&input.status),
    };
    for (value, max, field, label) in [
        (Some(&term.label), 200, "label", "Label"),
        (term.description.as_ref(), 4000, "description", "Description"),
        (term.abbrevation.as_ref(), 50, "abbrevation", "Abbreviation"),
        (term.location.as_ref(), 200, "location", "Location"),
        (term.notes.as_ref(), 4000, "notes", "Notes"),
        (term.status.as_ref(), 50, "status", "Status"),
    ] {
        if value.is_some_and(|v| v.chars().count() > max) {
            errors.push(ValidationError::new(field, "maxLength", &format!("{label} can be at most {max} characters.")));
        }
    }
    if errors.is_empty() {
        Ok(term)
    } else {
        Err(errors)
    }
}

/// A training category: letters, digits, `-` and `_`, up to 50.
pub fn valid_category(c: &str) -> bool {
    (1..=50).contains(&c.len()) && c.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

// Repository.
async fn search(conn: &mut PgConnection, page: &Page) -> Result<(Vec<GlossaryTerm>, i64), sqlx::Error> {
    let (rows_sql, count_sql) = capped_sql(&format!("select {COLUMNS} from asp.glossary_term"), &page.order_by, 1);
    let rows = sqlx::query_as(&rows_sql).bind(page.limit).bind(page.offset).fetch_all(&mut *conn).await?;
    let total = sqlx::query_scalar(&count_sql).fetch_one(&mut *conn).await?;
    Ok((rows, total))
}

/// Inserts the term; `None` when the label exists already.
async fn insert(conn: &mut PgConnection, t: &NewTerm, user_id: i64) -> Result<Option<GlossaryTerm>, sqlx::Error> {
    sqlx::query_as(&format!(
        "insert into asp.glossary_term (label, description, abbrevation, location, notes, status, created_by_id, created_by_user,
             last_modified_by_user, last_modified_date)
         select $1, $2, $3, $4, $5, $6, $7, n.name, n.name, now()
         from (select (select nullif(trim(fname || ' ' || lname), '') from asp.asp_users where asp_users_id = $7) as name) n
         on conflict do nothing
         returning {COLUMNS}"
    ))
    .bind(&t.label)
    .bind(&t.description)
    .bind(&t.abbrevation)
    .bind(&t.location)
    .bind(&t.notes)
    .bind(&t.status)
    .bind(user_id)
    .fetch_optional(conn)
    .await
}

async fn find_help(conn: &mut PgConnection, id: i64) -> Result<Option<DeveloperHelp>, sqlx::Error> {
    sqlx::query_as("select help_id, help_name, database_field, description from asp.developer_help where help_id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await
}

async fn training_links(conn: &mut PgConnection, category: Option<&str>) -> Result<Vec<TrainingLink>, sqlx::Error> {
    sqlx::query_as(
        "select training_link_id, category, link_address, description from asp.training_link
         where $1::text is null or lower(category) = lower($1)
         order by lower(category), sort_order, training_link_id",
    )
    .bind(category)
    .fetch_all(conn)
    .await
}

// Service.
pub async fn list(state: &AppState, page: &Page) -> ApiResult<(Vec<GlossaryTerm>, i64)> {
    let mut conn = state.pool.acquire().await?;
    Ok(search(&mut conn, page).await?)
}

pub async fn create(state: &AppState, caller: &Caller, input: &GlossaryInput) -> ApiResult<GlossaryTerm> {
    let term = validate(input).map_err(ApiError::validation)?;
    let mut tx = state.pool.begin().await?;
    let Some(created) = insert(&mut tx, &term, caller.user_id).await? else {
        return Err(ApiError::conflict(&format!("The glossary already has a term labelled '{}'.", term.label)));
    };
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "glossary.create", entity: "glossary_term", entity_id: created.glossary_id.to_string(), client_id: None, site_id: None, changes: json!({"label": created.label}) },
    )
    .await?;
    tx.commit().await?;
    Ok(created)
}

pub struct GlossaryApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::DevOps")]
impl GlossaryApi {
    /// Glossary terms
    ///
    /// Paged (`pageIndex` or `pageNumber`, zero-based); default sort label descending.
    #[requires(BasicAccess)]
    #[oai(path = "/DevOps/Glossary/Search", method = "post", operation_id = "getGlossaryList")]
    async fn search(&self, state: Data<&AppState>, body: Json<PageRequest>) -> ApiResult<Json<GlossaryPage>> {
        let page = body.resolve(&SORT)?;
        let (rows, total) = list(&state, &page).await?;
        Ok(Json(GlossaryPage::new(rows, total)))
    }

    /// Glossary terms as an Excel workbook
    #[requires(BasicAccess)]
    #[oai(path = "/DevOps/Glossary/Search/Export", method = "post", operation_id = "exportGlossary")]
    async fn export(&self, state: Data<&AppState>, body: Json<GlossaryExportRequest>) -> ApiResult<XlsxFile> {
        let page = body.page.resolve(&SORT)?;
        let (rows, _) = list(&state, &Page::export(page.order_by)).await?;
        export::respond(&body.columns, &rows)
    }

    /// Add a glossary term
    ///
    /// Answers the saved term (created by the caller). A label that exists already (ignoring case) is a 409.
    #[requires(FSSConnectAdmin, errors(409))]
    #[oai(path = "/DevOps/Glossary", method = "post", operation_id = "insertGlossaryTerm")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<GlossaryInput>) -> ApiResult<Json<GlossaryTerm>> {
        Ok(Json(create(&state, &caller, &body).await?))
    }

    /// Developer help for a field
    ///
    /// The help behind a field's help id (Ctrl+Alt+click); 404 when there is none.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/DevOps/DeveloperHelp/:id", method = "get", operation_id = "getDeveloperHelpById")]
    async fn developer_help(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<DeveloperHelp>> {
        let mut conn = state.pool.acquire().await?;
        find_help(&mut conn, id.0).await?.map(Json).ok_or_else(|| ApiError::not_found("There is no developer help for this field."))
    }

    /// Training links
    ///
    /// The links of one category (`home`, `devops`, ...; case-insensitive), or of all categories without one.
    #[requires(BasicAccess)]
    #[oai(path = "/Presentation/TrainingLinks", method = "get", operation_id = "presentationGetTrainingLinks")]
    async fn training(&self, state: Data<&AppState>, category: Query<Option<String>>) -> ApiResult<Json<Vec<TrainingLink>>> {
        let category = category.0.as_deref().map(str::trim).filter(|c| !c.is_empty());
        if category.is_some_and(|c| !valid_category(c)) {
            return Err(ApiError::invalid("category", "invalid", "Please enter a valid value for Category"));
        }
        let mut conn = state.pool.acquire().await?;
        Ok(Json(training_links(&mut conn, category).await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_needs_a_label_and_fits_its_columns() {
        let errors = validate(&GlossaryInput { label: Some(" ".into()), abbrevation: Some("x".repeat(51)), ..Default::default() }).expect_err("invalid");
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, vec!["label", "abbrevation"]);
        let ok = validate(&GlossaryInput { label: Some(" Bin ".into()), notes: Some("".into()), ..Default::default() }).expect("valid");
        assert_eq!((ok.label.as_str(), ok.notes), ("Bin", None));
    }

    #[test]
    fn categories_are_plain_words() {
        assert!(valid_category("home") && valid_category("dev-ops_2"));
        assert!(!valid_category("home'--") && !valid_category("") && !valid_category(&"a".repeat(51)));
    }
}
