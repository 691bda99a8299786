//! E-mail and texts (docs/alerts-mail.md): a transactional outbox in `asp.mail_outbox` and the job that sends it
//! over SMTP (lettre).
//!
//! A caller puts a message in the outbox with [`enqueue`] inside its own transaction, so the message exists only if
//! its business change commits. The job [`SendMail`] (type 42, every 10 s) claims due messages one at a time under a
//! lease, sends them, and marks each sent, or schedules a retry with exponential back-off (recording the error), or
//! gives up after `mail_max_attempts`. Delivery is at least once; every attempt carries the Message-ID generated at
//! enqueue, so a receiver can drop a duplicate.
//!
//! A text is an e-mail to the user's mobile carrier's gateway: [`text_address`].

mod repo;
mod send;
mod settings;

use std::sync::Arc;

use serde::Serialize;
use sqlx::PgConnection;

pub use send::SendMail;
pub use settings::{MailSettings, TlsMode};

use crate::jobs::Job;

/// Job type of [`SendMail`] (its `asp.job` row is inserted by migrations/global/0042_mail_outbox.sql).
pub const SEND_MAIL_JOB_TYPE: i32 = 42;

/// The domain part of the Message-IDs this system generates (`<uuid@...>`): unique by the UUID, and recognisably ours.
const MESSAGE_ID_DOMAIN: &str = "mail.asp";

/// What a message is delivered as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Email,
    /// An e-mail to a carrier's e-mail-to-text gateway: plain text only, kept short by the caller.
    Text,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Text => "text",
        }
    }
}

/// A message to send.
#[derive(Debug, Clone)]
pub struct OutgoingMail {
    /// The client and site it concerns, when known.
    pub client_id: Option<i64>,
    pub site_id: Option<i64>,
    /// The notification recipient row (in the schema of `client_id`) this message delivers, if any.
    pub notification_recipient_id: Option<i64>,
    pub channel: Channel,
    /// One address: a person's e-mail, or the gateway address of [`text_address`].
    pub to: String,
    /// May be empty for a text.
    pub subject: String,
    pub text_body: String,
    /// Sent as the alternative to `text_body` (e-mail only; a text is plain).
    pub html_body: Option<String>,
    /// The console route the message is about (`/notification?id=7`), made absolute and added to the message by the
    /// sender (e-mail only).
    pub link: Option<String>,
}

/// A message just enqueued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enqueued {
    pub mail_outbox_id: i64,
    /// The Message-ID header every attempt carries, angle brackets included.
    pub message_id: String,
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("not an e-mail address: {0:?}")]
    InvalidAddress(String),
    #[error("a subject is one line: {0:?}")]
    InvalidSubject(String),
    #[error("not a mobile number (10 digits, or 11 starting with 1): {0:?}")]
    InvalidPhone(String),
    #[error("not a console route (starting with /): {0:?}")]
    InvalidLink(String),
    #[error("mobile carrier {0} is unknown or no longer has a text gateway")]
    UnknownCarrier(i32),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Puts a message in the outbox on the caller's connection, inside the caller's transaction: it is sent only if that
/// transaction commits, and never if it rolls back. The address is checked now (a bad one is the caller's error, not
/// a retry later).
pub async fn enqueue(conn: &mut PgConnection, mail: OutgoingMail) -> Result<Enqueued, MailError> {
    let to = mail.to.trim();
    if to.parse::<lettre::Address>().is_err() {
        return Err(MailError::InvalidAddress(mail.to.clone()));
    }
    if mail.subject.contains(['\r', '\n']) {
        return Err(MailError::InvalidSubject(mail.subject.clone()));
    }
    let (html, link) = match mail.channel {
        Channel::Email => (mail.html_body.as_deref(), mail.link.as_deref()),
        Channel::Text => (None, None),
    };
    if let Some(l) = link {
        if !l.starts_with('/') || l.len() > 2000 || l.chars().any(char::is_control) {
            return Err(MailError::InvalidLink(l.to_owned()));
        }
    }
    let message_id = format!("<{}@{MESSAGE_ID_DOMAIN}>", uuid::Uuid::new_v4().simple());
    let row = repo::NewMail {
        client_id: mail.client_id,
        site_id: mail.site_id,
        notification_recipient_id: mail.notification_recipient_id,
        channel: mail.channel.as_str(),
        to_address: to,
        subject: &mail.subject,
        text_body: &mail.text_body,
        html_body: html,
        link,
        message_id: &message_id,
    };
    let mail_outbox_id = repo::insert(conn, &row).await?;
    Ok(Enqueued { mail_outbox_id, message_id })
}

