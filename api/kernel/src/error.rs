//! The one error type of the HTTP layer and its one JSON shape.

use std::sync::{Arc, Mutex};

use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

/// A validation message in the spec's shape.
#[derive(Debug, Clone, Object, PartialEq, Eq)]
pub struct ValidationError {
    /// The field the message belongs to; `Error` for messages about the whole request.
    pub field: String,
    #[oai(rename = "errorType")]
    pub error_type: String,
    pub error: String,
}

impl ValidationError {
    pub fn new(field: &str, error_type: &str, error: &str) -> Self {
        Self { field: field.to_owned(), error_type: error_type.to_owned(), error: error.to_owned() }
    }
}

/// Body of every 4xx and 5xx answer.
#[derive(Debug, Clone, Object)]
pub struct ErrorBody {
    pub status: u16,
    pub message: String,
    pub errors: Vec<ValidationError>,
    #[oai(rename = "requestId")]
    pub request_id: String,
}

/// Every error status an operation can answer.
#[derive(Debug, ApiResponse)]
pub enum ApiError {
    /// The request is invalid; `errors` says why. Nothing was changed.
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// Not signed in, or the session ended.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorBody>),
    /// Signed in, but not allowed.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// No such record here (also for records of sites the caller may not use).
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// The change conflicts with existing data.
    #[oai(status = 409)]
    Conflict(Json<ErrorBody>),
    /// The content is larger than a limit allows (`errors` names the limit); nothing was changed.
    #[oai(status = 413)]
    TooLarge(Json<ErrorBody>),
    /// Too many attempts; try again later.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorBody>),
    /// Unexpected failure; the cause is logged under the request id.
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
    /// The API has been switched off by an administrator.
    #[oai(status = 503)]
    Unavailable(Json<ErrorBody>),
}

pub type ApiResult<T> = Result<T, ApiError>;

pub const SERVER_ERROR_MESSAGE: &str = "Error communicating with the server.";

/// Details of an internal error, handed from the code that failed to the request middleware, which logs them with
/// the request's path and user into the error log.
#[derive(Debug, Clone, Default)]
pub struct FailureSlot(pub Arc<Mutex<Option<String>>>);

tokio::task_local! {
    pub static REQUEST_ID: String;
    pub static FAILURE: FailureSlot;
}

pub fn current_request_id() -> String {
    REQUEST_ID.try_with(Clone::clone).unwrap_or_default()
}

fn body(status: u16, message: impl Into<String>, errors: Vec<ValidationError>) -> Json<ErrorBody> {
    Json(ErrorBody { status, message: message.into(), errors, request_id: current_request_id() })
}

impl ApiError {
    pub fn validation(errors: Vec<ValidationError>) -> Self {
        let message = errors.first().map(|e| e.error.clone()).unwrap_or_else(|| "Invalid request.".to_owned());
        Self::BadRequest(body(400, message, errors))
    }
    /// One validation message for one field.
    pub fn invalid(field: &str, error_type: &str, error: &str) -> Self {
        Self::validation(vec![ValidationError::new(field, error_type, error)])
    }
    /// A message about the whole request (field `Error`).
    pub fn bad_request(message: &str) -> Self {
        Self::invalid("Error", "invalid", message)
    }
    pub fn unauthorized(message: &str) -> Self {
        Self::Unauthorized(body(401, message, vec![]))
    }
    pub fn forbidden(message: &str) -> Self {
        Self::Forbidden(body(403, message, vec![]))
    }
    pub fn forbidden_with(message: &str, error_type: &str) -> Self {
        Self::Forbidden(body(403, message, vec![ValidationError::new("Error", error_type, message)]))
    }
    pub fn not_found(message: &str) -> Self {
        Self::NotFound(body(404, message, vec![]))
    }
    pub fn conflict(message: &str) -> Self {
        Self::Conflict(body(409, message, vec![]))
    }
    /// Content past a limit: `field` and `error_type` name what and which limit.
    pub fn too_large(field: &str, error_type: &str, error: &str) -> Self {
        Self::TooLarge(body(413, error, vec![ValidationError::new(field, error_type, error)]))
    }
    pub fn too_many(message: &str) -> Self {
        Self::TooManyRequests(body(429, message, vec![]))
    }
    pub fn unavailable() -> Self {
        Self::Unavailable(body(503, "ASP is currently offline.", vec![]))
    }
    /// The retryable 503 with its reason (a full server, not an offline one).
    pub fn unavailable_because(message: &str) -> Self {
        Self::Unavailable(body(503, message, vec![]))
    }
    /// Logs the cause under the request id; the caller sees only the generic message.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        let request_id = current_request_id();
        let detail = format!("{cause:#}");
        tracing::error!(request_id = %request_id, error = %detail, "request failed");
        let _ = FAILURE.try_with(|slot| {
            if let Ok(mut s) = slot.0.lock() {
                *s = Some(detail);
            }
        });
        Self::Internal(body(500, SERVER_ERROR_MESSAGE, vec![]))
    }

    pub fn status(&self) -> u16 {
        match self {
            Self::BadRequest(_) => 400,
            Self::Unauthorized(_) => 401,
            Self::Forbidden(_) => 403,
            Self::NotFound(_) => 404,
            Self::Conflict(_) => 409,
            Self::TooLarge(_) => 413,
            Self::TooManyRequests(_) => 429,
            Self::Internal(_) => 500,
            Self::Unavailable(_) => 503,
        }
    }
}

