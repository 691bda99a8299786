-- Cycle counts and min/max tuning (APD) of issue 9: docs/cycle-counts.md and docs/min-max-tuning.md.

-- A site's settings: the count plan (how many days between counts of a CIP of each ABC class; a CIP without a class
-- counts as C), the variance thresholds above which a counted difference waits for approval, and the min/max tuning
-- settings. Saving adds a row (the newest row of a site is in force, the older ones are its history); a site without
-- a row uses the column defaults (the services read through coalesce).
create table stock_count_settings (
    settings_id bigint generated always as identity primary key,
    site_id bigint not null,
    days_class_a int not null default 30 check (days_class_a between 1 and 3660),
    days_class_b int not null default 90 check (days_class_b between 1 and 3660),
    days_class_c int not null default 365 check (days_class_c between 1 and 3660),
    days_class_d int not null default 365 check (days_class_d between 1 and 3660),
    -- A variance waits for approval when its size passes either threshold (percent of the expected quantity, or
    -- its value at the CIP's average cost).
    variance_percent numeric(9, 3) not null default 5 check (variance_percent >= 0),
    variance_value numeric(18, 3) not null default 100 check (variance_value >= 0),
    max_sheet_lines int not null default 100 check (max_sheet_lines between 1 and 1000),
    -- Min/max tuning (docs/min-max-tuning.md).
    service_level numeric(5, 2) not null default 95 check (service_level >= 50 and service_level <= 99.9),
    default_lead_time_days int not null default 14 check (default_lead_time_days between 1 and 365),
    order_cost numeric(18, 3) not null default 25 check (order_cost >= 0),
    holding_rate numeric(9, 4) not null default 0.25 check (holding_rate > 0 and holding_rate <= 5),
    far_percent numeric(9, 3) not null default 50 check (far_percent > 0),
    erratic_cv numeric(9, 3) not null default 1 check (erratic_cv > 0),
    updated_at timestamptz not null default now()
);
create index stock_count_settings_site_idx on stock_count_settings (site_id, settings_id desc);

-- A count sheet: the CIPs due for counting (optionally in a location range). Status: Open 1, Counting 2,
-- Submitted 3, Approved 4, PartlyRejected 5, Posted 6, Cancelled 7 (the allowed moves live in code:
-- stock::cycle_counts::model::SheetStatus).
create table count_sheet (
    sheet_id bigint generated always as identity primary key,
    site_id bigint not null,
    status smallint not null default 1 check (status between 1 and 7),
    location_from text,
    location_to text,
    created_by bigint,
    created_at timestamptz not null default now(),
    submitted_by bigint,
    submitted_at timestamptz,
    decided_by bigint,
    posted_at timestamptz,
    updated_at timestamptz not null default now()
);
create index count_sheet_site_status_idx on count_sheet (site_id, status, sheet_id desc);

-- A line of a sheet. expected_qty is the CIP's on hand when the sheet was submitted (never shown to the counter).
-- Line status: Pending 1 (not counted), Counted 2, Waiting 3 (variance above a threshold), Approved 4, Rejected 5,
-- Posted 6.
create table count_sheet_line (
    line_id bigint generated always as identity primary key,
    sheet_id bigint not null references count_sheet (sheet_id),
    site_id bigint not null,
    cip_no bigint not null references cip (cip_no),
    line_no int not null,
    status smallint not null default 1 check (status between 1 and 6),
    counted_qty numeric(18, 3) check (counted_qty >= 0),
    counted_by bigint,
    counted_at timestamptz,
    expected_qty numeric(18, 3),
    variance_qty numeric(18, 3),
    variance_value numeric(18, 3),
    unit_cost numeric(18, 3),
    -- The ledger row that posted the difference (none when the count matched).
    trans_id bigint
);
create index count_sheet_line_sheet_idx on count_sheet_line (sheet_id, line_no);
create index count_sheet_line_cip_idx on count_sheet_line (cip_no, line_id desc);

-- The min/max suggestion of a MinMax CIP (spec 3 "APD review rows": aau, sugg_min, sugg_max, roq, warn_type_id1 to
-- warn_type_id5, reviewed). warn_type_idN holds N when warning N applies (docs/min-max-tuning.md lists them).
-- Status: Pending 1, Accepted 2, Dismissed 3; a refresh that computes different numbers makes it Pending again. One
-- row per CIP, kept so by the refresh (which holds the site's advisory lock).
create table apd_suggestion (
    apd_suggestion_id bigint generated always as identity primary key,
    cip_no bigint not null references cip (cip_no),
    site_id bigint not null,
    aau numeric(18, 3) not null,
    period_mean numeric(18, 3) not null,
    period_std_dev numeric(18, 3) not null,
    lead_time_days int not null,
    service_level numeric(5, 2) not null,
    z numeric(9, 4) not null,
    safety_stock numeric(18, 3) not null,
    lead_time_demand numeric(18, 3) not null,
    sugg_min numeric(18, 3) not null,
    sugg_max numeric(18, 3) not null,
    roq numeric(18, 3) not null,
    warn_type_id1 smallint,
    warn_type_id2 smallint,
    warn_type_id3 smallint,
    warn_type_id4 smallint,
    warn_type_id5 smallint,
    status smallint not null default 1 check (status between 1 and 3),
    reviewed boolean not null default false,
    reviewed_by bigint,
    reviewed_at timestamptz,
    computed_at timestamptz not null default now()
);
create index apd_suggestion_cip_idx on apd_suggestion (cip_no);
create index apd_suggestion_site_idx on apd_suggestion (site_id, status);

alter table stock_count_settings enable row level security;
alter table stock_count_settings force row level security;
create policy site_isolation on stock_count_settings using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table count_sheet enable row level security;
alter table count_sheet force row level security;
create policy site_isolation on count_sheet using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table count_sheet_line enable row level security;
alter table count_sheet_line force row level security;
create policy site_isolation on count_sheet_line using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
alter table apd_suggestion enable row level security;
alter table apd_suggestion force row level security;
create policy site_isolation on apd_suggestion using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
