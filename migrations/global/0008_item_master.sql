-- The item master (../shared/design/domain.md section 1 and 2, spec 3 section 3): one catalogue of manufacturer
-- parts for every client. What a client calls a part, what it paid and where it keeps it are CID and CIP rows in
-- the client's schema; they point here by item_id.

create table asp.manufacturer (
    mfg_code text primary key check (mfg_code = upper(mfg_code) and length(mfg_code) between 1 and 20),
    mfg_name text not null,
    is_active boolean not null default true
);

create table asp.brand (
    brand_id bigint generated always as identity primary key,
    brand_name text not null,
    mfg_code text references asp.manufacturer (mfg_code),
    is_active boolean not null default true
);
create unique index brand_name_key on asp.brand (lower(brand_name));

-- UNSPSC-style commodity codes: segment (2 digits), family (4), class (6), commodity (8).
create table asp.commodity_code (
    commodity_code text primary key check (commodity_code ~ '^[0-9]{8}$'),
    segment text not null,
    family text not null,
    description text not null,
    is_active boolean not null default true
);
create index commodity_code_family_idx on asp.commodity_code (segment, family);

create table asp.hazardous_code (
    haz_code text primary key,
    description text not null,
    haz_class text,
    is_active boolean not null default true
);

create table asp.uom_type (
    uom_typeid int primary key,
    uom_code text not null unique,
    description text not null
);
insert into asp.uom_type (uom_typeid, uom_code, description) values
    (1, 'EA', 'Each'), (2, 'BX', 'Box'), (3, 'PK', 'Pack'), (4, 'CS', 'Case'), (5, 'FT', 'Foot'), (6, 'LB', 'Pound'),
    (7, 'GAL', 'Gallon'), (8, 'RL', 'Roll'), (9, 'PR', 'Pair'), (10, 'KT', 'Kit');

-- item_status holds the item status of spec 1 section 4 (Active 1 ... RejectedItemAdd 10).
create table asp.item_master (
    item_id bigint generated always as identity primary key,
    desc1 text not null,
    desc2 text,
    mfg_code text not null references asp.manufacturer (mfg_code),
    mfg_part_no text not null,
    erp_vmi_item_code text,
    item_status int not null default 1 check (item_status between 1 and 10),
    shelf_life int check (shelf_life >= 0),
    lot_control boolean not null default false,
    serialized boolean not null default false,
    kit boolean not null default false,
    repairable boolean not null default false,
    haz_code text references asp.hazardous_code (haz_code),
    haz_volume_size numeric(12, 3),
    msds_req boolean not null default false,
    asp_upc text,
    commodity_code text references asp.commodity_code (commodity_code),
    uom_typeid int not null default 1 references asp.uom_type (uom_typeid),
    ship_weight numeric(12, 3) check (ship_weight >= 0),
    brand_id bigint references asp.brand (brand_id),
    export_classification text,
    export_agency text,
    export_list text,
    export_country_code text,
    foreign_lang_desc1 text,
    foreign_lang_desc2 text,
    tri_native_part boolean not null default false,
    erp_type_id int,
    sat_code text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
-- The same manufacturer part is one item everywhere.
create unique index item_master_mfg_part_key on asp.item_master (mfg_code, upper(mfg_part_no));
create index item_master_upc_idx on asp.item_master (asp_upc) where asp_upc is not null;
create index item_master_erp_code_idx on asp.item_master (upper(erp_vmi_item_code)) where erp_vmi_item_code is not null;
create index item_master_brand_idx on asp.item_master (brand_id);
create index item_master_desc_trgm on asp.item_master using gin ((desc1 || ' ' || coalesce(desc2, '') || ' ' || mfg_part_no) ext.gin_trgm_ops);