/// Database errors: constraint violations are the caller's fault (409/400), anything else is ours (500).
/// The message of a request that PostgreSQL ended because it collided with a concurrent one.
pub const CONCURRENT_CHANGE_MESSAGE: &str = "Someone else changed the same records at the same moment; nothing was saved. Please try again.";

/// The message of a request that found every database connection busy for the pool's whole wait.
pub const BUSY_MESSAGE: &str = "The server is busy; nothing was saved. Please try again in a moment.";

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        // Every connection stayed busy for the pool's whole wait: load, not a fault of the request, and the same
        // request can succeed when sent again, so the retryable 503 every operation documents.
        if matches!(e, sqlx::Error::PoolTimedOut) {
            tracing::warn!(request_id = %current_request_id(), "no database connection within the pool's wait");
            return Self::Unavailable(body(503, BUSY_MESSAGE, vec![]));
        }
        if let sqlx::Error::Database(db) = &e {
            // A deadlock, a serialization failure or a lock wait given up: PostgreSQL rolled the transaction back and
            // the same request can succeed when sent again (device reports are idempotent for exactly this), so the
            // answer is the retryable 503 every operation documents, not a 500.
            if matches!(db.code().as_deref(), Some("40P01" | "40001" | "55P03")) {
                tracing::warn!(request_id = %current_request_id(), error = %db, "transaction ended by a concurrent change");
                return Self::Unavailable(body(503, CONCURRENT_CHANGE_MESSAGE, vec![]));
            }
            match db.kind() {
                sqlx::error::ErrorKind::UniqueViolation => {
                    return Self::conflict("A record with the same key already exists.");
                }
                sqlx::error::ErrorKind::ForeignKeyViolation => {
                    return Self::invalid("Error", "reference", "The record refers to something that does not exist or is still in use.");
                }
                sqlx::error::ErrorKind::CheckViolation | sqlx::error::ErrorKind::NotNullViolation => {
                    return Self::invalid("Error", "invalid", "A value is missing or out of range.");
                }
                _ => {}
            }
        }
        Self::internal(e)
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(e: anyhow::Error) -> Self {
        Self::internal(e)
    }
}

impl From<tenancy::TenancyError> for ApiError {
    fn from(e: tenancy::TenancyError) -> Self {
        match e {
            tenancy::TenancyError::Db(db) => db.into(),
            other => Self::internal(other),
        }
    }
}

impl From<authz::AuthzError> for ApiError {
    fn from(e: authz::AuthzError) -> Self {
        match e {
            authz::AuthzError::SiteNotAvailable(_) => Self::forbidden("You do not have access to this site."),
            authz::AuthzError::MissingPermission(p) => Self::forbidden(&format!("You do not have permission: {p}")),
            other => Self::internal(other),
        }
    }
}

impl From<redis::RedisError> for ApiError {
    fn from(e: redis::RedisError) -> Self {
        Self::internal(e)
    }
}

/// The field a request poem-openapi could not parse was refused for, the error type and the message: the
/// parameter's name for query, path and header parameters; for JSON bodies the field a schema rule
/// (`#[oai(validator(...))]`) or the unknown-field check named, with the rule said in words. A body that is not
/// JSON at all, or a value of the wrong JSON type (poem-openapi does not say which field held it), is about the
/// whole request: field `Error`. poem-openapi names path parameters `param0`, `param1`, ... in the order of the path;
/// `path_params` gives their names in the same order (the operation's path template), so that the answer names the
/// parameter as the document does.
fn refused_field(err: &poem::Error, path_params: &[&str]) -> (String, &'static str, String) {
    let text = err.to_string();
    let named_param = |name: &str| -> (String, String) {
        let real = name.strip_prefix("param").and_then(|n| n.parse::<usize>().ok()).and_then(|i| path_params.get(i));
        match real {
            Some(real) => ((*real).to_owned(), text.replace(&format!("`{name}`"), &format!("`{real}`"))),
            None => (name.to_owned(), text.clone()),
        }
    };
    if let Some(e) = err.downcast_ref::<poem_openapi::error::ParseParamError>() {
        let (field, text) = named_param(e.name);
        return (field, "invalid", text);
    }
    if let Some(e) = err.downcast_ref::<poem_openapi::error::ParsePathError>() {
        let (field, text) = named_param(e.name);
        return (field, "invalid", text);
    }
    let named = |marker: &str| {
        let start = text.find(marker)? + marker.len();
        let end = start + text[start..].find('`')?;
        Some(text[start..end].to_owned())
    };
    if let Some(field) = named("unknown field `") {
        return (field, "unknownField", text);
    }
    let Some(field) = named("field `") else { return ("Error".to_owned(), "invalidRequest", text) };
    let (error_type, message) = rule_in_words(&field, &text);
    (field, error_type, message.unwrap_or(text))
}

