//! The small shell calls: version, API switch, client error intake, bug reports, security questions, punch-in
//! locations, password change, user lookup.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use serde_json::json;
use sqlx::FromRow;

use kernel::access::{Caller, MaybeCaller};
use kernel::audit::{self, AuditEntry};
use crate::auth_api::TokenResponse;
use kernel::auth::password;
use crate::auth_service;
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::ApiTags;
use crate::context::{self, UserContext};
use kernel::state::AppState;

pub const VERSION: &str = "8.67";

#[derive(Object)]
pub struct VersionFile {
    /// 8.67 plus the build number.
    pub version: String,
    #[oai(rename = "buildRunId")]
    pub build_run_id: String,
    /// Only for FSSConnectAdmin.
    #[oai(rename = "buildTime")]
    pub build_time: Option<String>,
    pub branch: Option<String>,
    pub commit: Option<String>,
    #[oai(rename = "sourceUrl")]
    pub source_url: Option<String>,
}

#[derive(Object)]
pub struct ApiEnabled {
    #[oai(rename = "isEnabled")]
    pub is_enabled: bool,
}

#[derive(Object)]
pub struct ClientError {
    #[oai(validator(min_length = 1, max_length = 4000))]
    pub message: String,
    /// Up to 10 stack lines.
    #[oai(validator(max_items = 10))]
    pub stack: Option<Vec<String>>,
    #[oai(validator(max_length = 2000))]
    pub url: Option<String>,
    #[oai(validator(max_length = 40))]
    pub site_code: Option<String>,
}

#[derive(Object)]
pub struct BugReport {
    #[oai(validator(max_length = 500))]
    pub subject: String,
    #[oai(validator(max_length = 20000))]
    pub message: String,
    pub screenshot: Option<bool>,
    /// Page capture (HTML or an image data URL), when the screenshot toggle is on.
    #[oai(validator(max_length = 5000000))]
    pub html: Option<String>,
    #[oai(validator(max_length = 40))]
    pub site_code: Option<String>,
    #[oai(validator(max_length = 2000))]
    pub url: Option<String>,
}

#[derive(Object)]
pub struct BugReportAnswer {
    #[oai(rename = "identityId")]
    pub identity_id: i64,
    pub message: String,
}

#[derive(Object, FromRow)]
pub struct SecurityQuestion {
    pub question_id: i64,
    pub question: String,
}

#[derive(Object)]
pub struct SecurityAnswers {
    #[oai(rename = "Question1")]
    pub question1: i64,
    #[oai(rename = "Answer1")]
    pub answer1: Option<String>,
    #[oai(rename = "Question2")]
    pub question2: i64,
    #[oai(rename = "Answer2")]
    pub answer2: Option<String>,
    #[oai(rename = "Question3")]
    pub question3: i64,
    #[oai(rename = "Answer3")]
    pub answer3: Option<String>,
    pub user_name: Option<String>,
}

#[derive(Object, FromRow)]
pub struct PunchinLocation {
    pub customer_punchin_location_id: i64,
    pub business_unit: String,
    pub state: String,
    pub city: String,
    pub map_to_site_id: i64,
    pub map_to_site_code: String,
}

#[derive(Object)]
pub struct PunchinSelect {
    pub customer_punchin_location_id: i64,
    pub site_id: i64,
}

#[derive(Object)]
pub struct PasswordChange {
    #[oai(validator(max_length = 500))]
    pub current_password: String,
    #[oai(validator(max_length = 500))]
    pub password: String,
    #[oai(validator(max_length = 500))]
    pub confirm_password: String,
}

#[derive(Object)]
pub struct PasswordChanged {
    pub message: String,
    #[oai(flatten)]
    pub token: TokenResponse,
}

#[derive(Object)]
pub struct AdminPasswordChange {
    pub asp_users_id: i64,
    #[oai(validator(max_length = 500))]
    pub password: String,
    #[oai(validator(max_length = 500))]
    pub confirm_password: String,
}

