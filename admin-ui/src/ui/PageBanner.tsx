import { useEffect, useState, type ReactNode } from 'react';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Title, useGetList } from 'react-admin';
import { TrainingLinksDialog, type TrainingLink } from '../devops/trainingLinks/TrainingLinks';

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
