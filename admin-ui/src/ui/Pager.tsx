import { Alert, Box, Button, IconButton, Typography } from '@mui/material';
import { SelectField } from '../grid/SelectField';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { formatCount } from '../shared/numbers';
import { PAGE_SIZES, pageCount, pagerText, pageWindow } from '../grid/pager';

/**
 * The console's one pager: first/previous, about five page links, next/last, page size and the records text.
 * Pages are numbered from 1 (`toPageRequest` turns one into the wire's zero-based pageNumber).
 */
export interface PagerProps {
  /** Prefix of the test ids: `<id>-pager`, `<id>-page-next`, `<id>-page-3`, `<id>-page-size`, `<id>-pager-text`. */
  id?: string;
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  total: number;
  pageSizes?: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

export function Pager({ id = 'list', page, pageSize, total, pageSizes = PAGE_SIZES, onPage, onPageSize }: PagerProps) {
  const count = pageCount(total, pageSize);
  const pages = pageWindow(page, count);
  const first = page <= 1;
  const last = page >= count;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 1 }}
      data-testid={`${id}-pager`}
    >
      <IconButton size="small" disabled={first} onClick={() => onPage(1)} aria-label="First page" data-testid={`${id}-page-first`}>
        <FirstPageIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" disabled={first} onClick={() => onPage(page - 1)} aria-label="Previous page" data-testid={`${id}-page-prev`}>
        <NavigateBeforeIcon fontSize="small" />
      </IconButton>
      {pages.map((n) => (
        <Button
          key={n}
          size="small"
          variant={n === page ? 'contained' : 'text'}
          onClick={() => onPage(n)}
          sx={{ minWidth: 32, px: 1 }}
          aria-current={n === page ? 'page' : undefined}
          data-testid={`${id}-page-${n}`}
        >
          {n}
        </Button>
      ))}
      <IconButton size="small" disabled={last} onClick={() => onPage(page + 1)} aria-label="Next page" data-testid={`${id}-page-next`}>
        <NavigateNextIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" disabled={last} onClick={() => onPage(count)} aria-label="Last page" data-testid={`${id}-page-last`}>
        <LastPageIcon fontSize="small" />
      </IconButton>
      <SelectField
        testId={`${id}-page-size`}
        label="Page size"
        value={pageSize}
        onChange={(v) => onPageSize(Number(v))}
        options={pageSizes.map((size) => ({ value: size, label: String(size) }))}
        sx={{ minWidth: 100, width: 100, ml: 1 }}
      />
      <Typography variant="body2" sx={{ ml: 'auto' }} data-testid={`${id}-pager-text`}>
        {pagerText({ page, pageSize, total })}
      </Typography>
    </Box>
  );
}

/** 'Showing the first 100 of 220' (of 'more than 100' when the server does not count); null when nothing is cut. */
export function cappedText(shown: number, total: number | null | undefined): string | null {
  if (total !== null && total !== undefined && total <= shown) return null;
  const of = total === null || total === undefined ? `more than ${formatCount(shown)}` : formatCount(total);
  return `Showing the first ${formatCount(shown)} of ${of}`;
}

export interface CappedNoticeProps {
  /** How many rows the screen shows. */
  shown: number;
  /** How many there are (null when the server only says there are more). */
  total: number | null | undefined;
  /** What narrows the search, as the user would say it: 'site, vendor or date'. */
  narrowBy: string;
  /** Test id: `<id>-capped`. */
  id?: string;
}

/**
 * For a list the server caps (it answers the first N rows and the full count): says so and how to narrow it, so a
 * short list never passes for the whole one. Shows nothing when every row is shown.
 */
export function CappedNotice({ shown, total, narrowBy, id = 'list' }: CappedNoticeProps) {
  const text = cappedText(shown, total);
  if (!text) return null;
  return (
    <Alert severity="info" sx={{ my: 1 }} data-testid={`${id}-capped`}>
      {text}; narrow the search by {narrowBy}.
    </Alert>
  );
}
