-- Reference data of the shell: menu, shortcuts, home tiles, security questions.
insert into asp.menu_item (page, title, angular_menu_image, sort_order, required_permissions) values
    ('Items', 'Items', 'inventory_2', 1, array['BasicAccess']),
    ('Procurement', 'Procurement', 'shopping_cart', 2, array['BasicAccess']),
    ('Logistics', 'Logistics', 'local_shipping', 3, array['BasicAccess']),
    ('Controls', 'Controls', 'tune', 4, array['BasicAccess']),
    ('Analytics', 'Analytics', 'insights', 5, array['BasicAccess']),
    ('Help', 'Help', 'help', 6, null);

insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, v.page, v.title, v.route, v.url, v.ext, v.ord, v.perms
from asp.menu_item m
join (values
    ('Items', 'itemMaster', 'Item Master', '/item/itemMaster/search', null, false, 1, array['BasicAccess']),
    ('Items', 'itemSearch', 'Item Search', null, '/legacy/ItemSearch', false, 2, array['BasicAccess']),
    ('Procurement', 'requisitions', 'Requisitions', '/requisition/search', null, false, 1, array['BasicAccess']),
    ('Procurement', 'rfq', 'RFQ', '/quote/rfq', null, false, 2, array['RFQBuyer']),
    ('Procurement', 'vendors', 'Vendors', '/vendors/vendorSearch', null, false, 3, array['ViewVendors']),
    ('Logistics', 'receiving', 'Receiving OSD', '/receiving/osd', null, false, 1, array['BasicAccess']),
    ('Logistics', 'transactions', 'Transactions', '/transaction', null, false, 2, array['BasicAccess']),
    ('Controls', 'users', 'Users', '/users', null, false, 1, array['FSSConnectAdmin', 'UserAdminInternal', 'SuperUserAdmin']),
    ('Controls', 'roles', 'Roles', '/roles', null, false, 2, array['FSSConnectAdmin', 'UserAdminInternal', 'SuperUserAdmin']),
    ('Controls', 'permissions', 'Permissions', '/permissions', null, false, 3, array['FSSConnectAdmin', 'UserAdminInternal', 'SuperUserAdmin']),
    ('Controls', 'sites', 'Sites', '/sites', null, false, 4, array['FSSConnectAdmin', 'UserAdminInternal', 'SuperUserAdmin']),
    ('Controls', 'devops', 'DevOps', null, null, false, 5, array['FSSConnectAdmin']),
    ('Analytics', 'historicalPrice', 'Historical Price Exceptions', '/reporting/historical-price-exception', null, false, 1, array['BasicAccess']),
    ('Help', 'glossary', 'Glossary', '/devops/glossary', null, false, 1, array['BasicAccess']),
    ('Help', 'apiDocs', 'API Documentation', null, '/api/docs', true, 2, null)
) as v(parent, page, title, route, url, ext, ord, perms) on v.parent = m.page and m.parent_id is null;

-- Third level (the spec allows nesting up to two levels below the top groups).
insert into asp.menu_item (parent_id, page, title, angular_route, sort_order, required_permissions)
select m.menu_item_id, v.page, v.title, v.route, v.ord, array['FSSConnectAdmin']
from asp.menu_item m
join (values
    ('aspReleases', 'ASP Releases', '/devops/aspReleases', 1),
    ('jobList', 'Job List', '/devops/jobList', 2),
    ('errorList', 'ASP Error Log', '/devops/errorList', 3),
    ('dbtools', 'Database Tools', '/devops/dbtools', 4),
    ('alertAuditing', 'Alert Auditing', '/devops/alertAuditing', 5)
) as v(page, title, route, ord) on m.page = 'devops';

insert into asp.shortcut (description, angular_icon, angular_route, url, default_rank, required_permissions) values
    ('Home', 'home', '/homeMain', null, 1, null),
    ('Requisitions', 'assignment', '/requisition/search', null, 2, array['BasicAccess']),
    ('Item Master', 'inventory_2', '/item/itemMaster/search', null, 3, array['BasicAccess']),
    ('RFQ', 'request_quote', '/quote/rfq', null, 4, array['RFQBuyer']),
    ('Vendors', 'store', '/vendors/vendorSearch', null, 5, array['ViewVendors']),
    ('My Profile', 'person', '/user/userSettings/', null, 6, null);

insert into asp.homepage_tile (asp_name, report_name, report_description, homepage_tile_type, route, default_rank, required_permissions) values
    ('CDIAREQS', 'Item Add Requisitions', 'Item-add requisitions assigned to me', 1, '/requisition/search?user&type_workflow_id=1&auto_load&ignore_user_preferences', 1, array['BasicAccess']),
    ('CDICREQS', 'Item Change Requisitions', 'Item-change requisitions assigned to me', 1, '/requisition/search?user&type_workflow_id=2&auto_load&ignore_user_preferences', 2, array['BasicAccess']),
    ('CDSBREQS', 'Spot Buy Requisitions', 'Spot-buy requisitions assigned to me', 1, '/requisition/search?user&type_workflow_id=3&auto_load&ignore_user_preferences', 3, array['BasicAccess']),
    ('CDRBREQCNT', 'Recommended Buys Pending Approval', 'Recommended-buy requisitions pending my approval', 1, '/requisition/search?approval&order=1&auto_load&ignore_user_preferences', 4, array['BasicAccess']),
    ('CDNRBREQCNT', 'Non-Recommended Buys Pending Approval', 'Non-recommended-buy requisitions pending my approval', 1, '/requisition/search?approval&order=0&auto_load&ignore_user_preferences', 5, array['BasicAccess']),
    ('CDMYHREQS', 'My Requisitions On Hold', 'Requisitions I put on hold', 1, '/requisition/search?on_hold_user&auto_load&ignore_user_preferences', 6, array['BasicAccess']),
    ('CDHREQS', 'Site Requisitions On Hold', 'Requisitions on hold at this site', 1, '/requisition/search?auto_load&ignore_user_preferences', 7, array['BasicAccess']),
    ('CDOPENRFQ', 'Open RFQs', 'RFQs awaiting my response', 1, '/quote/rfq?header_status=5&buyer_is_current_user&auto_load&ignore_user_preferences', 8, array['RFQBuyer']),
    ('CDSVCR', 'Vendor Cost Review', 'Vendor catalogue costs to review', 1, '/vendors/ReviewCost', 9, array['SharedVendorCostView']),
    ('CDOPENOSD', 'Open OSD', 'Open over/short/damaged receipts assigned to me', 1, '/receiving/osd?auto_load&assigned_to_user', 10, array['BasicAccess']),
    ('CDPOHP', 'Historical Price Exceptions', 'Historical price exceptions on order', 2, '/reporting/historical-price-exception?search_for=3&hasQtyOnOrder=1', 11, array['BasicAccess']),
    ('CDPOPENDHP', 'Pending Historical Price Exceptions', 'Pending historical price exceptions', 2, '/reporting/historical-price-exception?search_for=4&hasQtyOnOrder=1', 12, array['BasicAccess']),
    ('CDAPDWARN', 'APD Summary', 'Automatic purchase demand warnings', 2, null, 13, array['BasicAccess']),
    ('CDINTEGERR', 'Integration Errors', 'ERP transaction errors', 2, '/trilogieerror', 14, array['BasicAccess']);

insert into asp.security_question (question) values
    ('What was the name of your first pet?'),
    ('In what city were you born?'),
    ('What was the make of your first car?'),
    ('What is your mother''s maiden name?'),
    ('What was the name of your elementary school?'),
    ('What is your favourite book?');
