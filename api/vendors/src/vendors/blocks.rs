//! The blocks of a vendor (header, location, identification, billing, NetSuite, miscellaneous): each is a view of
//! the one record of fields a buyer edits, read from it and written back into it, so one validation covers every
//! block's update.

use kernel::num::Money;

use super::model::*;

pub fn header_of(d: &VendorDetail) -> VendorHeader {
    let f = &d.fields;
    VendorHeader {
        vend_code: d.vend_code.clone(),
        site_code: None,
        vend_name: f.vend_name.clone(),
        cust_code: f.cust_code.clone(),
        is_manufacturer: f.is_manufacturer,
        active: f.active,
        hold: f.hold,
        po_hold_type: f.po_hold_type,
        edi: f.edi,
        consigned_vmi: f.consigned_vmi,
        supplier_managed: f.supplier_managed,
        tap_asn_action_type: f.tap_asn_action_type,
        corporate_preferred: f.corporate_preferred,
        preferred_supplier: f.preferred_supplier,
        buyer_id: f.buyer_id,
        remit_to: f.remit_to,
        remit_to_vend_code: f.remit_to_vend_code.clone(),
    }
}

fn apply_header(f: &mut VendorFields, b: &VendorHeader) {
    f.vend_name = b.vend_name.clone();
    f.cust_code = b.cust_code.clone();
    f.is_manufacturer = b.is_manufacturer;
    f.active = b.active;
    f.hold = b.hold;
    f.po_hold_type = b.po_hold_type;
    f.edi = b.edi;
    f.consigned_vmi = b.consigned_vmi;
    f.supplier_managed = b.supplier_managed;
    f.tap_asn_action_type = b.tap_asn_action_type;
    f.corporate_preferred = b.corporate_preferred;
    f.preferred_supplier = b.preferred_supplier;
    f.buyer_id = b.buyer_id;
    f.remit_to = b.remit_to;
    f.remit_to_vend_code = b.remit_to_vend_code.clone();
}

pub fn location_of(d: &VendorDetail) -> VendorLocation {
    let f = &d.fields;
    VendorLocation {
        vend_code: d.vend_code.clone(),
        site_code: None,
        address: NewVendorAddress {
            address1: f.address1.clone(),
            address2: f.address2.clone(),
            city: f.city.clone(),
            state_type_id: f.state_type_id,
            postal_code: f.postal_code.clone(),
            county: f.county.clone(),
            phone: f.phone.clone(),
            email: f.email.clone(),
            contact_name: f.contact_name.clone(),
            type_country_code_id: f.type_country_code_id,
        },
        is_international: f.is_international,
    }
}

fn apply_location(f: &mut VendorFields, b: &VendorLocation) {
    apply_address(f, &b.address);
    f.is_international = b.is_international;
}

/// The address of the location block and of the new-vendor payload.
pub fn apply_address(f: &mut VendorFields, a: &NewVendorAddress) {
    f.address1 = a.address1.clone();
    f.address2 = a.address2.clone();
    f.city = a.city.clone();
    f.state_type_id = a.state_type_id;
    f.postal_code = a.postal_code.clone();
    f.county = a.county.clone();
    f.phone = a.phone.clone();
    f.email = a.email.clone();
    f.contact_name = a.contact_name.clone();
    f.type_country_code_id = a.type_country_code_id;
}

pub fn identification_of(d: &VendorDetail) -> VendorIdentification {
    let f = &d.fields;
    VendorIdentification {
        vend_code: d.vend_code.clone(),
        site_code: None,
        tax_id: f.tax_id.clone(),
        cust_vendor_number: f.cust_vendor_number.clone(),
        sxe_code: f.sxe_code.clone(),
        account_no: f.account_no.clone(),
        division_no: f.division_no.clone(),
    }
}

fn apply_identification(f: &mut VendorFields, b: &VendorIdentification) {
    f.tax_id = b.tax_id.clone();
    f.cust_vendor_number = b.cust_vendor_number.clone();
    f.sxe_code = b.sxe_code.clone();
    f.account_no = b.account_no.clone();
    f.division_no = b.division_no.clone();
}

pub fn billing_of(d: &VendorDetail) -> VendorBilling {
    let f = &d.fields;
    VendorBilling {
        vend_code: d.vend_code.clone(),
        site_code: None,
        freight_terms_type_id: f.freight_terms_type_id,
        terms_code: f.terms_code.clone(),
        ship_type: f.ship_type.clone(),
        currency_code_type_id: f.currency_code_type_id,
        con_pay_schedule: f.con_pay_schedule.clone(),
        min_purc_amount: f.min_purc_amount,
        tax_id: f.tax_id.clone(),
        last_trans_paid: d.last_trans_paid,
    }
}

