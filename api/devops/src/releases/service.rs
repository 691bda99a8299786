//! Rules of the release resource: the sort allow-list, the checks of a new release, and the audited insert.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::listing::{PageRequest, SortSpec};
use kernel::state::AppState;
use kernel::validate::{trimmed_owned, Problems};

use super::model::{Release, ReleaseExportRequest, ReleaseInput, ReleasePage, ReleaseSaved};
use super::repo::{self, NewRelease};

/// Version order for dotted numbers (8.100 after 8.67).
pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("release_number", "release_version"),
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

pub const NOT_FOUND: &str = "The release you are trying to find does not exist.";
const MAX_TEXT: usize = 4000;

fn too_long(problems: &mut Problems, v: &Option<String>, max: usize, field: &str, label: &str) {
    if v.as_ref().is_some_and(|s| s.chars().count() > max) {
        problems.add(field, "maxLength", &format!("{label} can be at most {max} characters."));
    }
}

pub fn valid_release_number(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() <= 4 && parts.iter().all(|p| (1..=6).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Checks a new release; every problem is reported at once.
pub fn validate(input: &ReleaseInput) -> ApiResult<NewRelease> {
    let mut problems = Problems::default();
    if input.release_id.is_some_and(|id| id != 0) {
        problems.add("release_id", "invalid", "A new release must have release_id 0.");
    }
    let number = trimmed_owned(&input.release_number);
    match number.as_deref() {
        None => problems.add("release_number", "required", "Please enter a valid value for Release Number"),
        Some(n) if !valid_release_number(n) => {
            problems.add("release_number", "invalid", "Release Number must be a dotted number such as 8.67.");
        }
        Some(_) => {}
    }
    let title = trimmed_owned(&input.release_title);
    if title.is_none() {
        problems.add("release_title", "required", "Please enter a valid value for Release Title");
    }
    too_long(&mut problems, &title, 200, "release_title", "Release Title");
    let released_by_user = trimmed_owned(&input.released_by_user);
    too_long(&mut problems, &released_by_user, 100, "released_by_user", "Released By");
    let approved_by_user = trimmed_owned(&input.approved_by_user);
    too_long(&mut problems, &approved_by_user, 100, "approved_by_user", "Approved By");
    let teams_link = trimmed_owned(&input.teams_link);
    too_long(&mut problems, &teams_link, 2000, "teams_link", "Release Notes Link");
    if teams_link.as_deref().is_some_and(|l| !(l.starts_with("https://") || l.starts_with("http://")) || l.chars().any(char::is_whitespace)) {
        problems.add("teams_link", "invalid", "Release Notes Link must be an http or https address.");
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
        let bug = trimmed_owned(bugs[i]);
        let text = trimmed_owned(texts[i]);
        too_long(&mut problems, &bug, 50, &format!("release_bug_number{suffix}"), &format!("Bug Number {}", i + 1));
        too_long(&mut problems, &text, MAX_TEXT, &format!("release_text{suffix}"), &format!("Bug Description {}", i + 1));
        *note = (bug, text);
    }
    problems.check()?;
    match (number, title) {
        (Some(number), Some(title)) => {
            Ok(NewRelease { number, title, release_date: input.release_date, released_by_user, approval_date: input.approval_date, approved_by_user, teams_link, notes })
        }
        _ => Err(ApiError::internal("a release without number or title passed validation")),
    }
}

/// One page of releases in the requested order.
pub async fn search(state: &AppState, request: &PageRequest) -> ApiResult<ReleasePage> {
    let page = request.resolve(&SORT)?;
    let mut conn = state.pool.acquire().await?;
    let (rows, total) = repo::search(&mut conn, &page).await?;
    Ok(ReleasePage::new(rows, total))
}

/// The search's releases (up to the cap) as a workbook of the requested columns.
pub async fn export(state: &AppState, request: &ReleaseExportRequest) -> ApiResult<XlsxFile> {
    let page = request.page.resolve(&SORT)?.export();
    let mut conn = state.pool.acquire().await?;
    let (rows, _) = repo::search(&mut conn, &page).await?;
    export::respond(&request.columns, &rows)
}

pub async fn get(state: &AppState, id: i64) -> ApiResult<Release> {
    let mut conn = state.pool.acquire().await?;
    repo::find(&mut conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// Saves a new (major) release; a number that exists already is answered with `success: false`, not an error.
pub async fn create(state: &AppState, caller: &Caller, input: &ReleaseInput) -> ApiResult<ReleaseSaved> {
    let release = validate(input)?;
    let mut tx = state.pool.begin().await?;
    let Some(id) = repo::insert(&mut tx, &release, caller.user_id).await? else {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(result: ApiResult<NewRelease>) -> Vec<String> {
        match result {
            Err(ApiError::BadRequest(body)) => body.0.errors.into_iter().map(|e| e.field).collect(),
            other => panic!("expected a 400, got {other:?}"),
        }
    }

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
        let errors = fields(validate(&ReleaseInput { release_id: Some(3), release_title: Some("  ".into()), ..Default::default() }));
        assert_eq!(errors, vec!["release_id", "release_number", "release_title"]);
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
            let errors = fields(validate(&ReleaseInput { teams_link: Some(bad.into()), ..base.clone() }));
            assert_eq!(errors[0], "teams_link", "{bad}");
        }
        assert!(validate(&ReleaseInput { teams_link: Some("https://teams.example.com/x".into()), ..base }).is_ok());
    }
}