#[derive(Object, FromRow)]
pub struct UserSummary {
    pub asp_users_id: i64,
    pub user_id: String,
    pub fname: String,
    pub lname: String,
    pub email: Option<String>,
    pub fss_employee: bool,
}

#[derive(ApiResponse)]
pub enum Accepted {
    #[oai(status = 204)]
    Done,
}

/// Spec 1 section 4: three different questions, all answered.
pub fn check_answers(a: &SecurityAnswers) -> Vec<ValidationError> {
    let mut errors = Vec::new();
    let questions = [(a.question1, "Question1"), (a.question2, "Question2"), (a.question3, "Question3")];
    let answers = [(&a.answer1, "Answer1"), (&a.answer2, "Answer2"), (&a.answer3, "Answer3")];
    for (q, field) in questions {
        if q < 1 {
            errors.push(ValidationError::new(field, "required", "Please select a question"));
        }
    }
    if a.question2 > 0 && a.question2 == a.question1 {
        errors.push(ValidationError::new("Question2", "duplicate", "Question 2 must differ from Question 1."));
    }
    if a.question3 > 0 && (a.question3 == a.question1 || a.question3 == a.question2) {
        errors.push(ValidationError::new("Question3", "duplicate", "Question 3 must differ from Questions 1 and 2."));
    }
    for (ans, field) in answers {
        match ans.as_deref().map(str::trim) {
            None | Some("") => errors.push(ValidationError::new(field, "required", &format!("Please enter a valid value for {field}"))),
            Some(s) if s.len() > 200 => errors.push(ValidationError::new(field, "tooLong", "Answers are at most 200 characters.")),
            _ => {}
        }
    }
    errors
}

pub struct MiscApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl MiscApi {
    /// The version file
    ///
    /// Everyone sees the version and build run id (the UIs reload when it changes); FSSConnectAdmin also sees the
    /// build time, branch and commit.
    #[requires(public)]
    #[oai(path = "/Version", method = "get", operation_id = "getVersionFile")]
    async fn version(&self, state: Data<&AppState>, caller: Data<&MaybeCaller>) -> ApiResult<Json<VersionFile>> {
        let build = option_env!("ASP_BUILD_NUMBER").unwrap_or("0");
        let run_id = option_env!("ASP_BUILD_RUN_ID").unwrap_or("local").to_owned();
        let detailed = match &caller.0 .0 {
            Some(c) => c.holds(kernel::Perm::FSSConnectAdmin),
            None => false,
        };
        let source = (!state.settings.source_url.is_empty()).then(|| state.settings.source_url.clone());
        Ok(Json(VersionFile {
            version: format!("{VERSION}.{build}"),
            build_run_id: run_id,
            build_time: detailed.then(|| option_env!("ASP_BUILD_TIME").unwrap_or("unknown").to_owned()),
            branch: detailed.then(|| option_env!("ASP_BUILD_BRANCH").unwrap_or("unknown").to_owned()),
            commit: detailed.then(|| option_env!("ASP_BUILD_COMMIT").unwrap_or("unknown").to_owned()),
            source_url: if detailed { source } else { None },
        }))
    }

    /// Is the API switched on?
    #[requires(public)]
    #[oai(path = "/Security/API/IsEnabled", method = "get", operation_id = "securityApiGetIsEnabled")]
    async fn is_enabled(&self, state: Data<&AppState>) -> ApiResult<Json<ApiEnabled>> {
        Ok(Json(ApiEnabled { is_enabled: state.sessions.api_enabled().await? }))
    }

