import { Box, Typography } from '@mui/material';
import { AppBar, TitlePortal } from 'react-admin';
import { TopMenu } from './TopMenu';
import { SiteSwitcher } from './SiteSwitcher';
import { SessionCountdown } from './Session';
import { IncognitoToggle } from './IncognitoToggle';
import { AspUserMenu } from './UserMenu';
import { JumpBox } from '../items/jumpbox/JumpBox';

export function AspAppBar() {
  return (
    <AppBar userMenu={<AspUserMenu />}>
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, mr: 1 }}>
        ASP
      </Typography>
      <TopMenu />
      <JumpBox />
      <TitlePortal sx={{ ml: 2, display: { xs: 'none', lg: 'block' } }} />
      {/* TitlePortal is the flexible gap on wide screens; this takes its place when it is hidden. */}
      <Box sx={{ flexGrow: { xs: 1, lg: 0 } }} />
      <SessionCountdown />
      <IncognitoToggle />
      <SiteSwitcher />
    </AppBar>
  );
}
