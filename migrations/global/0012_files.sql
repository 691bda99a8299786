-- Files and images (spec 3 File, ../shared/design/domain.md section 2, docs/files.md). The item master's files are
-- provider data and live here, one copy for every client; a client's files (CID, CIP) live in its schema (tenant
-- migration 0008). Both take their file_id from one sequence, so a file id names one file in every tier and client.
-- The content is in the object store (local directory or S3 bucket) under storage_key, never under a user's name.

create sequence asp.file_id_seq;

-- What a file is about (the spec's file_classification_type_ID). for_receiving: shown to the receiving dock with
-- the item (File/CIDForReceiving).
create table asp.file_classification_type (
    file_classification_type_id int primary key,
    description text not null unique,
    for_receiving boolean not null default false,
    is_active boolean not null default true
);
insert into asp.file_classification_type (file_classification_type_id, description, for_receiving) values
    (1, 'Product image', false),
    (2, 'Drawing', true),
    (3, 'Specification sheet', true),
    (4, 'Safety data sheet', true),
    (5, 'Certificate of conformance', true),
    (6, 'Inspection instructions', true),
    (7, 'Manual', false),
    (8, 'Warranty', false),
    (9, 'Other', false);

-- in_azure (the spec's name): the content is in the object store; false once purged (File/Azure DELETE).
-- file_approval_status: Approved 1, Pending 2, Rejected 3.
create table asp.item_file (
    file_id bigint primary key default nextval('asp.file_id_seq'),
    item_id bigint not null references asp.item_master (item_id),
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
    -- Set when a client's file was moved here (File/MoveToItemMaster): where it had been attached.
    moved_from_client_id bigint references asp.client (client_id),
    moved_from_site_id bigint references asp.site (site_id),
    created_by bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now(),
    updated_by bigint references asp.asp_users (asp_users_id),
    updated_at timestamptz not null default now()
);
-- A new upload of the same name on the same item is the next version; every version is kept.
create unique index item_file_version_key on asp.item_file (item_id, lower(file_name), version);
create index item_file_item_idx on asp.item_file (item_id) where active_yn;
