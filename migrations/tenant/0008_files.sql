-- A client's files (spec 3 File, docs/files.md): attached to a site's records. entity_type: CID 2 (entity_id is
-- cid_no), CIP 3 (cip_no); ItemMaster 1 is provider data (asp.item_file). file_id comes from the one sequence of
-- every tier (global migration 0012), so an id names one file everywhere. Columns as asp.item_file.

create table file (
    file_id bigint primary key default nextval('asp.file_id_seq'),
    site_id bigint not null,
    entity_type int not null check (entity_type in (2, 3)),
    entity_id bigint not null,
    file_name text not null check (length(file_name) between 1 and 255),
    description text,
    version int not null default 1 check (version >= 1),
    file_guid text not null unique,
    is_image boolean not null,
    active_yn boolean not null default true,
    stock_image boolean not null default false,
    default_image boolean not null default false,
    file_classification_type_id int references asp.file_classification_type (file_classification_type_id),
    file_notes text,
    file_size bigint not null check (file_size >= 0),
    mime_type text not null,
    storage_key text not null unique,
    thumbnail_key text,
    in_azure boolean not null default true,
    file_approval_status int not null default 1 check (file_approval_status between 1 and 3),
    created_by bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now(),
    updated_by bigint references asp.asp_users (asp_users_id),
    updated_at timestamptz not null default now()
);
-- A new upload of the same name on the same record is the next version; every version is kept.
create unique index file_version_key on file (site_id, entity_type, entity_id, lower(file_name), version);
create index file_entity_idx on file (site_id, entity_type, entity_id) where active_yn;

alter table file enable row level security;
alter table file force row level security;
create policy site_isolation on file using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
