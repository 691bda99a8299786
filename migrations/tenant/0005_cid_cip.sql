-- Customer item definitions (CID) and the customer item at a location (CIP) grown to spec 3 section 3 and
-- ../shared/design/domain.md section 2. Both are site tier.

create table cid (
    cid_no bigint generated always as identity primary key,
    site_id bigint not null,
    item_id bigint,
    cust_item_code text not null,
    cust_desc1 text,
    cust_desc2 text,
    vend_code text,
    -- Item status of spec 1 section 4 (Active 1 ... RejectedItemAdd 10).
    cid_status int not null default 1 check (cid_status between 1 and 10),
    uom_typeid int not null default 1,
    serialized boolean not null default false,
    lot_control boolean not null default false,
    adr_flag boolean not null default false,
    no_split_adr boolean not null default false,
    repairable boolean not null default false,
    repaired_part boolean not null default false,
    taxable boolean not null default true,
    avg_lead_time int check (avg_lead_time >= 0),
    cid_hold_type int,
    crit_part boolean not null default false,
    cust_avg_cost numeric(18, 3),
    kit boolean not null default false,
    stock_item boolean not null default true,
    fix_price boolean not null default false,
    auto_po boolean not null default false,
    hist_price numeric(18, 3),
    hist_date date,
    hist_qty numeric(18, 3),
    hist_type int,
    target_override boolean not null default false,
    target_percent numeric(9, 3),
    target_contract_date date,
    target_contract_percent numeric(9, 3),
    contract_price numeric(18, 3),
    contract_review_date date,
    warranty_manufacturer text,
    warranty_start_type int,
    warranty_length int check (warranty_length >= 0),
    curr_abc_class_type_id int check (curr_abc_class_type_id between 1 and 4),
    inventory_class text,
    cogs_value numeric(18, 3),
    margin_exclusion_date date,
    margin_exclusion_comment text,
    custom1 text, custom2 text, custom3 text, custom4 text, custom5 text,
    custom6 text, custom7 text, custom8 text, custom9 text, custom10 text,
    custom11 text, custom12 text, custom13 text, custom14 text, custom15 text,
    custom16 text, custom17 text, custom18 text, custom19 text, custom20 text,
    -- Set when this CID was merged into another (CIP CID/Merge): its CIPs, files and history moved there.
    merged_into_cid_no bigint references cid (cid_no),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
-- cust_item_code is unique per site, case insensitive (merged CIDs keep theirs for history).
create unique index cid_site_cust_item_code_key on cid (site_id, lower(cust_item_code)) where merged_into_cid_no is null;
create index cid_item_idx on cid (item_id);
create index cid_cust_item_code_trgm on cid using gin (cust_item_code ext.gin_trgm_ops);

-- CIDs for the CIPs that already point at one.
insert into cid (cid_no, site_id, item_id, cust_item_code, cust_desc1, cust_desc2, cust_avg_cost)
overriding system value
select distinct on (c.cid_no) c.cid_no, c.site_id, c.item_id, coalesce(c.cust_item_code, c.cip_code), c.cust_desc1, c.cust_desc2, c.cust_avg_cost
from cip c where c.cid_no is not null
order by c.cid_no, c.cip_no;
select setval(pg_get_serial_sequence('cid', 'cid_no'), greatest((select max(cid_no) from cid), 1));

alter table cip
    add constraint cip_cid_fk foreign key (cid_no) references cid (cid_no),
    add column loc_seg1 text,
    add column loc_seg2 text,
    add column loc_seg3 text,
    add column loc_seg4 text,
    add column loc_seg5 text,
    add column qty_on_hold numeric(18, 3) not null default 0,
    add column qty_on_order numeric(18, 3) not null default 0,
    add column qty_scrap numeric(18, 3) not null default 0,
    add column qty_backorder numeric(18, 3) not null default 0,
    add column qty_work_order numeric(18, 3) not null default 0,
    add column qty_transfer numeric(18, 3) not null default 0,
    add column qty_excess numeric(18, 3) not null default 0,
    add column min_qty numeric(18, 3) check (min_qty >= 0),
    add column max_qty numeric(18, 3) check (max_qty >= 0),
    add column lot_qty numeric(18, 3) check (lot_qty > 0),
    add column reorder_qty numeric(18, 3) check (reorder_qty >= 0),
    add column num_lots int check (num_lots >= 0),
    -- Replenishment type: Kanban 1, MinMax 2, Vending 3.
    add column repl_type int not null default 2 check (repl_type between 1 and 3),
    add column keep_full boolean not null default false,
    add column buddy_cip_no bigint references cip (cip_no),
    add column dispensing boolean not null default false,
    add column default_employee_id bigint references employee (employee_id),
    add column default_track1 bigint references tracking_code (tracking_code_id),
    add column default_track2 bigint references tracking_code (tracking_code_id),
    add column default_track3 bigint references tracking_code (tracking_code_id),
    add column default_track4 bigint references tracking_code (tracking_code_id),
    add column vend_code text,
    add column warehouse_cost numeric(18, 3),
    add column custom_1 text, add column custom_2 text, add column custom_3 text, add column custom_4 text,
    add column custom1 text, add column custom2 text, add column custom3 text, add column custom4 text, add column custom5 text,
    add column custom6 text, add column custom7 text, add column custom8 text, add column custom9 text, add column custom10 text,
    add column custom11 text, add column custom12 text, add column custom13 text, add column custom14 text, add column custom15 text,
    add column custom16 text, add column custom17 text, add column custom18 text, add column custom19 text, add column custom20 text,
    -- Usage: 13 periods (usage1 is the most recent) and 12 calendar months; transaction and replenishment counts of
    -- the current and previous year. The stock ledger issue derives them from issues and returns.
    add column usage1 numeric(18, 3) not null default 0, add column usage2 numeric(18, 3) not null default 0,
    add column usage3 numeric(18, 3) not null default 0, add column usage4 numeric(18, 3) not null default 0,
    add column usage5 numeric(18, 3) not null default 0, add column usage6 numeric(18, 3) not null default 0,
    add column usage7 numeric(18, 3) not null default 0, add column usage8 numeric(18, 3) not null default 0,
    add column usage9 numeric(18, 3) not null default 0, add column usage10 numeric(18, 3) not null default 0,
    add column usage11 numeric(18, 3) not null default 0, add column usage12 numeric(18, 3) not null default 0,
    add column usage13 numeric(18, 3) not null default 0,
    add column month_usage numeric(18, 3)[] not null default array_fill(0::numeric, array[12]) check (cardinality(month_usage) = 12),
    add column trans_count_cy int not null default 0,
    add column trans_count_py int not null default 0,
    add column repl_count_cy int not null default 0,
    add column repl_count_py int not null default 0,
    add column last_issue_date timestamptz,
    add column last_receipt_date timestamptz,
    add column last_count_date timestamptz,
    add constraint cip_min_le_max check (min_qty is null or max_qty is null or min_qty <= max_qty);
create index cip_cid_site_idx on cip (site_id, cid_no);
create index cip_site_location_idx on cip (site_id, location);
create index cip_site_status_idx on cip (site_id, status_id);
create index cip_cust_item_code_idx on cip (site_id, upper(cust_item_code));
create index cip_code_trgm on cip using gin (cip_code ext.gin_trgm_ops);

alter table cid enable row level security;
alter table cid force row level security;
create policy site_isolation on cid using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));

