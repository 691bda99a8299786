import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminPasswordDialog } from './AdminPasswordDialog';
import { on, type Toast } from '../shared/events';

describe('AdminPasswordDialog', () => {
  let fetchMock: Mock;
  let toasts: Toast[];
  let off: () => void;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    toasts = [];
    off = on('notify', (t) => toasts.push(t));
    fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'Password updated.' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
  });

  it('keeps Save disabled until the passwords are valid and match, then posts the admin call', async () => {
    const onClose = vi.fn();
    render(<AdminPasswordDialog open userId={42} userLabel="buyer" onClose={onClose} />);
    const save = screen.getByTestId('admin-password-submit') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('admin-password-password'), { target: { value: 'Abcdefg1' } });
    fireEvent.change(screen.getByTestId('admin-password-confirm_password'), { target: { value: 'Abcdefg2' } });
    expect(save.disabled).toBe(true);
    expect(screen.getByText('The password fields do not match.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('admin-password-confirm_password'), { target: { value: 'Abcdefg1' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/V1/User/Password/Update/');
    expect(JSON.parse(init.body)).toEqual({ asp_users_id: 42, password: 'Abcdefg1', confirm_password: 'Abcdefg1' });
    expect(toasts).toContainEqual({ message: 'Password updated.', type: 'success' });
  });

  it('shows the 400 validation errors on the form', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ status: 400, message: 'Validation failed', errors: [{ field: 'password', errorType: 'passwordDoesNotMeetRequirements', error: 'Too weak' }] }),
        { status: 400 },
      ),
    );
    render(<AdminPasswordDialog open userId={42} onClose={() => {}} />);
    fireEvent.change(screen.getByTestId('admin-password-password'), { target: { value: 'Abcdefg1' } });
    fireEvent.change(screen.getByTestId('admin-password-confirm_password'), { target: { value: 'Abcdefg1' } });
    fireEvent.click(screen.getByTestId('admin-password-submit'));
    expect(await screen.findByText('Too weak')).toBeTruthy();
  });
});
