import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { LoginPage } from './LoginPage';

describe('LoginPage (the console around the shared SignInForm)', () => {
  let login: Mock<AuthProvider['login']>;
  let authProvider: AuthProvider;
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ oidcEnabled: true, oidcLoginUrl: '/api/auth/oidc/login' }))),
    );
    login = vi.fn<AuthProvider['login']>(async () => undefined);
    authProvider = {
      login,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => [],
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  async function signInAs(username: string, password: string) {
    render(
      <AdminContext authProvider={authProvider}>
        <LoginPage />
      </AdminContext>,
    );
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: username } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
  }

  it("signs in through react-admin's login, i.e. authProvider.login", async () => {
    await signInAs('buyer', 'Demo@pass1');
    expect(screen.getByRole('heading', { name: 'Sign in to ASP' })).toBeTruthy();
    expect(login).toHaveBeenCalledWith({ username: 'buyer', password: 'Demo@pass1' });
    expect(screen.getByTestId('login-sso').getAttribute('href')).toBe('/api/auth/oidc/login?return_to=%2F');
  });

  it("shows authProvider.login's refusal on the form", async () => {
    login.mockRejectedValue(new Error('Invalid username or password.'));
    await signInAs('buyer', 'nope');
    expect(screen.getByTestId('login-error').textContent).toBe('Invalid username or password.');
  });
});