-- A CIP carries a copy of its CID's customer part and descriptions, so the CIP searches at a million rows need no
-- join; these triggers keep the copy true (set search_path from current: this client schema).
create function cid_copy_to_cips() returns trigger language plpgsql set search_path from current as $$
begin
    if new.cust_item_code is distinct from old.cust_item_code or new.cust_desc1 is distinct from old.cust_desc1
       or new.cust_desc2 is distinct from old.cust_desc2 then
        update cip set cust_item_code = new.cust_item_code, cust_desc1 = new.cust_desc1, cust_desc2 = new.cust_desc2
        where cid_no = new.cid_no;
    end if;
    return new;
end
$$;
create trigger cid_copy_to_cips after update on cid for each row execute function cid_copy_to_cips();

create function cip_copy_from_cid() returns trigger language plpgsql set search_path from current as $$
begin
    if new.cid_no is not null and (tg_op = 'INSERT' or new.cid_no is distinct from old.cid_no) then
        select c.cust_item_code, c.cust_desc1, c.cust_desc2 into new.cust_item_code, new.cust_desc1, new.cust_desc2
        from cid c where c.cid_no = new.cid_no;
    end if;
    return new;
end
$$;
create trigger cip_copy_from_cid before insert or update of cid_no on cip for each row execute function cip_copy_from_cid();
