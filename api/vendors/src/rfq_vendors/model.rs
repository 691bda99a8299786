//! Wire types of RFQ vendors.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use sqlx::FromRow;

/// The vendor of an RFQ, the minimum an RFQ screen shows (VND-024 `Vendor/Min/RFQ/{rfqVendorId}`): who is asked to
/// quote, whom to write to, and where the vendor stands on this RFQ.
#[derive(Object, FromRow, Clone, Debug)]
pub struct VendorMinRfq {
    pub rfq_vendor_id: i64,
    pub rfq_id: i64,
    pub site_id: i64,
    /// This vendor's RFQ status (spec 4 section 4): Initial 1, Sent 2, Responded 3, Closed 4, Canceled 5, NoQuote 6,
    /// Awarded 7.
    pub status: i32,
    /// When the request was last sent to the vendor, and when the vendor answered.
    pub sent_date: Option<DateTime<Utc>>,
    pub responded_date: Option<DateTime<Utc>>,
    pub vend_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    /// The RFQ's contact at the vendor; when it names none, the site's vendor record's, then the vendor's own.
    pub contact_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// The vendor's address on one line: street, city, state and postal code.
    pub address: Option<String>,
    /// 'Currency' value id (ISO 4217 numeric) and its code (`USD`).
    pub currency_code_type_id: Option<i32>,
    pub currency: Option<String>,
    pub is_hidden: bool,
}
