-- Shared vendors in full (spec 4 "Shared vendors", domain.md section 4, issue 10; docs/shared-vendors.md): the
-- detail blocks of the provider's record of one real supplier, and its child records. Provider data: every client
-- sees the same shared vendor, so only provider staff (SharedVendorEdit) change it.

-- The detail blocks, one group of columns per Update/Detail operation.
alter table asp.shared_vendor
    -- Identification
    add column preferred_supplier boolean not null default false,
    add column sourcing_manager text check (length(sourcing_manager) <= 100),
    add column duns_number text check (duns_number ~ '^[0-9]{9}$'),
    add column tax_id text check (length(tax_id) <= 20),
    add column website text check (length(website) <= 300),
    add column parent_company text check (length(parent_company) <= 200),
    -- WebOrderingInfo: what the supplier's website offers
    add column offers_web_ordering boolean not null default false,
    add column offers_punchout boolean not null default false,
    add column offers_edi boolean not null default false,
    add column offers_online_invoicing boolean not null default false,
    add column web_ordering_url text check (length(web_ordering_url) <= 300),
    add column web_ordering_notes text check (length(web_ordering_notes) <= 2000),
    -- FergusonCostInfo: how the provider buys from the supplier (pay terms: a code of 'SharedVendorPayTerms';
    -- incentives; the cost file)
    add column pay_terms_code text check (length(pay_terms_code) <= 20),
    add column pay_terms_days int check (pay_terms_days between 0 and 365),
    add column pay_terms_discount_pct numeric(6, 3) check (pay_terms_discount_pct between 0 and 100),
    add column incentive_program boolean not null default false,
    add column incentive_rebate_pct numeric(6, 3) check (incentive_rebate_pct between 0 and 100),
    add column incentive_notes text check (length(incentive_notes) <= 2000),
    add column cost_update_frequency text check (length(cost_update_frequency) <= 50),
    add column cost_info_notes text check (length(cost_info_notes) <= 2000),
    -- VIPManagement: strategy and notes
    add column is_vip boolean not null default false,
    add column vip_manager text check (length(vip_manager) <= 100),
    add column strategy text check (length(strategy) <= 2000),
    add column strategy_notes text check (length(strategy_notes) <= 2000),
    add column notes text check (length(notes) <= 4000),
    -- MarketMargin
    add column market_type_id int,
    add column target_margin_pct numeric(6, 3) check (target_margin_pct between -100 and 100),
    add column min_margin_pct numeric(6, 3) check (min_margin_pct between -100 and 100),
    add column market_margin_notes text check (length(market_margin_notes) <= 2000);

-- Site links with the special pricing agreement (SPA) the supplier gave for the site.
create table asp.shared_vendor_site (
    shared_vendor_site_id bigint generated always as identity primary key,
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id) on delete cascade,
    site_id bigint not null references asp.site (site_id),
    spa_number text check (length(spa_number) <= 50),
    spa_start_date date,
    spa_end_date date,
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now(),
    check (spa_end_date is null or spa_start_date is null or spa_end_date >= spa_start_date)
);
create unique index shared_vendor_site_key on asp.shared_vendor_site (shared_vendor_id, site_id);
create index shared_vendor_site_site_idx on asp.shared_vendor_site (site_id);

-- The supplier's people (contact_type_id: a value of the 'SharedVendorContactType' list).
create table asp.shared_vendor_contact (
    shared_vendor_contact_id bigint generated always as identity primary key,
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id) on delete cascade,
    contact_type_id int not null,
    contact_name text not null check (length(btrim(contact_name)) between 1 and 100),
    phone text check (length(phone) <= 30),
    phone_ext text check (phone_ext ~ '^[0-9]{1,6}$'),
    email text check (length(email) <= 254),
    notes text check (length(notes) <= 2000),
    updated_by_id bigint references asp.asp_users (asp_users_id),
    updated_at timestamptz not null default now()
);
create index shared_vendor_contact_sv_idx on asp.shared_vendor_contact (shared_vendor_id);

