import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { formatCount } from '../../shared/numbers';
import { GuardedButton } from '../../grid/GuardedButton';
import { saveBlob } from '../../grid/download';
import { useUserContext } from '../../shell/UserContextProvider';
import { fileSize } from '../files/files';
import { useApi } from '../../ui';
import { ENTITY_TYPES, type Definition, type EntityType } from './customFields';
import {
  IMPORT_ACCEPT,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  KEY_COLUMNS,
  REFUSALS_SHOWN,
  importErrorText,
  importFileError,
  importSummary,
  refusalsCsv,
  templateCsv,
  templateFileName,
  templateHeader,
  uploadImport,
  type ImportResult,
} from './customImport';

const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });

/** What an import did: the counts, and every refused row with the API's row number, field and reason. */
export function ImportResultView({ result, fileName, definitions = [] }: { result: ImportResult; fileName?: string; definitions?: readonly Definition[] }) {
  const labelOf = (field: string) => {
    const slot = /^custom(\d+)$/i.exec(field)?.[1];
    return slot ? definitions.find((d) => d.field_no === Number(slot))?.label : undefined;
  };
  const shown = result.refusals.slice(0, REFUSALS_SHOWN);
  return (
    <Box sx={{ mt: 2 }} data-testid="custom-import-result" data-entity-type={result.entity_type}>
      <Alert severity={result.refused_rows > 0 ? 'warning' : 'success'} sx={{ mb: 1 }}>
        <Typography variant="body2" data-testid="custom-import-summary">
          {importSummary(result)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {fileName ? `${fileName}, ` : ''}
          {result.entity_type} values. A refused row changes nothing; the applied rows are saved.
        </Typography>
      </Alert>
      {result.refusals.length > 0 && (
        <>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
            <Typography variant="subtitle2">Refused rows</Typography>
            <Box sx={{ flexGrow: 1 }} />
            {result.refusals.length > shown.length && (
              <Typography variant="body2" color="text.secondary" data-testid="custom-import-refusals-more">
                The first {shown.length} of {result.refusals.length} reasons are shown.
              </Typography>
            )}
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() => saveBlob(csvBlob(refusalsCsv(result)), `custom-field-values-${result.entity_type}-refused.csv`)}
              data-testid="custom-import-refusals-download"
            >
              Download reasons (CSV)
            </Button>
          </Stack>
          <Table size="small" data-testid="custom-import-refusals">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Record</TableCell>
                <TableCell>Field</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((r, i) => (
                <TableRow key={`${r.row}-${r.field}-${i}`} data-testid="custom-import-refusal" data-row={r.row} data-field={r.field}>
                  <TableCell data-testid="custom-import-refusal-row">{r.row}</TableCell>
                  <TableCell data-testid="custom-import-refusal-key">{r.key ?? ''}</TableCell>
                  <TableCell data-testid="custom-import-refusal-field" title={labelOf(r.field)}>
                    {r.field}
                  </TableCell>
                  <TableCell data-testid="custom-import-refusal-error">{r.error}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}

/**
 * 'Import values' (ItemEdit): custom field values of the current site's CIDs or CIPs from a .csv or .xlsx file,
 * through itemCidPostCustomUpdateImport; a CSV template with the header row the API expects.
 */
export function ImportValuesPanel() {
  const { context } = useUserContext();
  const siteCode = context?.currentSite?.siteCode ?? null;
  const [entity, setEntity] = useState<EntityType>('CID');
  const [file, setFile] = useState<File | null>(null);
  // What is wrong with the chosen file (before sending), and why the last import failed.
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ result: ImportResult; fileName: string } | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const loaded = useApi('get', '/V1/Item/CIP/Custom/Definitions', { query: { entity_type: entity }, quiet: true }, { deps: [siteCode] });
  const definitions = loaded.data?.definitions ?? [];
  const header = templateHeader(entity, definitions);
  const key = KEY_COLUMNS[entity];

  const chooseEntity = (next: EntityType | null) => {
    if (!next || busy) return;
    setEntity(next);
    setDone(null);
    setError(null);
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setDone(null);
    setError(null);
    setFileError(chosen ? importFileError(chosen) : null);
  };
  const run = async () => {
    if (!file) return;
    const refused = importFileError(file);
    if (refused) return setFileError(refused);
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const result = await uploadImport(entity, file);
      setDone({ result, fileName: file.name });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (e) {
      setError(importErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="custom-import-panel" data-entity-type={entity}>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <ToggleButtonGroup exclusive size="small" value={entity} disabled={busy} onChange={(_, v: EntityType | null) => chooseEntity(v)} aria-label="Record kind">
          {ENTITY_TYPES.map((t) => (
            <ToggleButton key={t.value} value={t.value} data-testid={`custom-import-entity-${t.value}`}>
              {t.value} values
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={loaded.loading || Boolean(loaded.error)}
          onClick={() => saveBlob(csvBlob(templateCsv(entity, definitions)), templateFileName(entity))}
          data-testid="custom-import-template"
        >
          CSV template
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        Row 1 names the columns: <code>{key.code}</code> (or <code>{key.number}</code>), then one column per custom field, by its label or
        custom1..custom20. A blank cell keeps the value; a row with a refused value changes nothing. A .csv (UTF-8) or an .xlsx
        workbook (its first sheet), at most {formatCount(IMPORT_MAX_ROWS)} rows and {IMPORT_MAX_BYTES / (1024 * 1024)} MB. Records of the
        current site{siteCode ? ` (${siteCode})` : ''} only.
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }} data-testid="custom-import-columns">
        {loaded.loading
          ? 'Loading the custom fields…'
          : loaded.error
            ? 'The custom fields could not be loaded.'
            : definitions.length
              ? `Template columns: ${header.join(', ')}`
              : `No custom fields are defined for ${entity}s at this site: define one first.`}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap' }} useFlexGap>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
          Choose file
          <input
            ref={input}
            hidden
            type="file"
            accept={IMPORT_ACCEPT}
            // Choosing the same file again (fixed after a refusal) must count as a choice too.
            onClick={(e) => (e.currentTarget.value = '')}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            data-testid="custom-import-file"
          />
        </Button>
        <Typography variant="body2" data-testid="custom-import-file-name">
          {file ? `${file.name} (${fileSize(file.size)})` : 'No file chosen'}
        </Typography>
        <GuardedButton variant="contained" onClick={run} disabled={!file || Boolean(fileError) || busy} data-testid="custom-import-submit">
          Import {entity} values
        </GuardedButton>
      </Stack>
      {busy && (
        <Box sx={{ mt: 2, maxWidth: 640 }} data-testid="custom-import-progress" role="status">
          <LinearProgress />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Uploading {file?.name} and applying its rows…
          </Typography>
        </Box>
      )}
      {(fileError ?? error) && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="custom-import-error">
          {fileError ?? error}
        </Alert>
      )}
      {done && <ImportResultView result={done.result} fileName={done.fileName} definitions={done.result.entity_type === entity ? definitions : []} />}
    </Box>
  );
}
