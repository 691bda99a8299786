import { Box, Button, IconButton, Typography } from '@mui/material';
import { SelectField } from './SelectField';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { PAGE_SIZES, pageCount, pagerText, pageWindow } from './pager';

/** Paginator bar: first/previous, about five page links, next/last, page size and the records text. */
export interface PagerProps {
  id: string;
  page: number;
  pageSize: number;
  total: number;
  pageSizes?: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

export function Pager({ id, page, pageSize, total, pageSizes = PAGE_SIZES, onPage, onPageSize }: PagerProps) {
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
