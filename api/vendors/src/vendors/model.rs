//! Wire types of the vendor resource (spec 4 section 3 "Vendors"). Field names are the spec's (snake case).

use chrono::{DateTime, Utc};
use kernel::listing::{PageRequest, SortSpec};
use kernel::num::Money;
use kernel::page_type;
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

/// Vendor, the common part.
#[derive(Object, FromRow, Clone, Debug)]
pub struct Vendor {
    pub vend_id: i64,
    /// The site it was read at (vendors are shared by the client's sites that the vendor rule matches).
    pub site_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    /// ERP type: None 0, Enterprise 1, SXE 2, FreescaleSAP 3, Trilogie 4, TrilogieWD 5, TrilogieIntegrated 6,
    /// NetSuite 7.
    pub erp_type_id: i32,
    pub erp_company: Option<String>,
    pub is_vmi: bool,
    pub is_manufacturer: bool,
    pub active: bool,
}

/// Every field a buyer edits, in one record: the blocks are views of it, so one validation covers every write.
/// Reference values name their `asp.type_value` list: state_type_id 'State', type_country_code_id 'Country',
/// currency_code_type_id 'Currency', freight_terms_type_id 'FreightTerms', diversity_type 'VendorDiversity',
/// form_template_id 'FormTemplate', hold 'VendorHold', po_hold_type 'VendorHoldMethod', tap_asn_action_type
/// 'ASNAction' (value ids); terms_code 'Terms', ship_type 'ShipMethod', con_pay_schedule 'ConsignedPaySchedule' (codes).
#[derive(Object, FromRow, Serialize, Clone, Debug, Default)]
pub struct VendorFields {
    pub vend_name: String,
    pub is_manufacturer: bool,
    pub active: bool,
    pub cust_code: Option<String>,
    pub cust_vendor_number: Option<String>,
    pub sxe_code: Option<String>,
    pub tax_id: Option<String>,
    pub account_no: Option<String>,
    pub division_no: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state_type_id: Option<i32>,
    pub postal_code: Option<String>,
    pub county: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub contact_name: Option<String>,
    pub type_country_code_id: Option<i32>,
    pub is_international: bool,
    pub terms_code: Option<String>,
    pub freight_terms_type_id: Option<i32>,
    pub ship_type: Option<String>,
    pub currency_code_type_id: Option<i32>,
    pub con_pay_schedule: Option<String>,
    pub min_purc_amount: Option<Money>,
    pub ns_internal_id: Option<String>,
    pub ns_billing: Option<String>,
    pub ns_shipping: Option<String>,
    pub bank_info: Option<String>,
    pub diverse_supplier: bool,
    pub diversity_type: Option<i32>,
    pub form_template_id: Option<i32>,
    pub bypass_template: bool,
    pub comments: Option<String>,
    pub po_comments: Option<String>,
    pub product_file_notes: Option<String>,
    pub nonconsigned_vend_code: Option<String>,
    pub consigned_vend_code: Option<String>,
    pub do_not_send_to_erp: bool,
    pub hold: Option<i32>,
    pub po_hold_type: Option<i32>,
    pub edi: bool,
    pub consigned_vmi: bool,
    pub supplier_managed: bool,
    pub tap_asn_action_type: Option<i32>,
    pub corporate_preferred: bool,
    pub preferred_supplier: bool,
    pub buyer_id: Option<i64>,
    pub remit_to: bool,
    pub remit_to_vend_code: Option<String>,
}

