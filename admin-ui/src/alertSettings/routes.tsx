import { routesFrom, type RouteDef } from '../ui/routing';
import { AlertSettingsPage } from './AlertSettingsPage';
import { BroadcastPage } from './BroadcastPage';
import { ALERT_SETTINGS_ROUTE, BROADCAST_PERMISSIONS, SETTINGS_PERMISSIONS, SITE_BROADCAST_ROUTE } from './settings';

/** My Alert Settings (the permissions of the settings operations) and Site Broadcast (those of Notification/Insert). */
export const ALERT_SETTINGS_ROUTES: RouteDef[] = [
  { path: ALERT_SETTINGS_ROUTE, page: AlertSettingsPage, permission: SETTINGS_PERMISSIONS },
  { path: SITE_BROADCAST_ROUTE, page: BroadcastPage, permission: BROADCAST_PERMISSIONS },
];

export const alertSettingsRoutes = () => routesFrom(ALERT_SETTINGS_ROUTES);
