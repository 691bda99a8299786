-- Permissions of the item side (issue 8): reading items stays BasicAccess ("nearly every pop-up"); changing them is
-- split by what is changed. ItemMasterMaintenance changes the provider's one catalogue for every client, so the
-- services also require the caller to be provider staff (docs/items.md).
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3010, 'ItemEdit', 'Maintain CIDs and CIPs: descriptions, flags, locations, replenishment settings, custom field values'),
    (3011, 'ItemMasterMaintenance', 'Maintain the item master (provider staff only)'),
    (3012, 'CustomFieldAdmin', 'Define custom fields and their possible values'),
    (3013, 'CribDeviceAdmin', 'Maintain crib stations, bins, kits and kanban'),
    (3014, 'FileManage', 'Upload, classify, move and delete files'),
    (3015, 'ItemMerge', 'Merge duplicate CIDs'),
    (3016, 'ItemImageView', 'Item image gallery pop-up'),
    (3017, 'CIPSummaryView', 'CIP summary pop-up');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Administrator' and p.security_permission_id between 3010 and 3017)
 or (r.role_name = 'Buyer' and p.permission_name in ('ItemEdit', 'FileManage', 'ItemImageView', 'CIPSummaryView'))
 or (r.role_name = 'Warehouse' and p.permission_name in ('ItemEdit', 'CribDeviceAdmin', 'FileManage', 'ItemImageView', 'CIPSummaryView'))
 or (r.role_name = 'Support' and p.permission_name in ('ItemImageView', 'CIPSummaryView'))
on conflict do nothing;
