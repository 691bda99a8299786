import { Route } from 'react-router';
import { ProfilePage } from './ProfilePage';
import { PROFILE_ROUTE } from './profile';

/** My Profile (spec 1 route /user/userSettings/): every signed-in user's own page, so no permission guard. */
export function profileRoutes() {
  return [<Route key="profile" path={PROFILE_ROUTE} element={<ProfilePage />} />];
}
