import { SignInForm } from '@asp/client/components/SignInForm';
import { login, PORTAL_ROOT } from '../lib/auth';

/** The portal's sign-in: the shared form, signing in directly (the portal has no react-admin) and SSO back here. */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <SignInForm
      title="Sign in to the ASP Portal"
      signIn={async ({ username, password }) => {
        await login(username, password);
        onSignedIn();
      }}
      ssoReturnTo={PORTAL_ROOT}
    />
  );
}
