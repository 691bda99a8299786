//! Rules of the user summary: users of other clients are not found.

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use tenancy::SiteScope;

use kernel::audit::{self, AuditEntry};
use kernel::mail::{self, MailError};
use poem_openapi::types::MaybeUndefined;
use serde_json::json;

use super::model::{ContactInfo, ContactInfoInput, MobileCarrier, UserSummary};
use super::repo;

/// The user `id`, if it is the caller or shares the client of the caller's current site (`scope`).
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<UserSummary> {
    let mut conn = state.pool.acquire().await?;
    repo::find_visible(&mut conn, id, caller.user_id, scope.client_id())
        .await?
        .ok_or_else(|| ApiError::not_found("The user you are trying to find does not exist."))
}

/// The carriers a user may choose for texts (active ones, in display order).
pub async fn carriers(state: &AppState) -> ApiResult<Vec<MobileCarrier>> {
    let mut conn = state.pool.acquire().await?;
    let list = mail::carriers(&mut conn).await.map_err(mail_error)?;
    Ok(list
        .into_iter()
        .map(|c| MobileCarrier {
            mobile_carrier_id: c.mobile_carrier_id,
            carrier_name: c.carrier_name,
            sms_gateway_domain: c.sms_gateway_domain,
        })
        .collect())
}

fn mail_error(e: MailError) -> ApiError {
    match e {
        MailError::Database(e) => e.into(),
        other => ApiError::internal(other),
    }
}

/// Saves the caller's own contact details (module doc of [`ContactInfoInput`]); audited.
pub async fn update_contact_info(
    state: &AppState,
    caller: &Caller,
    input: &ContactInfoInput,
) -> ApiResult<ContactInfo> {
    let mut tx = state.pool.begin().await?;
    let Some((email0, phone0, carrier0)) = repo::contact_info(&mut tx, caller.user_id).await?
    else {
        return Err(ApiError::not_found(
            "The user you are trying to find does not exist.",
        ));
    };
    let keep_or = |m: &MaybeUndefined<String>, old: Option<String>| match m {
        MaybeUndefined::Undefined => old,
        MaybeUndefined::Null => None,
        MaybeUndefined::Value(v) => Some(v.trim().to_owned()).filter(|v| !v.is_empty()),
    };
    let email = keep_or(&input.email, email0.clone());
    let phone = keep_or(&input.mobile_phone, phone0.clone());
    let carrier = match input.mobile_carrier_id {
        MaybeUndefined::Undefined => carrier0,
        MaybeUndefined::Null => None,
        MaybeUndefined::Value(v) => Some(v),
    };
    if let Some(e) = &email {
        if !kernel::validate::is_email(e) {
            return Err(ApiError::invalid(
                "email",
                "invalidEmail",
                "Enter an e-mail address such as name@example.com.",
            ));
        }
    }
    let text_address = match (&phone, carrier) {
        (None, None) => None,
        (Some(_), None) => {
            return Err(ApiError::invalid(
                "mobile_carrier_id",
                "required",
                "Choose the mobile carrier of this number.",
            ))
        }
        (None, Some(_)) => {
            return Err(ApiError::invalid(
                "mobile_phone",
                "required",
                "Enter the mobile number texts go to.",
            ))
        }
        (Some(p), Some(c)) => match mail::text_address_for(&mut tx, p, c).await {
            Ok(a) => Some(a),
            Err(MailError::InvalidPhone(_)) => {
                return Err(ApiError::invalid(
                    "mobile_phone",
                    "invalidPhone",
                    "Enter a 10-digit mobile number (US or Canada), such as 555-123-4567.",
                ))
            }
            Err(MailError::UnknownCarrier(_)) => {
                return Err(ApiError::invalid(
                    "mobile_carrier_id",
                    "unknownCarrier",
                    "Choose one of the listed mobile carriers.",
                ))
            }
            Err(e) => return Err(mail_error(e)),
        },
    };
    repo::set_contact_info(
        &mut tx,
        caller.user_id,
        email.as_deref(),
        phone.as_deref(),
        carrier,
    )
    .await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "user.contact_info",
            entity: "asp_users",
            entity_id: caller.user_id.to_string(),
            client_id: None,
            site_id: None,
            changes: audit::diff(
                &json!({ "email": email0, "mobile_phone": phone0, "mobile_carrier_id": carrier0 }),
                &json!({ "email": email, "mobile_phone": phone, "mobile_carrier_id": carrier }),
            ),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(ContactInfo {
        email,
        mobile_phone: phone,
        mobile_carrier_id: carrier,
        text_address,
    })
}
