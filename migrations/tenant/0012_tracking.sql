-- Tracking levels and codes (issue 9, docs/tracking-codes.md). A site has up to four tracking levels (cost centre,
-- job, machine, ...); tracking_code.tracking_level_id is the level's number 1-4 at the code's site.
create table tracking_level (
    site_id bigint not null,
    tracking_level_id bigint not null check (tracking_level_id between 1 and 4),
    description text not null check (length(description) between 1 and 60),
    is_active boolean not null default true,
    -- A draw (or receipt, per tracking_timing) must name a code of this level.
    is_required boolean not null default false,
    -- Codes of this level may be limited to listed CIDs (tracking_code_item).
    enable_item_restrictions boolean not null default false,
    -- A draw may carry a typed text instead of a code of this level.
    can_free_form boolean not null default false,
    -- Every active employee should carry a default code of this level.
    employee_default_required boolean not null default false,
    send_to_cribmaster boolean not null default false,
    -- When the level is asked (spec 4 section 4): None 0, OnReceipt 1, OnIssue 2.
    tracking_timing smallint not null default 2 check (tracking_timing in (0, 1, 2)),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (site_id, tracking_level_id)
);

-- Levels for the codes that already exist (before this migration codes were created without their level's row).
insert into tracking_level (site_id, tracking_level_id, description)
select distinct site_id, tracking_level_id, 'Level ' || tracking_level_id from tracking_code where tracking_level_id between 1 and 4
on conflict do nothing;

alter table tracking_code
    add column suspension_date date,
    add column suspension_reason_id int check (suspension_reason_id between 1 and 4),
    add column limit_daily numeric(18, 2) check (limit_daily >= 0),
    add column limit_weekly numeric(18, 2) check (limit_weekly >= 0),
    add column limit_monthly numeric(18, 2) check (limit_monthly >= 0),
    add column limit_yearly numeric(18, 2) check (limit_yearly >= 0),
    add column override_daily boolean not null default false,
    add column override_weekly boolean not null default false,
    add column override_monthly boolean not null default false,
    add column override_yearly boolean not null default false,
    -- The employee who answers for the code (approves its overrides).
    add column supervisor_id bigint references employee (employee_id),
    add column tracking_code_group text check (length(tracking_code_group) <= 40),
    add constraint tracking_code_level_range check (tracking_level_id between 1 and 4) not valid;
create index tracking_code_supervisor_idx on tracking_code (supervisor_id) where supervisor_id is not null;
create index tracking_code_site_level_idx on tracking_code (site_id, tracking_level_id, is_active);

-- Item restrictions: where the code's level enables them, a code with rows here is valid only for these CIDs.
create table tracking_code_item (
    site_id bigint not null,
    tracking_code_id bigint not null references tracking_code (tracking_code_id) on delete cascade,
    cid_no bigint not null references cid (cid_no),
    created_at timestamptz not null default now(),
    primary key (tracking_code_id, cid_no)
);
create index tracking_code_item_cid_idx on tracking_code_item (cid_no);

-- An employee's default codes per level (domain.md section 3: up to four). The employee work of issue 9 may add the
-- same columns; "if not exists" keeps both migrations valid in either order.
alter table employee
    add column if not exists track1 bigint references tracking_code (tracking_code_id),
    add column if not exists track2 bigint references tracking_code (tracking_code_id),
    add column if not exists track3 bigint references tracking_code (tracking_code_id),
    add column if not exists track4 bigint references tracking_code (tracking_code_id);
create index if not exists employee_track1_idx on employee (track1) where track1 is not null;
create index if not exists employee_track2_idx on employee (track2) where track2 is not null;
create index if not exists employee_track3_idx on employee (track3) where track3 is not null;
create index if not exists employee_track4_idx on employee (track4) where track4 is not null;

alter table tracking_level enable row level security;
alter table tracking_level force row level security;
create policy site_isolation on tracking_level using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table tracking_code_item enable row level security;
alter table tracking_code_item force row level security;
create policy site_isolation on tracking_code_item using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
