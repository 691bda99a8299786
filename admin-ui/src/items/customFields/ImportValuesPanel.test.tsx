import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { userContextStore, type UserContext } from '../../lib/userContext';
import { UserContextProvider } from '../../shell/UserContextProvider';
import { on } from '../../shared/events';
import { CustomFieldsPage } from './CustomFieldsPage';
import { ImportResultView } from './ImportValuesPanel';
import type { ImportResult } from './customImport';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function context(permissions: string[]): UserContext {
  return {
    currentUser: { asp_users_id: 1, user_id: 'admin', fname: 'Ada', lname: 'Admin', supplier_portal_user: false, customer_portal_user: false, fss_employee: true, first_time_user: false, password_expired: false },
    currentSite: { site_id: 1, siteCode: 'ACME-NORTH', site_name: 'North', erpTypeID: 7, client_id: 1, client_code: 'ACME', app_type: 0, show_ctb_usage: false, asp8_rfq: true, customer_portal_catalog: false },
    availableSites: [],
    permissions: permissions.map((permission_name, i) => ({ permission_name, security_permission_id: i + 1 })),
    aspUserSettings: [],
    isPunchinUser: false,
    menuItems: [],
    aspShortcuts: [],
    appType: 0,
  } as unknown as UserContext;
}

const definition = (entity_type: string, field_no: number, label: string, field_type: string) => ({
  custom_field_definition_id: field_no + (entity_type === 'CIP' ? 100 : 0),
  site_id: 1,
  entity_type,
  field_no,
  label,
  field_type,
  is_required: false,
  is_visible: true,
  max_length: null,
});
const DEFINITIONS: Record<string, ReturnType<typeof definition>[]> = {
  CID: [definition('CID', 1, 'Storeroom Zone', 'list'), definition('CID', 3, 'Buyer Note', 'text')],
  CIP: [definition('CIP', 2, 'Shelf Capacity', 'number'), definition('CIP', 1, 'Count Frequency', 'list')],
};

const RESULT: ImportResult = {
  entity_type: 'CIP',
  total_rows: 3,
  applied_rows: 1,
  refused_rows: 2,
  refusals: [
    { row: 3, key: 'NO-SUCH-CIP', field: 'cip_code', error: "No CIP of this site has cip_code 'NO-SUCH-CIP'." },
    { row: 4, key: 'BRG-6204-2RS', field: 'custom2', error: "Shelf Capacity: 'lots' is not a number." },
  ],
};

function renderPage() {
  return render(
    <AdminContext dataProvider={testDataProvider()}>
      <UserContextProvider>
        <CustomFieldsPage />
      </UserContextProvider>
    </AdminContext>,
  );
}

/** Reads a Blob the page offered for download (jsdom's Blob has no text()). */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('ImportResultView', () => {
  it('shows the counts and every refused row with its row number, record, field and reason as the API gave them', () => {
    render(<ImportResultView result={RESULT} fileName="values.csv" definitions={DEFINITIONS.CIP} />);
    expect(screen.getByTestId('custom-import-summary').textContent).toBe('3 rows: 1 applied, 2 refused.');
    const rows = screen.getAllByTestId('custom-import-refusal');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['3', 'NO-SUCH-CIP', 'cip_code', "No CIP of this site has cip_code 'NO-SUCH-CIP'."],
      ['4', 'BRG-6204-2RS', 'custom2', "Shelf Capacity: 'lots' is not a number."],
    ]);
    expect(rows.map((r) => r.getAttribute('data-row'))).toEqual(['3', '4']);
    // The slot's label is at hand on the field.
    expect(within(rows[1]).getByTestId('custom-import-refusal-field').getAttribute('title')).toBe('Shelf Capacity');
  });

  it('shows no table when every row was applied', () => {
    render(<ImportResultView result={{ entity_type: 'CID', total_rows: 2, applied_rows: 2, refused_rows: 0, refusals: [] }} />);
    expect(screen.getByTestId('custom-import-summary').textContent).toBe('2 rows: 2 applied, 0 refused.');
    expect(screen.queryByTestId('custom-import-refusals')).toBeNull();
  });

  it('lists the first 200 reasons and offers them all as CSV', () => {
    const refusals = Array.from({ length: 250 }, (_, i) => ({ row: i + 2, key: `K${i}`, field: 'cust_item_code', error: 'No CID.' }));
    render(<ImportResultView result={{ entity_type: 'CID', total_rows: 250, applied_rows: 0, refused_rows: 250, refusals }} />);
    expect(screen.getAllByTestId('custom-import-refusal')).toHaveLength(200);
    expect(screen.getByTestId('custom-import-refusals-more').textContent).toBe('The first 200 of 250 reasons are shown.');
    expect(screen.getByTestId('custom-import-refusals-download')).toBeTruthy();
  });
});

