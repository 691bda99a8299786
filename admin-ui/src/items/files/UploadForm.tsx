import { useRef, useState, type InputHTMLAttributes } from 'react';
import { Alert, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { notify } from '../../shared/events';
import { GuardedButton } from '../../grid/GuardedButton';
import { fieldErrorsOf } from '../../ui';
import { FILE_TYPES, MAX_UPLOAD_BYTES, fileSize, uploadFile, type FileEntityType, type FileRecord } from './files';

/** Upload a file (or image) to a CID or CIP: File/Insert; the API sniffs the content and refuses what it must. */
export function UploadForm({ entityType, entityId, onUploaded }: { entityType: FileEntityType; entityId: number; onUploaded: (file: FileRecord) => void }) {
  const input = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [defaultImage, setDefaultImage] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | null) => {
    setError(chosen && chosen.size > MAX_UPLOAD_BYTES ? `The file is larger than ${fileSize(MAX_UPLOAD_BYTES)}.` : null);
    setFile(chosen);
  };
  const upload = async () => {
    if (!file || error) return;
    setBusy(true);
    try {
      const saved = await uploadFile({ entityType, entityId, file, description, defaultImage });
      notify(`${saved.file_name} uploaded.`, 'success');
      setFile(null);
      setDescription('');
      setDefaultImage(false);
      if (input.current) input.current.value = '';
      onUploaded(saved);
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setError([...Object.values(fields), ...(form ? [form] : [])].join('\n') || null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} data-testid="file-upload">
      <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap' }} useFlexGap>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          Choose file
          <input
            ref={input}
            hidden
            type="file"
            accept={FILE_TYPES}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            data-testid="file-upload-input"
          />
        </Button>
        <Typography variant="body2" data-testid="file-upload-name">
          {file ? `${file.name} (${fileSize(file.size)})` : 'No file chosen'}
        </Typography>
        <TextField
          size="small"
          label="Description"
          sx={{ width: 260 }}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'file-upload-description' } as InputHTMLAttributes<HTMLInputElement> }}
        />
        <FormControlLabel
          label="Default image"
          control={
            <Checkbox
              checked={defaultImage}
              onChange={(e) => setDefaultImage(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'file-upload-default' } as InputHTMLAttributes<HTMLInputElement> }}
            />
          }
        />
        <GuardedButton variant="contained" onClick={upload} disabled={!file || Boolean(error) || busy} data-testid="file-upload-submit">
          Upload
        </GuardedButton>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="file-upload-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
