-- Custom fields (../shared/design/domain.md section 2, spec 3 section 3): per site 20 definitions for CID and 20 for
-- CIP. A definition names slot `field_no` of cid.custom1..20 or cip.custom1..20; values stay in those columns and
-- are validated against the definition by the service (docs/cid.md). entity_type (CID, CIP) and field_type (text,
-- number, date, list) are enumerations of the API, checked there, like every other text code of the tenant tables.

create table custom_field_definition (
    custom_field_definition_id bigint generated always as identity primary key,
    site_id bigint not null,
    entity_type text not null,
    field_no int not null check (field_no between 1 and 20),
    label text not null check (length(label) >= 1),
    field_type text not null default 'text',
    is_required boolean not null default false,
    is_visible boolean not null default true,
    max_length int check (max_length between 1 and 500),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (site_id, entity_type, field_no)
);
-- Two fields of one record kind at a site cannot share a label: the import names columns by label.
create unique index custom_field_definition_label_key on custom_field_definition (site_id, entity_type, lower(label));

-- The values a 'list' field may take (custom_field_value), each shown or hidden (is_visible: a hidden value is no
-- longer offered, records that hold it keep it).
create table custom_field_value_possible (
    custom_field_value_possible_id bigint generated always as identity primary key,
    site_id bigint not null,
    custom_field_definition_id bigint not null references custom_field_definition (custom_field_definition_id) on delete cascade,
    custom_field_value text not null check (length(custom_field_value) between 1 and 500),
    description text,
    is_visible boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index custom_field_value_possible_key on custom_field_value_possible (custom_field_definition_id, lower(custom_field_value));
create index custom_field_value_possible_site_idx on custom_field_value_possible (site_id);

alter table custom_field_definition enable row level security;
alter table custom_field_definition force row level security;
create policy site_isolation on custom_field_definition using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table custom_field_value_possible enable row level security;
alter table custom_field_value_possible force row level security;
create policy site_isolation on custom_field_value_possible using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