describe("Custom Fields' Import values tab", () => {
  let fetchMock: Mock;
  let importAnswer: () => Promise<Response>;
  let toasts: { message: string; type: string }[];
  let off: () => void;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    toasts = [];
    off = on('notify', (t) => toasts.push(t));
    importAnswer = async () => json(RESULT);
    fetchMock = vi.fn(async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/V1/Item/CIP/Custom/Definitions') {
        const entity = u.searchParams.get('entity_type') ?? 'CIP';
        return json({ entity_type: entity, site_id: 1, definitions: DEFINITIONS[entity] });
      }
      if (u.pathname === '/api/V1/Item/CID/Custom/Update/Import') return importAnswer();
      return json({ message: 'not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    userContextStore.clear();
  });

  const importCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/Custom/Update/Import'));
  const choose = (file: File) => fireEvent.change(screen.getByTestId('custom-import-file'), { target: { files: [file] } });
  const submit = () => screen.getByTestId('custom-import-submit') as HTMLButtonElement;

  it('is offered only to holders of ItemEdit, the permission the import requires', async () => {
    userContextStore.set(context(['BasicAccess', 'CustomFieldAdmin']));
    const { unmount } = renderPage();
    await screen.findByTestId('custom-fields-panel-CID');
    expect(screen.queryByTestId('custom-fields-tab-import')).toBeNull();
    unmount();

    userContextStore.set(context(['BasicAccess', 'ItemEdit']));
    renderPage();
    fireEvent.click(screen.getByTestId('custom-fields-tab-import'));
    await screen.findByTestId('custom-import-panel');
    // Without CustomFieldAdmin the definitions stay read-only.
    fireEvent.click(screen.getByTestId('custom-fields-tab-CID'));
    await screen.findByTestId('custom-fields-panel-CID');
    expect(screen.queryByTestId('custom-field-add')).toBeNull();
  });

  it("offers a CSV template with the API's header row for the chosen record kind", async () => {
    const saved: { name: string; blob: Blob }[] = [];
    let last: Blob | null = null;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      last = blob;
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: last! });
    });
    userContextStore.set(context(['BasicAccess', 'ItemEdit']));
    renderPage();
    fireEvent.click(screen.getByTestId('custom-fields-tab-import'));
    fireEvent.click(await screen.findByTestId('custom-import-entity-CIP'));
    await waitFor(() => expect(screen.getByTestId('custom-import-columns').textContent).toBe('Template columns: cip_code, Count Frequency, Shelf Capacity'));
    fireEvent.click(screen.getByTestId('custom-import-template'));
    expect(saved.map((s) => s.name)).toEqual(['custom-field-values-CIP-template.csv']);
    // FileReader drops the byte-order mark when it decodes.
    expect(await blobText(saved[0]!.blob)).toBe('cip_code,Count Frequency,Shelf Capacity\r\n');
    expect(saved[0]!.blob.size).toBe(3 + 'cip_code,Count Frequency,Shelf Capacity\r\n'.length);
  });

  it('uploads the chosen file, shows progress while the API works, then the refused rows', async () => {
    let answer: (r: Response) => void = () => undefined;
    importAnswer = () => new Promise<Response>((resolve) => (answer = resolve));
    userContextStore.set(context(['BasicAccess', 'ItemEdit']));
    renderPage();
    fireEvent.click(screen.getByTestId('custom-fields-tab-import'));
    fireEvent.click(await screen.findByTestId('custom-import-entity-CIP'));
    expect(submit().disabled).toBe(true);

    choose(new File(['cip_code,Shelf Capacity\nBRG-6204-2RS,40\nNO-SUCH-CIP,5\nBRG-6204-2RS,lots\n'], 'values.csv', { type: 'text/csv' }));
    expect(screen.getByTestId('custom-import-file-name').textContent).toMatch(/^values\.csv \(\d+ B\)$/);
    fireEvent.click(submit());

    await screen.findByTestId('custom-import-progress');
    await waitFor(() => expect(importCalls()).toHaveLength(1));
    const [url, init] = importCalls()[0]!;
    expect(url).toBe('/api/V1/Item/CID/Custom/Update/Import?entity_type=CIP');
    expect((init.headers as Headers).get('Content-Type')).toBe('text/csv');
    expect(init.body).toBe('cip_code,Shelf Capacity\nBRG-6204-2RS,40\nNO-SUCH-CIP,5\nBRG-6204-2RS,lots\n');
    expect(screen.getByTestId('custom-import-entity-CID').hasAttribute('disabled')).toBe(true);

    answer(json(RESULT));
    await screen.findByTestId('custom-import-result');
    expect(screen.queryByTestId('custom-import-progress')).toBeNull();
    expect(screen.getByTestId('custom-import-summary').textContent).toBe('3 rows: 1 applied, 2 refused.');
    expect(screen.getAllByTestId('custom-import-refusal').map((r) => r.getAttribute('data-field'))).toEqual(['cip_code', 'custom2']);
    // The result is said on the screen, not in a toast.
    expect(toasts).toEqual([]);
    expect(screen.getByTestId('custom-import-file-name').textContent).toBe('No file chosen');
  });

  it('refuses a file of another type before sending anything', async () => {
    userContextStore.set(context(['BasicAccess', 'ItemEdit']));
    renderPage();
    fireEvent.click(screen.getByTestId('custom-fields-tab-import'));
    await screen.findByTestId('custom-import-panel');
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('custom-import-error').textContent).toBe("'notes.txt' is neither a .csv nor an .xlsx file: only those can be imported.");
    expect(submit().disabled).toBe(true);
    expect(importCalls()).toHaveLength(0);
  });

  it("shows the API's reasons for a refused file, without a toast", async () => {
    importAnswer = async () =>
      json(
        {
          status: 400,
          message: 'The request is invalid.',
          errors: [{ field: 'file', errorType: 'keyColumn', error: 'The first column must be cust_item_code or cid_no.' }],
          requestId: 'r1',
        },
        400,
      );
    userContextStore.set(context(['BasicAccess', 'ItemEdit']));
    renderPage();
    fireEvent.click(screen.getByTestId('custom-fields-tab-import'));
    await screen.findByTestId('custom-import-panel');
    choose(new File(['cip_code,Shelf Capacity\nBRG-6204-2RS,40\n'], 'values.csv'));
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByTestId('custom-import-error').textContent).toBe('The first column must be cust_item_code or cid_no.'));
    expect(importCalls()[0]![0]).toBe('/api/V1/Item/CID/Custom/Update/Import?entity_type=CID');
    expect(screen.queryByTestId('custom-import-result')).toBeNull();
    expect(toasts).toEqual([]);
    // The file may be sent again (after fixing it, or when the server was the trouble).
    expect(submit().disabled).toBe(false);
  });

  it('shows the 413 answer for a file the API finds too large', async () => {
    const message = 'The request is too large: at most 8 MB.';
    importAnswer = async () => json({ status: 413, message, errors: [{ field: 'Error', errorType: 'tooLarge', error: message }], requestId: 'r2' }, 413);
    userContextStore.set(context(['BasicAccess', 'ItemEdit']));
    renderPage();
    fireEvent.click(screen.getByTestId('custom-fields-tab-import'));
    await screen.findByTestId('custom-import-panel');
    choose(new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'values.xlsx'));
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByTestId('custom-import-error').textContent).toBe(message));
    expect((importCalls()[0]![1].headers as Headers).get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});
