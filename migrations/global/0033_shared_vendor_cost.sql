-- Shared vendor cost catalogues (domain.md section 4, spec 4 "Cost header and detail", issue 10): per shared vendor
-- and part, a cost with up to 8 quantity breaks, validity dates, pack and purchase factor. docs/costs.md.
--
-- btree_gist lets one exclusion constraint say "one active cost per shared vendor, part and overlapping date range"
-- in the database, so two imports or two editors racing cannot both win.
create extension if not exists btree_gist schema ext;

-- Pack types (spec 4 type_pack_id): a list of the Type area. The types helper may seed it too; both inserts are
-- idempotent on the list's keys.
insert into asp.type_list (type_code, description) values ('Pack', 'Pack types of catalogue costs') on conflict do nothing;
insert into asp.type_value (type_code, value_id, code, description, sort_order) values
    ('Pack', 1, 'EA', 'Each', 1),
    ('Pack', 2, 'BX', 'Box', 2),
    ('Pack', 3, 'CS', 'Case', 3),
    ('Pack', 4, 'PK', 'Pack', 4),
    ('Pack', 5, 'RL', 'Roll', 5),
    ('Pack', 6, 'PR', 'Pair', 6),
    ('Pack', 7, 'DZ', 'Dozen', 7)
on conflict do nothing;

-- The header: one catalogue (special pricing agreement) of a shared vendor. Rows without an agreement number belong
-- to the shared vendor's list-price catalogue (special_pricing_agreement_id null), one per shared vendor.
create table asp.shared_vendor_cost_header (
    cost_header_id bigint generated always as identity primary key,
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id),
    special_pricing_agreement_id text check (length(btrim(special_pricing_agreement_id)) between 1 and 50),
    description text check (length(description) <= 200),
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now(),
    updated_by_id bigint references asp.asp_users (asp_users_id),
    updated_at timestamptz not null default now()
);
create unique index shared_vendor_cost_header_key on asp.shared_vendor_cost_header (shared_vendor_id, special_pricing_agreement_id) nulls not distinct;

-- Imports (upload -> id -> poll -> report): one row per uploaded file, its progress while it runs and the refused
-- rows at the end. The rows themselves are applied in one transaction or not at all.
create table asp.shared_vendor_cost_import (
    cost_import_id bigint generated always as identity primary key,
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id),
    file_name text not null,
    -- running, done (applied), refused (nothing applied: bad rows), failed (nothing applied: an unexpected error).
    status text not null default 'running' check (status in ('running', 'done', 'refused', 'failed')),
    -- While running: reading (checking rows) or applying (writing them).
    phase text not null default 'reading' check (phase in ('reading', 'applying')),
    total_rows int not null default 0,
    processed_rows int not null default 0,
    applied_rows int not null default 0,
    -- [{row, column, reason}], at most the first 10,000.
    problems jsonb not null default '[]',
    problem_count int not null default 0,
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now(),
    finished_at timestamptz
);
create index shared_vendor_cost_import_vendor_idx on asp.shared_vendor_cost_import (shared_vendor_id, created_at desc);

