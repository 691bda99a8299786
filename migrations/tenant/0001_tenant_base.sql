-- Tenant (per-client) schema. Every business table carries site_id; repository code filters by the granted site.
create table address (
    address_id bigint generated always as identity primary key,
    site_id bigint not null,
    ship_to_name text not null default '',
    address1 text not null default '',
    address2 text,
    address3 text,
    address4 text,
    city text not null default '',
    state text not null default '',
    postal_code text not null default '',
    country text not null default 'US',
    contact_name text,
    email text,
    phone text,
    fax text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index address_site_idx on address (site_id);
