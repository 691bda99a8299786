import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { callApi } from '@asp/client/api';

export function Footer() {
  const [version, setVersion] = useState('');
  useEffect(() => {
    callApi('get', '/V1/Version', { auth: false, quiet: true })
      .then((answer) => setVersion(answer?.version ? `Version ${answer.version}` : ''))
      .catch(() => undefined);
  }, []);
  return (
    <Box component="footer" sx={{ display: 'flex', px: 2, py: 1, color: 'text.secondary' }} data-testid="footer">
      <Typography variant="caption">{version}</Typography>
      <Typography variant="caption" sx={{ ml: 'auto' }}>
        © 2014-{new Date().getFullYear()}
      </Typography>
    </Box>
  );
}