/// `maxLength(100)` and the like, as the services would say them.
fn rule_in_words(field: &str, text: &str) -> (&'static str, Option<String>) {
    let rule = |name: &str| -> Option<String> {
        let start = text.find(&format!("{name}("))? + name.len() + 1;
        let end = start + text[start..].find(')')?;
        Some(text[start..end].to_owned())
    };
    if let Some(n) = rule("maxLength") {
        return ("tooLong", Some(format!("{field} can be at most {n} characters.")));
    }
    if let Some(n) = rule("minLength") {
        return ("tooShort", Some(format!("{field} must be at least {n} characters.")));
    }
    if let Some(n) = rule("maxItems") {
        return ("tooMany", Some(format!("{field} can have at most {n} items.")));
    }
    if rule("maximum").is_some() || rule("minimum").is_some() {
        return ("outOfRange", Some(format!("{field} is out of range.")));
    }
    ("invalid", None)
}

/// Turns an error that poem produced itself (unknown route, unparsable body, ...) into our JSON shape. `path_params`:
/// the path parameters of the operation that was matched, in path order (empty when none matched).
pub fn shape_poem_error(err: poem::Error, path_params: &[&str]) -> poem::Response {
    use poem::IntoResponse;
    if err.is_from_response() {
        return err.into_response();
    }
    // A body without the expected content type is a request that could not be parsed, like malformed JSON: 400, the
    // status every operation that takes a body documents (see `api_macros::guarded`), not poem's 415.
    let status = match err.status() {
        poem::http::StatusCode::UNSUPPORTED_MEDIA_TYPE => poem::http::StatusCode::BAD_REQUEST,
        other => other,
    };
    let code = status.as_u16();
    let body = if status.is_server_error() {
        tracing::error!(request_id = %current_request_id(), error = %err, "request failed");
        let _ = FAILURE.try_with(|slot| {
            if let Ok(mut s) = slot.0.lock() {
                *s = Some(err.to_string());
            }
        });
        ErrorBody { status: code, message: SERVER_ERROR_MESSAGE.to_owned(), errors: vec![], request_id: current_request_id() }
    } else if code == 400 {
        let (field, error_type, msg) = refused_field(&err, path_params);
        ErrorBody {
            status: code,
            message: msg.clone(),
            errors: vec![ValidationError::new(&field, error_type, &msg)],
            request_id: current_request_id(),
        }
    } else {
        let msg = match code {
            404 => "Not found.".to_owned(),
            405 => "Method not allowed.".to_owned(),
            _ => err.to_string(),
        };
        ErrorBody { status: code, message: msg, errors: vec![], request_id: current_request_id() }
    };
    let json = serde_json::json!({
        "status": body.status, "message": body.message,
        "errors": body.errors.iter().map(|e| serde_json::json!({"field": e.field, "errorType": e.error_type, "error": e.error})).collect::<Vec<_>>(),
        "requestId": body.request_id,
    });
    poem::web::Json(json).with_status(status).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_with_no_free_connection_is_the_retryable_503_not_a_500() {
        let ApiError::Unavailable(body) = ApiError::from(sqlx::Error::PoolTimedOut) else {
            panic!("expected a 503");
        };
        assert_eq!((body.0.status, body.0.message.as_str()), (503, BUSY_MESSAGE));
    }

    #[test]
    fn a_bad_path_parameter_is_named_as_the_document_names_it() {
        let err = poem::Error::from(poem_openapi::error::ParsePathError { name: "param1", reason: "invalid digit".to_owned() });
        let (field, error_type, message) = refused_field(&err, &["code", "rfqVendorId"]);
        assert_eq!((field.as_str(), error_type), ("rfqVendorId", "invalid"));
        assert!(message.contains("`rfqVendorId`") && !message.contains("param1"), "{message}");
        // Without the operation's parameters the name is poem-openapi's.
        assert_eq!(refused_field(&err, &[]).0, "param1");
    }

    #[test]
    fn schema_rules_are_said_in_words() {
        assert_eq!(rule_in_words("city", "failed to parse \"Address\": field `city` verification failed. maxLength(100)"), ("tooLong", Some("city can be at most 100 characters.".to_owned())));
        assert_eq!(rule_in_words("tags", "field `tags` verification failed. maxItems(10)").0, "tooMany");
        assert_eq!(rule_in_words("erp_type_id", "field `erp_type_id` verification failed. maximum(7, exclusive: false)").0, "outOfRange");
        assert_eq!(rule_in_words("x", "field `x` verification failed. pattern(\"^a$\")"), ("invalid", None));
    }
}
