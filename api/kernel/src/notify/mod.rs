//! Raising a notification (issue 23, domain.md section 8, docs/alerts.md): one function, [`raise`], that any area
//! calls inside its own tenant transaction. It writes the notification (subject, the bodies per channel, the record it
//! is about) and one recipient row per user at the site who holds the type's permission there and whose alert
//! settings (or the defaults) want it, with the state of each channel asked for. Because it is written in the
//! caller's transaction, a change that rolls back raises nothing, and a committed one raises exactly once: the
//! recipient rows are the outbox the senders (toast hubs, e-mail and text jobs) pick up (`*_state =
//! 1`, [`state::PENDING`]).

pub mod repo;

use std::collections::HashMap;

use sqlx::PgConnection;
use tenancy::TenantTx;

use crate::mail::{self, Channel, MailError, OutgoingMail};

/// A recipient's per-channel state (`notification_recipient.inbox_state`, `toast_state`, `email_state`,
/// `text_state`; tenant migration 0025).
pub mod state {
    pub const NONE: i16 = 0;
    pub const PENDING: i16 = 1;
    pub const SENT: i16 = 2;
    pub const FAILED: i16 = 3;
}

/// The alert types code raises (ids of `asp.type_notification`, global migrations 0004 and 0043).
pub mod types {
    pub const PO_APPROVED: i64 = 1;
    pub const ORDER_RECEIVED: i64 = 2;
    pub const REQUISITION_NEEDS_APPROVAL: i64 = 3;
    pub const REQUISITION_APPROVED: i64 = 4;
    pub const REQUISITION_REJECTED: i64 = 5;
    pub const WORK_ORDER_PARTS_RECEIVED: i64 = 6;
    pub const RFQ_ANSWERED: i64 = 7;
    pub const ITEM_ADD_COMPLETED: i64 = 8;
    pub const DRAW_REFUSED: i64 = 9;
    pub const COUNT_VARIANCE_WAITING: i64 = 10;
    pub const MIN_MAX_SUGGESTIONS: i64 = 11;
    pub const CATALOGUE_COSTS_CHANGED: i64 = 12;
    pub const DEVICE_TOKEN_EXPIRING: i64 = 13;
    pub const DEVICE_TOKEN_REVOKED: i64 = 14;
    pub const JOB_FAILED: i64 = 15;
    pub const SITE_BROADCAST: i64 = 16;
    pub const REQUISITION_DECIDED: i64 = 17;
    pub const OSD_ASSIGNED: i64 = 18;
    pub const CONTRACT_PRICE_EXPIRING: i64 = 19;
    /// A message to named people (UserNotification/Insert).
    pub const MESSAGE: i64 = 20;
}

/// The channels a recipient gets a notification on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Channels {
    pub inbox: bool,
    pub email: bool,
    pub text: bool,
    pub toast: bool,
}

impl Channels {
    /// What a user who never changed a type's settings gets (docs/alerts.md): the inbox and a toast; e-mail and
    /// text are asked for, never assumed.
    pub const DEFAULT: Channels = Channels {
        inbox: true,
        email: false,
        text: false,
        toast: true,
    };
    pub const INBOX_ONLY: Channels = Channels {
        inbox: true,
        email: false,
        text: false,
        toast: false,
    };
    /// A message addressed to people by name: in their inbox, and as a toast to those online.
    pub const INBOX_AND_TOAST: Channels = Channels {
        inbox: true,
        email: false,
        text: false,
        toast: true,
    };
}

/// The records a notification is about (spec 3 "Notification message"); any may be left empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct About {
    pub cip_no: Option<i64>,
    pub cid_no: Option<i64>,
    pub po_no: Option<i64>,
    pub wo_no: Option<i64>,
    pub req_no: Option<i64>,
    pub rfq_id: Option<i64>,
    pub tran_id: Option<i64>,
    pub employee_id: Option<i64>,
    pub asp_users_id: Option<i64>,
    pub catalog_id: Option<i64>,
    pub object_id: Option<i64>,
}

