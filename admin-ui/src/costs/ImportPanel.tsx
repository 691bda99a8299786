// Importing a supplier's catalogue file: template, file, progress while it runs, the outcome with every refusal.
import { useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { apiUrl, httpClient, fileNameOf } from '../shared/api';
import { formatCount } from '../shared/numbers';
import { saveBlob } from '../grid/download';
import { importPercent, importRefusal, pollImport, uploadCatalogue, XLSX_TYPE, type CostImport } from './costs';

/** The import: template, file, progress while it runs, the outcome with every refusal at the end. */
export function ImportPanel({ sharedVendorId, onDone }: { sharedVendorId: number; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<CostImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = state?.status === 'running';
  const run = async () => {
    if (!file) return;
    setError(null);
    try {
      const started = await uploadCatalogue(sharedVendorId, file);
      setState(started);
      const last = await pollImport(started.cost_import_id, setState);
      if (last.status === 'done') onDone();
    } catch (e) {
      setError(importRefusal(e));
    }
  };
  const download = async (path: string, name: string) => {
    const answer = await httpClient(apiUrl(path), { method: 'GET', blob: true, headers: { Accept: `${XLSX_TYPE}, application/json` } });
    saveBlob(answer.blob, fileNameOf(answer.headers) ?? name);
  };
  return (
    <Box data-testid="cost-import">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        An .xlsx workbook (first sheet) or a .csv in the template's columns. All or nothing: when any row is refused, nothing is imported and every
        refusal is listed with its row, column and reason.
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button startIcon={<DownloadIcon />} onClick={() => download('/V1/SharedVendor/Cost/Template', 'cost-catalogue-template.xlsx')}>
          Template
        </Button>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={running}>
          Choose file
          <input
            ref={input}
            hidden
            type="file"
            accept=".xlsx,.csv"
            onClick={(e) => (e.currentTarget.value = '')}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="cost-import-file"
          />
        </Button>
        <Typography variant="body2">{file ? file.name : 'No file chosen'}</Typography>
        <Button variant="contained" disabled={!file || running} onClick={run} data-testid="cost-import-submit">
          Import
        </Button>
      </Stack>
      {running && state && (
        <Box sx={{ mt: 2, maxWidth: 640 }} role="status" data-testid="cost-import-progress">
          <LinearProgress variant="determinate" value={importPercent(state)} />
          <Typography variant="body2" color="text.secondary">
            {state.phase === 'reading' ? 'Checking' : 'Writing'} rows: {formatCount(state.processed_rows)} of {formatCount(state.total_rows)}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="cost-import-error">
          {error}
        </Alert>
      )}
      {state?.status === 'done' && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="cost-import-done">
          {formatCount(state.applied_rows)} costs imported from {state.file_name}.
        </Alert>
      )}
      {(state?.status === 'refused' || state?.status === 'failed') && (
        <Box sx={{ mt: 2 }} data-testid="cost-import-refused">
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => download(`/V1/SharedVendor/Cost/Import/${state.cost_import_id}/Report`, 'report.xlsx')}>
                Download report
              </Button>
            }
          >
            Nothing was imported: {formatCount(state.problem_count)} problems in {state.file_name}.
          </Alert>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {state.problems.map((p, i) => (
                <TableRow key={i}>
                  <TableCell>{p.row}</TableCell>
                  <TableCell>{p.column}</TableCell>
                  <TableCell>{p.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

