import { useEffect, useState } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { callApi, type Schema } from '../shared/api';
import { hasPermission } from '../lib/userContext';
import { buildDetails, copyrightText, versionText } from '../lib/version';
import { useUserContext } from './UserContextProvider';

export function Footer() {
  const { context } = useUserContext();
  const [info, setInfo] = useState<Schema<'VersionFile'> | null>(null);
  const contextUser = context?.currentUser?.asp_users_id;

  // Re-read per user: the API adds branch and commit only for FSSConnectAdmin callers.
  useEffect(() => {
    let cancelled = false;
    callApi('get', '/V1/Version', { quiet: true })
      .then((answer) => !cancelled && setInfo(answer))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [contextUser]);

  const details = hasPermission(context, 'FSSConnectAdmin') ? buildDetails(info) : [];
  return (
    <Box
      component="footer"
      data-testid="footer"
      sx={{ mt: 4, py: 1, px: 2, display: 'flex', gap: 2, flexWrap: 'wrap', color: 'text.secondary', fontSize: 12 }}
    >
      <Typography variant="caption" data-testid="footer-version">
        {versionText(info)}
      </Typography>
      {details.map((d) =>
        d.href ? (
          <Link key={d.label} variant="caption" href={d.href} target="_blank" rel="noopener noreferrer">
            {d.label}
          </Link>
        ) : (
          <Typography key={d.label} variant="caption">
            {d.label}
          </Typography>
        ),
      )}
      <Typography variant="caption" sx={{ ml: 'auto' }} data-testid="footer-copyright">
        {copyrightText()}
      </Typography>
    </Box>
  );
}
