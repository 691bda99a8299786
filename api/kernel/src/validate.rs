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
