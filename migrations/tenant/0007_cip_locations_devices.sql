-- Stock locations and crib devices of the CIP (issue 8; docs/cip.md): alternate and virtual locations, crib
-- stations and their bins (dispensing), kits (parent and child CIPs), kanban bins, related items, and the repaired-
-- part link. Every table is site tier.

-- A repairable CIP points at the CIP that stocks its repaired units (CreateRepairedCIP, Repair/Update).
alter table cip add column repair_cip_no bigint references cip (cip_no);

-- Searches and look-ups of the CIP at a million rows (docs/cip.md, "Speed"). Row-level security lets an index serve
-- only leakproof conditions (=, <, starts_with on text; not upper() or like), so the codes and the location the
-- searches match case-insensitively are kept upper case in generated columns, indexed for equality and prefix.
alter table cip
    add column cip_code_key text generated always as (upper(cip_code)) stored,
    add column cust_item_code_key text generated always as (upper(cust_item_code)) stored,
    add column location_key text generated always as (upper(location)) stored;
create index cip_site_cip_code_key_idx on cip (site_id, cip_code_key text_pattern_ops);
create index cip_site_cust_item_code_key_idx on cip (site_id, cust_item_code_key text_pattern_ops);
create index cip_site_location_key_idx on cip (site_id, location_key text_pattern_ops);
-- The vendor, the default employee and tracking codes, and the CIPs due for replenishment (MinMax, active, position
-- at or below min). The item (like-UPC, ERP item code) uses cip_site_item_idx of 0009.
create index cip_site_vend_code_idx on cip (site_id, vend_code);
create index cip_default_employee_idx on cip (default_employee_id) where default_employee_id is not null;
create index cip_default_track1_idx on cip (default_track1) where default_track1 is not null;
create index cip_default_track2_idx on cip (default_track2) where default_track2 is not null;
create index cip_default_track3_idx on cip (default_track3) where default_track3 is not null;
create index cip_default_track4_idx on cip (default_track4) where default_track4 is not null;
create index cip_buddy_idx on cip (buddy_cip_no) where buddy_cip_no is not null;
create index cip_repair_idx on cip (repair_cip_no) where repair_cip_no is not null;
create index cip_replenish_idx on cip (site_id, cip_code)
    where repl_type = 2 and status_id = 1 and min_qty is not null and qty_on_hand + qty_on_order - qty_backorder <= min_qty;
-- The search's below-min filter (on hand below min) is a condition no index serves otherwise.
create index cip_below_min_idx on cip (site_id) where min_qty is not null and qty_on_hand < min_qty;

