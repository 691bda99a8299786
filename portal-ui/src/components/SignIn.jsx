import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Divider, Stack, TextField, Typography } from '@mui/material';
import { loadAuthConfig, login, portalRoot, ssoLoginUrl, takeSsoError } from '../lib/auth';

export function SignIn({ onSignedIn }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(() => takeSsoError());
  const [busy, setBusy] = useState(false);
  const [config, setConfig] = useState(null);

  useEffect(() => {
    loadAuthConfig().then(setConfig);
  }, []);

  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(username, password);
      onSignedIn();
    } catch (e) {
      setError(e?.message || 'Sign-in failed.');
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 380 }}>
        <CardContent>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            Sign in to the ASP Portal
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
              <Button
                fullWidth
                variant="outlined"
                onClick={() => window.location.assign(ssoLoginUrl(config, portalRoot()))}
                data-testid="login-sso"
              >
                Sign in with SSO
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