/// A vendor as read at the current site: its key, its fields, and what the site keeps about it.
#[derive(Object, FromRow, Clone, Debug)]
pub struct VendorDetail {
    pub vend_id: i64,
    pub vend_code: String,
    pub erp_type_id: i32,
    pub erp_company: Option<String>,
    pub is_vmi: bool,
    pub is_hidden: bool,
    pub shared_vendor_id: Option<i64>,
    pub shared_vendor_name: Option<String>,
    pub last_trans_paid: Option<DateTime<Utc>>,
    #[oai(flatten)]
    #[sqlx(flatten)]
    pub fields: VendorFields,
    /// The current site's vendor_site record (null when the site has none).
    pub preferred: Option<bool>,
    pub vendor_cust_account: Option<String>,
    pub notes: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The route guard's look-up (spec 1 section 7): the vendor exists at the current site, and what kind it is.
#[derive(Object, Clone, Debug)]
pub struct VendorCodeAnswer {
    pub vend_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    pub is_vmi: bool,
    pub is_manufacturer: bool,
    pub is_hidden: bool,
    pub erp_type_id: i32,
    pub erp_company: Option<String>,
}

/// Header block: the name and the set-up flags a buyer changes.
#[derive(Object, Clone, Debug, Default)]
pub struct VendorHeader {
    pub vend_code: String,
    /// Optional; when given it must be the current site's code.
    pub site_code: Option<String>,
    pub vend_name: String,
    pub cust_code: Option<String>,
    #[oai(default)]
    pub is_manufacturer: bool,
    #[oai(default = "yes")]
    pub active: bool,
    pub hold: Option<i32>,
    pub po_hold_type: Option<i32>,
    #[oai(default)]
    pub edi: bool,
    #[oai(default)]
    pub consigned_vmi: bool,
    #[oai(default)]
    pub supplier_managed: bool,
    pub tap_asn_action_type: Option<i32>,
    #[oai(default)]
    pub corporate_preferred: bool,
    #[oai(default)]
    pub preferred_supplier: bool,
    pub buyer_id: Option<i64>,
    #[oai(default)]
    pub remit_to: bool,
    pub remit_to_vend_code: Option<String>,
}

fn yes() -> bool {
    true
}

/// Location block (the vendor's address).
#[derive(Object, Clone, Debug, Default)]
pub struct VendorLocation {
    pub vend_code: String,
    pub site_code: Option<String>,
    // The new-vendor payload's address, inlined: the block's wire shape and schema stay flat.
    #[oai(flatten)]
    pub address: NewVendorAddress,
    #[oai(default)]
    pub is_international: bool,
}

/// Identification block.
#[derive(Object, Clone, Debug, Default)]
pub struct VendorIdentification {
    pub vend_code: String,
    pub site_code: Option<String>,
    /// US EIN (12-3456789 or 9 digits) unless the vendor is international.
    pub tax_id: Option<String>,
    pub cust_vendor_number: Option<String>,
    pub sxe_code: Option<String>,
    pub account_no: Option<String>,
    pub division_no: Option<String>,
}

/// Billing block. `last_trans_paid` is read-only.
#[derive(Object, Clone, Debug, Default)]
pub struct VendorBilling {
    pub vend_code: String,
    pub site_code: Option<String>,
    pub freight_terms_type_id: Option<i32>,
    pub terms_code: Option<String>,
    pub ship_type: Option<String>,
    pub currency_code_type_id: Option<i32>,
    pub con_pay_schedule: Option<String>,
    pub min_purc_amount: Option<Money>,
    #[oai(read_only)]
    pub tax_id: Option<String>,
    #[oai(read_only)]
    pub last_trans_paid: Option<DateTime<Utc>>,
}

/// Accounting-system (NetSuite) block.
#[derive(Object, Clone, Debug, Default)]
pub struct VendorNetSuite {
    pub vend_code: String,
    pub site_code: Option<String>,
    pub ns_internal_id: Option<String>,
    pub ns_billing: Option<String>,
    pub ns_shipping: Option<String>,
    pub bank_info: Option<String>,
    pub freight_terms_type_id: Option<i32>,
}

/// Miscellaneous block.
#[derive(Object, Clone, Debug, Default)]
pub struct VendorMiscellaneous {
    pub vend_code: String,
    pub site_code: Option<String>,
    #[oai(default)]
    pub diverse_supplier: bool,
    pub diversity_type: Option<i32>,
    pub form_template_id: Option<i32>,
    #[oai(default)]
    pub bypass_template: bool,
    pub comments: Option<String>,
    pub po_comments: Option<String>,
    pub product_file_notes: Option<String>,
    pub nonconsigned_vend_code: Option<String>,
    pub consigned_vend_code: Option<String>,
    pub cust_vendor_number: Option<String>,
    #[oai(default)]
    pub do_not_send_to_erp: bool,
}

/// Set-up block (read only; its flags change through the header block).
#[derive(Object, Clone, Debug)]
pub struct VendorSetUp {
    pub vend_code: String,
    pub vmi: bool,
    pub consigned_vmi: bool,
    pub erp_type_id: i32,
    pub erp_type_description: Option<String>,
    pub hold: Option<i32>,
    pub po_hold_type: Option<i32>,
    pub supplier_managed: bool,
    pub tap_asn_action_type: Option<i32>,
    pub is_hidden: bool,
    pub do_not_send_to_erp: bool,
    pub corporate_preferred: bool,
    pub remit_to: bool,
    pub remit_to_vend_code: Option<String>,
    pub edi: bool,
    pub shared_vendor_id: Option<i64>,
    pub shared_vendor_name: Option<String>,
    pub preferred_supplier: bool,
}

/// The address part of the new-vendor payload.
#[derive(Object, Clone, Debug, Default)]
pub struct NewVendorAddress {
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state_type_id: Option<i32>,
    pub postal_code: Option<String>,
    pub county: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub contact_name: Option<String>,
    pub type_country_code_id: Option<i32>,
}

/// The new-vendor payload (spec 4 section 3). The vendor takes the ERP type and company of the site (VMI: the
/// site's VMI ERP type, no company). `vend_code` is optional: without it the next free number is given.
#[derive(Object, Clone, Debug, Default)]
pub struct NewVendor {
    /// Optional; when given it must be the current site's code.
    pub site_code: Option<String>,
    pub vend_code: Option<String>,
    pub vend_name: String,
    /// Ignored: the creator is the signed-in user.
    pub created_by: Option<i64>,
    pub address: Option<NewVendorAddress>,
    pub cust_vendor_number: Option<String>,
    /// 'Terms' value id; `terms_code` wins when both are given.
    pub terms_type_id: Option<i32>,
    pub terms_code: Option<String>,
    /// 'FreightTerms' value id.
    pub freight_type_id: Option<i32>,
    /// 'ShipMethod' value id.
    pub ship_type_id: Option<i32>,
    pub bank_info: Option<String>,
    pub account_no: Option<String>,
    pub ns_billing: Option<String>,
    pub ns_shipping: Option<String>,
    pub hold: Option<i32>,
    /// 'Currency' value id.
    pub currency_type_id: Option<i32>,
    pub tax_id: Option<String>,
    pub comments: Option<String>,
    #[oai(default)]
    pub is_international: bool,
    #[oai(default)]
    pub is_manufacturer: bool,
    #[oai(default)]
    pub diverse_supplier: bool,
    pub diversity_type: Option<i32>,
    /// Vendor-kind flags of the payload; the operation called decides the kind (Insert, InsertVMI,
    /// InsertNetSuite), these are kept for the document.
    #[oai(default)]
    pub trilogie: bool,
    #[oai(default, rename = "vmiStandard")]
    pub vmi_standard: bool,
    #[oai(default, rename = "vmiNxp")]
    pub vmi_nxp: bool,
    #[oai(default, rename = "netSuite")]
    pub net_suite: bool,
}

/// What a write answers.
#[derive(Object, Clone, Debug)]
pub struct VendorSaved {
    pub vend_id: i64,
    pub vend_code: String,
    pub message: String,
}

/// `Vendor/Validate` body: the new-vendor payload, or a changed vendor (`vend_code` of an existing vendor).
#[derive(Object, Clone, Debug)]
pub struct VendorValidateRequest {
    #[oai(flatten)]
    pub vendor: NewVendor,
    /// Validate as a new VMI vendor (the site's VMI ERP type).
    #[oai(default)]
    pub vmi: bool,
}

/// A vendor that passed validation.
#[derive(Object, Clone, Debug)]
pub struct VendorValid {
    pub valid: bool,
}

/// `UpdateHidden/{id}` body.
#[derive(Object, Clone, Debug)]
pub struct HiddenUpdate {
    /// Must equal the path's id.
    pub vend_id: i64,
    pub is_hidden: bool,
}

/// Hover card (spec 1 section 2 vendor and manufacturer pop-ups): what a buyer wants at a glance.
#[derive(Object, FromRow, Clone, Debug)]
pub struct VendorHover {
    pub vend_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub country: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub contact_name: Option<String>,
    pub terms_code: Option<String>,
    pub terms_description: Option<String>,
    pub hold: Option<i32>,
    pub hold_description: Option<String>,
    pub is_vmi: bool,
    pub is_manufacturer: bool,
    pub active: bool,
    /// Preferred at the current site.
    pub preferred: bool,
    pub vendor_cust_account: Option<String>,
    pub buyer_id: Option<i64>,
    /// The vendor's buyer, "Last, First" (Hover/Buyer only).
    pub buyer_name: Option<String>,
    pub buyer_email: Option<String>,
}

/// One row of the vendor search (spec 4 "Vendor list row"); preferred, vendor_cust_account and the notes are the
/// current site's vendor_site record.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct VendorRow {
    pub vend_id: i64,
    pub vend_code: String,
    pub cust_code: Option<String>,
    pub vend_name: String,
    pub cust_vendor_number: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub terms_code: Option<String>,
    pub vmi: bool,
    #[oai(rename = "vmiErpTypeId")]
    pub vmi_erp_type_id: Option<i32>,
    pub division_no: Option<String>,
    pub company: Option<String>,
    pub hold: Option<i32>,
    pub erp_type_id: i32,
    pub active: bool,
    pub consigned_vmi: bool,
    pub account_no: Option<String>,
    pub diverse_supplier: bool,
    pub diversity_type: Option<i32>,
    pub diversity_type_description: Option<String>,
    pub preferred: bool,
    pub corporate_preferred: bool,
    pub tap: Option<i32>,
    pub phone: Option<String>,
    pub comments: Option<String>,
    pub remit_to: bool,
    pub currency_code_type_id: Option<i32>,
    pub tax_id: Option<String>,
    pub sxe_code: Option<String>,
    pub shared_vendor_name: Option<String>,
    pub shared_vendor_id: Option<i64>,
    pub is_hidden: bool,
    pub is_manufacturer: bool,
    pub preferred_supplier: bool,
    pub vendor_cust_account: Option<String>,
    pub inside_sales_notes: Option<String>,
    pub outside_sales_notes: Option<String>,
    pub notes: Option<String>,
    pub buyer_id: Option<i64>,
}

