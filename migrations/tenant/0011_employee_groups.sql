-- Employee groups and their relations (spec 3 section 3, docs/employee-groups.md). Every table is site tier.

-- A group of employees of one site. group_type is the EmployeeGroupType: 1 Limit (the group's cost limits apply to its
-- members' issues), 2 Approver (its members approve service requests of the groups naming it), 3 Delivery (groups
-- employees by where orders are delivered; no limits). enforced_level: 0 none (limits are shown, never checked),
-- 1 warn (the draw goes through, the limit is reported), 2 enforce (the draw is refused). The start_limit_* dates
-- say from when each limit applies (null: always). cost_limit: the most one request line may cost before it needs
-- approval (bypass_sr_approval skips that approval).
create table employee_group (
    employee_group_id bigint generated always as identity primary key,
    site_id bigint not null,
    description text not null check (length(description) between 1 and 100),
    group_type int not null default 1 check (group_type between 1 and 3),
    vmi boolean not null default false,
    default_group boolean not null default false,
    limit_daily numeric(18, 2) check (limit_daily >= 0),
    limit_weekly numeric(18, 2) check (limit_weekly >= 0),
    limit_monthly numeric(18, 2) check (limit_monthly >= 0),
    limit_yearly numeric(18, 2) check (limit_yearly >= 0),
    start_limit_daily date,
    start_limit_weekly date,
    start_limit_monthly date,
    start_limit_yearly date,
    enforced_level int not null default 2 check (enforced_level between 0 and 2),
    budget_amount numeric(18, 2) check (budget_amount >= 0),
    budget_start date,
    budget_end date,
    approver_group_id bigint references employee_group (employee_group_id) on delete set null,
    bypass_sr_approval boolean not null default false,
    cost_limit numeric(18, 2) check (cost_limit >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (budget_end is null or budget_start is null or budget_end >= budget_start),
    check (approver_group_id is distinct from employee_group_id)
);
create unique index employee_group_site_description_key on employee_group (site_id, upper(description));
-- At most one default group per site (new employees join it).
create unique index employee_group_site_default_key on employee_group (site_id) where default_group;

-- Who belongs to a group (EMP-019/020 and the drawer's group_ids read it). An employee may be in several groups.
create table employee_group_member (
    site_id bigint not null,
    employee_group_id bigint not null references employee_group (employee_group_id) on delete cascade,
    employee_id bigint not null references employee (employee_id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (employee_group_id, employee_id)
);
create index employee_group_member_employee_idx on employee_group_member (employee_id);

-- Where the group's orders may be delivered; one may be the default.
create table employee_group_delivery_location (
    delivery_location_id bigint generated always as identity primary key,
    site_id bigint not null,
    employee_group_id bigint not null references employee_group (employee_group_id) on delete cascade,
    location text not null check (length(location) between 1 and 120),
    description text,
    is_default boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index employee_group_delivery_location_key on employee_group_delivery_location (employee_group_id, upper(location));
create unique index employee_group_delivery_location_default_key on employee_group_delivery_location (employee_group_id) where is_default;

-- Assets (tool CIPs) the group's members may check out.
create table employee_group_asset (
    site_id bigint not null,
    employee_group_id bigint not null references employee_group (employee_group_id) on delete cascade,
    cip_no bigint not null references cip (cip_no) on delete cascade,
    notes text,
    created_at timestamptz not null default now(),
    primary key (employee_group_id, cip_no)
);
create index employee_group_asset_cip_idx on employee_group_asset (cip_no);

-- Tracking restrictions: at a tracking level where a member's groups list codes, the member may charge only those.
create table employee_group_tracking_restriction (
    site_id bigint not null,
    employee_group_id bigint not null references employee_group (employee_group_id) on delete cascade,
    tracking_code_id bigint not null references tracking_code (tracking_code_id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (employee_group_id, tracking_code_id)
);
create index employee_group_tracking_restriction_code_idx on employee_group_tracking_restriction (tracking_code_id);

-- Item groups of a site (Abrasives, Cutting tools, PPE ...): a CID belongs to at most one.
create table item_group (
    item_group_id bigint generated always as identity primary key,
    site_id bigint not null,
    description text not null check (length(description) between 1 and 100),
    created_at timestamptz not null default now()
);
create unique index item_group_site_description_key on item_group (site_id, upper(description));

alter table cid add column item_group_id bigint references item_group (item_group_id) on delete set null;
create index cid_item_group_idx on cid (item_group_id) where item_group_id is not null;

-- A group's cost limit on its members' issues of one item group in one period (1 day, 2 week, 3 month, 4 year).
create table employee_group_item_group_limit (
    site_id bigint not null,
    employee_group_id bigint not null references employee_group (employee_group_id) on delete cascade,
    item_group_id bigint not null references item_group (item_group_id) on delete cascade,
    period int not null check (period between 1 and 4),
    limit_amount numeric(18, 2) not null check (limit_amount >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (employee_group_id, item_group_id, period)
);
create index employee_group_item_group_limit_item_group_idx on employee_group_item_group_limit (item_group_id);

alter table employee_group enable row level security;
alter table employee_group force row level security;
create policy site_isolation on employee_group using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table employee_group_member enable row level security;
alter table employee_group_member force row level security;
create policy site_isolation on employee_group_member using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table employee_group_delivery_location enable row level security;
alter table employee_group_delivery_location force row level security;
create policy site_isolation on employee_group_delivery_location using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table employee_group_asset enable row level security;
alter table employee_group_asset force row level security;
create policy site_isolation on employee_group_asset using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table employee_group_tracking_restriction enable row level security;
alter table employee_group_tracking_restriction force row level security;
create policy site_isolation on employee_group_tracking_restriction using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table item_group enable row level security;
alter table item_group force row level security;
create policy site_isolation on item_group using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table employee_group_item_group_limit enable row level security;
alter table employee_group_item_group_limit force row level security;
create policy site_isolation on employee_group_item_group_limit using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
