export { AlertBell } from './AlertBell';
export { NOTIFICATION_ROUTES } from './routes';
export { withInboxMenu } from './menu';
export { INBOX_ROUTE, INBOX_TITLE } from './inbox';
