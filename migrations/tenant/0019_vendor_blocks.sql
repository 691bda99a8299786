-- The vendor's blocks (spec 4 "Vendor (full)", issue 10) as columns of the client-tier vendor: identification,
-- location, billing, the accounting system (NetSuite), miscellaneous, set-up and remit-to. Reference values are ids
-- or codes of asp.type_value lists (named per column); they are checked by the service, not by foreign keys, because
-- the lists live in the shared schema and may vary by site, ERP type and ecs.

alter table vendor
    -- Identification
    add column cust_code text,
    add column cust_vendor_number text,
    add column sxe_code text,
    add column tax_id text,
    add column account_no text,
    add column division_no text,
    -- Location (State: type_value 'State' value_id; Country: 'Country' value_id, ISO numeric)
    add column address1 text,
    add column address2 text,
    add column city text,
    add column state_type_id int,
    add column postal_code text,
    add column county text,
    add column phone text,
    add column email text,
    add column contact_name text,
    add column type_country_code_id int,
    add column is_international boolean not null default false,
    -- Billing ('Terms' code, 'FreightTerms' value_id, 'ShipMethod' code, 'Currency' value_id, 'ConsignedPaySchedule' code)
    add column terms_code text,
    add column freight_terms_type_id int,
    add column ship_type text,
    add column currency_code_type_id int,
    add column con_pay_schedule text,
    add column min_purc_amount numeric(18, 2) check (min_purc_amount >= 0),
    add column last_trans_paid timestamptz,
    -- Accounting system (NetSuite)
    add column ns_internal_id text,
    add column ns_billing text,
    add column ns_shipping text,
    add column bank_info text,
    -- Miscellaneous ('VendorDiversity' value_id, 'FormTemplate' value_id)
    add column diverse_supplier boolean not null default false,
    add column diversity_type int,
    add column form_template_id int,
    add column bypass_template boolean not null default false,
    add column comments text,
    add column po_comments text,
    add column product_file_notes text,
    add column nonconsigned_vend_code text,
    add column consigned_vend_code text,
    add column do_not_send_to_erp boolean not null default false,
    -- Set-up ('VendorHold' value_id for hold, 'VendorHoldMethod' value_id for po_hold_type, 'ASNAction' value_id)
    add column hold int,
    add column po_hold_type int,
    add column edi boolean not null default false,
    add column consigned_vmi boolean not null default false,
    add column supplier_managed boolean not null default false,
    add column tap_asn_action_type int,
    add column corporate_preferred boolean not null default false,
    add column preferred_supplier boolean not null default false,
    -- The vendor's default buyer (asp.asp_users), shown on the buyer hover card.
    add column buyer_id bigint,
    -- Remit-to: a vendor flagged remit_to is an address payments go to; remit_to_vend_code names the remit-to
    -- vendor (same ERP type and company) of a vendor that does not take payments itself.
    add column remit_to boolean not null default false,
    add column remit_to_vend_code text;

-- Searches: free text over code, name and customer vendor number; exact filters on the common columns.
create index vendor_name_trgm_idx on vendor using gin (vend_name ext.gin_trgm_ops);
create index vendor_code_trgm_idx on vendor using gin (vend_code ext.gin_trgm_ops);
create index vendor_cust_number_trgm_idx on vendor using gin (cust_vendor_number ext.gin_trgm_ops);
create index vendor_code_prefix_idx on vendor (upper(vend_code) text_pattern_ops);
create index vendor_name_prefix_idx on vendor (upper(vend_name) text_pattern_ops);
create index vendor_erp_idx on vendor (erp_type_id, erp_company, is_vmi);
