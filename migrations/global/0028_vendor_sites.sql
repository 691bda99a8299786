-- Vendor sites, approved vendors and vendor buyer settings (issue 10, docs/vendor-sites.md).
--
-- Buyer settings say which buyer handles which of a client's vendors (spec 4 "Buyer-settings search", spec 1's
-- user-linked lists). They hang off a user, who is provider data, and name the vendor by its code at one client, so
-- they live in the shared schema with the client they belong to: every read and write filters on the caller's
-- current client.
create table asp.vendor_buyer_settings (
    asp_vendor_buyer_settings_id bigint generated always as identity primary key,
    asp_users_id bigint not null references asp.asp_users (asp_users_id) on delete cascade,
    client_id bigint not null references asp.client (client_id) on delete cascade,
    vend_code text not null check (length(btrim(vend_code)) between 1 and 40),
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now()
);
create unique index vendor_buyer_settings_key on asp.vendor_buyer_settings (client_id, asp_users_id, vend_code);
create index vendor_buyer_settings_vendor_idx on asp.vendor_buyer_settings (client_id, vend_code);

-- Buyers keep what their sites know about a vendor (contact, comments, the account number) and their vendor lists.
insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on r.role_name = 'Buyer' and p.permission_name = 'EditVendorSite'
on conflict do nothing;

-- Approved vendors are a buyer's list (which vendors may supply a manufacturer's items), kept apart from
-- UpdateVendor, which changes the vendor record itself.
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3220, 'ApprovedVendorEdit', 'Approved vendors: add, remove and copy the vendors approved for a manufacturer at a site');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Administrator' and p.permission_name = 'ApprovedVendorEdit')
 or (r.role_name = 'Buyer' and p.permission_name = 'ApprovedVendorEdit')
on conflict do nothing;

insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, 'approvedVendors', 'Approved Vendors', '/vendors/approvedVendors', null, false, 4, array['ViewVendors']
from asp.menu_item m
where m.page = 'Procurement' and m.parent_id is null;
