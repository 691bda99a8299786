//! Rules of the glossary resource: the sort allow-list, the checks of a new term, and the audited insert.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::listing::{PageRequest, SortSpec};
use kernel::state::AppState;
use kernel::validate::{trimmed_owned, Problems};

use super::model::{GlossaryExportRequest, GlossaryInput, GlossaryPage, GlossaryTerm};
use super::repo::{self, NewTerm};

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("label", "label_order"),
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

/// Checks a new term; every problem is reported at once.
pub fn validate(input: &GlossaryInput) -> ApiResult<NewTerm> {
    let mut problems = Problems::default();
    let label = trimmed_owned(&input.label);
    if label.is_none() {
        problems.add("label", "required", "Please enter a valid value for Label");
    }
    let term = NewTerm {
        label: label.unwrap_or_default(),
        description: trimmed_owned(&input.description),
        abbrevation: trimmed_owned(&input.abbrevation),
        location: trimmed_owned(&input.location),
        notes: trimmed_owned(&input.notes),
        status: trimmed_owned(&input.status),
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
            problems.add(field, "maxLength", &format!("{label} can be at most {max} characters."));
        }
    }
    problems.check()?;
    Ok(term)
}

/// One page of terms in the requested order.
pub async fn search(state: &AppState, request: &PageRequest) -> ApiResult<GlossaryPage> {
    let page = request.resolve(&SORT)?;
    let mut conn = state.pool.acquire().await?;
    let (rows, total) = repo::search(&mut conn, &page).await?;
    Ok(GlossaryPage::new(rows, total))
}

/// The search's terms (up to the cap) as a workbook of the requested columns.
pub async fn export(state: &AppState, request: &GlossaryExportRequest) -> ApiResult<XlsxFile> {
    let page = request.page.resolve(&SORT)?.export();
    let mut conn = state.pool.acquire().await?;
    let (rows, _) = repo::search(&mut conn, &page).await?;
    export::respond(&request.columns, &rows)
}

/// Saves a new term created by the caller; a label that exists already (ignoring case) is a 409.
pub async fn create(state: &AppState, caller: &Caller, input: &GlossaryInput) -> ApiResult<GlossaryTerm> {
    let term = validate(input)?;
    let mut tx = state.pool.begin().await?;
    let Some(created) = repo::insert(&mut tx, &term, caller.user_id).await? else {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_needs_a_label_and_fits_its_columns() {
        let Err(ApiError::BadRequest(body)) = validate(&GlossaryInput { label: Some(" ".into()), abbrevation: Some("x".repeat(51)), ..Default::default() }) else {
            panic!("expected a 400");
        };
        let fields: Vec<&str> = body.0.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, vec!["label", "abbrevation"]);
        let ok = validate(&GlossaryInput { label: Some(" Bin ".into()), notes: Some("".into()), ..Default::default() }).expect("valid");
        assert_eq!((ok.label.as_str(), ok.notes), ("Bin", None));
    }
}