-- Other places a CIP is kept at its site besides its primary location.
create table alternate_location (
    alternate_location_id bigint generated always as identity primary key,
    site_id bigint not null,
    cip_no bigint not null references cip (cip_no) on delete cascade,
    location text not null check (length(location) between 1 and 120),
    loc_seg1 text, loc_seg2 text, loc_seg3 text, loc_seg4 text, loc_seg5 text,
    notes text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index alternate_location_cip_location_key on alternate_location (cip_no, upper(location));
-- Locations are saved upper case (docs/cip.md), so plain equality finds who uses one.
create index alternate_location_site_location_idx on alternate_location (site_id, location);

-- Places outside the crib where a CIP is kept and still counted as the crib's (a line-side cabinet, a service
-- truck); several CIPs may share one.
create table virtual_location (
    virtual_location_id bigint generated always as identity primary key,
    site_id bigint not null,
    cip_no bigint not null references cip (cip_no) on delete cascade,
    location text not null check (length(location) between 1 and 120),
    loc_seg1 text, loc_seg2 text, loc_seg3 text, loc_seg4 text, loc_seg5 text,
    description text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index virtual_location_cip_location_key on virtual_location (cip_no, upper(location));

-- Crib stations: storage and dispensing equipment at a site. station_type is the equipment kind of spec 1 section 4
-- (VertexCoil 1 ... Kanban 100; the full list is in docs/cip.md): 1-49 dispense to an employee, 50-99 store,
-- 100 is a kanban rack.
create table station (
    station_id bigint generated always as identity primary key,
    site_id bigint not null,
    station_code text not null check (length(station_code) between 1 and 40),
    description text not null default '',
    station_type int not null check (station_type in (1, 2, 3, 4, 5, 6, 50, 51, 52, 100)),
    location text,
    serial_no text,
    is_active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index station_site_code_key on station (site_id, upper(station_code));

-- The bins (positions, doors, coils, compartments) of a station; a bin holds at most one CIP.
create table station_bin (
    station_bin_id bigint generated always as identity primary key,
    site_id bigint not null,
    station_id bigint not null references station (station_id) on delete cascade,
    bin_code text not null check (length(bin_code) between 1 and 40),
    cip_no bigint references cip (cip_no),
    capacity numeric(18, 3) check (capacity > 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index station_bin_station_code_key on station_bin (station_id, upper(bin_code));
create index station_bin_cip_idx on station_bin (cip_no) where cip_no is not null;

-- Kits: a parent CIP (its CID flagged kit) made of child CIPs of the same site, each in a quantity. The pair is the
-- key; a child is not itself a kit (no nesting).
create table kit_child (
    site_id bigint not null,
    parent_cip_no bigint not null references cip (cip_no) on delete cascade,
    child_cip_no bigint not null references cip (cip_no),
    qty numeric(18, 3) not null check (qty > 0),
    seq int not null default 1,
    created_at timestamptz not null default now(),
    primary key (parent_cip_no, child_cip_no),
    check (parent_cip_no <> child_cip_no)
);
create index kit_child_child_idx on kit_child (child_cip_no);
create index kit_child_site_idx on kit_child (site_id);
-- The kit search starts from the site's kit CIDs.
create index cid_site_kit_idx on cid (site_id) where kit;

-- Kanban bins of a Kanban CIP (repl_type 1): each bin carries a card (tool_code, scanned when the bin runs empty)
-- and its quantity; bin_status Full 1, Empty 2, Ordered 3. A bin may sit on a kanban rack (station of type 100).
create table kanban_bin (
    kanban_bin_id bigint generated always as identity primary key,
    site_id bigint not null,
    cip_no bigint not null references cip (cip_no) on delete cascade,
    station_id bigint references station (station_id),
    tool_code text not null check (length(tool_code) between 1 and 60),
    bin_qty numeric(18, 3) not null check (bin_qty > 0),
    bin_status int not null default 1 check (bin_status between 1 and 3),
    location text,
    last_scan_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index kanban_bin_site_tool_code_key on kanban_bin (site_id, upper(tool_code));
create index kanban_bin_cip_idx on kanban_bin (cip_no);
create index kanban_bin_station_idx on kanban_bin (station_id) where station_id is not null;

-- Items shown with a CIP (relation: Substitute 1, Accessory 2, SparePart 3); the pair is the key.
create table related_item (
    site_id bigint not null,
    cip_no bigint not null references cip (cip_no) on delete cascade,
    related_cip_no bigint not null references cip (cip_no) on delete cascade,
    relation int not null default 1 check (relation between 1 and 3),
    created_at timestamptz not null default now(),
    primary key (cip_no, related_cip_no),
    check (cip_no <> related_cip_no)
);
create index related_item_related_idx on related_item (related_cip_no);

alter table alternate_location enable row level security;
alter table alternate_location force row level security;
create policy site_isolation on alternate_location using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table virtual_location enable row level security;
alter table virtual_location force row level security;
create policy site_isolation on virtual_location using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table station enable row level security;
alter table station force row level security;
create policy site_isolation on station using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table station_bin enable row level security;
alter table station_bin force row level security;
create policy site_isolation on station_bin using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table kit_child enable row level security;
alter table kit_child force row level security;
create policy site_isolation on kit_child using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table kanban_bin enable row level security;
alter table kanban_bin force row level security;
create policy site_isolation on kanban_bin using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table related_item enable row level security;
alter table related_item force row level security;
create policy site_isolation on related_item using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
