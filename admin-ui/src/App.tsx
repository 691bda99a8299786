import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { authProvider } from './lib/authProvider';
import { dataProvider } from './dataProvider';
import { ADMIN_PERMISSIONS } from './lib/userContext';
import { UserContextProvider } from './shell/UserContextProvider';
import { AspLayout } from './shell/Layout';
import { LoginPage } from './shell/LoginPage';
import { OfflineDialog } from './shell/OfflineDialog';
import { NotFound, Unauthorized } from './shell/StaticPages';
import { HomePage } from './home/HomePage';
import users from './resources/users';
import roles from './resources/roles';
import permissions from './resources/permissions';
import sites from './resources/sites';
import { DEVOPS_RESOURCES, devopsRoutes } from './devops/routes';
import { ITEM_RESOURCE_DEFINITIONS, itemRoutes } from './items/routes';
import { trackingRoutes } from './trackingCodes/routes';
import { EMPLOYEE_RESOURCE_DEFINITIONS, employeeRoutes } from './people/employees/routes';
import { countRoutes } from './cycleCounts/routes';
import { TRANSACTION_RESOURCE_DEFINITIONS, transactionRoutes } from './transactions/routes';
import { PEOPLE_RESOURCE_DEFINITIONS, peopleRoutes } from './people/routes';
import { cribRoutes } from './crib/routes';
import { profileRoutes } from './profile/routes';
import { SHARED_VENDOR_RESOURCE_DEFINITIONS, sharedVendorRoutes } from './sharedVendors/routes';
import { vendorRoutes } from './vendors/routes';
import { vendorSiteRoutes } from './vendors/approved/routes';
import { costRoutes } from './costs/routes';
import { typeListRoutes } from './typeLists/routes';

const holds = (granted: unknown, permission: string) => Array.isArray(granted) && granted.includes(permission);
const canAdminister = (granted: unknown) => ADMIN_PERMISSIONS.some((p) => holds(granted, p));

export function App() {
  return (
    <UserContextProvider>
      <Admin
        title="ASP"
        dataProvider={dataProvider}
        authProvider={authProvider}
        loginPage={LoginPage}
        layout={AspLayout}
        dashboard={HomePage}
        catchAll={NotFound}
        requireAuth
        disableTelemetry
      >
        {(granted) => (
          <>
            <CustomRoutes>
              <Route path="/homeMain" element={<HomePage />} />
              <Route path="/unauthorized" element={<Unauthorized />} />
              {devopsRoutes()}
              {itemRoutes()}
              {trackingRoutes()}
              {employeeRoutes()}
              {countRoutes()}
              {transactionRoutes()}
              {peopleRoutes()}
              {cribRoutes()}
              {profileRoutes()}
              {sharedVendorRoutes()}
              {vendorRoutes()}
              {vendorSiteRoutes()}
              {costRoutes()}
              {typeListRoutes()}
            </CustomRoutes>
            {canAdminister(granted) && (
              <>
                <Resource name="users" {...users} />
                <Resource name="roles" {...roles} />
                <Resource name="permissions" {...permissions} />
                <Resource name="sites" {...sites} />
              </>
            )}
            {Object.entries({
              ...DEVOPS_RESOURCES,
              ...ITEM_RESOURCE_DEFINITIONS,
              ...EMPLOYEE_RESOURCE_DEFINITIONS,
              ...PEOPLE_RESOURCE_DEFINITIONS,
              ...TRANSACTION_RESOURCE_DEFINITIONS,
              ...SHARED_VENDOR_RESOURCE_DEFINITIONS,
            }).map(
              ([name, { definition, permission }]) => holds(granted, permission) && <Resource key={name} name={name} {...definition} />,
            )}
          </>
        )}
      </Admin>
      {/* Outside <Admin> so a 503 also blocks the sign-in page. */}
      <OfflineDialog />
    </UserContextProvider>
  );
}
