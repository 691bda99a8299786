import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';

export const UNAUTHORIZED_TEXT = 'You are not authorized to access this resource.';
export const NOT_FOUND_TEXT = "Sorry! This page doesn't exist!";

export function Unauthorized() {
  return (
    <Box sx={{ p: 3 }}>
      <Title title="Unauthorized" />
      <Typography data-testid="unauthorized">{UNAUTHORIZED_TEXT}</Typography>
    </Box>
  );
}

export function NotFound() {
  return (
    <Box sx={{ p: 3 }}>
      <Title title="Not found" />
      <Typography data-testid="not-found">{NOT_FOUND_TEXT}</Typography>
    </Box>
  );
}
