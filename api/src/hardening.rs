//! What every request passes before any operation sees it, and what every answer carries: the body limit (413), text
//! PostgreSQL cannot store (a NUL character anywhere in a JSON string, the query string or the path: 400 naming the
//! field), and the security headers. Done once here, where requests enter, so every operation added later inherits
//! it (docs/security.md).

use poem::http::{header, HeaderValue, Method, StatusCode};
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};
use serde_json::Value;

use kernel::error::{ErrorBody, ValidationError};

/// The largest request body the API reads (JSON and anything else). File uploads get their own limit when they come.
pub const DEFAULT_MAX_BODY_BYTES: usize = 8 * 1024 * 1024;

/// The operations that take a whole data file in their body (CSV text or a workbook) and may read up to
/// `max_import_bytes` instead of `max_body_bytes`: a supplier's catalogue of 100,000 rows is about 12 MB as CSV.
pub const IMPORT_PATHS: &[&str] = &["/api/V1/SharedVendor/Cost/Import", "/api/V1/Item/CID/Custom/Update/Import"];

/// The console and the portal are same-origin single-page apps with no inline script; styles are inline (MUI's
/// emotion) and images may be data URLs. Nothing may frame them.
const CSP_UI: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
/// API answers are data, never documents to render.
const CSP_API: &str = "default-src 'none'; frame-ancestors 'none'";
/// Swagger UI loads its bundle inline.
const CSP_DOCS: &str = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
connect-src 'self'; object-src 'none'; frame-ancestors 'none'";

pub struct Hardening {
    pub max_body_bytes: usize,
    pub max_import_bytes: usize,
}

impl<E: Endpoint> Middleware<E> for Hardening {
    type Output = HardeningEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        HardeningEndpoint { inner: ep, max_body_bytes: self.max_body_bytes, max_import_bytes: self.max_import_bytes }
    }
}

pub struct HardeningEndpoint<E> {
    inner: E,
    max_body_bytes: usize,
    max_import_bytes: usize,
}

fn refuse(status: StatusCode, message: &str, errors: Vec<ValidationError>) -> Response {
    let body = ErrorBody { status: status.as_u16(), message: message.to_owned(), errors, request_id: kernel::error::current_request_id() };
    poem::web::Json(serde_json::json!({
        "status": body.status, "message": body.message,
        "errors": body.errors.iter().map(|e| serde_json::json!({"field": e.field, "errorType": e.error_type, "error": e.error})).collect::<Vec<_>>(),
        "requestId": body.request_id,
    }))
    .with_status(status)
    .into_response()
}

fn nul_refusal(field: &str) -> Response {
    let msg = format!("{field} contains a character that cannot be stored (NUL).");
    refuse(StatusCode::BAD_REQUEST, &msg, vec![ValidationError::new(field, "invalidCharacter", &msg)])
}

/// The first place in `value` where a string (or an object key) holds a NUL character, as a field path
/// (`lines[2].description`); `None` when there is none.
pub fn nul_path(value: &Value) -> Option<String> {
    fn walk(value: &Value, path: &mut String) -> bool {
        match value {
            Value::String(s) => s.contains('\0'),
            Value::Array(items) => items.iter().enumerate().any(|(i, v)| {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                let found = walk(v, path);
                if !found {
                    path.truncate(len);
                }
                found
            }),
            Value::Object(map) => map.iter().any(|(k, v)| {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(&k.replace('\0', "\u{fffd}"));
                let found = k.contains('\0') || walk(v, path);
                if !found {
                    path.truncate(len);
                }
                found
            }),
            _ => false,
        }
    }
    let mut path = String::new();
    walk(value, &mut path).then(|| if path.is_empty() { "Error".to_owned() } else { path })
}

/// The query parameter (or `path`) whose decoded text holds a NUL character.
fn nul_in_uri(req: &Request) -> Option<String> {
    if let Some(q) = req.uri().query() {
        for (k, v) in url::form_urlencoded::parse(q.as_bytes()) {
            if k.contains('\0') || v.contains('\0') {
                return Some(k.replace('\0', "\u{fffd}"));
            }
        }
    }
    let path = req.uri().path();
    let lower = path.to_ascii_lowercase();
    lower.contains("%00").then(|| "path".to_owned())
}

