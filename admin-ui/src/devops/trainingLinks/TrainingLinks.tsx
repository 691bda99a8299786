import { useEffect } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { Title, useGetList, type Identifier } from 'react-admin';
import { useParams } from 'react-router';
import type { Schema } from '../../shared/api';

export type TrainingLink = Schema<'TrainingLink'> & { id: Identifier };

export const TRAINING_TITLE = 'Training Links';
export const TRAINING_PROMPT = 'Select link below to view training document or video';

function LinkList({ links, target }: { links: readonly TrainingLink[]; target: '_blank' | '_self' }) {
  if (!links.length) return <Typography data-testid="training-empty">No training links are available.</Typography>;
  return (
    <List dense>
      {links.map((link, i) => (
        <ListItem key={link.training_link_id ?? i}>
          <Link
            href={link.link_address}
            target={target}
            rel={target === '_blank' ? 'noopener noreferrer' : undefined}
            data-testid={`training-link-${link.training_link_id ?? i}`}
          >
            {link.description || link.link_address}
          </Link>
        </ListItem>
      ))}
    </List>
  );
}

/** The 'Training Links' modal for a page category: links open in a new window. 1200 px wide, at least 700 high. */
export function TrainingLinksDialog({ open, links, onClose }: { open: boolean; links: readonly TrainingLink[]; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      data-testid="training-dialog"
      slotProps={{ paper: { sx: { width: 1200, maxWidth: '95vw', minHeight: 700 } } }}
    >
      <DialogTitle>{TRAINING_TITLE}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{TRAINING_PROMPT}</Typography>
        <LinkList links={links || []} target="_blank" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="training-dialog-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /devops/training/:id — the training links of category {id}; links open in the same window. */
export function TrainingPage() {
  const { id } = useParams();
  const { data, error } = useGetList<TrainingLink>('trainingLinks', { filter: { category: id } });
  // Nothing while loading; a failed load (already toasted) reads as no links.
  const links = data ?? (error ? [] : null);
  useEffect(() => {
    document.title = 'Training - ASP';
  }, []);
  return (
    <Box sx={{ p: 2 }} data-testid="training-page">
      <Title title="Training" />
      <Typography variant="h5" component="h1" data-testid="page-title">
        {TRAINING_TITLE}
      </Typography>
      <Typography sx={{ my: 1 }}>{TRAINING_PROMPT}</Typography>
      {links && <LinkList links={links} target="_self" />}
    </Box>
  );
}
