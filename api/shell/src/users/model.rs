//! Wire types of the user summary.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Object, FromRow)]
pub struct UserSummary {
    pub asp_users_id: i64,
    pub user_id: String,
    pub fname: String,
    pub lname: String,
    pub email: Option<String>,
    pub fss_employee: bool,
    /// The mobile number texts go to: shown to the user themselves only (null for anyone else).
    pub mobile_phone: Option<String>,
    /// Their mobile carrier (`ASPMobileCarriers`): shown to the user themselves only.
    pub mobile_carrier_id: Option<i32>,
}

/// A mobile carrier a text can go through (its e-mail-to-text gateway).
#[derive(Object)]
pub struct MobileCarrier {
    pub mobile_carrier_id: i32,
    pub carrier_name: String,
    pub sms_gateway_domain: String,
}

/// The caller's own contact details. `email` absent keeps it, null clears it; the mobile number and carrier go
/// together (both set, or both null to stop texts), and absent keeps them.
#[derive(Object, Default)]
pub struct ContactInfoInput {
    #[oai(validator(max_length = 254))]
    pub email: poem_openapi::types::MaybeUndefined<String>,
    #[oai(validator(max_length = 30))]
    pub mobile_phone: poem_openapi::types::MaybeUndefined<String>,
    pub mobile_carrier_id: poem_openapi::types::MaybeUndefined<i32>,
}

/// The caller's contact details as saved, with the address texts now go to.
#[derive(Object)]
pub struct ContactInfo {
    pub email: Option<String>,
    pub mobile_phone: Option<String>,
    pub mobile_carrier_id: Option<i32>,
    /// `<10 digits>@<gateway>`, or null without a number.
    pub text_address: Option<String>,
}
