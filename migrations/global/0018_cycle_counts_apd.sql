-- Cycle counts and min/max tuning (APD) of issue 9 (docs/cycle-counts.md, docs/min-max-tuning.md): their
-- permissions, menu entries and the job that refreshes the min/max suggestions of every site.
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3190, 'CycleCountEnter', 'Generate count sheets and enter counts (blind: the expected quantity is never shown)'),
    (3191, 'CycleCountApprove', 'Review count variances with their expected quantities; approve or reject them'),
    (3192, 'CycleCountAdmin', 'Cycle count plan and variance threshold settings of a site'),
    (3193, 'APDReview', 'Min/max tuning: review, accept or dismiss suggested min, max and reorder quantities'),
    (3194, 'APDAdmin', 'Min/max tuning settings of a site (service level, order cost, holding rate)');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Administrator' and p.security_permission_id between 3190 and 3194)
 or (r.role_name = 'Buyer' and p.permission_name in ('CycleCountApprove', 'APDReview'))
 or (r.role_name = 'Warehouse' and p.permission_name in ('CycleCountEnter'))
on conflict do nothing;

-- Items > Cycle Counts (plan, sheets, variance approval) and Items > Min/Max Review.
insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, v.page, v.title, v.route, null, false, v.ord, v.perms
from asp.menu_item m
join (values
    ('cycleCounts', 'Cycle Counts', null, 6, array['CycleCountEnter', 'CycleCountApprove', 'CycleCountAdmin']),
    ('minMaxReview', 'Min/Max Review', '/apd/review', 7, array['APDReview', 'APDAdmin'])) as v(page, title, route, ord, perms) on true
where m.page = 'Items' and m.parent_id is null;

insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, v.page, v.title, v.route, null, false, v.ord, v.perms
from asp.menu_item m
join (values
    ('cycleCountPlan', 'Count Plan', '/cycleCount/plan', 1, array['CycleCountEnter', 'CycleCountAdmin']),
    ('cycleCountSheets', 'Count Sheets', '/cycleCount/sheets', 2, array['CycleCountEnter', 'CycleCountApprove']),
    ('cycleCountApproval', 'Variance Approval', '/cycleCount/approval', 3, array['CycleCountApprove'])) as v(page, title, route, ord, perms) on true
where m.page = 'cycleCounts';

-- Job type 18: refreshes the min/max suggestions of every site, daily at 02:00 UTC (idempotent).
insert into asp.job (job_id, job_type_id, description, schedule_type_id, run_at, next_run, active, log_level) values
    (18, 18, 'Refresh min/max suggestions (APD) of every site', 2, '02:00', (current_date + 1) + time '02:00', true, 'Info');
