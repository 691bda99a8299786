//! ASP Releases (spec 2): release notes in the shared table `asp.release`, listed, read and added by administrators.

use api_macros::guarded;
use chrono::NaiveDate;
use poem::web::Data;
use poem_openapi::param::Path;
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

/// One release and its notes: up to 10 pairs of bug number (linked to the bug tracker) and description.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct Release {
    pub release_id: i64,
    /// Dotted number, e.g. `8.67`.
    pub release_number: String,
    pub release_title: String,
    pub release_date: Option<NaiveDate>,
    pub released_by_user: Option<String>,
    pub approval_date: Option<NaiveDate>,
    pub approved_by_user: Option<String>,
    pub major_release: bool,
    /// Link to the release notes in the team-collaboration tool.
    pub teams_link: Option<String>,
    pub release_bug_number: Option<String>,
    pub release_bug_number2: Option<String>,
    pub release_bug_number3: Option<String>,
    pub release_bug_number4: Option<String>,
    pub release_bug_number5: Option<String>,
    pub release_bug_number6: Option<String>,
    pub release_bug_number7: Option<String>,
    pub release_bug_number8: Option<String>,
    pub release_bug_number9: Option<String>,
    pub release_bug_number10: Option<String>,
    pub release_text: Option<String>,
    pub release_text2: Option<String>,
    pub release_text3: Option<String>,
    pub release_text4: Option<String>,
    pub release_text5: Option<String>,
    pub release_text6: Option<String>,
    pub release_text7: Option<String>,
    pub release_text8: Option<String>,
    pub release_text9: Option<String>,
    pub release_text10: Option<String>,
}

/// A new release. `release_id` must be 0 (or absent); `major_release` is ignored: new releases are major releases.
/// Empty texts are stored as null.
#[derive(Debug, Clone, Default, Object)]
pub struct ReleaseInput {
    pub release_id: Option<i64>,
    /// Required; a dotted number such as `8.67` (at most 4 parts).
    pub release_number: Option<String>,
    /// Required; at most 200 characters.
    pub release_title: Option<String>,
    pub release_date: Option<NaiveDate>,
    pub released_by_user: Option<String>,
    pub approval_date: Option<NaiveDate>,
    pub approved_by_user: Option<String>,
    pub major_release: Option<bool>,
    /// An http(s) address.
    pub teams_link: Option<String>,
    pub release_bug_number: Option<String>,
    pub release_bug_number2: Option<String>,
    pub release_bug_number3: Option<String>,
    pub release_bug_number4: Option<String>,
    pub release_bug_number5: Option<String>,
    pub release_bug_number6: Option<String>,
    pub release_bug_number7: Option<String>,
    pub release_bug_number8: Option<String>,
    pub release_bug_number9: Option<String>,
    pub release_bug_number10: Option<String>,
    pub release_text: Option<String>,
    pub release_text2: Option<String>,
    pub release_text3: Option<String>,
    pub release_text4: Option<String>,
    pub release_text5: Option<String>,
    pub release_text6: Option<String>,
    pub release_text7: Option<String>,
    pub release_text8: Option<String>,
    pub release_text9: Option<String>,
    pub release_text10: Option<String>,
}

#[derive(Debug, Object)]
pub struct ReleaseSaved {
    pub success: bool,
    /// 'Release 8.67 saved.', or why it was not saved.
    pub message: String,
    /// The new release's id; null when nothing was saved.
    pub release_id: Option<i64>,
}

#[derive(Debug, Object)]
pub struct ReleaseExportRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub columns: Vec<ExportColumn>,
}

page_type!(ReleasePage, Release, "itemList");

/// Version order for dotted numbers (8.100 after 8.67); the table's check constraint keeps the cast safe.
pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("release_number", "string_to_array(release_number, '.')::int[]"),
        ("release_id", "release_id"),
        ("release_title", "release_title"),
        ("release_date", "release_date"),
        ("released_by_user", "released_by_user"),
        ("approval_date", "approval_date"),
        ("approved_by_user", "approved_by_user"),
        ("major_release", "major_release"),
    ],
    default_field: "release_number",
    default_descending: true,
};

const COLUMNS: &str = "release_id, release_number, release_title, release_date, released_by_user, approval_date, approved_by_user,
    major_release, teams_link,
    release_bug_number, release_bug_number2, release_bug_number3, release_bug_number4, release_bug_number5,
    release_bug_number6, release_bug_number7, release_bug_number8, release_bug_number9, release_bug_number10,
    release_text, release_text2, release_text3, release_text4, release_text5,
    release_text6, release_text7, release_text8, release_text9, release_text10";

const NOT_FOUND: &str = "The release you are trying to find does not exist.";
const MAX_TEXT: usize = 4000;

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

