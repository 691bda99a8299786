import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';

export const ROW_LIMIT_MESSAGE =
  'This search was limited to the first 5000 matching rows. Your results may not be complete.';
export const ROW_LIMIT_TITLE = 'ASP Search Row Limit';

/** The warning shown when a search stopped at 5000 rows, with an info dialog explaining it. */
export function RowLimitBanner({ id, message }: { id: string; message?: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert
        severity="warning"
        sx={{ my: 1 }}
        data-testid={`${id}-row-limit`}
        action={
          <IconButton size="small" aria-label="About the row limit" onClick={() => setOpen(true)} data-testid={`${id}-row-limit-info`}>
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        }
      >
        {message || ROW_LIMIT_MESSAGE}
      </Alert>
      <Dialog open={open} onClose={() => setOpen(false)} data-testid="row-limit-dialog">
        <DialogTitle>{ROW_LIMIT_TITLE}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            ASP searches return at most the first 5000 matching rows. Sorting and paging apply only to those 5000 rows,
            so rows beyond them are not shown and are not included in the export.
          </DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>
            Narrow the search (for example a shorter date range or more criteria) to see complete results.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} data-testid="row-limit-dialog-close">
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
