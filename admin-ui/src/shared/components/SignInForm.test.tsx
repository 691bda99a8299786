import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { SignInFormProps } from './SignInForm';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// sso.ts keeps /api/auth/config for the page's lifetime, so each test loads the modules afresh.
async function renderForm(props: Partial<SignInFormProps> = {}) {
  vi.resetModules();
  const { SignInForm } = await import('./SignInForm');
  const signIn = vi.fn<SignInFormProps['signIn']>(async () => undefined);
  render(<SignInForm title="Sign in to ASP" signIn={signIn} ssoReturnTo="/" {...props} />);
  // the config request settles
  await act(async () => undefined);
  return signIn;
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('SignInForm', () => {
  let config: Record<string, unknown>;
  let fetchMock: Mock<typeof fetch>;
  beforeEach(() => {
    config = { oidcEnabled: true, oidcLoginUrl: '/api/auth/oidc/login' };
    fetchMock = vi.fn<typeof fetch>(async (input) =>
      input === '/api/auth/config' ? json(config) : json({ message: 'Not found' }, 404),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs in with the typed credentials only once both are given', async () => {
    const signIn = await renderForm();
    const submit = screen.getByTestId('login-submit') as HTMLButtonElement;
    expect(screen.getByRole('heading', { name: 'Sign in to ASP' })).toBeTruthy();
    expect(submit.disabled).toBe(true);
    type('login-username', 'buyer');
    expect(submit.disabled).toBe(true);
    type('login-password', 'Demo@pass1');
    expect(submit.disabled).toBe(false);

    await act(async () => fireEvent.click(submit));
    expect(signIn).toHaveBeenCalledWith({ username: 'buyer', password: 'Demo@pass1' });
    // the app moves on; until then a second click must not sign in again
    expect(submit.disabled).toBe(true);
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('shows why a sign-in failed and lets the user try again', async () => {
    await renderForm({
      signIn: async () => {
        throw new Error('Invalid username or password.');
      },
    });
    type('login-username', 'buyer');
    type('login-password', 'wrong');
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    expect(screen.getByTestId('login-error').textContent).toBe('Invalid username or password.');
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the console back to its root after SSO', async () => {
    await renderForm();
    const sso = screen.getByTestId('login-sso');
    expect(sso.getAttribute('href')).toBe('/api/auth/oidc/login?return_to=%2F');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/config', expect.objectContaining({ method: 'GET' }));
  });

  it('sends the portal back to /portal/ after SSO, keeping a query in the provider address', async () => {
    config = { oidcEnabled: true, oidcLoginUrl: '/api/auth/oidc/login?prompt=login' };
    await renderForm({ title: 'Sign in to the ASP Portal', ssoReturnTo: '/portal/' });
    expect(screen.getByRole('heading', { name: 'Sign in to the ASP Portal' })).toBeTruthy();
    expect(screen.getByTestId('login-sso').getAttribute('href')).toBe(
      '/api/auth/oidc/login?prompt=login&return_to=%2Fportal%2F',
    );
  });

  it('offers no SSO when the server has no OpenID provider, or its configuration cannot be read', async () => {
    config = { oidcEnabled: false, oidcLoginUrl: '/api/auth/oidc/login' };
    await renderForm();
    expect(screen.getByTestId('login-username')).toBeTruthy();
    expect(screen.queryByTestId('login-sso')).toBeNull();

    fetchMock.mockImplementation(async () => json({ message: 'Error communicating with the server.' }, 500));
    await renderForm();
    expect(screen.queryByTestId('login-sso')).toBeNull();
  });

  it('shows the error of a failed SSO return once', async () => {
    sessionStorage.setItem('asp.ssoError', 'The sign-in code has expired.');
    await renderForm();
    expect(screen.getByTestId('login-error').textContent).toBe('The sign-in code has expired.');
    expect(sessionStorage.getItem('asp.ssoError')).toBeNull();
  });
});