fn apply_billing(f: &mut VendorFields, b: &VendorBilling) {
    f.freight_terms_type_id = b.freight_terms_type_id;
    f.terms_code = b.terms_code.clone();
    f.ship_type = b.ship_type.clone();
    f.currency_code_type_id = b.currency_code_type_id;
    f.con_pay_schedule = b.con_pay_schedule.clone();
    f.min_purc_amount = b.min_purc_amount.map(Money::rounded);
}

pub fn netsuite_of(d: &VendorDetail) -> VendorNetSuite {
    let f = &d.fields;
    VendorNetSuite {
        vend_code: d.vend_code.clone(),
        site_code: None,
        ns_internal_id: f.ns_internal_id.clone(),
        ns_billing: f.ns_billing.clone(),
        ns_shipping: f.ns_shipping.clone(),
        bank_info: f.bank_info.clone(),
        freight_terms_type_id: f.freight_terms_type_id,
    }
}

fn apply_netsuite(f: &mut VendorFields, b: &VendorNetSuite) {
    f.ns_internal_id = b.ns_internal_id.clone();
    f.ns_billing = b.ns_billing.clone();
    f.ns_shipping = b.ns_shipping.clone();
    f.bank_info = b.bank_info.clone();
    f.freight_terms_type_id = b.freight_terms_type_id;
}

pub fn miscellaneous_of(d: &VendorDetail) -> VendorMiscellaneous {
    let f = &d.fields;
    VendorMiscellaneous {
        vend_code: d.vend_code.clone(),
        site_code: None,
        diverse_supplier: f.diverse_supplier,
        diversity_type: f.diversity_type,
        form_template_id: f.form_template_id,
        bypass_template: f.bypass_template,
        comments: f.comments.clone(),
        po_comments: f.po_comments.clone(),
        product_file_notes: f.product_file_notes.clone(),
        nonconsigned_vend_code: f.nonconsigned_vend_code.clone(),
        consigned_vend_code: f.consigned_vend_code.clone(),
        cust_vendor_number: f.cust_vendor_number.clone(),
        do_not_send_to_erp: f.do_not_send_to_erp,
    }
}

fn apply_miscellaneous(f: &mut VendorFields, b: &VendorMiscellaneous) {
    f.diverse_supplier = b.diverse_supplier;
    f.diversity_type = b.diversity_type;
    f.form_template_id = b.form_template_id;
    f.bypass_template = b.bypass_template;
    f.comments = b.comments.clone();
    f.po_comments = b.po_comments.clone();
    f.product_file_notes = b.product_file_notes.clone();
    f.nonconsigned_vend_code = b.nonconsigned_vend_code.clone();
    f.consigned_vend_code = b.consigned_vend_code.clone();
    f.cust_vendor_number = b.cust_vendor_number.clone();
    f.do_not_send_to_erp = b.do_not_send_to_erp;
}

/// Which block an update changes.
pub enum Block<'a> {
    Header(&'a VendorHeader),
    Location(&'a VendorLocation),
    Identification(&'a VendorIdentification),
    Billing(&'a VendorBilling),
    NetSuite(&'a VendorNetSuite),
    Miscellaneous(&'a VendorMiscellaneous),
}

impl Block<'_> {
    /// The vendor code and site code the block names, and what the block is called in messages and the audit.
    pub fn target(&self) -> (&str, Option<&str>, &'static str) {
        let (code, site, name) = match self {
            Block::Header(b) => (&b.vend_code, &b.site_code, "header"),
            Block::Location(b) => (&b.vend_code, &b.site_code, "location"),
            Block::Identification(b) => (&b.vend_code, &b.site_code, "identification"),
            Block::Billing(b) => (&b.vend_code, &b.site_code, "billing"),
            Block::NetSuite(b) => (&b.vend_code, &b.site_code, "NetSuite"),
            Block::Miscellaneous(b) => (&b.vend_code, &b.site_code, "miscellaneous"),
        };
        (code, site.as_deref(), name)
    }

    /// Writes the block into the vendor's fields.
    pub fn apply(&self, f: &mut VendorFields) {
        match self {
            Block::Header(b) => apply_header(f, b),
            Block::Location(b) => apply_location(f, b),
            Block::Identification(b) => apply_identification(f, b),
            Block::Billing(b) => apply_billing(f, b),
            Block::NetSuite(b) => apply_netsuite(f, b),
            Block::Miscellaneous(b) => apply_miscellaneous(f, b),
        }
    }
}
