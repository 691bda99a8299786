import type { RouteDef } from '../ui/routing';
import { InboxPage } from './InboxPage';
import { INBOX_PERMISSIONS, INBOX_ROUTE } from './inbox';

export { INBOX_ROUTE } from './inbox';

/** The inbox (spec 1 route /notification, and /notification?id=N for one message): every signed-in user's own. */
export const NOTIFICATION_ROUTES: RouteDef[] = [{ path: INBOX_ROUTE, page: InboxPage, permission: INBOX_PERMISSIONS }];