page_type!(VendorPage, VendorRow, "resultList");

/// Sortable fields of the vendor search: expressions over the matching `vendor v` at the site `s`
/// (`listing::keyed_page_sql` sorts the matches before their rows are built).
pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("vend_code", "v.vend_code"),
        ("vend_name", "v.vend_name"),
        ("cust_code", "v.cust_code"),
        ("cust_vendor_number", "v.cust_vendor_number"),
        ("city", "v.city"),
        (
            "state",
            "(select st.code from asp.type_value st where st.type_code = 'State' and st.value_id = v.state_type_id \
              and st.site_id is null and st.erp_type_id is null and st.ecs_id is null)",
        ),
        ("postal_code", "v.postal_code"),
        ("terms_code", "v.terms_code"),
        ("vmi", "v.is_vmi"),
        ("division_no", "v.division_no"),
        ("company", "v.erp_company"),
        ("hold", "v.hold"),
        ("erp_type_id", "v.erp_type_id"),
        ("active", "v.active"),
        ("preferred", "coalesce((select vs.preferred from vendor_site vs where vs.vend_id = v.vend_id and vs.site_id = s.site_id), false)"),
        ("corporate_preferred", "v.corporate_preferred"),
        ("diverse_supplier", "v.diverse_supplier"),
        ("is_hidden", "v.is_hidden"),
        ("is_manufacturer", "v.is_manufacturer"),
        ("shared_vendor_name", "(select sv.shared_vendor_name from asp.shared_vendor sv where sv.shared_vendor_id = v.shared_vendor_id)"),
    ],
    default_field: "vend_name",
    default_descending: false,
};

