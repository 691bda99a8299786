import { useMemo, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { PickerKind } from '../grid/SearchPicker';
import type { Schema } from '../shared/api';
import { ConfirmDialog, RecordPicker, refusalOf } from '../ui';
import { notify } from '../shared/events';
import { useUserContext } from './UserContextProvider';
import {
  impersonateDialog,
  personLabel,
  searchUsersToImpersonate,
  useImpersonateDialogOpen,
  useImpersonation,
  type ImpersonationTarget,
} from './ImpersonationSession';

export const START_FAILED = 'The impersonation could not start.';
const SITES_SHOWN = 3;

/** Site id -> code, from the sites the signed-in user has (provider support staff have them all). */
export function useSiteCodes(): ReadonlyMap<number, string> {
  const { context } = useUserContext();
  return useMemo(() => new Map((context?.availableSites || []).map((s) => [s.site_id, s.siteCode] as const)), [context?.availableSites]);
}

/** The user's sites as codes ("ACME-NORTH, ACME-SOUTH"), the first few and how many more. */
export function siteCodes(siteIds: readonly number[] | null | undefined, codeOf: ReadonlyMap<number, string>): string {
  const codes = (siteIds || []).map((id) => codeOf.get(id) ?? `site ${id}`);
  const shown = codes.slice(0, SITES_SHOWN).join(', ');
  return codes.length > SITES_SHOWN ? `${shown} +${codes.length - SITES_SHOWN} more` : shown;
}

/**
 * The people a support user may act as: the console's user search (GET /api/admin/users), which for a holder of
 * ImpersonateUsers alone answers only those (docs/auth.md, "Impersonation"). Read as "Bea Buyer (buyer) - ACME-NORTH".
 */
export function impersonationKind(codeOf: ReadonlyMap<number, string>): PickerKind<Schema<'UserRecord'>> {
  return {
    label: 'User',
    search: searchUsersToImpersonate,
    keyOf: (u) => u.id,
    labelOf: (u) => [personLabel(u), siteCodes(u.site_ids, codeOf)].filter(Boolean).join(' - '),
    noOptionsText: 'No active user you may act as matches.',
  };
}

/** The confirmation's words: who, where, and what acting as them means. */
export function impersonationMessage(target: ImpersonationTarget, codeOf: ReadonlyMap<number, string>): ReactNode {
  const sites = siteCodes(target.site_ids, codeOf);
  return (
    <>
      You will act as <strong>{personLabel(target)}</strong>
      {sites ? ` (sites ${sites})` : ''}: you see and can do what they can, and every change you make is recorded as
      made by you acting as them. &quot;Return to my account&quot; in the banner or the user menu brings you back.
    </>
  );
}

export const confirmTitle = (target: ImpersonationTarget) => `Act as ${personLabel(target)}?`;
export const confirmLabel = (target: ImpersonationTarget) => `Act as ${target.user_id}`;

/**
 * "Impersonate a user...": pick the person (name, login and sites), then confirm. Opened from the user menu; lives in
 * the layout because the menu unmounts its items when it closes.
 */
export function ImpersonateDialog() {
  const open = useImpersonateDialogOpen();
  // Mounted per opening so each starts with nobody chosen.
  return open ? <ImpersonateDialogBody /> : null;
}

function ImpersonateDialogBody() {
  const codeOf = useSiteCodes();
  const kind = useMemo(() => impersonationKind(codeOf), [codeOf]);
  const { start } = useImpersonation();
  const [chosen, setChosen] = useState<Schema<'UserRecord'> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await start(chosen);
      impersonateDialog.close();
    } catch (error) {
      // Out of reach, inactive, already acting as someone: the server says which.
      notify(refusalOf(error) ?? START_FAILED, 'error');
      setBusy(false);
      setConfirming(false);
    }
  };

  if (confirming && chosen) {
    return (
      <ConfirmDialog
        open
        title={confirmTitle(chosen)}
        message={impersonationMessage(chosen, codeOf)}
        confirmLabel={confirmLabel(chosen)}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    );
  }
  return (
    <Dialog open onClose={() => impersonateDialog.close()} fullWidth maxWidth="sm" data-testid="impersonate-dialog">
      <DialogTitle>Impersonate a user</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Find the person whose view of the console you need, by name or login.</DialogContentText>
        <RecordPicker kind={kind} value={chosen?.id ?? null} onChange={(_key, user) => setChosen(user)} testId="impersonate-user" width="100%" />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => impersonateDialog.close()} data-testid="impersonate-cancel">
          Cancel
        </Button>
        <Button variant="contained" disabled={!chosen} onClick={() => setConfirming(true)} data-testid="impersonate-continue">
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
