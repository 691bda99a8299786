//! Rules of password changes: the password rule, the current password for self-service, the usual validity
//! period, the end of the user's other sessions, and administrator-set passwords as one-time credentials that only
//! their owner can turn into a real password (docs/security.md, "Administrator-set passwords").

use chrono::{Duration as ChronoDuration, Utc};
use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::auth::password::{self, NewPassword};
use kernel::error::{ApiError, ApiResult};
use kernel::reach::{self, Reach};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{AdminPasswordChange, PasswordChange, PasswordChanged, SecurityAnswerProof};
use super::repo;
use crate::auth::service::issue;
use crate::settings::model::Message;

const UPDATED: &str = "Password updated.";

const NOT_FOUND: &str = "The user you are trying to find does not exist.";

/// Wrong answers to the owner's security questions after which an administrator-set password can no longer be
/// completed (a provider administrator sets it again).
pub const MAX_PROOF_FAILURES: i32 = 5;

/// Who set a password, and so what it is worth.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SetBy {
    /// The owner: a real password, valid for the usual period.
    Owner,
    /// A provider administrator: expired at once, so the owner chooses the password in use at the next sign-in.
    ProviderAdministrator,
    /// A user administrator: a one-time credential that opens only the forced change, which needs the owner's
    /// security answers (docs/security.md, "Administrator-set passwords").
    UserAdministrator,
}

/// Changes a user's password and ends their other sessions (all but `keep_session`); an administrator's only for a
/// user within reach.
async fn set_password(state: &AppState, actor: &Caller, target_user_id: i64, new_password: &NewPassword, set_by: SetBy, keep_session: Option<&str>) -> ApiResult<()> {
    let hash = password::hash(new_password.as_str())?;
    let expires = match set_by {
        SetBy::Owner => Utc::now() + ChronoDuration::days(state.settings.password_max_age_days),
        SetBy::ProviderAdministrator | SetBy::UserAdministrator => Utc::now(),
    };
    let mut tx = state.pool.begin().await?;
    if set_by != SetBy::Owner {
        // Only users within the administrator's reach (kernel::reach: never provider staff or a user with more
        // permissions or sites, unless a provider administrator).
        Reach::of(&mut tx, actor).await?.require_user(&mut tx, target_user_id, NOT_FOUND).await?;
    }
    if set_by == SetBy::UserAdministrator && repo::security_answers(&mut tx, target_user_id).await?.is_empty() {
        return Err(ApiError::invalid(
            "asp_users_id",
            "noSecurityQuestions",
            "This user has no security questions on file to prove who they are when changing a password you set: ask a provider administrator to set it.",
        ));
    }
    if !repo::set_password(&mut tx, target_user_id, &hash, expires, set_by == SetBy::UserAdministrator).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    audit::record(
        &mut tx,
        Some(actor),
        AuditEntry {
            action: "password.change",
            entity: "asp_users",
            entity_id: target_user_id.to_string(),
            client_id: None,
            site_id: None,
            changes: json!({ "password_expiration_date": expires, "password_set_by_admin": set_by == SetBy::UserAdministrator }),
        },
    )
    .await?;
    tx.commit().await?;
    state.sessions.revoke_all_for_user(target_user_id, keep_session).await?;
    Ok(())
}

