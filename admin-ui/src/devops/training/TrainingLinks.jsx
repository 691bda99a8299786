import { useEffect, useState } from 'react';
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
import { Title } from 'react-admin';
import { useParams } from 'react-router';
import { api } from '../../shared/api';

export const TRAINING_TITLE = 'Training Links';
export const TRAINING_PROMPT = 'Select link below to view training document or video';

function LinkList({ links, target }) {
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
export function TrainingLinksDialog({ open, links, onClose }) {
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
  const [links, setLinks] = useState(null);
  useEffect(() => {
    document.title = 'Training - ASP';
    let live = true;
    api
      .get(`/api/V1/Presentation/TrainingLinks?category=${encodeURIComponent(id)}`)
      .then((answer) => live && setLinks(Array.isArray(answer) ? answer : []))
      .catch(() => live && setLinks([]));
    return () => {
      live = false;
    };
  }, [id]);
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
