export { ProfilePage } from './ProfilePage';
export { profileRoutes } from './routes';
export { PROFILE_ROUTE, PROFILE_SETTINGS, PROFILE_TITLE, showSecurityKeysOn, sideNavOn } from './profile';
