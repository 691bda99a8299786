-- The core of four records the shell looks up by id (spec 2 section 7, navigation history and pop-ups): customer
-- items at a location (CIP), employees, vendors and tracking codes. The inventory and procurement issues extend
-- these tables (spec 3 and 4 section 3); columns are named as the specs name the fields.

-- Customer item at location (spec 3 section 3, key cip_no). status_id holds the item status of spec 1 section 4:
-- Active 1, Obsolete 2, DeActivated 3, InConversionProcess 4, Pending 5, Orphan 6, Supersede 7, Labor 8,
-- ItemExchanged 9, RejectedItemAdd 10.
create table cip (
    cip_no bigint generated always as identity primary key,
    site_id bigint not null,
    cid_no bigint,
    item_id bigint,
    cip_code text not null,
    cust_item_code text,
    cust_desc1 text,
    cust_desc2 text,
    status_id int not null default 1 check (status_id between 1 and 10),
    location text,
    qty_on_hand numeric(18, 3) not null default 0,
    qty_avail numeric(18, 3) not null default 0,
    cust_avg_cost numeric(18, 3),
    consigned boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index cip_site_code_idx on cip (site_id, cip_code);
create index cip_cid_idx on cip (cid_no) where cid_no is not null;

-- Employee (spec 3 section 3): the people who draw items, not application users.
create table employee (
    employee_id bigint generated always as identity primary key,
    site_id bigint not null,
    employee_number text not null,
    last_name text not null default '',
    first_name text not null default '',
    badge_number text,
    email text,
    phone text,
    company text,
    customer_employee_num text,
    supervisor boolean not null default false,
    supervisor_id bigint references employee (employee_id),
    is_active boolean not null default true,
    is_suspended boolean not null default false,
    suspension_date date,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index employee_site_number_idx on employee (site_id, employee_number);

-- Vendor (spec 4 section 3). erp_type_id is the ERP type of spec 1 section 4; the vendor route guard compares
-- erp_type_id, erp_company and is_vmi with the site's, and is_manufacturer for the manufacturer route.
create table vendor (
    vend_id bigint generated always as identity primary key,
    site_id bigint not null,
    vend_code text not null,
    vend_name text not null default '',
    erp_type_id int not null default 0,
    erp_company text,
    is_vmi boolean not null default false,
    is_manufacturer boolean not null default false,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index vendor_site_code_idx on vendor (site_id, vend_code);

-- Tracking code (spec 4 section 3): a code at one of the site's tracking levels (track1 to track4).
create table tracking_code (
    tracking_code_id bigint generated always as identity primary key,
    site_id bigint not null,
    tracking_level_id bigint not null,
    tracking_number text not null,
    description text,
    is_active boolean not null default true,
    is_suspended boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index tracking_code_site_level_number_idx on tracking_code (site_id, tracking_level_id, tracking_number);
