import { useLogin } from 'react-admin';
import { SignInForm } from '../shared/components/SignInForm';

/**
 * The console's sign-in page: react-admin's login runs authProvider.login and then opens the page the user wanted.
 * SSO returns to the console's root, where lib/sso completes the sign-in before the app mounts.
 */
export function LoginPage() {
  const login = useLogin();
  return (
    <SignInForm
      title="Sign in to ASP"
      signIn={(credentials) => login(credentials)}
      ssoReturnTo="/"
    />
  );
}
