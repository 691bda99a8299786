import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export function RouteLink({ to, children, ...props }: { to: string; children: ReactNode } & Omit<LinkProps, 'href'> & { 'data-testid'?: string }) {
  return (
    <Link component={RouterLink} to={to} {...props}>
      {children}
    </Link>
  );
}