fn is_json(req: &Request) -> bool {
    req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|ct| {
        let ct = ct.to_ascii_lowercase();
        ct.starts_with("application/json") || (ct.starts_with("application/") && ct.contains("+json"))
    })
}

/// Sets the security headers on an answer to `path` (called for every answer by the request middleware).
pub fn add_security_headers(path: &str, resp: &mut Response) {
    let h = resp.headers_mut();
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
    h.insert("referrer-policy", HeaderValue::from_static("same-origin"));
    h.insert("cross-origin-opener-policy", HeaderValue::from_static("same-origin"));
    let csp = if path == "/api/docs" {
        CSP_DOCS
    } else if path.starts_with("/api") {
        CSP_API
    } else {
        CSP_UI
    };
    if !h.contains_key("content-security-policy") {
        h.insert("content-security-policy", HeaderValue::from_static(csp));
    }
    // Tokens, one-time codes and session answers must never sit in a cache.
    if path.starts_with("/api/auth") || path.starts_with("/api/") && !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

impl<E: Endpoint> Endpoint for HardeningEndpoint<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        if req.uri().path().starts_with("/api") {
            if let Some(field) = nul_in_uri(&req) {
                return Ok(nul_refusal(&field));
            }
            let limit = if *req.method() == Method::POST && IMPORT_PATHS.iter().any(|p| req.uri().path().eq_ignore_ascii_case(p)) {
                self.max_import_bytes
            } else {
                self.max_body_bytes
            };
            let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
            if declared.is_some_and(|n| n > limit) {
                return Ok(too_large(limit));
            }
            if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
                // Read the body once, bounded even when no length was declared (chunked), then hand it on.
                let body = match req.take_body().into_bytes_limit(limit).await {
                    Ok(b) => b,
                    Err(poem::error::ReadBodyError::PayloadTooLarge) => {
                        return Ok(too_large(limit));
                    }
                    Err(e) => return Err(e.into()),
                };
                if is_json(&req) && body_may_hold_nul(&body) {
                    if let Ok(value) = serde_json::from_slice::<Value>(&body) {
                        if let Some(field) = nul_path(&value) {
                            return Ok(nul_refusal(&field));
                        }
                    }
                }
                req.set_body(body);
            }
        }
        // Errors go on unchanged: the request middleware shapes them (and reads the operation id they carry).
        self.inner.call(req).await.map(IntoResponse::into_response)
    }
}

fn too_large(max: usize) -> Response {
    let msg = format!("The request is too large: at most {} MB.", max / (1024 * 1024));
    refuse(StatusCode::PAYLOAD_TOO_LARGE, &msg, vec![ValidationError::new("Error", "tooLarge", &msg)])
}

/// A JSON text can only decode to a NUL through a raw 0 byte (invalid JSON, left to the parser) or the escape
/// `\u0000`; looking for the escape first keeps the common case to one scan.
fn body_may_hold_nul(body: &[u8]) -> bool {
    body.windows(6).any(|w| w[0] == b'\\' && w[1] == b'u' && w[2..].iter().all(|c| *c == b'0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_path_of_a_nul_is_named() {
        let v: Value = serde_json::from_str(r#"{"a": "ok", "lines": [{"d": "x"}, {"d": "bad\u0000"}]}"#).unwrap_or_default();
        assert_eq!(nul_path(&v).as_deref(), Some("lines[1].d"));
        let clean: Value = serde_json::from_str(r#"{"a": "\u0001", "b": [1, 2]}"#).unwrap_or_default();
        assert_eq!(nul_path(&clean), None);
        let top: Value = serde_json::from_str(r#""\u0000""#).unwrap_or_default();
        assert_eq!(nul_path(&top).as_deref(), Some("Error"));
        assert!(body_may_hold_nul(br#"{"a":"\u0000"}"#));
        assert!(!body_may_hold_nul(br#"{"a":"\u0001"}"#));
    }
}