/// A mobile carrier with its e-mail-to-text gateway (`asp.mobile_carrier`, the spec's ASPMobileCarriers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MobileCarrier {
    pub mobile_carrier_id: i32,
    pub carrier_name: String,
    pub sms_gateway_domain: String,
    pub active: bool,
}

/// The carriers a user may choose, in display order.
pub async fn carriers(conn: &mut PgConnection) -> Result<Vec<MobileCarrier>, MailError> {
    Ok(repo::active_carriers(conn).await?)
}

/// One carrier by id, active or not.
pub async fn carrier(conn: &mut PgConnection, mobile_carrier_id: i32) -> Result<Option<MobileCarrier>, MailError> {
    Ok(repo::carrier(conn, mobile_carrier_id).await?)
}

/// The address a text to `phone` goes to: its 10 digits at the carrier's gateway (`5551234567@vtext.com`).
/// Punctuation and spaces are ignored, and a leading country code 1 (North American numbers: the gateways serve
/// those only).
pub fn text_address(phone: &str, carrier: &MobileCarrier) -> Result<String, MailError> {
    if !carrier.active {
        return Err(MailError::UnknownCarrier(carrier.mobile_carrier_id));
    }
    let allowed = |c: char| c.is_ascii_digit() || c.is_whitespace() || "+-.()/".contains(c);
    if phone.trim().is_empty() || !phone.chars().all(allowed) {
        return Err(MailError::InvalidPhone(phone.to_owned()));
    }
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let national = match digits.len() {
        10 => digits.as_str(),
        11 if digits.starts_with('1') => &digits[1..],
        _ => return Err(MailError::InvalidPhone(phone.to_owned())),
    };
    Ok(format!("{national}@{}", carrier.sms_gateway_domain))
}

/// [`text_address`] for a carrier by id (as a user's profile stores it).
pub async fn text_address_for(conn: &mut PgConnection, phone: &str, mobile_carrier_id: i32) -> Result<String, MailError> {
    let carrier = repo::carrier(conn, mobile_carrier_id).await?.ok_or(MailError::UnknownCarrier(mobile_carrier_id))?;
    text_address(phone, &carrier)
}

/// Deletes up to `batch` settled messages (sent or given up) older than `days` days; answers how many. The retention
/// job calls it in batches: the recipient rows keep each channel's outcome, so an old outbox row is only a copy.
pub async fn delete_settled(conn: &mut PgConnection, days: i32, batch: i64) -> Result<u64, MailError> {
    Ok(repo::delete_settled(conn, days, batch).await?)
}

/// The mail job, for the binary's job registry.
pub fn jobs(settings: MailSettings) -> Vec<Arc<dyn Job>> {
    vec![Arc::new(SendMail::new(settings))]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verizon() -> MobileCarrier {
        MobileCarrier { mobile_carrier_id: 2, carrier_name: "Verizon".into(), sms_gateway_domain: "vtext.com".into(), active: true }
    }

    #[test]
    fn a_phone_number_becomes_its_ten_digits_at_the_carrier_gateway() {
        assert_eq!(text_address("(555) 123-4567", &verizon()).unwrap(), "5551234567@vtext.com");
        assert_eq!(text_address("+1 555.123.4567", &verizon()).unwrap(), "5551234567@vtext.com");
        assert_eq!(text_address("15551234567", &verizon()).unwrap(), "5551234567@vtext.com");
    }

    #[test]
    fn a_short_foreign_or_lettered_number_or_an_inactive_carrier_is_refused() {
        for bad in ["", "555-1234", "+44 20 7946 0958", "555-123-4567 ext 9", "5551234567@evil.com"] {
            assert!(matches!(text_address(bad, &verizon()), Err(MailError::InvalidPhone(_))), "{bad}");
        }
        let closed = MobileCarrier { active: false, ..verizon() };
        assert!(matches!(text_address("5551234567", &closed), Err(MailError::UnknownCarrier(2))));
    }
}
