import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { userContextStore } from '../lib/userContext';
import { callApi } from '../shared/api';
import { on } from '../shared/events';
import { ActionButton, refusalOf } from './ActionButton';
import { jsonAnswer, renderInApp, signInWith, stubFetch } from './testing';

describe('ActionButton', () => {
  let toasts: { message: string; type: string }[];
  let off: () => void;
  beforeEach(() => {
    toasts = [];
    off = on('notify', (t) => toasts.push(t));
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
    userContextStore.clear();
  });

  const importButton = (perform: () => Promise<unknown> = vi.fn(async () => undefined)) => (
    <ActionButton permission="SharedVendorCostEdit" perform={perform} testId="cost-import">
      Import
    </ActionButton>
  );

  it('is not offered to a user without the permission', () => {
    signInWith(['BasicAccess', 'SharedVendorCostView']);
    renderInApp(importButton());
    expect(screen.queryByTestId('cost-import')).toBeNull();
  });

  it('needs every permission of a list', () => {
    signInWith(['A']);
    renderInApp(
      <ActionButton permission={['A', 'B']} perform={async () => undefined} testId="both">
        Both
      </ActionButton>,
    );
    expect(screen.queryByTestId('both')).toBeNull();
  });

  it("says the server's reason when the call answers 403, not a generic failure", async () => {
    signInWith(['SharedVendorCostEdit']);
    stubFetch(() => jsonAnswer({ status: 403, message: 'You do not have permission: SharedVendorCostEdit', errors: [] }, 403));
    renderInApp(importButton(() => callApi('get', '/V1/Version', { quiet: true })));
    fireEvent.click(screen.getByTestId('cost-import'));
    await waitFor(() => expect(toasts).toEqual([{ message: 'You do not have permission: SharedVendorCostEdit', type: 'error' }]));
  });

  it('asks first, saying what it will do, and runs only on confirm', async () => {
    signInWith(['CountApprove']);
    const perform = vi.fn(async () => undefined);
    const done = vi.fn();
    renderInApp(
      <ActionButton
        permission="CountApprove"
        perform={perform}
        onDone={done}
        successMessage="Written off."
        confirm={{ title: 'Approve the write-off?', message: 'Write off 15 units, $773.50.', confirmLabel: 'Write off', danger: true }}
        testId="approve"
      >
        Approve
      </ActionButton>,
    );
    fireEvent.click(screen.getByTestId('approve'));
    expect(screen.getByTestId('confirm-message').textContent).toBe('Write off 15 units, $773.50.');
    expect(screen.getByTestId('confirm-ok').textContent).toBe('Write off');
    expect(perform).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(perform).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([{ message: 'Written off.', type: 'success' }]);
  });

  it('reads refusals: 403 reason, field messages, nothing for what the client toasted', async () => {
    const { HttpError } = await import('../shared/http');
    expect(refusalOf(new HttpError('You do not have permission: X', 403, {}))).toBe('You do not have permission: X');
    expect(refusalOf(new HttpError('Bad', 400, {}, [{ field: 'qty', error: 'Quantity must be positive' }]))).toBe('Quantity must be positive');
    expect(refusalOf(new HttpError('Server error', 500, {}))).toBeNull();
    expect(refusalOf(new Error('x'))).toBeNull();
  });
});