-- The detail: the cost of one part. Break 1 is the minimum order (qty_break_1 = min_order_qty): below it there is no
-- cost. Breaks are filled from 1 without gaps, quantities strictly increase, costs are never negative.
create table asp.shared_vendor_cost (
    shared_vendor_cost_id bigint generated always as identity primary key,
    cost_header_id bigint not null references asp.shared_vendor_cost_header (cost_header_id),
    -- The header's, repeated so that the exclusion constraint can name it.
    shared_vendor_id bigint not null references asp.shared_vendor (shared_vendor_id),
    mfg_code text not null check (length(btrim(mfg_code)) between 1 and 20),
    mfg_part_no text not null check (length(btrim(mfg_part_no)) between 1 and 100),
    -- The item master part with this mfg_code and mfg_part_no, when there is one (set on save and import).
    item_id bigint references asp.item_master (item_id),
    vendor_part_no text check (length(vendor_part_no) <= 100),
    alternate_part_no text check (length(alternate_part_no) <= 100),
    description text check (length(description) <= 200),
    unspsc text check (unspsc ~ '^[0-9]{8}$'),
    commodity_code text references asp.commodity_code (commodity_code),
    brand_id bigint references asp.brand (brand_id),
    start_date date not null,
    end_date date not null,
    min_order_qty numeric(18, 3) not null check (min_order_qty > 0),
    purch_factor numeric(18, 3) not null default 1 check (purch_factor > 0),
    -- asp.type_value 'Pack' value_id.
    type_pack_id int,
    qty_per_type_pack numeric(18, 3) check (qty_per_type_pack > 0),
    list_price numeric(18, 4) check (list_price >= 0),
    qty_break_1 numeric(18, 3) not null, cost_1 numeric(18, 4) not null,
    qty_break_2 numeric(18, 3), cost_2 numeric(18, 4),
    qty_break_3 numeric(18, 3), cost_3 numeric(18, 4),
    qty_break_4 numeric(18, 3), cost_4 numeric(18, 4),
    qty_break_5 numeric(18, 3), cost_5 numeric(18, 4),
    qty_break_6 numeric(18, 3), cost_6 numeric(18, 4),
    qty_break_7 numeric(18, 3), cost_7 numeric(18, 4),
    qty_break_8 numeric(18, 3), cost_8 numeric(18, 4),
    -- False for a cost withdrawn before it ever applied (expired before its start date); see docs/costs.md.
    is_active boolean not null default true,
    -- The import that added the cost (its audit entry lists the file), none when entered by hand.
    cost_import_id bigint references asp.shared_vendor_cost_import (cost_import_id),
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now(),
    updated_by_id bigint references asp.asp_users (asp_users_id),
    updated_at timestamptz not null default now(),
    constraint shared_vendor_cost_dates check (end_date >= start_date),
    constraint shared_vendor_cost_break_1 check (qty_break_1 = min_order_qty),
    constraint shared_vendor_cost_pairs check (
        (qty_break_2 is null) = (cost_2 is null) and (qty_break_3 is null) = (cost_3 is null)
        and (qty_break_4 is null) = (cost_4 is null) and (qty_break_5 is null) = (cost_5 is null)
        and (qty_break_6 is null) = (cost_6 is null) and (qty_break_7 is null) = (cost_7 is null)
        and (qty_break_8 is null) = (cost_8 is null)),
    constraint shared_vendor_cost_costs check (
        cost_1 >= 0 and coalesce(cost_2, 0) >= 0 and coalesce(cost_3, 0) >= 0 and coalesce(cost_4, 0) >= 0
        and coalesce(cost_5, 0) >= 0 and coalesce(cost_6, 0) >= 0 and coalesce(cost_7, 0) >= 0 and coalesce(cost_8, 0) >= 0),
    -- Increasing and without gaps: a break is either absent (and so are all after it) or above the one before.
    constraint shared_vendor_cost_breaks check (
        (qty_break_2 is null or qty_break_2 > qty_break_1)
        and (qty_break_3 is null or qty_break_3 > qty_break_2)
        and (qty_break_4 is null or qty_break_4 > qty_break_3)
        and (qty_break_5 is null or qty_break_5 > qty_break_4)
        and (qty_break_6 is null or qty_break_6 > qty_break_5)
        and (qty_break_7 is null or qty_break_7 > qty_break_6)
        and (qty_break_8 is null or qty_break_8 > qty_break_7)),
    constraint shared_vendor_cost_overlap exclude using gist (
        shared_vendor_id with =, (lower(mfg_code)) with =, (lower(mfg_part_no)) with =,
        (daterange(start_date, end_date, '[]')) with &&) where (is_active)
);
create index shared_vendor_cost_import_idx on asp.shared_vendor_cost (cost_import_id) where cost_import_id is not null;
create index shared_vendor_cost_header_idx on asp.shared_vendor_cost (cost_header_id);
create index shared_vendor_cost_part_idx on asp.shared_vendor_cost (shared_vendor_id, lower(mfg_part_no));
-- The review and the vendor catalogue look-up: the active cost of an item for a shared vendor.
create index shared_vendor_cost_item_idx on asp.shared_vendor_cost (item_id, shared_vendor_id, end_date) where is_active and item_id is not null;
create index shared_vendor_cost_brand_idx on asp.shared_vendor_cost (brand_id) where brand_id is not null;
create index shared_vendor_cost_commodity_idx on asp.shared_vendor_cost (commodity_code) where commodity_code is not null;

-- Menu: the cost catalogue and the review, under Procurement.
insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, v.page, v.title, v.route, null, false, v.ord, v.perms
from asp.menu_item m
join (values
    ('costCatalogue', 'Cost Catalogue', '/vendors/costCatalogue', 10, array['SharedVendorCostView']),
    ('reviewCost', 'Vendor Cost Review', '/vendors/ReviewCost', 11, array['SharedVendorCostView'])) as v(page, title, route, ord, perms) on true
where m.page = 'Procurement' and m.parent_id is null;
