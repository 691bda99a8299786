// The title of every page: the route's title (app bar and document title), the optional training button, 'Back to
// search' and the page's actions, always clear of the fixed top bar.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Title, useGetList } from 'react-admin';
import { useNavigate } from 'react-router';
import { TrainingLinksDialog, type TrainingLink } from '../devops/trainingLinks/TrainingLinks';

const NO_LINKS: TrainingLink[] = [];

/** Space kept between the top bar and a page's title. */
export const TITLE_GAP_PX = 16;

/**
 * How far a title whose natural place is `naturalTop` (px from the top of the document) must move down to sit
 * `gap` below a fixed top bar `barHeight` tall.
 */
export const clearance = (barHeight: number, naturalTop: number, gap = TITLE_GAP_PX) => Math.max(0, Math.ceil(barHeight + gap - naturalTop));

/**
 * react-admin keeps 48px above the page for its fixed top bar, but ours grows when its content wraps (61px at 1440px
 * with a site code and a two-word user name), and pages without their own padding (Vendor Cost Review, Shared
 * Vendors, Cost Catalogue, Crib Counter) then had their title under it. The title measures the bar and moves down by
 * what it lacks, whatever the page's padding or the bar's height; it follows the bar when it changes size.
 */
function useClearOfTopBar() {
  const ref = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  const marginRef = useRef(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const bar = document.querySelector<HTMLElement>('header.MuiAppBar-positionFixed, header.MuiAppBar-root');
    const measure = () => {
      if (!bar || !ref.current) return;
      // The natural place: where the title is now, less the margin it was given, at the top of the document.
      const naturalTop = ref.current.getBoundingClientRect().top + window.scrollY - marginRef.current;
      const next = clearance(bar.offsetHeight, naturalTop);
      if (next !== marginRef.current) {
        marginRef.current = next;
        setMargin(next);
      }
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' || !bar ? null : new ResizeObserver(measure);
    if (bar) observer?.observe(bar);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  return { ref, margin };
}

/** 'Back to search': to the page's search (`to`), or back in the history when none is given. */
export function BackToSearch({ to, label = 'Back to search', testId = 'back-to-search' }: { to?: string; label?: string; testId?: string }) {
  const navigate = useNavigate();
  return (
    // Navigation, not an action: it keeps its words as written instead of a button's capitals.
    <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => (to ? navigate(to) : navigate(-1))} data-testid={testId} sx={{ textTransform: 'none' }}>
      {label}
    </Button>
  );
}

export interface PageTitleProps {
  title: string;
  /** The training-link category of the page: a book button opens its training links when there are any. */
  category?: string;
  /** The search this record page was opened from: shows 'Back to search' before the title. */
  backTo?: string;
  /** The back button's words ('Back to search') and test id ('back-to-search'), for a page whose spec names them. */
  backLabel?: string;
  backTestId?: string;
  /** Buttons at the right end (ActionButton, ...). `children` go there too. */
  actions?: ReactNode;
  /** A line under the title (the record's state, a short explanation). */
  subtitle?: ReactNode;
  children?: ReactNode;
}

/**
 * The title of a page: `<PageTitle title="Vendor 10452" backTo="/vendors" actions={<ActionButton .../>} />`. Sets the
 * app bar's and the document's title; never hidden under the top bar.
 */
export function PageTitle({ title, category, backTo, backLabel, backTestId, actions, subtitle, children }: PageTitleProps) {
  const [open, setOpen] = useState(false);
  const { ref, margin } = useClearOfTopBar();
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
    <Box ref={ref} sx={{ mb: 2 }} style={{ marginTop: margin }} data-testid="page-title-bar">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Title title={title} />
        {backTo !== undefined && <BackToSearch to={backTo || undefined} label={backLabel} testId={backTestId} />}
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
        {actions}
        {children}
      </Box>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" data-testid="page-subtitle">
          {subtitle}
        </Typography>
      )}
      <TrainingLinksDialog open={open} links={links} onClose={() => setOpen(false)} />
    </Box>
  );
}

/** The old name of PageTitle, kept so the 80-odd screens that use it need no change. */
export const PageBanner = PageTitle;
