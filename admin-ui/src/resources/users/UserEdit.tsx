import { useState } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Button } from '@mui/material';
import { Edit, ListButton, ShowButton, SimpleForm, TopToolbar, useRecordContext } from 'react-admin';
import { AdminPasswordDialog } from '../../shell/AdminPasswordDialog';
import type { UserRecord } from './index';
import { UserInputs } from './UserInputs';

/** Spec 2: an administrator changes another user's password from the user edit screen. */
function ChangeUserPasswordButton() {
  const record = useRecordContext<UserRecord>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button size="small" startIcon={<LockResetIcon />} onClick={() => setOpen(true)} data-testid="admin-password-button">
        Change Password
      </Button>
      <AdminPasswordDialog open={open} userId={record.id} userLabel={record.user_id} onClose={() => setOpen(false)} />
    </>
  );
}

const UserEditActions = () => (
  <TopToolbar>
    <ChangeUserPasswordButton />
    <ShowButton />
    <ListButton />
  </TopToolbar>
);

export const UserEdit = () => (
  <Edit mutationMode="pessimistic" actions={<UserEditActions />}>
    <SimpleForm>
      <UserInputs />
    </SimpleForm>
  </Edit>
);
