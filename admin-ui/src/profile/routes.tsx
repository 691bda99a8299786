import { routesFrom, type RouteDef } from '../ui/routing';
import { ProfilePage } from './ProfilePage';
import { PROFILE_ROUTE } from './profile';

/** My Profile (spec 1 route /user/userSettings/): every signed-in user's own page, so no permission guard. */
export const PROFILE_ROUTES: RouteDef[] = [{ path: PROFILE_ROUTE, page: ProfilePage, permission: null }];

export const profileRoutes = () => routesFrom(PROFILE_ROUTES);
