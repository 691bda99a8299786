import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';

import type { Schema } from '../../shared/api';

/** A diff answer with the two sides' labels. */
export type DiffView = Partial<Schema<'DbToolsDiff'>> & { leftLabel: string; rightLabel: string };

export const DIFF_TITLE = 'Database Diff Tool (left db to right db)';

/** The srcdoc of the diff frame: the API's css and html, nothing else (the frame runs no scripts). */
export function diffDocument({ html, css }: Partial<Schema<'DbToolsDiff'>>): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{background:#fff;color:#000;font-family:monospace;font-size:12px;white-space:pre-wrap;margin:8px}${
    css || ''
  }</style></head><body>${html || ''}</body></html>`;
}

/** The character-level diff answered by GetDiffCheckerText, shown in a sandboxed frame. */
export function DiffDialog({ diff, onClose }: { diff: DiffView | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(diff)} onClose={onClose} maxWidth="xl" fullWidth data-testid="dbtools-diff-dialog">
      <DialogTitle>{DIFF_TITLE}</DialogTitle>
      <DialogContent>
        {diff && (
          <>
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="dbtools-diff-sides">
              Left: {diff.leftLabel} &nbsp;&rarr;&nbsp; Right: {diff.rightLabel}
            </Typography>
            <Box
              component="iframe"
              title="Database diff"
              sandbox=""
              srcDoc={diffDocument(diff)}
              data-testid="dbtools-diff-frame"
              sx={{ width: '100%', height: '65vh', border: '1px solid', borderColor: 'divider' }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="dbtools-diff-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
