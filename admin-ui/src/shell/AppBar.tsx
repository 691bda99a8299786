import { Box, Typography } from '@mui/material';
import { AppBar, TitlePortal } from 'react-admin';
import { TopMenu } from './TopMenu';
import { SiteSwitcher } from './SiteSwitcher';
import { SessionCountdown } from './Session';
import { IncognitoToggle } from './IncognitoToggle';
import { AspUserMenu } from './UserMenu';
import { JumpBox } from '../items/jumpbox/JumpBox';
import { AlertBell } from '../notifications/AlertBell';

// The bar's parts keep their one line: the site code, the user's name, the countdown and the menu groups never wrap
// (issue 22); what gives way on a narrow screen is the page title, which ends in an ellipsis (every page also shows
// its own title under the bar), and below xl it is not shown at all.
const APP_BAR_SX = {
  '& .MuiToolbar-root': { gap: 0.5, flexWrap: 'nowrap' },
  '& .MuiToolbar-root > *:not(#react-admin-title)': { flexShrink: 0, whiteSpace: 'nowrap' },
  '& .RaUserMenu-userButton, & .RaUserMenu-userButton *': { whiteSpace: 'nowrap' },
};

export function AspAppBar() {
  return (
    <AppBar userMenu={<AspUserMenu />} sx={APP_BAR_SX}>
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, mr: 1 }}>
        ASP
      </Typography>
      <TopMenu />
      <JumpBox />
      <TitlePortal
        sx={{
          ml: 2,
          mr: 1,
          flex: '1 1 0',
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          display: { xs: 'none', xl: 'block' },
        }}
      />
      {/* The title is the flexible gap on wide screens; this takes its place when it is hidden. */}
      <Box sx={{ flexGrow: { xs: 1, xl: 0 }, flexShrink: 1, minWidth: 0 }} />
      <SessionCountdown />
      <IncognitoToggle />
      <AlertBell />
      <SiteSwitcher />
    </AppBar>
  );
}
