-- Shared (provider-wide) schema: who may sign in, where, with which permissions.
-- Business data never lives here; it lives in one schema per client (see migrations/tenant).
create schema if not exists ext;
create extension if not exists pg_trgm schema ext;
create schema if not exists asp;

create table asp.client (
    client_id bigint generated always as identity primary key,
    client_code text not null unique check (client_code ~ '^[A-Z0-9_]{1,40}$'),
    client_name text not null,
    schema_name text not null unique,
    is_active boolean not null default true,
    created_at timestamptz not null default now()
);

create table asp.site (
    site_id bigint generated always as identity primary key,
    client_id bigint not null references asp.client (client_id),
    site_code text not null unique check (site_code = upper(site_code) and length(site_code) between 1 and 40),
    site_name text not null,
    erp_type_id int not null default 0,
    vmi_erp_type_id int,
    erp_company text,
    account_login text,
    is_active boolean not null default true,
    is_ignored boolean not null default false,
    app_type int not null default 0 check (app_type in (0, 1, 2)),
    show_ctb_usage boolean not null default false,
    asp8_rfq boolean not null default true,
    customer_portal_catalog boolean not null default false,
    created_at timestamptz not null default now()
);
create index site_client_idx on asp.site (client_id);

create table asp.asp_users (
    asp_users_id bigint generated always as identity primary key,
    user_id text not null,
    fname text not null default '',
    lname text not null default '',
    email text,
    bugtracker_username text,
    supplier_portal_user boolean not null default false,
    customer_portal_user boolean not null default false,
    is_punchin_user boolean not null default false,
    fss_employee boolean not null default false,
    first_time_user boolean not null default true,
    is_active boolean not null default true,
    is_locked boolean not null default false,
    failed_login_count int not null default 0,
    locked_until timestamptz,
    password_hash text,
    password_expiration_date timestamptz,
    oidc_issuer text,
    oidc_subject text,
    current_site_id bigint references asp.site (site_id),
    customer_punchin_location_id bigint,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index asp_users_user_id_key on asp.asp_users (lower(user_id));
create unique index asp_users_oidc_key on asp.asp_users (oidc_issuer, oidc_subject) where oidc_subject is not null;
create index asp_users_email_idx on asp.asp_users (lower(email));

-- A site is available to a user only through a row here.
create table asp.user_site (
    asp_users_id bigint not null references asp.asp_users (asp_users_id) on delete cascade,
    site_id bigint not null references asp.site (site_id) on delete cascade,
    primary key (asp_users_id, site_id)
);
create index user_site_site_idx on asp.user_site (site_id);

create table asp.security_permission (
    security_permission_id bigint primary key,
    permission_name text not null unique,
    description text not null default '',
    is_beta boolean not null default false,
    is_legacy boolean not null default false
);

create table asp.security_role (
    security_role_id bigint generated always as identity primary key,
    role_name text not null unique,
    description text not null default ''
);

create table asp.security_role_permission (
    security_role_id bigint not null references asp.security_role (security_role_id) on delete cascade,
    security_permission_id bigint not null references asp.security_permission (security_permission_id) on delete cascade,
    primary key (security_role_id, security_permission_id)
);
create index security_role_permission_perm_idx on asp.security_role_permission (security_permission_id);

-- Roles are granted per site; a role at a site whose access row is gone grants nothing.
create table asp.user_site_role (
    asp_users_id bigint not null references asp.asp_users (asp_users_id) on delete cascade,
    site_id bigint not null references asp.site (site_id) on delete cascade,
    security_role_id bigint not null references asp.security_role (security_role_id) on delete cascade,
    primary key (asp_users_id, site_id, security_role_id)
);
create index user_site_role_site_idx on asp.user_site_role (site_id);
create index user_site_role_role_idx on asp.user_site_role (security_role_id);

create table asp.user_setting (
    setting_id bigint generated always as identity primary key,
    asp_users_id bigint not null references asp.asp_users (asp_users_id) on delete cascade,
    setting_key text not null check (length(setting_key) between 1 and 200),
    setting_value text,
    updated_at timestamptz not null default now(),
    unique (asp_users_id, setting_key)
);

create table asp.menu_item (
    menu_item_id bigint generated always as identity primary key,
    parent_id bigint references asp.menu_item (menu_item_id) on delete cascade,
    page text not null,
    title text not null,
    angular_route text,
    url text,
    external_route boolean not null default false,
    angular_menu_image text,
    sort_order int not null default 0,
    -- null: shown to every signed-in user; otherwise any one permission of the list
    required_permissions text[]
);

create table asp.shortcut (
    shortcut_id bigint generated always as identity primary key,
    description text not null,
    angular_icon text,
    angular_route text,
    url text,
    default_rank int not null default 0,
    required_permissions text[]
);

create table asp.user_shortcut (
    asp_users_id bigint not null references asp.asp_users (asp_users_id) on delete cascade,
    shortcut_id bigint not null references asp.shortcut (shortcut_id) on delete cascade,
    display boolean not null default true,
    rank int not null check (rank >= 1),
    primary key (asp_users_id, shortcut_id)
);

create table asp.homepage_tile (
    report_id bigint generated always as identity primary key,
    asp_name text not null unique,
    report_name text not null,
    report_description text not null default '',
    homepage_tile_type int not null check (homepage_tile_type in (1, 2)),
    route text,
    default_rank int not null default 0,
    required_permissions text[]
);

create table asp.user_homepage_tile (
    asp_users_id bigint not null references asp.asp_users (asp_users_id) on delete cascade,
    report_id bigint not null references asp.homepage_tile (report_id) on delete cascade,
    is_selected boolean not null default true,
    rank int not null check (rank >= 1),
    primary key (asp_users_id, report_id)
);

create table asp.security_question (
    security_question_id bigint generated always as identity primary key,
    question text not null unique
);

create table asp.user_security_answer (
    asp_users_id bigint not null references asp.asp_users (asp_users_id) on delete cascade,
    ordinal int not null check (ordinal between 1 and 3),
    security_question_id bigint not null references asp.security_question (security_question_id),
    answer_hash text not null,
    primary key (asp_users_id, ordinal),
    unique (asp_users_id, security_question_id)
);

create table asp.punchin_location (
    customer_punchin_location_id bigint generated always as identity primary key,
    site_id bigint not null references asp.site (site_id) on delete cascade,
    business_unit text not null,
    state text not null,
    city text not null,
    map_to_site_id bigint not null references asp.site (site_id)
);
create index punchin_location_site_idx on asp.punchin_location (site_id);

create table asp.bug_report (
    bug_report_id bigint generated always as identity (start with 10000) primary key,
    subject text not null,
    message text not null,
    screenshot boolean not null default true,
    html text,
    site_code text,
    reported_user text,
    asp_users_id bigint references asp.asp_users (asp_users_id),
    project int not null default 18,
    url text,
    created_at timestamptz not null default now()
);

-- Unhandled server errors and client errors sent to the intake (the ASP error log of spec 2).
create table asp.error_log (
    error_log_id bigint generated always as identity primary key,
    logged_at timestamptz not null default now(),
    application_name text not null,
    request_url text,
    request_path text,
    asp_users_id bigint,
    user_name text,
    site_code text,
    message text not null,
    exception text,
    stack_trace text,
    api_parameters text,
    request_id text
);
create index error_log_logged_at_idx on asp.error_log (logged_at);

-- Every write, shared or tenant, is recorded here: who, acting as whom, when, what changed.
create table asp.audit_event (
    audit_event_id bigint generated always as identity primary key,
    occurred_at timestamptz not null default now(),
    actor_user_id bigint,
    acting_as_user_id bigint,
    client_id bigint,
    site_id bigint,
    action text not null,
    entity text not null,
    entity_id text,
    changes jsonb not null default '{}'::jsonb,
    request_id text
);
create index audit_event_entity_idx on asp.audit_event (entity, entity_id);
create index audit_event_actor_idx on asp.audit_event (actor_user_id, occurred_at);

create table asp.api_status (
    singleton boolean primary key default true check (singleton),
    is_enabled boolean not null default true,
    changed_by bigint,
    changed_at timestamptz not null default now()
);
insert into asp.api_status (singleton, is_enabled) values (true, true);

-- Authorization changes are announced to every API replica through this channel (see authz crate). The payload
-- names the site whose rules changed, or '*' when a change touches every site (a role's permissions).
create function asp.notify_authz_site_change() returns trigger language plpgsql as $$
begin
    if tg_op in ('UPDATE', 'DELETE') then
        perform pg_notify('asp_authz', 'site:' || old.site_id);
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
        perform pg_notify('asp_authz', 'site:' || new.site_id);
    end if;
    return null;
end $$;

create function asp.notify_authz_all_change() returns trigger language plpgsql as $$
begin
    perform pg_notify('asp_authz', '*');
    return null;
end $$;

create trigger user_site_role_changed after insert or update or delete on asp.user_site_role
    for each row execute function asp.notify_authz_site_change();
create trigger user_site_changed after insert or update or delete on asp.user_site
    for each row execute function asp.notify_authz_site_change();
create trigger site_changed after insert or update or delete on asp.site
    for each row execute function asp.notify_authz_site_change();
create trigger security_role_permission_changed after insert or update or delete or truncate on asp.security_role_permission
    for each statement execute function asp.notify_authz_all_change();
create trigger security_permission_changed after insert or update or delete or truncate on asp.security_permission
    for each statement execute function asp.notify_authz_all_change();
