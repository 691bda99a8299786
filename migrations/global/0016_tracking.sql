-- Tracking levels and codes (issue 9, docs/tracking-codes.md): seeing the codes of each level (spec 4 names T1View to
-- T4View), keeping codes, and the site's level settings.
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3140, 'T1View', 'Tracking codes of level 1: search, detail, pop-up'),
    (3141, 'T2View', 'Tracking codes of level 2: search, detail, pop-up'),
    (3142, 'T3View', 'Tracking codes of level 3: search, detail, pop-up'),
    (3143, 'T4View', 'Tracking codes of level 4: search, detail, pop-up'),
    (3144, 'TrackingCodeEdit', 'Create and change tracking codes: limits, suspension, supervisors, item restrictions'),
    (3145, 'TrackingLevelAdmin', 'Maintain the site''s tracking levels (names, required, free form, timing)');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Administrator' and p.security_permission_id between 3140 and 3145)
 or (r.role_name = 'Buyer' and p.permission_name in ('T1View', 'T2View', 'T3View', 'T4View', 'TrackingCodeEdit'))
 or (r.role_name = 'Warehouse' and p.permission_name in ('T1View', 'T2View', 'T3View', 'T4View'))
on conflict do nothing;