-- Brands the supplier carries (from the item master's brands).
create table asp.shared_vendor_brand (
    shared_vendor_brand_id bigint generated always as identity primary key,
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id) on delete cascade,
    brand_id bigint not null references asp.brand (brand_id),
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now()
);
create unique index shared_vendor_brand_key on asp.shared_vendor_brand (shared_vendor_id, brand_id);

-- Commodities (UNSPSC) the supplier covers.
create table asp.shared_vendor_commodity (
    shared_vendor_commodity_id bigint generated always as identity primary key,
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id) on delete cascade,
    commodity_code text not null references asp.commodity_code (commodity_code),
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now()
);
create unique index shared_vendor_commodity_key on asp.shared_vendor_commodity (shared_vendor_id, commodity_code);

-- How the provider grades the supplier: one grade per category ('SharedVendorGradeCategory': Quality, Delivery,
-- ...), the grade a value of 'SharedVendorGrade' (A, B, C, D).
create table asp.shared_vendor_grade (
    shared_vendor_grade_id bigint generated always as identity primary key,
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id) on delete cascade,
    grade_category_id int not null,
    grade_id int not null,
    graded_on date,
    comments text check (length(comments) <= 2000),
    updated_by_id bigint references asp.asp_users (asp_users_id),
    updated_at timestamptz not null default now()
);
create unique index shared_vendor_grade_key on asp.shared_vendor_grade (shared_vendor_id, grade_category_id);

-- Brands that compete with the supplier's (often not in the item master, so by name).
create table asp.shared_vendor_competitor_brand (
    shared_vendor_competitor_brand_id bigint generated always as identity primary key,
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id) on delete cascade,
    brand_name text not null check (length(btrim(brand_name)) between 1 and 100),
    notes text check (length(notes) <= 2000),
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now()
);
create unique index shared_vendor_competitor_brand_key on asp.shared_vendor_competitor_brand (shared_vendor_id, lower(brand_name));

-- The provider's own people who look after the supplier's account ("FergusonAccountContact" in the spec).
create table asp.shared_vendor_account_contact (
    shared_vendor_account_contact_id bigint generated always as identity primary key,
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id) on delete cascade,
    contact_name text not null check (length(btrim(contact_name)) between 1 and 100),
    role_title text check (length(role_title) <= 100),
    phone text check (length(phone) <= 30),
    email text check (length(email) <= 254),
    notes text check (length(notes) <= 2000),
    updated_by_id bigint references asp.asp_users (asp_users_id),
    updated_at timestamptz not null default now()
);
create index shared_vendor_account_contact_sv_idx on asp.shared_vendor_account_contact (shared_vendor_id);

-- Writing shared vendors is provider staff's work.
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3230, 'SharedVendorEdit', 'Maintain shared vendors, their detail, site links and child records');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on p.security_permission_id = 3230
where r.role_name in ('Administrator', 'Support')
on conflict do nothing;

-- The grade categories the grades are given in; the other lists these records pick from (SharedVendorContactType,
-- SharedVendorGrade, SharedVendorMarketType, SharedVendorPayTerms) are the Type area's (0022).
insert into asp.type_list (type_code, description) values ('SharedVendorGradeCategory', 'Shared vendor grade categories')
on conflict do nothing;

insert into asp.type_value (type_code, value_id, code, description, sort_order)
values
    ('SharedVendorGradeCategory', 1, 'QUALITY', 'Quality', 10),
    ('SharedVendorGradeCategory', 2, 'DELIVERY', 'On-time delivery', 20),
    ('SharedVendorGradeCategory', 3, 'PRICE', 'Price competitiveness', 30),
    ('SharedVendorGradeCategory', 4, 'SERVICE', 'Service and support', 40)
on conflict do nothing;

-- The console's entry, under Procurement after Vendors.
insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, 'sharedVendors', 'Shared Vendors', '/vendors/sharedVendors', null, false, 4, array['ViewVendors']
from asp.menu_item m
where m.page = 'Procurement' and m.parent_id is null;
