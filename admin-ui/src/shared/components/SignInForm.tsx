import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Divider, Stack, TextField, Typography } from '@mui/material';
import { loadAuthConfig, ssoLoginUrl, takeSsoError, type AuthConfig } from '../sso';

export interface Credentials {
  username: string;
  password: string;
}

export interface SignInFormProps {
  /** The heading; each app names itself. */
  title: string;
  /**
   * Signs in with the typed credentials (the console through react-admin's login, the portal directly). A rejection's
   * message is shown on the form; on success the app moves on and the form stays disabled until it is gone.
   */
  signIn: (credentials: Credentials) => Promise<unknown>;
  /**
   * Where the browser comes back with `#sso_code=...` after the OpenID provider: the app's root as a same-site path
   * (`/`, `/portal/`). The API refuses anything else, a full URL included, and returns to `/` instead.
   */
  ssoReturnTo: string;
}

/**
 * User name and password, plus 'Sign in with SSO' when the server has an OpenID provider. A failed SSO return
 * (stored by completeSsoReturn before the app mounted) is shown once.
 */
export function SignInForm({ title, signIn, ssoReturnTo }: SignInFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(() => takeSsoError());
  const [busy, setBusy] = useState(false);
  const [config, setConfig] = useState<AuthConfig | null>(null);

  useEffect(() => {
    let mounted = true;
    loadAuthConfig().then((loaded) => mounted && setConfig(loaded));
    return () => {
      mounted = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn({ username, password });
    } catch (e) {
      setError((e as Error | null)?.message || 'Sign-in failed.');
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 380 }}>
        <CardContent>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
          <form onSubmit={submit} noValidate>
            <Stack spacing={2}>
              {error && (
                <Alert severity="error" data-testid="login-error">
                  {error}
                </Alert>
              )}
              <TextField
                label="Username"
                name="username"
                autoComplete="username"
                autoFocus
                required
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': 'login-username' } }}
              />
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
              />
              <Button type="submit" variant="contained" disabled={busy || !username || !password} data-testid="login-submit">
                Sign in
              </Button>
            </Stack>
          </form>
          {config?.oidcEnabled && (
            <>
              <Divider sx={{ my: 2 }}>or</Divider>
              {/* A link, not a script navigation: the provider's page is an ordinary page load either way. */}
              <Button fullWidth variant="outlined" href={ssoLoginUrl(config, ssoReturnTo)} data-testid="login-sso">
                Sign in with SSO
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