fn clean(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

fn too_long(errors: &mut Vec<ValidationError>, v: &Option<String>, max: usize, field: &str, label: &str) {
    if v.as_ref().is_some_and(|s| s.chars().count() > max) {
        errors.push(ValidationError::new(field, "maxLength", &format!("{label} can be at most {max} characters.")));
    }
}

pub fn valid_release_number(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() <= 4 && parts.iter().all(|p| (1..=6).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Checks a new release; every problem is reported at once.
pub fn validate(input: &ReleaseInput) -> Result<NewRelease, Vec<ValidationError>> {
    let mut errors = Vec::new();
    if input.release_id.is_some_and(|id| id != 0) {
        errors.push(ValidationError::new("release_id", "invalid", "A new release must have release_id 0."));
    }
    let number = clean(&input.release_number);
    match number.as_deref() {
        None => errors.push(ValidationError::new("release_number", "required", "Please enter a valid value for Release Number")),
        Some(n) if !valid_release_number(n) => {
            errors.push(ValidationError::new("release_number", "invalid", "Release Number must be a dotted number such as 8.67."));
        }
        Some(_) => {}
    }
    let title = clean(&input.release_title);
    if title.is_none() {
        errors.push(ValidationError::new("release_title", "required", "Please enter a valid value for Release Title"));
    }
    too_long(&mut errors, &title, 200, "release_title", "Release Title");
    let released_by_user = clean(&input.released_by_user);
    too_long(&mut errors, &released_by_user, 100, "released_by_user", "Released By");
    let approved_by_user = clean(&input.approved_by_user);
    too_long(&mut errors, &approved_by_user, 100, "approved_by_user", "Approved By");
    let teams_link = clean(&input.teams_link);
    too_long(&mut errors, &teams_link, 2000, "teams_link", "Release Notes Link");
    if teams_link.as_deref().is_some_and(|l| !(l.starts_with("https://") || l.starts_with("http://")) || l.chars().any(char::is_whitespace)) {
        errors.push(ValidationError::new("teams_link", "invalid", "Release Notes Link must be an http or https address."));
    }
    let bugs = [
        &input.release_bug_number, &input.release_bug_number2, &input.release_bug_number3, &input.release_bug_number4, &input.release_bug_number5,
        &input.release_bug_number6, &input.release_bug_number7, &input.release_bug_number8, &input.release_bug_number9, &input.release_bug_number10,
    ];
    let texts = [
        &input.release_text, &input.release_text2, &input.release_text3, &input.release_text4, &input.release_text5,
        &input.release_text6, &input.release_text7, &input.release_text8, &input.release_text9, &input.release_text10,
    ];
    let mut notes: [(Option<String>, Option<String>); 10] = Default::default();
    for (i, note) in notes.iter_mut().enumerate() {
        let suffix = if i == 0 { String::new() } else { (i + 1).to_string() };
        let bug = clean(bugs[i]);
        let text = clean(texts[i]);
        too_long(&mut errors, &bug, 50, &format!("release_bug_number{suffix}"), &format!("Bug Number {}", i + 1));
        too_long(&mut errors, &text, MAX_TEXT, &format!("release_text{suffix}"), &format!("Bug Description {}", i + 1));
        *note = (bug, text);
    }
    match (number, title) {
        (Some(number), Some(title)) if errors.is_empty() => {
            Ok(NewRelease { number, title, release_date: input.release_date, released_by_user, approval_date: input.approval_date, approved_by_user, teams_link, notes })
        }
        _ => Err(errors),
    }
}

// Repository.
async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<Release>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from asp.release where release_id = $1")).bind(id).fetch_optional(conn).await
}

async fn search(conn: &mut PgConnection, page: &Page) -> Result<(Vec<Release>, i64), sqlx::Error> {
    let (rows_sql, count_sql) = capped_sql(&format!("select {COLUMNS} from asp.release"), &page.order_by, 1);
    let rows = sqlx::query_as(&rows_sql).bind(page.limit).bind(page.offset).fetch_all(&mut *conn).await?;
    let total = sqlx::query_scalar(&count_sql).fetch_one(&mut *conn).await?;
    Ok((rows, total))
}

/// Inserts the release as a major release; `None` when the number is taken.
async fn insert(conn: &mut PgConnection, r: &NewRelease, created_by: i64) -> Result<Option<i64>, sqlx::Error> {
    let mut q = sqlx::query_scalar(
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
    )
    .bind(&r.number)
    .bind(&r.title)
    .bind(r.release_date)
    .bind(&r.released_by_user)
    .bind(r.approval_date)
    .bind(&r.approved_by_user)
    .bind(&r.teams_link)
    .bind(created_by);
    for (bug, text) in &r.notes {
        q = q.bind(bug).bind(text);
    }
    q.fetch_optional(conn).await
}

// Service.
pub async fn list(state: &AppState, page: &Page) -> ApiResult<(Vec<Release>, i64)> {
    let mut conn = state.pool.acquire().await?;
    Ok(search(&mut conn, page).await?)
}

pub async fn create(state: &AppState, caller: &Caller, input: &ReleaseInput) -> ApiResult<ReleaseSaved> {
    let release = validate(input).map_err(ApiError::validation)?;
    let mut tx = state.pool.begin().await?;
    let Some(id) = insert(&mut tx, &release, caller.user_id).await? else {
        return Ok(ReleaseSaved { success: false, message: format!("Release {} already exists.", release.number), release_id: None });
    };
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "release.create",
            entity: "release",
            entity_id: id.to_string(),
            client_id: None,
            site_id: None,
            changes: json!({"release_number": release.number, "release_title": release.title}),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(ReleaseSaved { success: true, message: format!("Release {} saved.", release.number), release_id: Some(id) })
}

pub struct ReleaseApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps", tag = "ApiTags::DevOps")]
impl ReleaseApi {
    /// ASP releases
    ///
    /// Paged (`pageIndex` or `pageNumber`, zero-based); default sort release_number descending (version order).
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Release/Search", method = "post", operation_id = "getReleases")]
    async fn search(&self, state: Data<&AppState>, body: Json<PageRequest>) -> ApiResult<Json<ReleasePage>> {
        let page = body.resolve(&SORT)?;
        let (rows, total) = list(&state, &page).await?;
        Ok(Json(ReleasePage::new(rows, total)))
    }

    /// ASP releases as an Excel workbook
    ///
    /// The search's sort and the given columns; up to 5000 rows.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Release/Search/Export", method = "post", operation_id = "exportReleases")]
    async fn export(&self, state: Data<&AppState>, body: Json<ReleaseExportRequest>) -> ApiResult<XlsxFile> {
        let page = body.page.resolve(&SORT)?;
        let (rows, _) = list(&state, &Page::export(page.order_by)).await?;
        export::respond(&body.columns, &rows)
    }

    /// Release by id
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Release/:id", method = "get", operation_id = "getReleaseById")]
    async fn get(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<Release>> {
        let mut conn = state.pool.acquire().await?;
        find(&mut conn, id.0).await?.map(Json).ok_or_else(|| ApiError::not_found(NOT_FOUND))
    }

    /// Add a release
    ///
    /// `release_id` must be 0; the release is saved as a major release. Answers `success: true` and
    /// 'Release {n} saved.'; a release number that already exists answers 200 with `success: false` and
    /// 'Release {n} already exists.' (nothing saved). Missing or invalid fields are a 400.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Release", method = "post", operation_id = "insertRelease")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ReleaseInput>) -> ApiResult<Json<ReleaseSaved>> {
        Ok(Json(create(&state, &caller, &body).await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_numbers_are_dotted_numbers() {
        for ok in ["8", "8.67", "8.67.1", "10.0.0.12"] {
            assert!(valid_release_number(ok), "{ok}");
        }
        for bad in ["", "8.", ".67", "8..67", "v8.67", "8.67.1.2.3", "8,67", "1234567.1", "8.67; drop table x"] {
            assert!(!valid_release_number(bad), "{bad}");
        }
    }

    #[test]
    fn a_new_release_needs_id_zero_a_number_and_a_title() {
        let errors = validate(&ReleaseInput { release_id: Some(3), release_title: Some("  ".into()), ..Default::default() }).expect_err("invalid");
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, vec!["release_id", "release_number", "release_title"]);
        let ok = validate(&ReleaseInput {
            release_id: Some(0),
            release_number: Some(" 8.68 ".into()),
            release_title: Some("Next".into()),
            release_bug_number3: Some("42".into()),
            release_text3: Some("".into()),
            ..Default::default()
        })
        .expect("valid");
        assert_eq!(ok.number, "8.68");
        assert_eq!(ok.notes[2], (Some("42".into()), None));
    }

    #[test]
    fn the_notes_link_must_be_a_web_address() {
        let base = ReleaseInput { release_number: Some("9".into()), release_title: Some("t".into()), ..Default::default() };
        for bad in ["javascript:alert(1)", "ftp://x", "https://a b"] {
            let errors = validate(&ReleaseInput { teams_link: Some(bad.into()), ..base.clone() }).expect_err("invalid");
            assert_eq!(errors[0].field, "teams_link", "{bad}");
        }
        assert!(validate(&ReleaseInput { teams_link: Some("https://teams.example.com/x".into()), ..base }).is_ok());
    }
}
