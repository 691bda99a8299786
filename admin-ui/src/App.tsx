import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from './lib/authProvider';
import { dataProvider } from './dataProvider';
import { ADMIN_PERMISSIONS } from './lib/userContext';
import { UserContextProvider } from './shell/UserContextProvider';
import { AspLayout } from './shell/Layout';
import { LoginPage } from './shell/LoginPage';
import { OfflineDialog } from './shell/OfflineDialog';
import { NotFound } from './shell/StaticPages';
import { HomePage } from './home/HomePage';
import users, { usersToImpersonate } from './resources/users';
import roles from './resources/roles';
import permissions from './resources/permissions';
import sites from './resources/sites';
import { CUSTOM_ROUTES, RESOURCE_DEFINITIONS } from './routes';
import { routesFrom } from './ui/routing';

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
            <CustomRoutes>{routesFrom(CUSTOM_ROUTES)}</CustomRoutes>
            {canAdminister(granted) && (
              <>
                <Resource name="users" {...users} />
                <Resource name="roles" {...roles} />
                <Resource name="permissions" {...permissions} />
                <Resource name="sites" {...sites} />
              </>
            )}
            {!canAdminister(granted) && holds(granted, 'ImpersonateUsers') && <Resource name="users" {...usersToImpersonate} />}
            {Object.entries(RESOURCE_DEFINITIONS).map(
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