/// While a user administrator's password waits for its owner: the owner proves who they are with the answers to
/// their security questions. A wrong or missing answer counts against [`MAX_PROOF_FAILURES`] and nothing else
/// changes; without answers on file (or after too many wrong ones) only a provider administrator can help.
async fn check_owner_proof(state: &AppState, caller: &Caller, answers: Option<&[SecurityAnswerProof]>) -> ApiResult<()> {
    let mut tx = state.pool.begin().await?;
    let Some((set_by_admin, failures)) = repo::admin_set_state(&mut tx, caller.user_id).await? else {
        return Err(ApiError::not_found(NOT_FOUND));
    };
    if !set_by_admin {
        return Ok(());
    }
    let on_file = repo::security_answers(&mut tx, caller.user_id).await?;
    if on_file.is_empty() || failures >= MAX_PROOF_FAILURES {
        return Err(ApiError::forbidden(
            "An administrator set this password and you cannot prove who you are with your security questions: ask a provider administrator to set your password.",
        ));
    }
    let given = answers.unwrap_or_default();
    let answered = |question: i64| given.iter().find(|a| a.question_id == question).map(|a| a.answer.trim().to_lowercase());
    let stored: Vec<(Option<String>, String)> = on_file.iter().map(|(q, hash)| (answered(*q), hash.clone())).collect();
    if stored.iter().any(|(a, _)| a.as_deref().is_none_or(str::is_empty)) {
        return Err(ApiError::invalid("security_answers", "required", "Answer your security questions: an administrator set this password."));
    }
    // Answers are stored normalised (security_questions::service::save); argon2 is slow, so off the request threads.
    let correct = tokio::task::spawn_blocking(move || stored.iter().all(|(a, hash)| password::verify(a.as_deref().unwrap_or_default(), hash)))
        .await
        .map_err(ApiError::internal)?;
    if !correct {
        repo::count_proof_failure(&mut tx, caller.user_id).await?;
        audit::record(
            &mut tx,
            Some(caller),
            AuditEntry {
                action: "password.proof_failed",
                entity: "asp_users",
                entity_id: caller.user_id.to_string(),
                client_id: None,
                site_id: None,
                changes: json!({ "password_proof_failures": failures + 1 }),
            },
        )
        .await?;
        tx.commit().await?;
        return Err(ApiError::invalid("security_answers", "securityAnswersIncorrect", "The answers to your security questions are not correct."));
    }
    Ok(())
}

/// Self-service change: checks the current password, applies the rule, keeps only the caller's session (no longer
/// marked expired) and answers a fresh token for it.
pub async fn change_own(state: &AppState, caller: &Caller, request: &PasswordChange) -> ApiResult<PasswordChanged> {
    if caller.impersonated_by().is_some() {
        return Err(ApiError::forbidden("A password cannot be changed while impersonating."));
    }
    let stored = {
        let mut conn = state.pool.acquire().await?;
        repo::password_hash(&mut conn, caller.user_id).await?
    };
    let mut problems = Problems::default();
    if !stored.as_deref().is_some_and(|h| password::verify(&request.current_password, h)) {
        problems.add("current_password", "currentPasswordIncorrect", "The current password is incorrect.");
    }
    let parsed = match NewPassword::parse(&request.password, &request.confirm_password) {
        Ok(p) => Some(p),
        Err(e) => {
            problems.push(e);
            None
        }
    };
    if request.current_password == request.password && problems.is_empty() {
        problems.add("password", "passwordReused", "The new password must differ from the current one.");
    }
    let new_password = match parsed {
        Some(p) if problems.is_empty() => p,
        _ => return Err(ApiError::validation(problems.0)),
    };
    check_owner_proof(state, caller, request.security_answers.as_deref()).await?;
    set_password(state, caller, caller.user_id, &new_password, SetBy::Owner, Some(&caller.session.session_id)).await?;
    let mut session = caller.session.clone();
    session.password_expired = false;
    state.sessions.save(&session).await?;
    let issued = issue(state, session)?;
    Ok(PasswordChanged { message: UPDATED.to_owned(), token: issued.into() })
}

/// An administrator sets the password of a user within reach: a one-time credential (see [`SetBy`]); every
/// session of the user ends. Setting one's own this way is an ordinary change that keeps one's session.
pub async fn change_for_user(state: &AppState, caller: &Caller, request: &AdminPasswordChange) -> ApiResult<Message> {
    let new_password = NewPassword::parse(&request.password, &request.confirm_password).map_err(|e| ApiError::validation(vec![e]))?;
    if request.asp_users_id == caller.user_id {
        set_password(state, caller, caller.user_id, &new_password, SetBy::Owner, Some(caller.session.session_id.as_str())).await?;
    } else {
        let set_by = if reach::is_provider_admin(caller) { SetBy::ProviderAdministrator } else { SetBy::UserAdministrator };
        set_password(state, caller, request.asp_users_id, &new_password, set_by, None).await?;
    }
    Ok(Message::new(UPDATED))
}
