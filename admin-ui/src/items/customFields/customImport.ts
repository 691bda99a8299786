// Importing custom field values from a file (itemCidPostCustomUpdateImport, docs/cid.md "Import"): what the API
// accepts, the template's header row, the client-side checks of a chosen file, the upload and how its answer reads.
import { apiUrl, httpClient, type Answer, type QueryParams } from '../../shared/api';
import { HttpError, SERVER_ERROR } from '../../shared/http';
import { fieldErrorsOf } from '../../ui';
import type { Definition, EntityType } from './customFields';

const IMPORT_PATH = '/V1/Item/CID/Custom/Update/Import';
export type ImportResult = Answer<typeof IMPORT_PATH, 'post'>;
export type ImportRefusal = ImportResult['refusals'][number];
type ImportQuery = QueryParams<typeof IMPORT_PATH, 'post'>;

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The file picker's filter. */
export const IMPORT_ACCEPT = `.csv,.xlsx,${CSV_TYPE},${XLSX_TYPE}`;
/** The API reads request bodies up to its max_body_bytes (8 MB by default) and answers 413 above it. */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** Rows of values one file may hold (the API's IMPORT_MAX_ROWS). */
export const IMPORT_MAX_ROWS = 10_000;
/** Refusals listed on the screen; all of them are in the refusals download. */
export const REFUSALS_SHOWN = 200;

/** The key column of each record kind: the code the template names, and the number the API also accepts. */
export const KEY_COLUMNS: Record<EntityType, { code: string; number: string }> = {
  CID: { code: 'cust_item_code', number: 'cid_no' },
  CIP: { code: 'cip_code', number: 'cip_no' },
};

export type ImportFileKind = 'csv' | 'xlsx';

/** A file's kind by its name (browsers disagree on the type of a .csv: text/csv, application/vnd.ms-excel, none). */
export function importFileKind(name: string): ImportFileKind | null {
  const extension = /\.([^./\\]+)$/.exec(name.trim())?.[1]?.toLowerCase();
  return extension === 'csv' ? 'csv' : extension === 'xlsx' ? 'xlsx' : null;
}

/** Why a chosen file cannot be imported (checked before anything is sent), or null. */
export function importFileError(file: Pick<File, 'name' | 'size'>): string | null {
  const kind = importFileKind(file.name);
  if (!kind) {
    const xls = /\.xls$/i.test(file.name.trim());
    return xls
      ? `'${file.name}' is an Excel 97-2003 workbook: save it as .xlsx (or .csv) and import that.`
      : `'${file.name}' is neither a .csv nor an .xlsx file: only those can be imported.`;
  }
  if (file.size === 0) return `'${file.name}' is empty: its first row must name the columns.`;
  if (file.size > IMPORT_MAX_BYTES) return `'${file.name}' is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB, the most one import may send.`;
  return null;
}

/**
 * The template's columns, as the API reads them: the record's code, then every custom field defined for the kind
 * at the site (hidden ones too: they keep values), in slot order, by label. A label the API would read as a slot
 * name (`custom7` on slot 3) is written as its own slot's name instead.
 */
export function templateHeader(entity: EntityType, definitions: readonly Pick<Definition, 'field_no' | 'label'>[]): string[] {
  const fields = [...definitions]
    .sort((a, b) => a.field_no - b.field_no)
    .map((d) => (/^\s*custom\d+\s*$/i.test(d.label) || !d.label.trim() ? `custom${d.field_no}` : d.label.trim()));
  return [KEY_COLUMNS[entity].code, ...fields];
}

/** A number as a spreadsheet reads it (`-5`, `+3.25`, `.5`, `1e-3`): it cannot hold a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote, a line break or outer spaces. A cell a
 * spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return) is neutralised with a
 * single quote in front, quoted; a plain number is left alone. The same rule as the API's CSV writer
 * (kernel::export::csv_cell, docs/security.md), and the import reads such a cell back as it was.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => cells.map(csvCell).join(',');

/** The template: the header row alone, UTF-8 with a byte-order mark so that Excel reads accented labels right. */
export function templateCsv(entity: EntityType, definitions: readonly Pick<Definition, 'field_no' | 'label'>[]): string {
  return `\uFEFF${csvLine(templateHeader(entity, definitions))}\r\n`;
}

export const templateFileName = (entity: EntityType): string => `custom-field-values-${entity}-template.csv`;

/** Every refusal of an answer as CSV (row, key, field, reason), for a list too long to read on the screen. */
export function refusalsCsv(result: Pick<ImportResult, 'refusals'>): string {
  const lines = [csvLine(['row', 'key', 'field', 'error']), ...result.refusals.map((r) => csvLine([r.row, r.key, r.field, r.error]))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** '2 rows: 1 applied, 1 refused.' */
export function importSummary(result: Pick<ImportResult, 'total_rows' | 'applied_rows' | 'refused_rows'>): string {
  if (result.total_rows === 0) return 'The file holds no rows of values: nothing was changed.';
  return `${rows(result.total_rows)}: ${result.applied_rows} applied, ${result.refused_rows} refused.`;
}

/** The rows of a refused file cannot be read as text. */
export class ImportFileRefused extends Error {}

/** A file's content (FileReader: every browser, and jsdom, which has no Blob.arrayBuffer). */
function readBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new ImportFileRefused(`'${file.name}' could not be read.`));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The body the API takes: a CSV as its UTF-8 text, a workbook as it is. A CSV that is not UTF-8 (Excel's plain
 * "CSV (Comma delimited)" on Windows) is refused here, since the API reads text as UTF-8.
 */
export async function importBody(file: File): Promise<{ body: string | Blob; contentType: string }> {
  if (importFileKind(file.name) === 'xlsx') return { body: file, contentType: XLSX_TYPE };
  const bytes = await readBytes(file);
  try {
    return { body: new TextDecoder('utf-8', { fatal: true }).decode(bytes), contentType: CSV_TYPE };
  } catch {
    throw new ImportFileRefused(`'${file.name}' is not UTF-8 text: in Excel save it as "CSV UTF-8 (Comma delimited)" or as .xlsx.`);
  }
}

/** Sends the file to the import of the current site; the caller shows every error (no toasts, no field errors). */
export async function uploadImport(entity: EntityType, file: File): Promise<ImportResult> {
  const { body, contentType } = await importBody(file);
  const query: ImportQuery = { entity_type: entity };
  const { json } = await httpClient(apiUrl(IMPORT_PATH, null, query), {
    method: 'POST',
    body,
    headers: { 'Content-Type': contentType },
    quiet: true,
  });
  return json as ImportResult;
}

/**
 * What to say about a failed import: the API's messages (400: the file's problems, 413: too large, 404, 409),
 * else the client's message. A 401 ends the session (the client signs out); a 503 shows the offline dialog.
 */
export function importErrorText(error: unknown): string {
  if (error instanceof ImportFileRefused) return error.message;
  const { fields, form } = fieldErrorsOf(error);
  const lines = [...Object.values(fields), ...(form ? [form] : [])];
  if (lines.length) return lines.join('\n');
  // 403 ('You do not have permission: ItemEdit'), 5xx and a server not reached: the client's message.
  return error instanceof HttpError && error.message ? error.message : SERVER_ERROR;
}
