-- Employees and workflow factors (issue 9; docs/employees.md): who may change employees, set PINs and maintain
-- workflow factors (reading them stays EmpView), the site setting that makes the crib ask for an employee's PIN,
-- and the console's menu entries.
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3100, 'EmpEdit', 'Create, change and deactivate employees; supervisors, item limits and group memberships'),
    (3101, 'EmpPinUpdate', 'Set or clear an employee''s PIN'),
    (3102, 'EmpWorkflowFactorEdit', 'Maintain employee workflow factors and their assignments');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Administrator' and p.security_permission_id between 3100 and 3102)
 or (r.role_name = 'Warehouse' and p.permission_name in ('EmpEdit', 'EmpPinUpdate'))
on conflict do nothing;

-- The crib asks for the employee's PIN before an issue (kernel::draw; docs/employees.md).
alter table asp.site add column employee_pin_required boolean not null default false;

insert into asp.menu_item (parent_id, page, title, angular_route, url, external_route, sort_order, required_permissions)
select m.menu_item_id, v.page, v.title, v.route, null, false, v.ord, v.perms
from asp.menu_item m
join (values
    ('employees', 'Employees', '/employee/search', 3, array['EmpView']),
    ('employeeWorkflowFactors', 'Employee Workflow Factors', '/workflow/employee/search', 4, array['EmpView'])) as v(page, title, route, ord, perms) on true
where m.page = 'Logistics' and m.parent_id is null;
