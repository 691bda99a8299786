-- Employee groups (issue 9, docs/employee-groups.md): their permissions, the console's menu entry, and the site
-- setting that lets a named supervisor override a group's limits at the crib.
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3120, 'EmployeeGroupView', 'Employee groups: search and view, with their limits and relations'),
    (3121, 'EmployeeGroupEdit', 'Employee groups: create, change and delete, their limits and relations');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Administrator' and p.security_permission_id between 3120 and 3121)
 or (r.role_name = 'Buyer' and p.permission_name = 'EmployeeGroupView')
 or (r.role_name = 'Warehouse' and p.permission_name in ('EmployeeGroupView', 'EmployeeGroupEdit'))
 or (r.role_name = 'Support' and p.permission_name = 'EmployeeGroupView')
on conflict do nothing;

-- The people screens get their own menu group before Help (the employees and tracking screens of issue 9 join it).
update asp.menu_item set sort_order = 8 where page = 'Help' and parent_id is null;
insert into asp.menu_item (page, title, angular_menu_image, sort_order, required_permissions)
select 'People', 'People', 'groups', 7, array['BasicAccess']
where not exists (select 1 from asp.menu_item where page = 'People' and parent_id is null);

insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, 'employeeGroups', 'Employee Groups', '/employee/employeegroups', null, false, 2, array['EmployeeGroupView']
from asp.menu_item m where m.page = 'People' and m.parent_id is null;

-- When true (the default), an issue that would pass an employee-group or item-group limit may go through if it names
-- a supervisor of the employee (domain.md section 2, "Limits").
alter table asp.site add column supervisor_override_group_limits boolean not null default true;
