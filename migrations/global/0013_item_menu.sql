-- The Items menu group's screens of issue 8: the item search is the console's CID/CIP search now (no longer the
-- legacy page), plus the custom field definitions, crib stations and kits.
update asp.menu_item set page = 'cipSearch', title = 'CID/CIP Search', angular_route = '/item/search', url = null, external_route = false
where page = 'itemSearch' and parent_id = (select menu_item_id from asp.menu_item where page = 'Items' and parent_id is null);

insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, v.page, v.title, v.route, null, false, v.ord, v.perms
from asp.menu_item m
join (values
    ('customFields', 'Custom Fields', '/item/customFields', 3, array['BasicAccess']),
    ('cribStations', 'Crib Stations', '/item/stations', 4, array['BasicAccess']),
    ('kits', 'Kits', '/item/kits', 5, array['BasicAccess'])) as v(page, title, route, ord, perms) on true
where m.page = 'Items' and m.parent_id is null;
