// The history tab's text of an audited change: `{field: {from, to}}` for an update ('min_qty: 4 → 6'), the record's
// fields for a create or delete ('min_qty: 4').

const text = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const isChange = (value: unknown): value is { from?: unknown; to?: unknown } =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value) && ('from' in (value as object) || 'to' in (value as object));

export function auditLines(changes: unknown): string[] {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return changes === null || changes === undefined ? [] : [text(changes)];
  return Object.entries(changes as Record<string, unknown>).map(([field, value]) =>
    isChange(value) ? `${field}: ${text(value.from)} → ${text(value.to)}` : `${field}: ${text(value)}`,
  );
}