/// Who is asked, when not everyone at the site whose settings want the type.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Audience {
    /// Everyone at the site who holds the type's permission, by their settings.
    #[default]
    Settings,
    /// These users only (those of them at the site holding the type's permission), on these channels whatever
    /// their settings say: a message addressed to them by name (UserNotification/Insert).
    Users {
        user_ids: Vec<i64>,
        channels: Channels,
    },
    /// These users only, by their settings (a notice raised once per person at a site of their choosing:
    /// [`raise_once_per_user`]).
    SettingsAmong(Vec<i64>),
}

/// One event to tell people about.
#[derive(Debug, Clone, Default)]
pub struct Notice {
    /// An id of [`types`].
    pub type_id: i64,
    pub subject: String,
    /// The message in plain words; the inbox, e-mail, text and toast bodies default to it.
    pub text: String,
    pub body_inbox: Option<String>,
    pub body_email: Option<String>,
    /// Short: a text message.
    pub body_text: Option<String>,
    pub body_toast: Option<String>,
    /// The console address of the record (the inbox's link and the e-mail's).
    pub link: Option<String>,
    pub about: About,
    /// The tracking codes the event names (a draw's); `None` when the event has none to filter by, so a user's
    /// tracking-code filter does not apply to it.
    pub tracking_code_ids: Option<Vec<i64>>,
    /// A requisition's priority (1 most urgent) and urgency; `None` for other events (the filters do not apply).
    pub req_priority: Option<i32>,
    pub urgent: Option<bool>,
    /// The user whose action raised it.
    pub created_by: Option<i64>,
    pub audience: Audience,
}

/// What [`raise`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Raised {
    pub notification_id: i64,
    pub recipients: i64,
}

/// Writes the notification at the transaction's site and its recipients, in the caller's transaction (module doc),
/// puts its e-mails and texts in the mail outbox ([`crate::mail::enqueue`], same transaction) and wakes the toast
/// sender for after the commit.
pub async fn raise(tx: &mut TenantTx, notice: &Notice) -> Result<Raised, sqlx::Error> {
    let site_id = tx.site_id();
    raise_at(&mut **tx, site_id, notice).await
}

/// [`raise`] on a connection whose transaction already has the client's search path and `site_id` granted (a job's
/// per-site transaction, as `stock::apd::repo::begin_site` opens one).
pub async fn raise_at(
    conn: &mut PgConnection,
    site_id: i64,
    notice: &Notice,
) -> Result<Raised, sqlx::Error> {
    let notification_id = repo::insert_notification(conn, site_id, notice).await?;
    let recipients = repo::insert_recipients(conn, site_id, notification_id, notice).await?;
    if recipients > 0 {
        enqueue_messages(conn, site_id, notification_id).await?;
        // NOTIFY is transactional: the toast sender hears of it only if this transaction commits.
        repo::wake_toast_sender(conn, site_id, notification_id).await?;
    }
    Ok(Raised {
        notification_id,
        recipients,
    })
}

/// Raises `notice` at each of `site_ids` (of any clients) in the caller's plain transaction: a change made outside
/// any one site (a shared catalogue import) that matters at several. The transaction's search path and granted site
/// are switched per site and put back afterwards.
pub async fn raise_at_sites(
    conn: &mut PgConnection,
    site_ids: &[i64],
    notice: &Notice,
) -> Result<Vec<Raised>, sqlx::Error> {
    let saved = repo::scope_settings(conn).await?;
    let mut raised = Vec::with_capacity(site_ids.len());
    for &site_id in site_ids {
        if repo::enter_site(conn, site_id).await? {
            raised.push(raise_at(conn, site_id, notice).await?);
        }
    }
    repo::restore_scope_settings(conn, &saved).await?;
    Ok(raised)
}

/// Raises `notice` once for each person who may receive its type anywhere (a system matter such as a failed job,
/// for the provider's staff), at one site of theirs: their current site when they hold the type's permission
/// there, else the first site where they do. Each hears of it once, by their settings at that site.
pub async fn raise_once_per_user(
    conn: &mut PgConnection,
    notice: &Notice,
) -> Result<Vec<Raised>, sqlx::Error> {
    let saved = repo::scope_settings(conn).await?;
    let mut raised = Vec::new();
    for (site_id, user_ids) in repo::home_sites_of_receivers(conn, notice.type_id).await? {
        if repo::enter_site(conn, site_id).await? {
            let at_site = Notice {
                audience: Audience::SettingsAmong(user_ids),
                ..notice.clone()
            };
            raised.push(raise_at(conn, site_id, &at_site).await?);
        }
    }
    repo::restore_scope_settings(conn, &saved).await?;
    Ok(raised)
}

