// The one button for an action that calls the API: offered only to users holding its permission, confirmed first
// when it is costly, and saying the server's reason when it is refused.
import { useState, type ReactNode } from 'react';
import { CircularProgress, type ButtonProps } from '@mui/material';
import { GuardedButton } from '../grid/GuardedButton';
import { hasPermission } from '../lib/userContext';
import { notify } from '../shared/events';
import { HttpError, IGNORED_403 } from '../shared/http';
import { useUserContext } from '../shell/UserContextProvider';
import { ConfirmDialog } from './ConfirmDialog';
import { fieldErrorsOf } from './load';

/** One permission (name or id), or several that are all needed. */
export type Needed = string | number | readonly (string | number)[];

/** Does the signed-in user hold every permission named? Nothing named: yes. */
export function useAllowed(permission: Needed | undefined): boolean {
  const { context } = useUserContext();
  if (permission === undefined) return true;
  const all = Array.isArray(permission) ? permission : [permission as string | number];
  return all.every((p) => hasPermission(context, p));
}

/**
 * What to tell the user about a refused call: the server's reason for a 403 ('You do not have permission:
 * SharedVendorCostEdit'), the messages of a 400/404/409/422; null for failures the http client has already
 * toasted (500, offline).
 */
export function refusalOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  if (error.status === 403) return error.message && error.message !== IGNORED_403 ? error.message : 'You do not have permission to do this.';
  const { fields, form } = fieldErrorsOf(error);
  const lines = [...Object.values(fields), ...(form ? [form] : [])];
  return lines.length ? lines.join('\n') : null;
}

export interface ActionConfirm {
  title: string;
  /** What it will do: 'Write off 15 units, $773.50.' */
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
}

export interface ActionButtonProps extends Omit<ButtonProps, 'onClick' | 'onError' | 'action'> {
  /**
   * The permission the action needs (the one the API checks). The rule: a user without it does not see the button
   * (docs/console.md, "Permissions").
   */
  permission?: Needed;
  /** The action; make its calls `quiet: true` so the refusal is said once, here. */
  perform: () => Promise<unknown>;
  /** Ask first (costly or destructive actions). */
  confirm?: ActionConfirm;
  /** Toast after success. */
  successMessage?: string;
  onDone?: () => void;
  /** Instead of the toast of a refusal (a form shows it at its fields). */
  onRefused?: (error: unknown, message: string | null) => void;
  testId?: string;
}

/**
 * `<ActionButton permission="SharedVendorCostEdit" perform={() => callApi(..., { quiet: true })}
 * confirm={{ title: 'Expire the cost?', message: '...', confirmLabel: 'Expire' }}>Expire</ActionButton>`
 */
export function ActionButton({ permission, perform, confirm, successMessage, onDone, onRefused, testId, children, disabled, ...button }: ActionButtonProps) {
  const allowed = useAllowed(permission);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const run = async () => {
    setBusy(true);
    try {
      await perform();
      setAsking(false);
      if (successMessage) notify(successMessage, 'success');
      onDone?.();
    } catch (error) {
      setAsking(false);
      const message = refusalOf(error);
      if (onRefused) onRefused(error, message);
      else if (message) notify(message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <GuardedButton
        {...button}
        disabled={disabled || busy}
        startIcon={busy && !confirm ? <CircularProgress size={16} /> : button.startIcon}
        onClick={() => (confirm ? setAsking(true) : void run())}
        data-testid={testId}
      >
        {children}
      </GuardedButton>
      {confirm && (
        <ConfirmDialog
          open={asking}
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.confirmLabel}
          danger={confirm.danger}
          busy={busy}
          onConfirm={() => void run()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
