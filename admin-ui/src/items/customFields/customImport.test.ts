import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError } from '../../shared/http';
import {
  IMPORT_MAX_BYTES,
  XLSX_TYPE,
  csvLine,
  importErrorText,
  importFileError,
  importFileKind,
  importSummary,
  refusalsCsv,
  templateCsv,
  templateFileName,
  templateHeader,
  uploadImport,
} from './customImport';

// The demo's fields at every site (api/src/seed/custom_fields.rs), deliberately out of slot order.
const CID_FIELDS = [
  { field_no: 3, label: 'Buyer Note' },
  { field_no: 1, label: 'Storeroom Zone' },
  { field_no: 2, label: 'Last Engineering Review' },
];
const CIP_FIELDS = [
  { field_no: 2, label: 'Shelf Capacity' },
  { field_no: 1, label: 'Count Frequency' },
];

describe('the import template', () => {
  it('names the record key first, then every field by label in slot order', () => {
    expect(templateHeader('CID', CID_FIELDS)).toEqual(['cust_item_code', 'Storeroom Zone', 'Last Engineering Review', 'Buyer Note']);
    expect(templateHeader('CIP', CIP_FIELDS)).toEqual(['cip_code', 'Count Frequency', 'Shelf Capacity']);
    expect(templateHeader('CIP', [])).toEqual(['cip_code']);
  });

  it('writes a label the API would take for another slot as its own slot name', () => {
    // The API reads `custom<n>` as slot n before it looks at labels.
    expect(templateHeader('CID', [{ field_no: 3, label: 'Custom7' }, { field_no: 4, label: 'Bin, Row "A"' }])).toEqual(['cust_item_code', 'custom3', 'Bin, Row "A"']);
  });

  it('is one CSV header line, UTF-8 with a byte-order mark, cells quoted where CSV needs it', () => {
    expect(templateCsv('CID', CID_FIELDS)).toBe('\uFEFFcust_item_code,Storeroom Zone,Last Engineering Review,Buyer Note\r\n');
    expect(templateCsv('CID', [{ field_no: 4, label: 'Bin, Row "A"' }])).toBe('\uFEFFcust_item_code,"Bin, Row ""A"""\r\n');
    expect(templateFileName('CIP')).toBe('custom-field-values-CIP-template.csv');
  });

  it('csvLine leaves plain cells alone and quotes commas, quotes, line breaks and outer spaces', () => {
    expect(csvLine(['a', 2, null, undefined, 'b c'])).toBe('a,2,,,b c');
    expect(csvLine(['x,y', 'say "hi"', 'two\nlines', ' pad'])).toBe('"x,y","say ""hi""","two\nlines"," pad"');
  });

  it('csvLine neutralises cells a spreadsheet would run as a formula and leaves numbers alone', () => {
    expect(csvLine(['=HYPERLINK("http://evil.example","x")', '+1+1', '@SUM(A1)', '\tx', '-2+3+cmd'])).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")","'+1+1","'@SUM(A1)","'\tx","'-2+3+cmd"`,
    );
    expect(csvLine(['-5', -5, '+3.25', '1e-3', 'a=b'])).toBe('-5,-5,+3.25,1e-3,a=b');
  });
});

describe('the chosen file', () => {
  it('is a .csv or an .xlsx by its name, whatever the browser calls its type', () => {
    expect(importFileKind('values.csv')).toBe('csv');
    expect(importFileKind('VALUES.CSV')).toBe('csv');
    expect(importFileKind('book.v2.xlsx')).toBe('xlsx');
    expect(importFileKind('book.xls')).toBeNull();
    expect(importFileKind('notes.txt')).toBeNull();
    expect(importFileKind('csv')).toBeNull();
  });

  it('is refused before sending when of another type, empty or too large', () => {
    expect(importFileError({ name: 'values.csv', size: 10 })).toBeNull();
    expect(importFileError({ name: 'values.xlsx', size: IMPORT_MAX_BYTES })).toBeNull();
    expect(importFileError({ name: 'notes.txt', size: 10 })).toBe("'notes.txt' is neither a .csv nor an .xlsx file: only those can be imported.");
    expect(importFileError({ name: 'old.xls', size: 10 })).toMatch(/Excel 97-2003 workbook: save it as \.xlsx/);
    expect(importFileError({ name: 'values.csv', size: 0 })).toBe("'values.csv' is empty: its first row must name the columns.");
    expect(importFileError({ name: 'big.csv', size: IMPORT_MAX_BYTES + 1 })).toBe("'big.csv' is larger than 8 MB, the most one import may send.");
  });
});

describe('the answer', () => {
  it('sums up the rows', () => {
    expect(importSummary({ total_rows: 2, applied_rows: 1, refused_rows: 1 })).toBe('2 rows: 1 applied, 1 refused.');
    expect(importSummary({ total_rows: 1, applied_rows: 1, refused_rows: 0 })).toBe('1 row: 1 applied, 0 refused.');
    expect(importSummary({ total_rows: 0, applied_rows: 0, refused_rows: 0 })).toBe('The file holds no rows of values: nothing was changed.');
  });

  it('gives every refusal as CSV', () => {
    const csv = refusalsCsv({
      refusals: [
        { row: 3, key: 'NOPE-1', field: 'cust_item_code', error: "No CID of this site has cust_item_code 'NOPE-1'." },
        { row: 4, key: null, field: 'custom2', error: 'Not a date, e.g. 2025-01-31' },
      ],
    });
    expect(csv).toBe(
      "\uFEFFrow,key,field,error\r\n3,NOPE-1,cust_item_code,No CID of this site has cust_item_code 'NOPE-1'.\r\n4,,custom2,\"Not a date, e.g. 2025-01-31\"\r\n",
    );
  });
});

describe('importErrorText', () => {
  const apiError = (status: number, message: string, errors: { field: string; errorType: string; error: string }[] = []) =>
    new HttpError(message, status, { message }, errors);

  it("says the API's reasons for a refused file", () => {
    const error = apiError(400, 'The request is invalid.', [
      { field: 'file', errorType: 'unknownColumn', error: "Column 'Colour' is not a custom field of CIDs at this site." },
      { field: 'file', errorType: 'unknownColumn', error: "Column 'Size' is not a custom field of CIDs at this site." },
    ]);
    expect(importErrorText(error)).toBe("Column 'Colour' is not a custom field of CIDs at this site.\nColumn 'Size' is not a custom field of CIDs at this site.");
  });

  it('says what the API said for a body that is too large, a missing permission and a server failure', () => {
    const tooLarge = 'The request is too large: at most 8 MB.';
    expect(importErrorText(apiError(413, tooLarge, [{ field: 'Error', errorType: 'tooLarge', error: tooLarge }]))).toBe(tooLarge);
    expect(importErrorText(apiError(403, 'You do not have permission: ItemEdit'))).toBe('You do not have permission: ItemEdit');
    expect(importErrorText(apiError(500, 'Error communicating with the server.'))).toBe('Error communicating with the server.');
    expect(importErrorText(new TypeError('boom'))).toBe('Error communicating with the server.');
  });
});

describe('uploadImport', () => {
  let fetchMock: Mock<typeof fetch>;
  const answer = { entity_type: 'CIP', total_rows: 1, applied_rows: 1, refused_rows: 0, refusals: [] };
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a CSV as its text (text/csv) to the import of the chosen record kind', async () => {
    const file = new File(['\uFEFFcip_code,Shelf Capacity\r\nBRG-6204-2RS,40\r\n'], 'values.csv', { type: 'application/vnd.ms-excel' });
    await expect(uploadImport('CIP', file)).resolves.toEqual(answer);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/V1/Item/CID/Custom/Update/Import?entity_type=CIP');
    expect(init!.method).toBe('POST');
    expect((init!.headers as Headers).get('Content-Type')).toBe('text/csv');
    expect((init!.headers as Headers).get('Authorization')).toBe('Bearer tok');
    expect(init!.body).toBe('cip_code,Shelf Capacity\r\nBRG-6204-2RS,40\r\n');
  });

  it('sends a workbook as it is', async () => {
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'values.xlsx');
    await uploadImport('CID', file);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/V1/Item/CID/Custom/Update/Import?entity_type=CID');
    expect((init!.headers as Headers).get('Content-Type')).toBe(XLSX_TYPE);
    expect(init!.body).toBe(file);
  });

  it('refuses a CSV that is not UTF-8 without sending it', async () => {
    // 'Café' in Windows-1252.
    const file = new File([new Uint8Array([0x43, 0x61, 0x66, 0xe9])], 'latin.csv');
    const error = await uploadImport('CID', file).catch((e: unknown) => e);
    expect(importErrorText(error)).toBe(`'latin.csv' is not UTF-8 text: in Excel save it as "CSV UTF-8 (Comma delimited)" or as .xlsx.`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
