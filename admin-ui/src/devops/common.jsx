import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Link,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { api } from '../shared/api';
import { hasPermission } from '../lib/userContext';
import { useUserContext } from '../shell/UserContextProvider';
import { Unauthorized } from '../shell/StaticPages';
import { TrainingLinksDialog } from './training/TrainingLinks';

export const FSS_CONNECT_ADMIN = 'FSSConnectAdmin';
export const FSS_CONNECT_ADMIN_ID = 3000;
export const BASIC_ACCESS = 'BasicAccess';
// Training link category of the devops pages (GET /api/V1/Presentation/TrainingLinks?category=devops).
export const DEVOPS_TRAINING = 'devops';

/** Shows the page only to holders of the permission (by name or id), otherwise the unauthorized page. */
export function RequirePermission({ permission, children }) {
  const { context } = useUserContext();
  if (!context) return null;
  if (!hasPermission(context, permission)) return <Unauthorized />;
  return children;
}

export function useHasPermission(permission) {
  const { context } = useUserContext();
  return hasPermission(context, permission);
}

/**
 * Page banner: the route's title (app bar and document title) and, when training exists for the page's category,
 * a training-book button that opens the 'Training Links' modal.
 */
export function PageBanner({ title, category, children }) {
  const [links, setLinks] = useState([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    document.title = `${title} - ASP`;
  }, [title]);
  useEffect(() => {
    if (!category) return undefined;
    let live = true;
    api
      .get(`/api/V1/Presentation/TrainingLinks?category=${encodeURIComponent(category)}`, { quiet: true })
      .then((answer) => live && setLinks(Array.isArray(answer) ? answer : []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [category]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" data-testid="page-title">
        {title}
      </Typography>
      {links.length > 0 && (
        <Tooltip title="Training Links">
          <IconButton size="small" onClick={() => setOpen(true)} data-testid="training-open" aria-label="Training Links">
            <MenuBookIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Box sx={{ flexGrow: 1 }} />
      {children}
      <TrainingLinksDialog open={open} links={links} onClose={() => setOpen(false)} />
    </Box>
  );
}

export function RouteLink({ to, children, ...props }) {
  return (
    <Link component={RouterLink} to={to} {...props}>
      {children}
    </Link>
  );
}

/** A yes/no question before an action. */
export function ConfirmDialog({ open, message, onConfirm, onCancel, title = 'Please Confirm' }) {
  return (
    <Dialog open={open} onClose={onCancel} data-testid="confirm-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="confirm-message">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} data-testid="confirm-cancel">
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} data-testid="confirm-ok" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A date input speaking YYYY-MM-DD. */
export function DateInput({ label, value, onChange, testId, error, helperText, helpId, ...rest }) {
  return (
    <TextField
      type="date"
      fullWidth={false}
      margin="none"
      sx={{ width: 170 }}
      size="small"
      label={label}
      value={value || ''}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
      data-help-id={helpId}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId, 'aria-label': label } }}
      {...rest}
    />
  );
}

/** A text input whose empty value is null (spec 2: empty text inputs become null). */
export function TextInput({ label, value, onChange, testId, error, helperText, helpId, ...rest }) {
  return (
    <TextField
      fullWidth={false}
      margin="none"
      sx={{ width: 200 }}
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
      data-help-id={helpId}
      slotProps={{ htmlInput: { 'data-testid': testId, 'aria-label': label } }}
      {...rest}
    />
  );
}

/** Newline for the line-break markers found in stored text (<br>, literal \n, CR LF). */
export function withLineBreaks(text) {
  if (text === null || text === undefined) return '';
  return String(text)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/\\r\\n|\\n|\\r/g, '\n')
    .replace(/\r\n?/g, '\n');
}
