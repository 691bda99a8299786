//! The one validation of every vendor write (insert, each block's update, `Vendor/Validate`): the code, name,
//! address, tax id, list values, the diversity type of a diverse supplier, references to other vendors.

use kernel::error::ApiResult;
use kernel::num::Money;
use kernel::validate::Problems;
use tenancy::TenantTx;

use super::model::VendorFields;
use super::repo::{self, Sight};

pub const DIVERSITY_REQUIRED: &str = "You must select a Diversity Type.";

pub struct Key<'a> {
    pub code: &'a str,
    pub erp_type_id: i32,
    pub erp_company: Option<&'a str>,
    /// The vendor being changed (none for a new one).
    pub except: Option<i64>,
}

fn tidy(v: &mut Option<String>) {
    *v = v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
}

/// Trims text; empty text is no value. Codes are upper case.
pub fn normalise(f: &mut VendorFields) {
    f.vend_name = f.vend_name.trim().to_owned();
    for v in [
        &mut f.cust_code, &mut f.cust_vendor_number, &mut f.sxe_code, &mut f.tax_id, &mut f.account_no, &mut f.division_no,
        &mut f.address1, &mut f.address2, &mut f.city, &mut f.postal_code, &mut f.county, &mut f.phone, &mut f.email,
        &mut f.contact_name, &mut f.terms_code, &mut f.ship_type, &mut f.con_pay_schedule, &mut f.ns_internal_id, &mut f.ns_billing,
        &mut f.ns_shipping, &mut f.bank_info, &mut f.comments, &mut f.po_comments, &mut f.product_file_notes,
        &mut f.nonconsigned_vend_code, &mut f.consigned_vend_code, &mut f.remit_to_vend_code,
    ] {
        tidy(v);
    }
    for v in [&mut f.terms_code, &mut f.ship_type, &mut f.con_pay_schedule] {
        *v = v.as_deref().map(str::to_uppercase);
    }
    if let Some(p) = f.postal_code.as_mut() {
        *p = p.to_uppercase();
    }
}

/// US EIN: 12-3456789 or nine digits.
pub fn is_us_tax_id(s: &str) -> bool {
    let b = s.as_bytes();
    (b.len() == 9 && b.iter().all(u8::is_ascii_digit))
        || (b.len() == 10 && b[2] == b'-' && b[..2].iter().all(u8::is_ascii_digit) && b[3..].iter().all(u8::is_ascii_digit))
}

/// Other countries' tax ids: letters, digits, spaces, dots, slashes and dashes, 4 to 30 characters.
pub fn is_foreign_tax_id(s: &str) -> bool {
    (4..=30).contains(&s.chars().count()) && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '.' | '/'))
}

/// US ZIP (12345 or 12345-6789) or Canadian postal code (A1A 1A1, space optional).
pub fn postal_code_fits(country: &str, code: &str) -> bool {
    let b = code.as_bytes();
    match country {
        "US" => (b.len() == 5 && b.iter().all(u8::is_ascii_digit))
            || (b.len() == 10 && b[5] == b'-' && b[..5].iter().all(u8::is_ascii_digit) && b[6..].iter().all(u8::is_ascii_digit)),
        "CA" => {
            let s: Vec<u8> = b.iter().copied().filter(|c| *c != b' ').collect();
            s.len() == 6
                && b.len() <= 7
                && s.iter().enumerate().all(|(i, c)| if i % 2 == 0 { c.is_ascii_alphabetic() } else { c.is_ascii_digit() })
        }
        _ => true,
    }
}

