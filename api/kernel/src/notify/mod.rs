//! Raising a notification (issue 23, domain.md section 8, docs/alerts.md): one function, [`raise`], that any area
//! calls inside its own tenant transaction. It writes the notification (subject, the bodies per channel, the record it
//! is about) and one recipient row per user at the site who holds the type's permission there and whose alert
//! settings (or the defaults) want it, with the state of each channel asked for. Because it is written in the
//! caller's transaction, a change that rolls back raises nothing, and a committed one raises exactly once: the
//! recipient rows are the outbox the senders (toast hubs, e-mail and text jobs) pick up (`*_state =
//! 1`, [`state::PENDING`]).

pub mod repo;

use tenancy::TenantTx;

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
    pub const DEFAULT: Channels = Channels { inbox: true, email: false, text: false, toast: true };
    pub const INBOX_ONLY: Channels = Channels { inbox: true, email: false, text: false, toast: false };
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
    Users { user_ids: Vec<i64>, channels: Channels },
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

/// Writes the notification at the transaction's site and its recipients, in the caller's transaction (module doc).
/// The e-mail and text channels are left pending for their sender; the toast channel likewise for the real-time
/// hubs (docs/alerts.md, "Channels").
pub async fn raise(tx: &mut TenantTx, notice: &Notice) -> Result<Raised, sqlx::Error> {
    let notification_id = repo::insert_notification(tx, notice).await?;
    let recipients = repo::insert_recipients(tx, notification_id, notice).await?;
    Ok(Raised { notification_id, recipients })
}
