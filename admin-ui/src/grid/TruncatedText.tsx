import { Tooltip } from '@mui/material';
import { TRUNCATE_AT, truncateText } from '../shared/format';

/** Text cut to 50 characters with the full text in a tooltip. */
export function TruncatedText({ value, max = TRUNCATE_AT }: { value: unknown; max?: number }) {
  const { text, truncated, full } = truncateText(value, max);
  if (!truncated) return <span>{text}</span>;
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{full}</span>}>
      <span data-truncated="true">{text}</span>
    </Tooltip>
  );
}
