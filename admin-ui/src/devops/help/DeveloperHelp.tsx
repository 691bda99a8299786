import { useEffect, useState, type ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import type { Schema } from '../../shared/api';
import type { WithId } from '../../dataProvider/search';
import { hasPermission } from '../../lib/userContext';
import { useUserContext } from '../../shell/UserContextProvider';
import { helpIdOfClick } from './developerHelp';

function Line({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1}>
      <Typography sx={{ fontWeight: 600, minWidth: 130 }}>{label}</Typography>
      <Typography data-testid={testId} sx={{ whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** Listens (capture phase) for Ctrl+Alt+click on [data-help-id] elements and shows that field's developer help. */
export function DeveloperHelp() {
  const { context } = useUserContext();
  const allowed = hasPermission(context, 'FSSConnectAdmin');
  const [helpId, setHelpId] = useState<string | null>(null);
  // A help id without a row closes the dialog again.
  const { data: help, isFetching } = useGetOne<WithId<Schema<'DeveloperHelp'>>>(
    'developerHelp',
    { id: helpId ?? '' },
    { enabled: helpId !== null, onError: () => setHelpId(null) },
  );

  useEffect(() => {
    if (!allowed) return undefined;
    const onClick = (event: MouseEvent) => {
      const id = helpIdOfClick(event);
      if (!id) return;
      event.preventDefault();
      event.stopPropagation();
      setHelpId(id);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [allowed]);

  const close = () => setHelpId(null);
  return (
    <Dialog open={Boolean(helpId)} onClose={close} maxWidth="sm" fullWidth data-testid="developer-help-dialog">
      <DialogTitle>Developer Help</DialogTitle>
      <DialogContent>
        {!help || isFetching ? (
          <CircularProgress size={55} />
        ) : (
          <Stack spacing={1}>
            <Line label="Help Name" testId="developer-help-name">{help.help_name}</Line>
            <Line label="Database Field" testId="developer-help-field">{help.database_field}</Line>
            <Line label="Description" testId="developer-help-description">{help.description}</Line>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid="developer-help-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
