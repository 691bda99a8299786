import { useState, type MouseEvent } from 'react';
import { Box, Button, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useNavigate } from 'react-router';
import { useUserContext } from './UserContextProvider';
import { buildMenuGroups, menuAction, menuTestId, visibleMenu, type MenuEntry, type MenuGroup as Group } from '../lib/menu';
import { ROUTE_REGISTRY } from '../routes';
import { withItemMenu } from '../items/menu';
import { withTrackingMenu } from '../trackingCodes/trackingCodes';
import { useTrackingLevels } from '../trackingCodes/useLevels';
import { hasPermission } from '../lib/userContext';
import { withInboxMenu } from '../notifications/menu';
import { withAlertMenu } from '../alertSettings/menu';

function MenuGroup({ group, onChoose }: { group: Group; onChoose: (item: MenuEntry) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const choose = (item: MenuEntry) => {
    close();
    onChoose(item);
  };
  const groupTestId = `menu-${group.name.replace(/\s+/g, '-')}`;

  // A group without sub-items is itself a link.
  if (group.children.length === 0) {
    return (
      <Button color="inherit" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => onChoose(group.item)} data-testid={groupTestId}>
        {group.name}
      </Button>
    );
  }
  return (
    <>
      <Button color="inherit" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)} data-testid={groupTestId}>
        {group.name}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {group.children.flatMap((item, i) => {
          const nested = (item.subMenuItems || []).filter((sub): sub is MenuEntry => Boolean(sub));
          if (nested.length === 0) {
            return [
              <MenuItem key={`i-${i}`} onClick={() => choose(item)} data-testid={menuTestId(item)}>
                {item.title}
              </MenuItem>,
            ];
          }
          // Second level: a heading with its entries indented under it (MUI menus take no fragments).
          return [
            <ListSubheader key={`h-${i}`}>{item.title}</ListSubheader>,
            ...nested.map((sub, j) => (
              <MenuItem key={`i-${i}-${j}`} sx={{ pl: 4 }} onClick={() => choose(sub)} data-testid={menuTestId(sub)}>
                {sub.title}
              </MenuItem>
            )),
          ];
        })}
      </Menu>
    </>
  );
}

export function TopMenu() {
  const { context } = useUserContext();
  const navigate = useNavigate();
  const { levels } = useTrackingLevels();
  const holds = (p: string | number) => hasPermission(context, p);
  // The server's menu, the screens the console adds to it, then only what the console can open for this user.
  const groups = buildMenuGroups(visibleMenu(withInboxMenu(withAlertMenu(withTrackingMenu(withItemMenu(context?.menuItems, context), levels, holds))), ROUTE_REGISTRY, holds));

  const onChoose = (item: MenuEntry) => {
    const action = menuAction(item);
    if (action.kind === 'route') navigate(action.to);
    else if (action.kind === 'newTab') window.open(action.to, '_blank', 'noopener');
    else if (action.kind === 'sameTab') window.location.assign(action.to);
  };

  return (
    <Box component="nav" sx={{ display: { xs: 'none', md: 'flex' }, ml: 2 }} data-testid="top-menu">
      {groups.map((group) => (
        <MenuGroup key={group.name} group={group} onChoose={onChoose} />
      ))}
    </Box>
  );
}
