-- A user's vendor restrictions (domain.md section 4, spec 4 section 6, issue 10): a user holding LimitedVendorUser
-- at a site sees only the vendors listed here for the site's client, in every vendor search and read. Client vendors
-- live in the client's schema, so the row names the client next to the vendor id.
create table asp.user_vendor_restriction (
    user_vendor_restriction_id bigint generated always as identity primary key,
    asp_users_id bigint not null references asp.asp_users (asp_users_id) on delete cascade,
    client_id bigint not null references asp.client (client_id) on delete cascade,
    vend_id bigint not null,
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now()
);
create unique index user_vendor_restriction_key on asp.user_vendor_restriction (asp_users_id, client_id, vend_id);

-- Provider staff may search vendors beyond the current site's rule (no_site_filter) and past restrictions
-- (ignore_restrictions); nobody else may.
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3210, 'VendorSearchAllSites', 'Vendor search: every vendor of the client, ignoring the site rule and vendor restrictions');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Administrator' and p.permission_name = 'VendorSearchAllSites')
on conflict do nothing;

insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, 'manufacturers', 'Manufacturers', '/manufacturers/manufacturerSearch', null, false, 4, array['ViewVendors']
from asp.menu_item m
where m.page = 'Procurement' and m.parent_id is null
  and not exists (select 1 from asp.menu_item x where x.page = 'manufacturers');
