-- Type lookups (spec 4 "Type value": typeID, valueID, description, description2; issue 10): the provider's reference
-- lists every screen picks from (states, countries, currencies, terms, ship methods, vendor holds, diversity types,
-- ASN actions, OSD reasons, workflow defaults, ...). One table for every list, so an administrator edits all of them
-- in one screen and a later area adds a list with rows, not a table. A value may be limited to one site, one ERP
-- type or one site ERP/customer code (ecs); null means every one.
create table asp.type_list (
    type_code text primary key check (type_code ~ '^[A-Za-z][A-Za-z0-9]*$'),
    description text not null,
    -- Lists the product itself depends on (ERP types, for one) are shown but not edited.
    editable boolean not null default true
);

create table asp.type_value (
    type_value_id bigint generated always as identity primary key,
    type_code text not null references asp.type_list (type_code),
    -- The spec's valueID: what records store (vendor.state_type_id, vendor.currency_code_type_id, ...).
    value_id int not null,
    -- A short standard code where the list has one: 'TX', 'US', 'USD', 'NET30'.
    code text,
    description text not null check (length(btrim(description)) between 1 and 200),
    description2 text,
    sort_order int not null default 0,
    is_active boolean not null default true,
    site_id bigint references asp.site (site_id),
    erp_type_id int,
    ecs_id bigint,
    updated_by_id bigint references asp.asp_users (asp_users_id),
    updated_at timestamptz not null default now()
);
create unique index type_value_key on asp.type_value (type_code, value_id, site_id, erp_type_id, ecs_id) nulls not distinct;
create index type_value_list_idx on asp.type_value (type_code, sort_order, description);
