-- The permission catalogue of spec 1 section 6 (ids as the spec gives them; ids from 3000 are ours).
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (1, 'BasicAccess', 'Home page and nearly every pop-up'),
    (2, 'RPTManage', 'Manage reports'),
    (1004, 'ApproveRequisition', 'Approve requisitions'),
    (1270, 'LimitedVendorUser', 'Limited vendor user'),
    (1286, 'ViewVendors', 'Vendor and manufacturer pop-ups'),
    (1328, 'CustPortalAdmin', 'Customer portal administration'),
    (1332, 'CustPortalPunchIn', 'Customer portal punch-in'),
    (1333, 'CustPortalQuoting', 'Customer portal quoting'),
    (2000, 'FinanceUser', 'Finance user'),
    (2001, 'CustomerPortalUser', 'Customer portal user (home page)'),
    (2002, 'Buyer', 'Buyer'),
    (2003, 'VMIBuyer', 'VMI buyer'),
    (2004, 'UserAdminInternal', 'User administration (internal)'),
    (2005, 'UserAdminCustomer', 'User administration (customer)'),
    (2006, 'SuperUserAdmin', 'Super user administration'),
    (2019, 'ImpersonateUsers', 'Act as another user (provider support)'),
    (2022, 'AddPermissions', 'Add permissions to the catalogue'),
    (2040, 'IntegrationPortal', 'Integration portal'),
    (2054, 'UpdateVendor', 'Update vendors'),
    (2055, 'AddUpdateNetSuiteVendor', 'Add or update NetSuite vendors'),
    (2057, 'TNCUniversalMaintenance', 'Terms and conditions: universal maintenance'),
    (2058, 'TNCsiteMaintenance', 'Terms and conditions: site maintenance'),
    (2059, 'TNCView', 'Terms and conditions: view'),
    (2060, 'EditVendorSite', 'Edit vendor site'),
    (2088, 'CustomerPowerUser', 'Customer power user'),
    (2089, 'SetupSiteGroups', 'Set up site groups'),
    (2094, 'SharedVendorCostView', 'Shared vendor cost: view (cost review tile and route)'),
    (2095, 'SharedVendorCostEdit', 'Shared vendor cost: edit'),
    (2108, 'RFQSupplier', 'RFQ supplier'),
    (2111, 'CreateMarkup', 'Create markup'),
    (2118, 'ERPBILLINGMAINTENANCE', 'ERP billing maintenance'),
    (3000, 'FSSConnectAdmin', 'Administrator tools and detailed build information'),
    (3001, 'EmpView', 'Employee pop-up'),
    (3002, 'RFQBuyer', 'Open RFQ tile and RFQ search type'),
    (3003, 'VMIOrders', 'Purchase order search type'),
    (3004, 'ReqdViewer', 'Requisition search type'),
    (3005, 'InvFISPrice', 'Average cost column in the item picker'),
    (3006, 'BetaRequisition', 'Requisition opens in the new screen'),
    (3007, 'SystemImport', 'Create-import export menu'),
    (3008, 'SupplierPortalUser', 'Supplier portal user');

insert into asp.security_role (role_name, description) values
    ('Administrator', 'Every permission'),
    ('Buyer', 'Buyer with basic access'),
    ('Warehouse', 'Warehouse and receiving staff'),
    ('CustomerPortal', 'Customer portal user'),
    ('PunchIn', 'Customer portal punch-in user'),
    ('SupplierPortal', 'Supplier portal user'),
    ('Support', 'Provider support staff');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r cross join asp.security_permission p
where r.role_name = 'Administrator';

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Buyer' and p.permission_name in ('BasicAccess', 'Buyer', 'RFQBuyer', 'ReqdViewer', 'ViewVendors', 'EmpView', 'VMIOrders', 'SharedVendorCostView'))
 or (r.role_name = 'Warehouse' and p.permission_name in ('BasicAccess', 'EmpView', 'InvFISPrice'))
 or (r.role_name = 'CustomerPortal' and p.permission_name in ('CustomerPortalUser', 'CustPortalQuoting'))
 or (r.role_name = 'PunchIn' and p.permission_name in ('CustomerPortalUser', 'CustPortalPunchIn'))
 or (r.role_name = 'SupplierPortal' and p.permission_name in ('SupplierPortalUser', 'RFQSupplier'))
 or (r.role_name = 'Support' and p.permission_name in ('BasicAccess', 'ImpersonateUsers', 'EmpView', 'ViewVendors'));

