//! Rules of security questions: three different catalogue questions, all answered; only one's own.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::auth::password;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{SecurityAnswers, SecurityQuestion};
use super::repo;
use crate::settings::model::Message;

const MAX_ANSWER_LEN: usize = 200;

/// Spec 1 section 4: three different questions, all answered.
pub fn check_answers(a: &SecurityAnswers) -> Problems {
    let mut problems = Problems::default();
    let questions = [(a.question1, "Question1"), (a.question2, "Question2"), (a.question3, "Question3")];
    let answers = [(&a.answer1, "Answer1"), (&a.answer2, "Answer2"), (&a.answer3, "Answer3")];
    for (q, field) in questions {
        if q < 1 {
            problems.add(field, "required", "Please select a question");
        }
    }
    if a.question2 > 0 && a.question2 == a.question1 {
        problems.add("Question2", "duplicate", "Question 2 must differ from Question 1.");
    }
    if a.question3 > 0 && (a.question3 == a.question1 || a.question3 == a.question2) {
        problems.add("Question3", "duplicate", "Question 3 must differ from Questions 1 and 2.");
    }
    for (ans, field) in answers {
        match ans.as_deref().map(str::trim) {
            None | Some("") => problems.add(field, "required", &format!("Please enter a valid value for {field}")),
            Some(s) if s.len() > MAX_ANSWER_LEN => problems.add(field, "tooLong", "Answers are at most 200 characters."),
            _ => {}
        }
    }
    problems
}

pub async fn options(state: &AppState) -> ApiResult<Vec<SecurityQuestion>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::options(&mut conn).await?)
}

/// Replaces the caller's answers (hashed, normalised so that later comparisons ignore case and spacing), unless an
/// administrator set the caller's password and its owner has not changed it yet.
pub async fn save(state: &AppState, caller: &Caller, answers: &SecurityAnswers) -> ApiResult<Message> {
    let mut problems = check_answers(answers);
    let own_name = {
        let mut conn = state.pool.acquire().await?;
        repo::sign_in_name(&mut conn, caller.user_id).await?.ok_or_else(|| ApiError::unauthorized("Your account no longer exists."))?
    };
    if let Some(name) = answers.user_name.as_deref().filter(|n| !n.is_empty()) {
        if !name.eq_ignore_ascii_case(&own_name) {
            return Err(ApiError::forbidden("You can only set your own security questions."));
        }
    }
    let ids = [answers.question1, answers.question2, answers.question3];
    if problems.is_empty() {
        let known = {
            let mut conn = state.pool.acquire().await?;
            repo::count_known(&mut conn, &ids).await?
        };
        if known != 3 {
            problems.add("Question1", "invalid", "Please select a question");
        }
    }
    problems.check()?;
    let texts = [&answers.answer1, &answers.answer2, &answers.answer3];
    let mut tx = state.pool.begin().await?;
    // The answers prove the owner when they change a password an administrator set: whoever signed in with that
    // password (the administrator, perhaps) must not replace them first (docs/security.md).
    if repo::password_set_by_admin(&mut tx, caller.user_id).await? {
        return Err(ApiError::forbidden("Choose a new password first: an administrator set the one you signed in with."));
    }
    repo::delete_answers(&mut tx, caller.user_id).await?;
    for (i, (q, a)) in ids.iter().zip(texts).enumerate() {
        // Answers are compared case-insensitively later, so normalise before hashing.
        let normalised = a.as_deref().unwrap_or_default().trim().to_lowercase();
        let ordinal = i32::try_from(i + 1).unwrap_or(1);
        repo::insert_answer(&mut tx, caller.user_id, ordinal, *q, &password::hash(&normalised)?).await?;
    }
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "security_questions.set", entity: "asp_users", entity_id: caller.user_id.to_string(), client_id: None, site_id: None, changes: json!({"questions": ids}) },
    )
    .await?;
    tx.commit().await?;
    Ok(Message::new("Security questions saved."))
}

/// Whether an administrator-set password waits for the user's own change, and the user's questions whose answers
/// that change needs (docs/security.md, "Administrator-set passwords"; none when the user has none on file).
pub async fn pending_proof(state: &AppState, user_id: i64) -> ApiResult<(bool, Vec<SecurityQuestion>)> {
    let mut conn = state.pool.acquire().await?;
    if !repo::password_set_by_admin(&mut conn, user_id).await? {
        return Ok((false, Vec::new()));
    }
    Ok((true, repo::questions_of(&mut conn, user_id).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(q: [i64; 3], a: [&str; 3]) -> SecurityAnswers {
        SecurityAnswers {
            question1: q[0],
            answer1: Some(a[0].into()),
            question2: q[1],
            answer2: Some(a[1].into()),
            question3: q[2],
            answer3: Some(a[2].into()),
            user_name: None,
        }
    }

    #[test]
    fn security_questions_must_be_three_different_answered_ones() {
        assert!(check_answers(&answers([1, 2, 3], ["a", "b", "c"])).is_empty());
        let e = check_answers(&answers([-1, 2, 3], ["a", "b", "c"]));
        assert_eq!(e.0[0].field, "Question1");
        let e = check_answers(&answers([1, 1, 3], ["a", "b", "c"]));
        assert_eq!(e.0[0].field, "Question2");
        let e = check_answers(&answers([1, 2, 2], ["a", "b", "c"]));
        assert_eq!(e.0[0].field, "Question3");
        let e = check_answers(&answers([1, 2, 3], ["a", " ", "c"]));
        assert_eq!(e.0[0].field, "Answer2");
    }
}
