-- Device tokens (issue 9, docs/devices.md): a crib or vending device reports what it dispensed to the integration
-- API with a per-device token in the header `Token` (spec 1 section 7). The token is random (256 bits), shown once,
-- and stored here only as its SHA-256: a stolen table does not give working tokens. The table is in the shared
-- schema because the token must be resolved before any tenant is known: the authorizer reads it to issue the
-- device's site scope (authz::Authorizer::device_access), exactly as it reads user_site for users.
create table asp.device_token (
    device_token_id bigint generated always as identity primary key,
    site_id bigint not null references asp.site (site_id),
    -- A station of the site's crib devices (client schema table `station`), or none for a named device.
    station_id bigint,
    device_name text not null check (length(device_name) between 1 and 100),
    token_hash bytea not null unique check (length(token_hash) = 32),
    -- The first characters of the token, so an administrator can tell tokens apart without the secret.
    token_prefix text not null,
    created_by bigint not null references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now(),
    revoked_by bigint references asp.asp_users (asp_users_id),
    revoked_at timestamptz,
    last_used_at timestamptz,
    check ((revoked_at is null) = (revoked_by is null))
);
create index device_token_site_idx on asp.device_token (site_id);

insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3180, 'DeviceTokenAdmin', 'Issue, list and revoke the tokens crib and vending devices report with');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Administrator' and p.permission_name = 'DeviceTokenAdmin')
 or (r.role_name = 'Warehouse' and p.permission_name = 'DeviceTokenAdmin')
on conflict do nothing;

insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, v.page, v.title, v.route, null, false, v.ord, v.perms
from asp.menu_item m
join (values
    ('cribCounter', 'Crib Counter', '/transaction/cribCounter', 20, array['TransactionIssue']),
    ('deviceTokens', 'Device Tokens', '/crib/deviceTokens', 21, array['DeviceTokenAdmin'])) as v(page, title, route, ord, perms) on true
where m.page = 'Logistics' and m.parent_id is null;