    /// Switch the API on
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Security/API/EnableAPI", method = "get", operation_id = "securityApiGetEnableAPI")]
    async fn enable(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<ApiEnabled>> {
        set_api_enabled(&state, &caller, true).await
    }

    /// Switch the API off
    ///
    /// Everyone but FSSConnectAdmin then gets 503 until it is switched on again.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Security/API/DisableAPI", method = "get", operation_id = "securityApiGetDisableAPI")]
    async fn disable(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<ApiEnabled>> {
        set_api_enabled(&state, &caller, false).await
    }

    /// Log a client application error
    ///
    /// Stored in the ASP error log with the caller, when signed in.
    #[requires(public)]
    #[oai(path = "/Log/ApplicationError", method = "post", operation_id = "logApplicationError")]
    async fn log_error(&self, state: Data<&AppState>, caller: Data<&MaybeCaller>, body: Json<ClientError>) -> ApiResult<Accepted> {
        let stack = body.stack.as_ref().map(|s| s.iter().take(10).cloned().collect::<Vec<_>>().join("\n"));
        let user = caller.0 .0.as_ref().map(|c| c.user_id);
        let path = body.url.as_deref().and_then(|u| url::Url::parse(u).ok()).map(|u| u.path().to_owned());
        sqlx::query(
            "insert into asp.error_log (application_name, request_url, request_path, asp_users_id, site_code, message, stack_trace, request_id)
             values ('ASPv8', $1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&body.url)
        .bind(path)
        .bind(user)
        .bind(&body.site_code)
        .bind(&body.message)
        .bind(stack)
        .bind(kernel::error::current_request_id())
        .execute(&state.pool)
        .await?;
        Ok(Accepted::Done)
    }

    /// Submit a bug report
    ///
    /// Filed under project 18; answers the ticket number as identityId.
    #[requires(signed_in)]
    #[oai(path = "/BugReport", method = "post", operation_id = "submitBugReport")]
    async fn bug_report(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<BugReport>) -> ApiResult<Json<BugReportAnswer>> {
        let mut errors = Vec::new();
        if body.subject.trim().is_empty() {
            errors.push(ValidationError::new("subject", "required", "Please enter a valid value for Bug Subject"));
        }
        if body.message.trim().is_empty() {
            errors.push(ValidationError::new("message", "required", "Please enter a valid value for Bug Description"));
        }
        if !errors.is_empty() {
            return Err(ApiError::validation(errors));
        }
        let user = context::load_user(&state, caller.real_user_id).await?;
        let screenshot = body.screenshot.unwrap_or(true);
        let mut tx = state.pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "insert into asp.bug_report (subject, message, screenshot, html, site_code, reported_user, asp_users_id, project, url)
             values ($1, $2, $3, $4, $5, $6, $7, 18, $8) returning bug_report_id",
        )
        .bind(body.subject.trim())
        .bind(&body.message)
        .bind(screenshot)
        .bind(if screenshot { body.html.clone() } else { None })
        .bind(&body.site_code)
        .bind(&user.user_id)
        .bind(caller.real_user_id)
        .bind(&body.url)
        .fetch_one(&mut *tx)
        .await?;
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry { action: "bug.submit", entity: "bug_report", entity_id: id.to_string(), client_id: None, site_id: caller.current_site_id(), changes: json!({"subject": body.subject}) },
        )
        .await?;
        tx.commit().await?;
        Ok(Json(BugReportAnswer { identity_id: id, message: format!("Your BugTracker Ticket Number is {id}") }))
    }

    /// Security question options
    #[requires(password_change)]
    #[oai(path = "/User/SecurityQuestions/Options/", method = "get", operation_id = "userGetSecurityQuestionsOptions")]
    async fn question_options(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<SecurityQuestion>>> {
        Ok(Json(
            sqlx::query_as("select security_question_id as question_id, question from asp.security_question order by security_question_id")
                .fetch_all(&state.pool)
                .await?,
        ))
    }

    /// Save the caller's security questions
    ///
    /// Three different questions, all answered; answers are stored hashed.
    #[requires(password_change)]
    #[oai(path = "/User/SecurityQuestions/Insert/", method = "post", operation_id = "userPostSecurityQuestionsInsert")]
    async fn insert_questions(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<SecurityAnswers>) -> ApiResult<Json<crate::presentation::Message>> {
        let mut errors = check_answers(&body);
        let user = context::load_user(&state, caller.user_id).await?;
        if let Some(name) = body.user_name.as_deref().filter(|n| !n.is_empty()) {
            if !name.eq_ignore_ascii_case(&user.user_id) {
                return Err(ApiError::forbidden("You can only set your own security questions."));
            }
        }
        let ids = [body.question1, body.question2, body.question3];
        if errors.is_empty() {
            let known: i64 = sqlx::query_scalar("select count(*) from asp.security_question where security_question_id = any($1)")
                .bind(&ids[..])
                .fetch_one(&state.pool)
                .await?;
            if known != 3 {
                errors.push(ValidationError::new("Question1", "invalid", "Please select a question"));
            }
        }
        if !errors.is_empty() {
            return Err(ApiError::validation(errors));
        }
        let answers = [&body.answer1, &body.answer2, &body.answer3];
        let mut tx = state.pool.begin().await?;
        sqlx::query("delete from asp.user_security_answer where asp_users_id = $1").bind(caller.user_id).execute(&mut *tx).await?;
        for (i, (q, a)) in ids.iter().zip(answers).enumerate() {
            // Answers are compared case-insensitively later, so normalise before hashing.
            let normalised = a.as_deref().unwrap_or_default().trim().to_lowercase();
            sqlx::query("insert into asp.user_security_answer (asp_users_id, ordinal, security_question_id, answer_hash) values ($1, $2, $3, $4)")
                .bind(caller.user_id)
                .bind(i32::try_from(i + 1).unwrap_or(1))
                .bind(q)
                .bind(password::hash(&normalised)?)
                .execute(&mut *tx)
                .await?;
        }
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry { action: "security_questions.set", entity: "asp_users", entity_id: caller.user_id.to_string(), client_id: None, site_id: None, changes: json!({"questions": ids}) },
        )
        .await?;
        tx.commit().await?;
        Ok(Json(crate::presentation::Message { message: "Security questions saved.".to_owned() }))
    }

    /// Punch-in locations of a portal site
    #[requires(CustomerPortalUser)]
    #[oai(path = "/Cart/GetPunchinLocationsBySiteId/:id", method = "get", operation_id = "cartGetPunchinLocationsBySiteIdById")]
    async fn punchin_locations(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<Vec<PunchinLocation>>> {
        if !state.authz.is_available(caller.user_id, id.0).await? {
            return Err(ApiError::forbidden("You do not have access to this site."));
        }
        Ok(Json(
            sqlx::query_as(
                "select l.customer_punchin_location_id, l.business_unit, l.state, l.city, l.map_to_site_id, s.site_code as map_to_site_code
                 from asp.punchin_location l join asp.site s on s.site_id = l.map_to_site_id
                 where l.site_id = $1 order by l.business_unit, l.state, l.city",
            )
            .bind(id.0)
            .fetch_all(&state.pool)
            .await?,
        ))
    }

    /// Select a punch-in location
    ///
    /// Stores the location and moves the session to the location's site; answers the new context.
    #[requires(CustomerPortalUser)]
    #[oai(path = "/Cart/PunchinLocation/Select", method = "put", operation_id = "cartPutPunchinLocationSelect")]
    async fn punchin_select(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<PunchinSelect>) -> ApiResult<Json<UserContext>> {
        if !state.authz.is_available(caller.user_id, body.site_id).await? {
            return Err(ApiError::forbidden("You do not have access to this site."));
        }
        let target: Option<i64> = sqlx::query_scalar(
            "select map_to_site_id from asp.punchin_location where customer_punchin_location_id = $1 and site_id = $2",
        )
        .bind(body.customer_punchin_location_id)
        .bind(body.site_id)
        .fetch_optional(&state.pool)
        .await?;
        let Some(target) = target else {
            return Err(ApiError::invalid("customer_punchin_location_id", "invalid", "Please enter a valid value for Location"));
        };
        let mut tx = state.pool.begin().await?;
        sqlx::query("update asp.asp_users set customer_punchin_location_id = $2, updated_at = now() where asp_users_id = $1")
            .bind(caller.user_id)
            .bind(body.customer_punchin_location_id)
            .execute(&mut *tx)
            .await?;
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry { action: "punchin_location.select", entity: "asp_users", entity_id: caller.user_id.to_string(), client_id: None, site_id: Some(target), changes: json!({"customer_punchin_location_id": body.customer_punchin_location_id}) },
        )
        .await?;
        tx.commit().await?;
        let caller = context::change_site(&state, &caller, target, true).await?;
        Ok(Json(context::build(&state, &caller).await?))
    }

    /// Change one's own password
    ///
    /// Checks the current password and the password rule; ends the user's other sessions; answers a fresh token.
    #[requires(password_change)]
    #[oai(path = "/User/Password/Update/SelfService", method = "post", operation_id = "userPostPasswordUpdateSelfService")]
    async fn change_password(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<PasswordChange>) -> ApiResult<Json<PasswordChanged>> {
        let issued = service::change_own_password(&state, &caller, &body.current_password, &body.password, &body.confirm_password).await?;
        Ok(Json(PasswordChanged { message: "Password updated.".to_owned(), token: issued.into() }))
    }

    /// Change another user's password (administrators)
    ///
    /// Applies the password rule; the user's sessions end; the new password is valid for the usual period.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/User/Password/Update", method = "post", operation_id = "userPostPasswordUpdate")]
    async fn admin_change_password(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<AdminPasswordChange>) -> ApiResult<Json<crate::presentation::Message>> {
        let new_password = password::NewPassword::parse(&body.password, &body.confirm_password).map_err(|e| ApiError::validation(vec![e]))?;
        let keep = (body.asp_users_id == caller.user_id).then_some(caller.session.session_id.as_str());
        service::set_password(&state, &caller, body.asp_users_id, &new_password, keep).await?;
        Ok(Json(crate::presentation::Message { message: "Password updated.".to_owned() }))
    }

    /// User by id
    ///
    /// Users who share a client with the caller's current site (and the caller); others answer 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/User/:id", method = "get", operation_id = "userGetById")]
    async fn user_by_id(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<UserSummary>> {
        let row: Option<UserSummary> = sqlx::query_as(
            "select u.asp_users_id, u.user_id, u.fname, u.lname, u.email, u.fss_employee from asp.asp_users u
             where u.asp_users_id = $1 and (u.asp_users_id = $2 or exists (
                 select 1 from asp.user_site us join asp.site s using (site_id)
                 where us.asp_users_id = u.asp_users_id
                   and s.client_id = (select client_id from asp.site where site_id = $3)))",
        )
        .bind(id.0)
        .bind(caller.user_id)
        .bind(caller.current_site_id())
        .fetch_optional(&state.pool)
        .await?;
        row.map(Json).ok_or_else(|| ApiError::not_found("The user you are trying to find does not exist."))
    }
}

async fn set_api_enabled(state: &AppState, caller: &Caller, enabled: bool) -> ApiResult<Json<ApiEnabled>> {
    let mut tx = state.pool.begin().await?;
    sqlx::query("update asp.api_status set is_enabled = $1, changed_by = $2, changed_at = now()")
        .bind(enabled)
        .bind(caller.real_user_id)
        .execute(&mut *tx)
        .await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: if enabled { "api.enable" } else { "api.disable" }, entity: "api_status", entity_id: "1".to_owned(), client_id: None, site_id: None, changes: json!({"is_enabled": enabled}) },
    )
    .await?;
    tx.commit().await?;
    state.sessions.set_api_enabled(enabled).await?;
    Ok(Json(ApiEnabled { is_enabled: enabled }))
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
        assert_eq!(e[0].field, "Question1");
        let e = check_answers(&answers([1, 1, 3], ["a", "b", "c"]));
        assert_eq!(e[0].field, "Question2");
        let e = check_answers(&answers([1, 2, 2], ["a", "b", "c"]));
        assert_eq!(e[0].field, "Question3");
        let e = check_answers(&answers([1, 2, 3], ["a", " ", "c"]));
        assert_eq!(e[0].field, "Answer2");
    }
}