/// The e-mails and texts of the recipients who asked for them, into the mail outbox. An address that cannot take
/// a message (a malformed e-mail, no mobile number or carrier) fails that channel of that recipient with the reason;
/// it never fails the caller's change.
async fn enqueue_messages(
    conn: &mut PgConnection,
    site_id: i64,
    notification_id: i64,
) -> Result<(), sqlx::Error> {
    let pending = repo::pending_messages(conn, notification_id).await?;
    if pending.is_empty() {
        return Ok(());
    }
    let client_id = repo::client_of_site(conn, site_id).await?;
    let mut carriers: HashMap<i32, Option<mail::MobileCarrier>> = HashMap::new();
    for p in pending {
        if p.email_state == state::PENDING {
            let to = p.email_address.clone().unwrap_or_default();
            let mail = OutgoingMail {
                client_id: Some(client_id),
                site_id: Some(site_id),
                notification_recipient_id: Some(p.notification_recipient_id),
                channel: Channel::Email,
                to,
                subject: one_line(&p.subject),
                text_body: p.body_email.clone(),
                html_body: None,
                link: Some(
                    p.link
                        .clone()
                        .unwrap_or_else(|| format!("/notification?id={notification_id}")),
                ),
            };
            if let Err(e) = enqueue_or_fail(conn, mail).await? {
                repo::fail_channel(conn, p.notification_recipient_id, Channel::Email, &e).await?;
            }
        }
        if p.text_state == state::PENDING {
            let address = match (&p.mobile_phone, p.mobile_carrier_id) {
                (Some(phone), Some(carrier_id)) => {
                    // Recipients share a handful of carriers: each is read once per notification.
                    let carrier = match carriers.get(&carrier_id) {
                        Some(known) => known.clone(),
                        None => {
                            let read = match mail::carrier(conn, carrier_id).await {
                                Ok(c) => c,
                                Err(MailError::Database(e)) => return Err(e),
                                Err(e) => return Err(sqlx::Error::Protocol(e.to_string())),
                            };
                            carriers.insert(carrier_id, read.clone());
                            read
                        }
                    };
                    carrier
                        .ok_or(MailError::UnknownCarrier(carrier_id))
                        .and_then(|c| mail::text_address(phone, &c))
                        .map_err(|e| e.to_string())
                }
                _ => Err(NO_MOBILE.to_owned()),
            };
            let outcome = match address {
                Ok(to) => {
                    repo::set_text_address(conn, p.notification_recipient_id, &to).await?;
                    let mail = OutgoingMail {
                        client_id: Some(client_id),
                        site_id: Some(site_id),
                        notification_recipient_id: Some(p.notification_recipient_id),
                        channel: Channel::Text,
                        to,
                        subject: String::new(),
                        text_body: p.body_text.clone(),
                        html_body: None,
                        link: None,
                    };
                    enqueue_or_fail(conn, mail).await?
                }
                Err(e) => Err(e),
            };
            if let Err(e) = outcome {
                repo::fail_channel(conn, p.notification_recipient_id, Channel::Text, &e).await?;
            }
        }
    }
    Ok(())
}

const NO_MOBILE: &str = "The user has no mobile number and carrier.";

/// Enqueues; a message the outbox refuses (its address) is the recipient's problem, answered as `Ok(Err(reason))`.
async fn enqueue_or_fail(
    conn: &mut PgConnection,
    mail: OutgoingMail,
) -> Result<Result<(), String>, sqlx::Error> {
    match mail::enqueue(conn, mail).await {
        Ok(_) => Ok(Ok(())),
        Err(MailError::Database(e)) => Err(e),
        Err(e) => Ok(Err(e.to_string())),
    }
}

/// A subject is one line in a mail header.
fn one_line(subject: &str) -> String {
    subject
        .split(['\r', '\n'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
