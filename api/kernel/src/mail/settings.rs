//! The mail settings: the SMTP server, the sender and the retry policy, from the layered configuration
//! (`config/default.toml`, `ASP_CONFIG`, then `ASP_SMTP_*` / `ASP_MAIL_*` variables). Kept out of `Settings` so the SMTP
//! password lives in one struct whose `Debug` hides it.

use std::fmt;

use anyhow::Context;
use serde::Deserialize;

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TlsMode {
    /// Plain SMTP (a local relay or the test sink only).
    None,
    /// Plain connection upgraded with STARTTLS, which must succeed (port 587).
    Starttls,
    /// TLS from the first byte ("SMTPS", port 465).
    Tls,
}

#[derive(Clone, Deserialize)]
pub struct MailSettings {
    /// The SMTP server. Unset or empty: nothing is sent; the job logs and leaves mail pending.
    pub smtp_host: Option<String>,
    pub smtp_port: u16,
    pub smtp_tls: TlsMode,
    /// AUTH user and password (PLAIN or LOGIN, only over TLS unless `smtp_tls` is `none`); unset: no AUTH.
    pub smtp_user: Option<String>,
    pub smtp_password: Option<String>,
    /// Connecting, and each SMTP command, gives up after this long.
    pub smtp_timeout_seconds: u64,
    /// The From of every message.
    pub mail_from_address: String,
    pub mail_from_name: String,
    /// Attempts per message before it is given up ('failed').
    pub mail_max_attempts: i32,
    /// The wait after the first failed attempt; it doubles with each further one, up to `mail_retry_max_seconds`.
    pub mail_retry_base_seconds: i32,
    pub mail_retry_max_seconds: i32,
    /// How long a claimed message stays reserved for its sender; a message still 'sending' after that is claimed
    /// again (its sender crashed). Longer than a slow send: at least twice `smtp_timeout_seconds`.
    pub mail_lease_seconds: i32,
    /// Messages one run of the job sends at most (the rest wait for the next run).
    pub mail_batch_size: u32,
    /// Messages in flight at once in a run, each over a pooled SMTP connection of its own (1 to 16).
    pub mail_concurrency: u32,
    /// Where people open the console (scheme, host and any path, no trailing slash): a message's console link
    /// (`/cycleCount/approval`) is sent as `<mail_link_base>/#/cycleCount/approval`.
    pub mail_link_base: String,
}

impl fmt::Debug for MailSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MailSettings")
            .field("smtp_host", &self.smtp_host)
            .field("smtp_port", &self.smtp_port)
            .field("smtp_tls", &self.smtp_tls)
            .field("smtp_user", &self.smtp_user)
            .field("smtp_password", &self.smtp_password.as_ref().map(|_| "<redacted>"))
            .field("mail_from_address", &self.mail_from_address)
            .field("mail_from_name", &self.mail_from_name)
            .field("mail_max_attempts", &self.mail_max_attempts)
            .field("mail_link_base", &self.mail_link_base)
            .finish_non_exhaustive()
    }
}

impl MailSettings {
    /// Reads and checks the mail settings.
    pub fn load() -> anyhow::Result<Self> {
        let settings: MailSettings = crate::config::load_layered().context("reading the mail settings")?;
        settings.validate()?;
        Ok(settings)
    }

    /// The SMTP server's host, when one is configured.
    pub fn host(&self) -> Option<&str> {
        self.smtp_host.as_deref().map(str::trim).filter(|h| !h.is_empty())
    }

    pub fn validate(&self) -> anyhow::Result<()> {
        anyhow::ensure!(self.smtp_port >= 1, "smtp_port must be a port number");
        anyhow::ensure!(
            self.mail_from_address.parse::<lettre::Address>().is_ok(),
            "mail_from_address is not an e-mail address: {}",
            self.mail_from_address
        );
        anyhow::ensure!(self.smtp_timeout_seconds >= 1, "smtp_timeout_seconds must be at least 1");
        anyhow::ensure!(self.mail_max_attempts >= 1, "mail_max_attempts must be at least 1");
        anyhow::ensure!(
            self.mail_retry_base_seconds >= 1 && self.mail_retry_max_seconds >= self.mail_retry_base_seconds,
            "mail_retry_base_seconds must be at least 1 and mail_retry_max_seconds at least mail_retry_base_seconds"
        );
        anyhow::ensure!(
            i64::from(self.mail_lease_seconds) >= 2 * i64::try_from(self.smtp_timeout_seconds).unwrap_or(i64::MAX),
            "mail_lease_seconds must be at least twice smtp_timeout_seconds"
        );
        anyhow::ensure!(self.mail_batch_size >= 1, "mail_batch_size must be at least 1");
        anyhow::ensure!(
            (1..=16).contains(&self.mail_concurrency),
            "mail_concurrency must be between 1 and 16"
        );
        anyhow::ensure!(
            url::Url::parse(&self.mail_link_base)
                .is_ok_and(|u| matches!(u.scheme(), "http" | "https")),
            "mail_link_base must be an http(s) address: {}",
            self.mail_link_base
        );
        anyhow::ensure!(
            self.smtp_user.is_some() == self.smtp_password.is_some(),
            "set both smtp_user and smtp_password, or neither"
        );
        Ok(())
    }

    /// The wait before attempt `attempts + 1`, after `attempts` failed ones: base, 2 x base, 4 x base ... capped.
    pub fn retry_delay_seconds(&self, attempts: i32) -> i32 {
        let doublings = u32::try_from(attempts.saturating_sub(1)).unwrap_or(0).min(30);
        let delay = i64::from(self.mail_retry_base_seconds).saturating_mul(1_i64 << doublings);
        i32::try_from(delay.min(i64::from(self.mail_retry_max_seconds))).unwrap_or(self.mail_retry_max_seconds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> MailSettings {
        let mut s = MailSettings::load().expect("the defaults load");
        s.smtp_host = Some("smtp.example.com".into());
        s.smtp_user = Some("mailer".into());
        s.smtp_password = Some("smtp-password-value".into());
        s
    }

    #[test]
    fn the_defaults_configure_no_server_and_are_valid() {
        let s = MailSettings::load().expect("the defaults load");
        assert_eq!(s.host(), None, "no SMTP host by default: mail waits");
        assert!(s.validate().is_ok());
    }

    #[test]
    fn debug_output_never_shows_the_smtp_password() {
        let shown = format!("{:?}", sample());
        assert!(shown.contains("smtp.example.com"));
        assert!(!shown.contains("smtp-password-value"));
    }

    #[test]
    fn the_retry_delay_doubles_from_the_base_up_to_the_cap() {
        let mut s = sample();
        s.mail_retry_base_seconds = 60;
        s.mail_retry_max_seconds = 3600;
        let delays: Vec<i32> = (1..=8).map(|a| s.retry_delay_seconds(a)).collect();
        assert_eq!(delays, vec![60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(s.retry_delay_seconds(1000), 3600, "no overflow after many attempts");
    }

    #[test]
    fn a_user_without_a_password_or_a_bad_sender_is_refused() {
        let mut s = sample();
        s.smtp_password = None;
        assert!(s.validate().is_err());
        let mut s = sample();
        s.mail_from_address = "not an address".into();
        assert!(s.validate().is_err());
    }
}

impl MailSettings {
    /// The absolute address of a console route, for a message's link.
    pub fn link_to(&self, route: &str) -> String {
        format!("{}/#{}", self.mail_link_base.trim_end_matches('/'), route)
    }
}
