//! Password hashing (argon2id) and the spec's password rule.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::error::ValidationError;

pub const RULE_MESSAGE: &str =
    "Must contain 3 of 4 - 1 uppercase, 1 lowercase, 1 number, 1 special character, and be at least 8 characters.";
pub const MISMATCH_MESSAGE: &str = "The password fields do not match.";
const SPECIALS: &str = "@#$%!^&*+=";

/// A password that satisfies the rule: at least 8 characters, no whitespace, and three of the four classes
/// digit, upper case, lower case, one of `@#$%!^&*+=`.
#[derive(Clone)]
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(password: &str, confirm: &str) -> Result<Self, ValidationError> {
        if password != confirm {
            return Err(ValidationError::new("confirm_password", "passwordsDoNotMatch", MISMATCH_MESSAGE));
        }
        if !meets_rule(password) {
            return Err(ValidationError::new("password", "passwordDoesNotMeetRequirements", RULE_MESSAGE));
        }
        Ok(Self(password.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub fn meets_rule(p: &str) -> bool {
    if p.chars().count() < 8 || p.chars().any(char::is_whitespace) {
        return false;
    }
    let classes = [
        p.chars().any(|c| c.is_ascii_digit()),
        p.chars().any(|c| c.is_uppercase()),
        p.chars().any(|c| c.is_lowercase()),
        p.chars().any(|c| SPECIALS.contains(c)),
    ];
    classes.iter().filter(|x| **x).count() >= 3
}

pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing password: {e}"))
}

/// False for a wrong password and for a stored value that is not a valid hash.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

/// A hash to verify against when the user does not exist, so both cases take the same time.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash("not-a-real-password-Aa1!").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_wants_eight_characters_and_three_classes() {
        assert!(meets_rule("Demo@pass1"));
        assert!(meets_rule("abcdefG1"));
        assert!(meets_rule("abcdef1!"));
        assert!(!meets_rule("abcdefgh"));
        assert!(!meets_rule("Abcdefgh"));
        assert!(!meets_rule("Ab1!"));
        assert!(!meets_rule("Abc def1!"));
    }

    #[test]
    fn mismatched_confirmation_is_reported_first() {
        let err = NewPassword::parse("Demo@pass1", "Demo@pass2").err().expect("error");
        assert_eq!(err.error_type, "passwordsDoNotMatch");
        let err = NewPassword::parse("short", "short").err().expect("error");
        assert_eq!(err.error_type, "passwordDoesNotMeetRequirements");
    }

    #[test]
    fn hashes_are_argon2id_and_verify() {
        let h = hash("Demo@pass1").expect("hash");
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("Demo@pass1", &h));
        assert!(!verify("demo@pass1", &h));
        assert!(!verify("Demo@pass1", "not a hash"));
    }
}
