-- Alert types as reference data (issue 23, spec 3 "Alert settings per user and site", domain.md section 8): each
-- type gets a category, the permission a user needs at the site to receive it (a user never receives a type whose
-- permission they lack there; null: anyone with access to the site), whether it is internal (provider staff only
-- see it in the settings grid), a name and a description. The types the later flows raise are listed now, so a
-- user's settings can name them before the flows exist. Ids are fixed: code raises them by id (kernel::notify).
create table asp.notification_category (
    notification_category_id bigint primary key,
    name text not null unique,
    description text not null default '',
    sort_order int not null default 0
);

insert into asp.notification_category (notification_category_id, name, description, sort_order) values
    (1, 'Requisitions', 'Requisitions waiting for approval and their decisions', 1),
    (2, 'Purchasing', 'Purchase orders, RFQ answers, receiving discrepancies and contract prices', 2),
    (3, 'Inventory', 'Draws, cycle counts, min/max suggestions, item adds and catalogue costs', 3),
    (4, 'Devices', 'Crib device tokens', 4),
    (5, 'System', 'Jobs and messages to everyone at a site', 5);

alter table asp.type_notification
    add column notification_category_id bigint references asp.notification_category (notification_category_id),
    add column notification_name text,
    add column description2 text not null default '',
    add column security_permission_id bigint references asp.security_permission (security_permission_id),
    add column is_internal boolean not null default false,
    add column is_active boolean not null default true;

update asp.type_notification t set
    notification_category_id = v.category, notification_name = v.name, description2 = v.description2,
    security_permission_id = v.permission
from (values
    (1, 2, 'PO approved', 'A purchase order was approved.', 2002),
    (2, 2, 'Order received', 'An order was received.', 2002),
    (3, 1, 'Requisition needs approval', 'A requisition waits for your approval.', 1004),
    (4, 1, 'Requisition approved', 'A requisition was approved.', 1),
    (5, 1, 'Requisition rejected', 'A requisition was rejected.', 1),
    (6, 2, 'Work order parts received', 'Parts for a work order were received.', 1),
    (7, 2, 'RFQ answered', 'A vendor answered an RFQ.', 3002),
    (8, 3, 'Item add completed', 'An item add request was completed.', 3010)
) as v (id, category, name, description2, permission)
where t.type_notification_id = v.id;

insert into asp.type_notification
    (type_notification_id, description, notification_category_id, notification_name, description2, security_permission_id, is_internal)
values
    (9, 'Draw Refused By Limit', 3, 'Draw refused by a limit', 'A draw was refused because it would pass a limit.', 3121, false),
    (10, 'Cycle Count Variance Awaiting Approval', 3, 'Count variance waits for approval', 'A cycle count sheet has variances that wait for approval.', 3191, false),
    (11, 'Min/Max Suggestions', 3, 'New min/max suggestions', 'New min/max suggestions wait for review.', 3193, false),
    (12, 'Catalogue Costs Changed', 3, 'Catalogue costs changed', 'A cost catalogue changed costs of items at the site.', 2094, false),
    (13, 'Device Token Expiring', 4, 'Device token about to expire', 'A crib device token expires soon.', 3180, false),
    (14, 'Device Token Revoked', 4, 'Device token revoked', 'A crib device token was revoked.', 3180, false),
    (15, 'Job Failed', 5, 'Job failed', 'A scheduled job failed.', 3000, true),
    (16, 'Site Broadcast', 5, 'Site broadcast', 'A message to everyone at the site.', null, false),
    (17, 'Requisition Decided', 1, 'Requisition decided', 'A requisition you asked for was decided.', 1, false),
    (18, 'OSD Assigned', 2, 'OSD assigned', 'A receiving overage, shortage or damage was assigned to you.', 2002, false),
    (19, 'Contract Price Expiring', 2, 'Contract price expiring', 'A contract price expires soon.', 2002, false);

alter table asp.type_notification
    alter column notification_category_id set not null,
    alter column notification_name set not null;
