import { useEffect, useRef, useState, type ReactElement } from 'react';
import { ListSubheader, useMediaQuery, type Theme } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PersonIcon from '@mui/icons-material/Person';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StoreIcon from '@mui/icons-material/Store';
import { Menu, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router';
import { useUserContext } from './UserContextProvider';
import { hasPermission } from '../lib/userContext';
import { findRoute, mayOpen } from '../lib/routes';
import { isRecordAddress, readRecent, rememberRecent, type RecentRecord } from '../lib/recent';
import { userContextStore } from '../lib/userContext';
import { callApi } from '../shared/api';
import { PROFILE_SETTINGS, sideNavOn } from '../profile';
import { withSetting } from '../profile/profile';
import { ADMIN_RESOURCES, ROUTE_REGISTRY } from '../routes';

// The top menu (server UserContext) reaches every screen; the side bar earns its width with what a user comes back
// to: the administration resources for administrators, the user's shortcuts and the records opened last. Whether it
// is open is the user's setting general.ui.useSideNav (My Profile's "Show the side shortcut bar"): the top bar's
// toggle saves it, so it follows the user to another browser.
export const SIDEBAR_RESOURCES = ADMIN_RESOURCES;

// The shortcut catalogue's icon names (asp.shortcut.angular_icon); others get the generic one.
const SHORTCUT_ICONS: Record<string, ReactElement> = {
  assignment: <AssignmentIcon />,
  inventory_2: <Inventory2Icon />,
  request_quote: <RequestQuoteIcon />,
  store: <StoreIcon />,
  person: <PersonIcon />,
};

// The home page is the menu's first item already.
const HOME_ROUTES = ['/', '/homeMain'];
// Long enough for a record page to show its title (the name the Recent list shows).
const LABEL_DELAY_MS = 1500;

async function saveSideNav(open: boolean) {
  try {
    const saved = await callApi('post', '/V1/Presentation/UpdateUserSetting', {
      body: { setting_key: PROFILE_SETTINGS.useSideNav, setting_value: open ? 'true' : 'false' },
      quiet: true,
    });
    const latest = userContextStore.getState().context;
    if (latest) userContextStore.set(withSetting(latest, saved));
  } catch {
    // Not saved: the bar stays as toggled for this visit and opens as before at the next start.
  }
}

/** Opens or closes the side bar as the user's setting says; a toggle on a wide screen saves the new choice. */
function useSideNavSetting() {
  const { context } = useUserContext();
  const [open, setOpen] = useSidebarState();
  // On a narrow screen the bar is a drawer that closes after each choice: that is not a preference.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const wanted = sideNavOn(context);
  const applied = useRef<boolean | null>(null);
  useEffect(() => {
    if (!context || !wide) return;
    if (applied.current !== wanted) {
      applied.current = wanted;
      if (open !== wanted) setOpen(wanted);
    } else if (open !== wanted) {
      applied.current = open;
      void saveSideNav(open);
    }
  }, [context, wide, wanted, open, setOpen]);
  return open;
}

/** The page's own title once it has rendered, or the address when it has none. */
function pageLabel(fallback: string): string {
  const heading = document.querySelector('#main-content h1, #main-content h2, #main-content h4, #main-content h5, #react-admin-title');
  const text = heading?.textContent?.trim();
  return text ? text.slice(0, 60) : fallback;
}

function useRecentRecords(userId: number | undefined): RecentRecord[] {
  const location = useLocation();
  const [recent, setRecent] = useState<RecentRecord[]>([]);
  useEffect(() => setRecent(userId === undefined ? [] : readRecent(userId)), [userId]);
  const to = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (userId === undefined || !isRecordAddress(ROUTE_REGISTRY, to)) return;
    const timer = window.setTimeout(() => setRecent(rememberRecent(userId, { to, label: pageLabel(to) })), LABEL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [userId, to]);
  return recent;
}

/** A label that ends in an ellipsis instead of widening the side bar (the full text is its tooltip). */
const Clipped = ({ text }: { text: string }) => (
  <span title={text} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
    {text}
  </span>
);

export function AspMenu() {
  const { context } = useUserContext();
  const userId = context?.currentUser?.asp_users_id;
  const open = useSideNavSetting();
  const recent = useRecentRecords(userId);
  const holds = (p: string | number) => hasPermission(context, p);
  const shortcuts = (context?.aspShortcuts ?? []).filter((s) => {
    if (!s.display || !s.angular_route || HOME_ROUTES.includes(s.angular_route)) return false;
    const route = findRoute(ROUTE_REGISTRY, s.angular_route);
    return Boolean(route) && mayOpen(route!.permission, holds);
  });
  const heading = (text: string) =>
    open && (
      <ListSubheader sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }} disableSticky>
        {text}
      </ListSubheader>
    );

  return (
    <Menu data-testid="side-menu">
      <Menu.DashboardItem primaryText="Homepage" />
      {SIDEBAR_RESOURCES.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
      {shortcuts.length > 0 && heading('Shortcuts')}
      {shortcuts.map((s) => (
        <Menu.Item
          key={`shortcut-${s.id}`}
          to={s.angular_route!}
          primaryText={<Clipped text={s.description} />}
          leftIcon={SHORTCUT_ICONS[s.angular_icon ?? ''] ?? <StarBorderIcon />}
          data-testid={`sidebar-shortcut-${s.id}`}
        />
      ))}
      {recent.length > 0 && heading('Recent')}
      {recent.map((r) => (
        <Menu.Item key={`recent-${r.to}`} to={r.to} primaryText={<Clipped text={r.label} />} leftIcon={<HistoryIcon />} data-testid="sidebar-recent" />
      ))}
    </Menu>
  );
}