pub fn is_vendor_code(s: &str) -> bool {
    !s.is_empty() && s.len() <= 20 && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Everything a buyer would regret, for every write: the code (format, duplicate at the same ERP type and
/// company), name, address (required parts, the state of the country, US/CA postal codes), tax id, list values
/// unknown to asp.type_value, the diversity type of a diverse supplier, the remit-to vendor.
pub async fn validate(tx: &mut TenantTx, sight: Sight, key: &Key<'_>, f: &mut VendorFields, before: Option<&VendorFields>) -> ApiResult<Problems> {
    let mut p = Problems::default();
    if !is_vendor_code(key.code) {
        p.add("vend_code", "invalid", "The vendor code must be 1 to 20 letters, digits, dashes, dots or underscores.");
    } else if repo::code_taken(tx, key.code, key.erp_type_id, key.erp_company, key.except).await? {
        p.add("vend_code", "duplicate", &format!("Vendor code {} already exists for this ERP type and company.", key.code));
    }
    p.required_text("vend_name", "Vendor Name", &f.vend_name, 100);
    for (field, value, max) in [
        ("cust_code", &f.cust_code, 30),
        ("cust_vendor_number", &f.cust_vendor_number, 50),
        ("sxe_code", &f.sxe_code, 30),
        ("account_no", &f.account_no, 50),
        ("division_no", &f.division_no, 20),
        ("address1", &f.address1, 100),
        ("address2", &f.address2, 100),
        ("city", &f.city, 60),
        ("county", &f.county, 60),
        ("phone", &f.phone, 30),
        ("email", &f.email, 200),
        ("contact_name", &f.contact_name, 100),
        ("ns_internal_id", &f.ns_internal_id, 50),
        ("ns_billing", &f.ns_billing, 500),
        ("ns_shipping", &f.ns_shipping, 500),
        ("bank_info", &f.bank_info, 500),
        ("comments", &f.comments, 2000),
        ("po_comments", &f.po_comments, 2000),
        ("product_file_notes", &f.product_file_notes, 2000),
    ] {
        p.optional_text(field, field, value.as_deref(), max);
    }
    if f.address1.is_none() {
        p.add("address1", "required", "Please enter a value for Address 1.");
    }
    if f.city.is_none() {
        p.add("city", "required", "Please enter a value for City.");
    }
    // The country: a domestic vendor is in the United States unless told otherwise.
    let country = match f.type_country_code_id {
        Some(id) => match repo::type_code_of(tx, "Country", id).await? {
            Some(c) => Some(c),
            None => {
                p.add("type_country_code_id", "unknownValue", "Please select a valid Country.");
                None
            }
        },
        None if !f.is_international => Some("US".to_owned()),
        None => {
            p.add("type_country_code_id", "required", "Please select the Country of an international vendor.");
            None
        }
    };
    if let (Some(c), false) = (&country, f.is_international) {
        if c != "US" {
            p.add("is_international", "invalid", "A vendor outside the United States must be marked international.");
        }
    }
    if let (Some(c), true) = (&country, f.is_international) {
        if c == "US" {
            p.add("is_international", "invalid", "A vendor in the United States is not international.");
        }
    }
    let has_states = matches!(country.as_deref(), Some("US" | "CA"));
    match f.state_type_id {
        Some(id) => match repo::state_country(tx, id).await? {
            None => p.add("state_type_id", "unknownValue", "Please select a valid State."),
            Some(sc) if country.as_deref().is_some_and(|c| c != sc) => {
                p.add("state_type_id", "invalid", "The state must be a state of the vendor's country.")
            }
            Some(_) => {}
        },
        None if has_states => p.add("state_type_id", "required", "Please select a State."),
        None => {}
    }
    match (&f.postal_code, country.as_deref()) {
        (Some(code), Some(c @ ("US" | "CA"))) if !postal_code_fits(c, code) => {
            let example = if c == "US" { "12345 or 12345-6789" } else { "A1A 1A1" };
            p.add("postal_code", "invalid", &format!("Please enter a valid Postal Code ({example})."));
        }
        (None, Some("US" | "CA")) => p.add("postal_code", "required", "Please enter a value for Postal Code."),
        (Some(code), _) => {
            p.optional_text("postal_code", "Postal Code", Some(code), 20);
        }
        _ => {}
    }
    if let Some(e) = &f.email {
        if !kernel::validate::is_email(e) {
            p.add("email", "invalid", "Please enter a valid Email.");
        }
    }
    if let Some(t) = &f.tax_id {
        if f.is_international {
            if !is_foreign_tax_id(t) {
                p.add("tax_id", "invalid", "Please enter a valid Tax ID (4 to 30 letters, digits, spaces, dots, slashes or dashes).");
            }
        } else if !is_us_tax_id(t) {
            p.add("tax_id", "invalid", "Please enter a valid Tax ID: a US EIN is 12-3456789 or 9 digits.");
        }
    }
    if f.diverse_supplier {
        let none = match f.diversity_type {
            None => true,
            Some(id) => repo::type_code_of(tx, "VendorDiversity", id).await?.is_none_or(|c| c == "NONE"),
        };
        if none {
            p.add("diversity_type", "required", DIVERSITY_REQUIRED);
        }
    } else if let Some(id) = f.diversity_type {
        if !repo::type_value_exists(tx, "VendorDiversity", id).await? {
            p.add("diversity_type", "unknownValue", "Please select a valid Diversity Type.");
        }
    }
    for (field, list, label, value) in [
        ("currency_code_type_id", "Currency", "Currency", f.currency_code_type_id),
        ("freight_terms_type_id", "FreightTerms", "Freight Terms", f.freight_terms_type_id),
        ("form_template_id", "FormTemplate", "Form Template", f.form_template_id),
        ("hold", "VendorHold", "Hold", f.hold),
        ("po_hold_type", "VendorHoldMethod", "PO Hold Type", f.po_hold_type),
        ("tap_asn_action_type", "ASNAction", "ASN Action", f.tap_asn_action_type),
    ] {
        if let Some(id) = value {
            if !repo::type_value_exists(tx, list, id).await? {
                p.add(field, "unknownValue", &format!("Please select a valid {label}."));
            }
        }
    }
    for (field, list, label, value) in [
        ("terms_code", "Terms", "Terms", &f.terms_code),
        ("ship_type", "ShipMethod", "Ship Method", &f.ship_type),
        ("con_pay_schedule", "ConsignedPaySchedule", "Consigned Pay Schedule", &f.con_pay_schedule),
    ] {
        if let Some(code) = value {
            if !repo::type_code_exists(tx, list, code).await? {
                p.add(field, "unknownValue", &format!("Please select a valid {label}."));
            }
        }
    }
    if let Some(m) = f.min_purc_amount {
        if m.is_sign_negative() || m > Money::from(1_000_000_000_000) {
            p.add("min_purc_amount", "invalid", "The minimum purchase amount must be zero or more.");
        }
    }
    // References to other vendors: a new or changed one must be a vendor the caller reads at this site (the rule of
    // every read); one already stored is left as it is, so an old reference does not block saving another block.
    let unchanged = |field: &str, value: &Option<String>| {
        before.is_some_and(|b| {
            let stored = match field {
                "remit_to_vend_code" => &b.remit_to_vend_code,
                "nonconsigned_vend_code" => &b.nonconsigned_vend_code,
                _ => &b.consigned_vend_code,
            };
            stored.as_deref().map(str::to_uppercase) == value.as_deref().map(str::to_uppercase)
        })
    };
    if let Some(r) = f.remit_to_vend_code.clone().filter(|_| !unchanged("remit_to_vend_code", &f.remit_to_vend_code)) {
        if r.eq_ignore_ascii_case(key.code) {
            p.add("remit_to_vend_code", "invalid", "A vendor cannot be its own remit-to vendor.");
        } else if !repo::code_taken(tx, &r, key.erp_type_id, key.erp_company, None).await? {
            p.add("remit_to_vend_code", "unknownValue", "The remit-to vendor must be a vendor of the same ERP type and company.");
        } else if let Some((_, code)) = referenced_vendor(tx, sight, "remit_to_vend_code", &r, &mut p).await? {
            f.remit_to_vend_code = Some(code);
        }
    }
    if let Some(c) = f.nonconsigned_vend_code.clone().filter(|_| !unchanged("nonconsigned_vend_code", &f.nonconsigned_vend_code)) {
        f.nonconsigned_vend_code = referenced_vendor(tx, sight, "nonconsigned_vend_code", &c, &mut p).await?.map(|(_, code)| code).or(Some(c));
    }
    if let Some(c) = f.consigned_vend_code.clone().filter(|_| !unchanged("consigned_vend_code", &f.consigned_vend_code)) {
        f.consigned_vend_code = referenced_vendor(tx, sight, "consigned_vend_code", &c, &mut p).await?.map(|(_, code)| code).or(Some(c));
    }
    if let Some(b) = f.buyer_id {
        let client = tx.scope().client_id();
        if !repo::user_of_client(tx, b, client).await? {
            p.add("buyer_id", "unknownValue", "Please select a valid Buyer.");
        }
    }
    Ok(p)
}

/// A write's reference to another vendor by code (`field` of the body), for every write of the area that stores
/// one: the vendor must be one `sight` reads, by the same rule as the reads of that record (the vendor rule at the
/// site; the vendor blocks also the caller's restrictions); otherwise a problem naming the field, as for a vendor
/// that does not exist. Answers the vendor's id and its code as the vendor has it.
pub async fn referenced_vendor(tx: &mut TenantTx, sight: Sight, field: &str, code: &str, p: &mut Problems) -> ApiResult<Option<(i64, String)>> {
    let code = code.trim();
    let found = repo::visible_code(tx, sight, code).await?;
    if found.is_none() {
        p.add(field, "notFound", &format!("Vendor {code} does not exist at this site."));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn us_tax_ids_are_eins() {
        assert!(is_us_tax_id("12-3456789"));
        assert!(is_us_tax_id("123456789"));
        assert!(!is_us_tax_id("1234-56789"));
        assert!(!is_us_tax_id("12345678"));
        assert!(!is_us_tax_id("AB-3456789"));
        assert!(is_foreign_tax_id("DE 123 456 789"));
        assert!(!is_foreign_tax_id("x"));
    }

    #[test]
    fn postal_codes_follow_the_country() {
        assert!(postal_code_fits("US", "77001"));
        assert!(postal_code_fits("US", "77001-1234"));
        assert!(!postal_code_fits("US", "7700"));
        assert!(!postal_code_fits("US", "ABCDE"));
        assert!(postal_code_fits("CA", "M5V 2T6"));
        assert!(postal_code_fits("CA", "M5V2T6"));
        assert!(!postal_code_fits("CA", "12345"));
        assert!(postal_code_fits("DE", "10115"));
    }

    #[test]
    fn vendor_codes_are_short_and_plain() {
        assert!(is_vendor_code("10452"));
        assert!(is_vendor_code("SKF-01"));
        assert!(!is_vendor_code(""));
        assert!(!is_vendor_code("a b"));
        assert!(!is_vendor_code(&"9".repeat(21)));
    }
}
