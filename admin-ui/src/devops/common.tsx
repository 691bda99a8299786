import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';
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
  type LinkProps,
  type TextFieldProps,
} from '@mui/material';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Title, useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { hasPermission } from '../lib/userContext';
import { useUserContext } from '../shell/UserContextProvider';
import { Unauthorized } from '../shell/StaticPages';
import { TrainingLinksDialog, type TrainingLink } from './trainingLinks/TrainingLinks';

export const FSS_CONNECT_ADMIN = 'FSSConnectAdmin';
export const FSS_CONNECT_ADMIN_ID = 3000;
export const BASIC_ACCESS = 'BasicAccess';
// Training link category of the devops pages (GET /api/V1/Presentation/TrainingLinks?category=devops).
export const DEVOPS_TRAINING = 'devops';

/** Shows the page only to holders of the permission (by name or id), otherwise the unauthorized page. */
export function RequirePermission({ permission, children }: { permission: string | number; children: ReactNode }) {
  const { context } = useUserContext();
  if (!context) return null;
  if (!hasPermission(context, permission)) return <Unauthorized />;
  return <>{children}</>;
}

export function useHasPermission(permission: string | number): boolean {
  const { context } = useUserContext();
  return hasPermission(context, permission);
}

const NO_LINKS: TrainingLink[] = [];

/**
 * Page banner: the route's title (app bar and document title) and, when training exists for the page's category,
 * a training-book button that opens the 'Training Links' modal.
 */
export function PageBanner({ title, category, children }: { title: string; category?: string; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  // The button is optional: a failed lookup just leaves it out, without a toast.
  const { data: links = NO_LINKS } = useGetList<TrainingLink>(
    'trainingLinks',
    { filter: { category }, meta: { quiet: true } },
    { enabled: Boolean(category) },
  );
  useEffect(() => {
    document.title = `${title} - ASP`;
  }, [title]);
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

export function RouteLink({ to, children, ...props }: { to: string; children: ReactNode } & Omit<LinkProps, 'href'> & { 'data-testid'?: string }) {
  return (
    <Link component={RouterLink} to={to} {...props}>
      {children}
    </Link>
  );
}

/** A yes/no question before an action. */
export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  title = 'Please Confirm',
}: {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  title?: string;
}) {
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

type InputProps<V> = Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  label: string;
  value: V;
  onChange: (value: V) => void;
  testId: string;
  error?: string;
  helpId?: number;
};

const inputTestId = (testId: string, label: string) => ({ 'data-testid': testId, 'aria-label': label }) as InputHTMLAttributes<HTMLInputElement>;

/** A date input speaking YYYY-MM-DD. */
export function DateInput({ label, value, onChange, testId, error, helperText, helpId, ...rest }: InputProps<string | null | undefined>) {
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
      slotProps={{ inputLabel: { shrink: true }, htmlInput: inputTestId(testId, label) }}
      {...rest}
    />
  );
}

/** A text input whose empty value is null (spec 2: empty text inputs become null). */
export function TextInput({ label, value, onChange, testId, error, helperText, helpId, ...rest }: InputProps<string | null | undefined>) {
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
      slotProps={{ htmlInput: inputTestId(testId, label) }}
      {...rest}
    />
  );
}

/** Newline for the line-break markers found in stored text (<br>, literal \n, CR LF). */
export function withLineBreaks(text: unknown): string {
  if (text === null || text === undefined) return '';
  return String(text)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/\\r\\n|\\n|\\r/g, '\n')
    .replace(/\r\n?/g, '\n');
}
