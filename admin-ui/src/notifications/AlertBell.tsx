// The top bar's bell: the caller's unread count at the current site, counted again when an alert arrives over the
// alert hub or the inbox changes (no polling); a click opens the inbox.
import { useEffect } from 'react';
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useNavigate } from 'react-router';
import { useApi } from '../ui';
import { useUserContext } from '../shell/UserContextProvider';
import { onRealtime } from '../realtime/events';
import { badgeText, INBOX_ROUTE, INBOX_TITLE } from './inbox';

export function AlertBell() {
  const { context } = useUserContext();
  const navigate = useNavigate();
  const userId = context?.currentUser?.asp_users_id;
  const siteCode = context?.currentSite?.siteCode;
  const count = useApi(
    'get',
    '/V1/Alerts/Inbox/count/{userId}',
    // The badge is a hint: a failed count shows nothing rather than a toast on every page.
    { path: { userId: userId ?? 0 }, quiet: true },
    { enabled: Boolean(userId && siteCode), deps: [siteCode] },
  );
  const { reload } = count;
  useEffect(() => onRealtime('inboxChanged', reload), [reload]);
  if (!userId || !siteCode) return null;
  const text = badgeText(count.data?.count);
  const label = text ? `${INBOX_TITLE}: ${text} unread` : INBOX_TITLE;
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={() => navigate(INBOX_ROUTE)} aria-label={label} data-testid="alert-bell">
        <Badge
          badgeContent={text}
          color="error"
          invisible={!text}
          max={Number.MAX_SAFE_INTEGER}
          slotProps={{ badge: { 'data-testid': 'alert-badge', 'data-count': count.data?.count ?? 0 } as object }}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
