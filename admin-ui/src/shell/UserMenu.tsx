import type { Ref } from 'react';
import { ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import LockResetIcon from '@mui/icons-material/LockReset';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import { useNavigate } from 'react-router';
import { Logout, UserMenu, useUserMenu } from 'react-admin';
import { useUserContext } from './UserContextProvider';
import { SELF_SERVICE_LINKS } from '../lib/config';
import { emit } from '../shared/events';
import { PROFILE_ROUTE, PROFILE_TITLE } from '../profile/profile';
import { impersonateDialog, useImpersonation } from './ImpersonationSession';

// react-admin's UserMenu hands its items a ref (MUI focus handling); React 19 passes it as a prop.
function MyProfileItem({ ref }: { ref?: Ref<HTMLLIElement> }) {
  const { onClose } = useUserMenu() || {};
  const navigate = useNavigate();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        onClose?.();
        navigate(PROFILE_ROUTE);
      }}
      data-testid="my-profile"
    >
      <ListItemIcon>
        <ManageAccountsIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{PROFILE_TITLE}</ListItemText>
    </MenuItem>
  );
}

function ChangePasswordItem({ ref }: { ref?: Ref<HTMLLIElement> }) {
  const { onClose } = useUserMenu() || {};
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        onClose?.();
        emit('openPasswordDialog');
      }}
      data-testid="change-password"
    >
      <ListItemIcon>
        <LockResetIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Change Password</ListItemText>
    </MenuItem>
  );
}

function ExternalLinkItem({ label, url, ref }: { label: string; url?: string; ref?: Ref<HTMLLIElement> }) {
  const { onClose } = useUserMenu() || {};
  return (
    <MenuItem
      ref={ref}
      disabled={!url}
      title={url ? undefined : 'Not configured for this installation'}
      sx={{ pl: 3 }}
      onClick={() => {
        onClose?.();
        window.open(url, '_blank', 'noopener');
      }}
      data-testid={`self-service-${label.replace(/\s+/g, '-')}`}
    >
      <ListItemText>{label}</ListItemText>
      <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
        <OpenInNewIcon fontSize="small" />
      </ListItemIcon>
    </MenuItem>
  );
}

/** For holders of ImpersonateUsers: opens the dialog to choose whom to act as (shell/ImpersonateDialog). */
function ImpersonateItem({ ref }: { ref?: Ref<HTMLLIElement> }) {
  const { onClose } = useUserMenu() || {};
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        onClose?.();
        impersonateDialog.open();
      }}
      data-testid="impersonate-user"
    >
      <ListItemIcon>
        <SupervisorAccountIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Impersonate a user...</ListItemText>
    </MenuItem>
  );
}

/** While acting as someone: the same way back as the banner's. */
function StopImpersonatingItem({ ref, onStop }: { ref?: Ref<HTMLLIElement>; onStop: () => Promise<void> }) {
  const { onClose } = useUserMenu() || {};
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        onClose?.();
        void onStop();
      }}
      data-testid="stop-impersonating"
    >
      <ListItemIcon>
        <KeyboardReturnIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Stop impersonating</ListItemText>
    </MenuItem>
  );
}

export function AspUserMenu() {
  const { context } = useUserContext();
  const employee = Boolean(context?.currentUser?.fss_employee);
  const { canImpersonate, impersonatedBy, stop } = useImpersonation();
  return (
    <UserMenu>
      {impersonatedBy != null && <StopImpersonatingItem onStop={stop} />}
      <MyProfileItem />
      {employee && <ListSubheader data-testid="self-service-menu">Self Service Requests</ListSubheader>}
      {employee && SELF_SERVICE_LINKS.map((link) => <ExternalLinkItem key={link.label} {...link} />)}
      {/* An impersonating support user changes nobody's password from here. */}
      {!context?.impersonatedByUserId && <ChangePasswordItem />}
      {canImpersonate && <ImpersonateItem />}
      <Logout data-testid="logout" />
    </UserMenu>
  );
}
