import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { authProvider } from './lib/authProvider';
import { dataProvider } from './lib/dataProvider';
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
import { devopsRoutes } from './devops/routes';

const canAdminister = (granted) => Array.isArray(granted) && granted.some((p) => ADMIN_PERMISSIONS.includes(p));

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
            </CustomRoutes>
            {canAdminister(granted) && (
              <>
                <Resource name="users" {...users} />
                <Resource name="roles" {...roles} />
                <Resource name="permissions" {...permissions} />
                <Resource name="sites" {...sites} />
              </>
            )}
          </>
        )}
      </Admin>
      {/* Outside <Admin> so a 503 also blocks the sign-in page. */}
      <OfflineDialog />
    </UserContextProvider>
  );
}