/// Vendor search (spec 4 "Vendor search"): the paging envelope and the filters. `asp_user_id`, `site_id` and
/// `site_code` are accepted for the spec's shape; the search always runs as the caller at the current site.
#[derive(Object, Clone, Debug, Default)]
pub struct VendorSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub asp_user_id: Option<i64>,
    pub site_id: Option<i64>,
    pub site_code: Option<String>,
    /// Include hidden vendors.
    #[oai(default)]
    pub show_hidden: bool,
    /// Only vendors with an SXE code.
    #[oai(default)]
    pub filter_sxe_code: bool,
    /// Every vendor of the client, not only those the vendor rule shows at the site (VendorSearchAllSites only).
    #[oai(default)]
    pub no_site_filter: bool,
    /// Past the caller's vendor restrictions (VendorSearchAllSites only).
    #[oai(default)]
    pub ignore_restrictions: bool,
    /// true: only vendors linked to a shared vendor; false: only vendors without one.
    pub assigned_to_shared_vendor: Option<bool>,
    /// Leave this vendor out (picking a replacement for it).
    pub vend_code_to_ignore: Option<String>,
    /// Leave out vendors with terms COD.
    #[oai(default)]
    pub exclude_cod_vendors: bool,
    /// `vendor` (default) or `manufacturer` (only manufacturers).
    pub vendor_model: Option<String>,
    // ---- quick search (GetByQuickSearchCriteria) ----
    /// Code, name or customer vendor number containing the text (case-insensitive).
    pub criteria: Option<String>,
    /// Only manufacturers (true) or only non-manufacturers (false).
    pub mfg: Option<bool>,
    pub vmi: Option<bool>,
    /// Alias of `mfg` (an OEM is a manufacturer).
    #[oai(rename = "isOEM")]
    pub is_oem: Option<bool>,
    pub erp_type_id: Option<i32>,
    pub division_no: Option<String>,
    pub company: Option<String>,
    /// Only VMI vendors of this ERP type.
    pub vmi_erp_type_id: Option<i32>,
    pub cust_code: Option<String>,
    pub currency_code_type_id: Option<i32>,
    pub consigned_vmi: Option<bool>,
    /// Only remit-to vendors.
    #[oai(default)]
    pub remit_to_only: bool,
}

/// One audit event of a vendor or vendor site (Audit/Detail).
#[derive(Object, FromRow, Clone, Debug)]
pub struct VendorAuditDetail {
    pub audit_event_id: i64,
    pub occurred_at: DateTime<Utc>,
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    pub changed_by: Option<String>,
    pub acting_as: Option<String>,
    pub site_id: Option<i64>,
    /// `{field: {from, to}}` for an update; the record for a create.
    pub changes: serde_json::Value,
}
