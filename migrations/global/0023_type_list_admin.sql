-- Type lists (issue 10, docs/type-lists.md): the permission to edit the reference lists, the menu entry of the
-- Type Lists screen, and the historic price methods each site offers.

insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3200, 'TypeListAdmin', 'Edit the reference lists (type values): add, change and deactivate values; historic price methods of sites');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on r.role_name = 'Administrator' and p.permission_name = 'TypeListAdmin'
on conflict do nothing;

-- Under Controls, beside Users, Roles, Permissions and Sites: the administrator's menu.
insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, 'typeLists', 'Type Lists', '/typeLists', null, false, 6, array['TypeListAdmin']
from asp.menu_item m
where m.page = 'Controls' and m.parent_id is null;

-- Spec 4 "Historic price method site link: type_historic_pricing_method_site_id, site_id": which of the
-- 'HistoricPriceMethod' values a site offers (the site setting hist_price_method picks one of them). Provider data
-- keyed by site, like user_site: the methods are provider-wide values, the link says where they apply.
create table asp.type_historic_pricing_method_site (
    type_historic_pricing_method_site_id bigint generated always as identity primary key,
    site_id bigint not null references asp.site (site_id),
    -- The method's type value row (list 'HistoricPriceMethod').
    type_value_id bigint not null references asp.type_value (type_value_id),
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now(),
    unique (site_id, type_value_id)
);
create index type_historic_pricing_method_site_value_idx on asp.type_historic_pricing_method_site (type_value_id);
