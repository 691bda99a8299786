//! Input checks shared by every service: a collector that reports every problem of a request at once, in the
//! spec's error shape with the real field names.

use crate::error::{ApiError, ValidationError};

/// Optional text as the user meant it: trimmed, and `None` when nothing is left.
pub fn trimmed(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// [`trimmed`], owned.
pub fn trimmed_owned(v: &Option<String>) -> Option<String> {
    trimmed(v).map(str::to_owned)
}

/// An e-mail address as people type them: `local@domain.tld`, exactly one `@`, a dotted domain that neither starts
/// nor ends with a dot, no spaces, at most 254 characters. The one e-mail rule of every form.
pub fn is_email(e: &str) -> bool {
    e.len() <= 254
        && !e.contains(char::is_whitespace)
        && !e.chars().any(char::is_control)
        && e.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty() && !domain.contains('@') && domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.') && !domain.contains("..")
        })
}

/// A phone number: digits with the usual separators (`+ - . ( )` and spaces), 7 to 15 digits (E.164's most). The one
/// phone rule of every form.
pub fn is_phone(p: &str) -> bool {
    let digits = p.chars().filter(char::is_ascii_digit).count();
    p.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | '(' | ')' | ' ')) && (7..=15).contains(&digits)
}

/// A web address: `http(s)://host...` with a dotted host and no spaces.
pub fn is_web_address(u: &str) -> bool {
    let rest = u.strip_prefix("https://").or_else(|| u.strip_prefix("http://"));
    rest.is_some_and(|r| {
        let host = r.split('/').next().unwrap_or("");
        host.contains('.') && !host.starts_with('.') && !host.ends_with('.') && !r.contains(char::is_whitespace)
    })
}

/// Collects validation messages so one answer lists every problem.
#[derive(Default)]
pub struct Problems(pub Vec<ValidationError>);

impl Problems {
    pub fn add(&mut self, field: &str, error_type: &str, error: &str) {
        self.0.push(ValidationError::new(field, error_type, error));
    }
    pub fn push(&mut self, e: ValidationError) {
        self.0.push(e);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// `Ok(())` when nothing was found, else the 400.
    pub fn check(self) -> Result<(), ApiError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError::validation(self.0))
        }
    }

    /// Trimmed required text of at most `max` characters without control characters.
    pub fn required_text(&mut self, field: &str, label: &str, value: &str, max: usize) -> String {
        let v = value.trim();
        if v.is_empty() {
            self.add(field, "required", &format!("Please enter a value for {label}."));
        } else {
            self.check_text(field, label, v, max);
        }
        v.to_owned()
    }

    /// Trimmed optional text (empty becomes `None`) of at most `max` characters without control characters.
    pub fn optional_text(&mut self, field: &str, label: &str, value: Option<&str>, max: usize) -> Option<String> {
        let v = value.map(str::trim).filter(|v| !v.is_empty())?;
        self.check_text(field, label, v, max);
        Some(v.to_owned())
    }

    /// Trimmed optional e-mail address ([`is_email`]); a bad one is reported as `invalidEmail` on `field`.
    pub fn optional_email(&mut self, field: &str, label: &str, value: Option<&str>) -> Option<String> {
        let v = self.optional_text(field, label, value, 254)?;
        if !is_email(&v) {
            self.add(field, "invalidEmail", &format!("Please enter a valid value for {label}."));
        }
        Some(v)
    }

    /// Trimmed optional phone number ([`is_phone`]); a bad one is reported as `invalidPhone` on `field`.
    pub fn optional_phone(&mut self, field: &str, label: &str, value: Option<&str>) -> Option<String> {
        let v = self.optional_text(field, label, value, 30)?;
        if !is_phone(&v) {
            self.add(field, "invalidPhone", &format!("Please enter a valid value for {label}."));
        }
        Some(v)
    }

    fn check_text(&mut self, field: &str, label: &str, v: &str, max: usize) {
        if v.chars().count() > max {
            self.add(field, "tooLong", &format!("{label} can be at most {max} characters."));
        } else if v.chars().any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t') {
            self.add(field, "invalid", &format!("Please enter a valid value for {label}."));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_email_and_phone_rule_for_every_form() {
        for good in ["pat.jones@grainger.com", "a+b@x.co.uk", "o'neil@example.org"] {
            assert!(is_email(good), "{good}");
        }
        for bad in ["a@b@c.com", "pat.jones@grainger", "pat jones@x.com", "@x.com", "a@.com", "a@x.com.", "a@x..com", ""] {
            assert!(!is_email(bad), "{bad}");
        }
        assert!(is_phone("+1 (555) 010-2030") && is_phone("555.010.2030"));
        assert!(!is_phone("12345") && !is_phone("555-CALL-NOW") && !is_phone("1234567890123456"));
        assert!(is_web_address("https://grainger.com/x") && !is_web_address("grainger.com") && !is_web_address("http://x"));
    }

    #[test]
    fn text_checks_trim_and_report_each_field() {
        let mut p = Problems::default();
        assert_eq!(p.required_text("f", "F", "  x ", 5), "x");
        assert!(p.is_empty());
        p.required_text("f", "F", "  ", 5);
        p.required_text("g", "G", "toolong", 5);
        p.required_text("h", "H", "a\u{1}b", 5);
        assert_eq!(p.optional_text("i", "I", Some("  "), 5), None);
        let fields: Vec<&str> = p.0.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["f", "g", "h"]);
        assert!(p.check().is_err());
        assert_eq!(trimmed(&Some("  a b ".into())), Some("a b"));
        assert_eq!(trimmed_owned(&Some("   ".into())), None);
        assert_eq!(trimmed(&None), None);
    }
}
