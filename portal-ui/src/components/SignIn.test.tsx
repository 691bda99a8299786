import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { on } from '@asp/client/events';
import { SignIn } from './SignIn';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// The shared SignInForm (admin-ui/src/shared) rendered by the portal: its hooks run on the portal's React, which
// only works when vite.config.ts resolves react and MUI for shared modules from portal-ui/node_modules.
describe('SignIn (the portal around the shared SignInForm)', () => {
  let fetchMock: Mock<typeof fetch>;
  let onSignedIn: Mock<() => void>;
  beforeEach(() => {
    onSignedIn = vi.fn();
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      if (input === '/api/auth/config') return json({ oidcEnabled: true, oidcLoginUrl: '/api/auth/oidc/login' });
      if (input === '/api/auth/login') {
        const { password } = JSON.parse(String(init?.body));
        return password === 'Demo@pass1'
          ? json({ access_token: 'tok-portal', token_type: 'Bearer', expires_in: 900 })
          : json({ status: 401, message: 'Invalid username or password.', errors: [] }, 401);
      }
      return json({ message: 'Not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function signInAs(username: string, password: string) {
    render(<SignIn onSignedIn={onSignedIn} />);
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
  }

  it('signs in directly, keeps the token for both apps and tells the App', async () => {
    await signInAs('customer', 'Demo@pass1');
    expect(screen.getByRole('heading', { name: 'Sign in to the ASP Portal' })).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/login')!;
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'customer', password: 'Demo@pass1' });
    expect(localStorage.getItem('asp.token')).toBe('tok-portal');
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('stays on the form with the reason when the password is wrong, without a logout', async () => {
    const unauthorized: unknown[] = [];
    const off = on('unauthorized', () => unauthorized.push('unauthorized'));
    await signInAs('customer', 'wrong');
    off();
    expect(screen.getByTestId('login-error').textContent).toBe('Invalid username or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(unauthorized).toEqual([]);
    expect(localStorage.getItem('asp.token')).toBeNull();
  });

  it('comes back to the portal, not the console, after SSO', async () => {
    render(<SignIn onSignedIn={onSignedIn} />);
    const sso = await screen.findByTestId('login-sso');
    expect(sso.getAttribute('href')).toBe(
      '/api/auth/oidc/login?return_to=%2Fportal%2F',
    );
  });
});
