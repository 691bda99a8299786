import NotificationsIcon from '@mui/icons-material/Notifications';
import { AlertList, type AlertRecord } from './AlertList';
import { AlertShow } from './AlertShow';

// Addresses: /devops/alertAuditing and /devops/alertAuditingInfo/:id (devops/routes.tsx).
export default {
  list: AlertList,
  show: AlertShow,
  icon: NotificationsIcon,
  recordRepresentation: (record: AlertRecord) => `Notification ${record.notification_id}`,
};
