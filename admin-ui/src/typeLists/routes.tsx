import { routesFrom, type RouteDef } from '../ui/routing';
import { TypeListsPage } from './TypeListsPage';

/** The administrator's reference lists (server menu: Controls > Type Lists). */
export const TYPE_LIST_ROUTES: RouteDef[] = [{ path: '/typeLists', page: TypeListsPage, permission: 'TypeListAdmin' }];

export const typeListRoutes = () => routesFrom(TYPE_LIST_ROUTES);
