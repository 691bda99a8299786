-- Employees in full and their workflow factors (issue 9; docs/employees.md): the fields of spec 3 section 3
-- "Employee", the PIN (argon2id hash, never returned), default tracking codes, ability flags, labor cost; workflow
-- factors (an employee's weight in approval routing), approver groups (who approves a workflow type, by factor),
-- and an employee's own item limits (quantity per CID and period). Every table is site tier.

alter table employee
    add column pin_hash text,
    add column begin_time time,
    add column end_time time,
    add column track1 bigint references tracking_code (tracking_code_id),
    add column track2 bigint references tracking_code (tracking_code_id),
    add column track3 bigint references tracking_code (tracking_code_id),
    add column track4 bigint references tracking_code (tracking_code_id),
    add column suspension_reason_id int,
    add column can_adjust boolean not null default false,
    add column can_receive boolean not null default false,
    add column can_change_location boolean not null default false,
    add column can_return boolean not null default true,
    add column spot_buy boolean not null default false,
    add column add_request boolean not null default false,
    add column change_request boolean not null default false,
    add column can_override_buddy boolean not null default false,
    add column can_override_asset_return_restricted boolean not null default false,
    add column tool_touch_admin boolean not null default false,
    add column can_calibrate_assets boolean not null default false,
    add column can_adjust_consigned boolean not null default false,
    add column labor_cost numeric(12, 2) check (labor_cost >= 0),
    add column comments text,
    add column deactivated_at timestamptz;

-- Numbers and badges are matched case-insensitively at the crib (docs/employees.md): kept upper case in generated
-- columns so the leakproof equality and prefix conditions row-level security allows can use an index.
alter table employee
    add column employee_number_key text generated always as (upper(employee_number)) stored,
    add column badge_key text generated always as (upper(badge_number)) stored,
    add column last_name_key text generated always as (upper(last_name)) stored;
create unique index employee_site_badge_key on employee (site_id, badge_key) where badge_key is not null;
create index employee_site_number_key_idx on employee (site_id, employee_number_key text_pattern_ops);
create index employee_site_last_name_key_idx on employee (site_id, last_name_key text_pattern_ops);
create index employee_supervisor_idx on employee (supervisor_id) where supervisor_id is not null;

-- Workflow factors of a site: a named weight (factor_value) assigned to employees; approval routing compares it with
-- an approver group's threshold.
create table wfl_employee_workflow_factor (
    wfl_employee_workflow_factor_id bigint generated always as identity primary key,
    site_id bigint not null,
    factor_value numeric(12, 2) not null check (factor_value >= 0),
    factor_description text not null check (length(factor_description) between 1 and 200),
    is_active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index wfl_factor_site_description_key on wfl_employee_workflow_factor (site_id, upper(factor_description));

alter table employee add column wfl_employee_workflow_factor_id bigint references wfl_employee_workflow_factor (wfl_employee_workflow_factor_id);
create index employee_factor_idx on employee (wfl_employee_workflow_factor_id) where wfl_employee_workflow_factor_id is not null;

-- Approver groups of a site: who approves requisitions of a workflow type (spec 1 section 4: ItemAdd 1 ...
-- CustomerQuote 9): the active employees whose workflow factor value is at least min_factor_value. Rows come from
-- the demo seed and the database console (docs/employees.md); no operation creates them yet.
create table approver_group (
    approver_group_id bigint generated always as identity primary key,
    site_id bigint not null,
    description text not null check (length(description) between 1 and 200),
    type_workflow_id int not null check (type_workflow_id between 1 and 9),
    min_factor_value numeric(12, 2) not null default 0,
    is_active boolean not null default true,
    created_at timestamptz not null default now()
);
create unique index approver_group_site_description_key on approver_group (site_id, upper(description));

-- An employee's own limit of one CID per period, in quantity (EMP ItemLimit; the draw policy's LimitSource::Item).
create table employee_item_limit (
    employee_item_limit_id bigint generated always as identity primary key,
    site_id bigint not null,
    employee_id bigint not null references employee (employee_id),
    cid_no bigint not null references cid (cid_no),
    -- 1 day, 2 week, 3 month, 4 year (the API says the words).
    period smallint not null check (period between 1 and 4),
    quantity numeric(18, 3) not null check (quantity > 0),
    updated_at timestamptz not null default now()
);
-- One limit per employee, CID and period: kept by the service under a lock of the employee's row (a unique index
-- here would also bind the copies the cross-tenant probes plant).
create index employee_item_limit_employee_idx on employee_item_limit (employee_id, cid_no);

alter table wfl_employee_workflow_factor enable row level security;
alter table wfl_employee_workflow_factor force row level security;
create policy site_isolation on wfl_employee_workflow_factor using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table approver_group enable row level security;
alter table approver_group force row level security;
create policy site_isolation on approver_group using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table employee_item_limit enable row level security;
alter table employee_item_limit force row level security;
create policy site_isolation on employee_item_limit using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));

-- The site of an employee when that site is no longer active and the user was given access to it (spec 1 section 8:
-- such an employee answers 403 'Advanced validation failure!' instead of 404). Row-level security shows only granted
-- sites, and the authorizer grants none that is inactive; this function widens the transaction's visible sites to
-- exactly the inactive sites of this user (in this client's schema, as every tenant query) for one lookup and puts
-- the setting back.
create function employee_inactive_site(p_employee_id bigint, p_user_id bigint) returns bigint
language plpgsql volatile as $$
declare
    saved text := current_setting('asp.site_ids', true);
    found bigint;
begin
    perform set_config('asp.site_ids', (
        select coalesce(array_agg(s.site_id), '{}')::text from asp.site s
        join asp.user_site u on u.site_id = s.site_id and u.asp_users_id = p_user_id
        where not s.is_active), true);
    select e.site_id into found from employee e where e.employee_id = p_employee_id;
    perform set_config('asp.site_ids', coalesce(saved, ''), true);
    return found;
end
$$;
