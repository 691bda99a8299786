import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DataGrid } from './DataGrid';
import { on } from '../shared/events';

const COLUMNS = [
  { field: 'release_number', header: 'Release Number', configurable: false },
  { field: 'release_title', header: 'Title', truncate: true },
  { field: 'release_date', header: 'Date', kind: 'date' },
  { field: 'approved_by_user', header: 'Approved By', defaultDisplayed: false },
];

function json(body, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function rows(from, count) {
  return Array.from({ length: count }, (_, i) => ({
    release_id: from + i,
    release_number: `8.${from + i}`,
    release_title: i === 0 ? 'T'.repeat(60) : `Release ${from + i}`,
    release_date: '2026-03-05',
  }));
}

describe('DataGrid', () => {
  let fetchMock;
  let settings;
  let toasts;
  let off;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    settings = [];
    toasts = [];
    off = on('notify', (t) => toasts.push(t));
    fetchMock = vi.fn(async (url, init) => {
      if (url === '/api/V1/Presentation/UserSettings') return json(settings);
      if (url === '/api/V1/Presentation/UpdateUserSettings') return json({ message: 'User settings saved!' });
      if (String(url).startsWith('/api/V1/Presentation/UserSetting?key=')) return json({ message: 'User setting cleared!' });
      if (url === '/x/Search/Export') {
        return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
  });

  function setup({ total = 25, limited = false } = {}) {
    const load = vi.fn(async (req) => ({
      itemList: rows(req.pageNumber * req.pageSize + 1, Math.min(req.pageSize, Math.max(0, total - req.pageNumber * req.pageSize))),
      totalCount: total,
      limited,
      limitMessage: limited ? 'This search was limited to the first 5000 matching rows. Your results may not be complete.' : null,
    }));
    render(
      <DataGrid
        id="g"
        settingsKey="aspReleases"
        columns={COLUMNS}
        defaultSort={{ field: 'release_number', direction: 'desc' }}
        load={load}
        exportPath="/x/Search/Export"
        rowKey="release_id"
      />,
    );
    return load;
  }

  it('loads page 1 (pageNumber 0) with the default sort and shows the records text', async () => {
    const load = setup();
    await waitFor(() => expect(screen.getByTestId('g-pager-text').textContent).toBe('Records 1 - 10 of 25'));
    expect(load).toHaveBeenCalledWith({ pageNumber: 0, pageSize: 10, sortField: 'release_number', sortDirection: 'desc' });
    expect(screen.getAllByTestId('g-row')).toHaveLength(10);
    // defaults: the not-displayed column is absent
    expect(screen.queryByTestId('g-header-approved_by_user')).toBeNull();
    // long text is cut to 50 characters
    expect(screen.getAllByTestId('g-cell-release_title')[0].textContent).toBe(`${'T'.repeat(50)}...`);
    expect(screen.getAllByTestId('g-cell-release_date')[0].textContent).toBe('03/05/2026');
  });

  it('pages with 1-based links and goes back to page 1 when the sort changes', async () => {
    const load = setup();
    await screen.findByText('Records 1 - 10 of 25');
    fireEvent.click(screen.getByTestId('g-page-3'));
    await screen.findByText('Records 21 - 25 of 25');
    expect(load).toHaveBeenLastCalledWith({ pageNumber: 2, pageSize: 10, sortField: 'release_number', sortDirection: 'desc' });
    expect(screen.getByTestId('g-page-next').disabled).toBe(true);

    fireEvent.click(screen.getByTestId('g-sort-release_title'));
    await screen.findByText('Records 1 - 10 of 25');
    expect(load).toHaveBeenLastCalledWith({ pageNumber: 0, pageSize: 10, sortField: 'release_title', sortDirection: 'asc' });
    expect(screen.getByTestId('g-page-prev').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('g-sort-release_title'));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ pageNumber: 0, pageSize: 10, sortField: 'release_title', sortDirection: 'desc' }),
    );
  });

  it('says No Records and Showing all n records', async () => {
    setup({ total: 0 });
    await waitFor(() => expect(screen.getByTestId('g-pager-text').textContent).toBe('No Records'));
  });

  it('uses the stored page length, columns and default sort', async () => {
    settings = [
      { setting_key: 'aspReleases.displayedColumns', setting_value: '["approved_by_user","release_title"]' },
      { setting_key: 'aspReleases.availableColumns', setting_value: '["release_date"]' },
      { setting_key: 'aspReleases.pageLength', setting_value: '20' },
      { setting_key: 'aspReleases.defaultSortField', setting_value: 'release_title' },
    ];
    const load = setup({ total: 8 });
    await waitFor(() => expect(screen.getByTestId('g-pager-text').textContent).toBe('Showing all 8 records'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith({ pageNumber: 0, pageSize: 20, sortField: 'release_title', sortDirection: 'asc' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Release Number', 'Approved By', 'Title']);
  });

  it('shows the row-limit banner and its info dialog', async () => {
    setup({ total: 5000, limited: true });
    const banner = await screen.findByTestId('g-row-limit');
    expect(banner.textContent).toContain('This search was limited to the first 5000 matching rows. Your results may not be complete.');
    fireEvent.click(screen.getByTestId('g-row-limit-info'));
    expect(within(await screen.findByTestId('row-limit-dialog')).getByText('ASP Search Row Limit')).toBeTruthy();
  });

  it('exports the displayed columns to the /Export twin as AspExport.xlsx', async () => {
    const created = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record() {
      created.push(this.download);
    });
    setup();
    await screen.findByText('Records 1 - 10 of 25');
    fireEvent.click(screen.getByTestId('g-export'));
    await waitFor(() => expect(created).toEqual(['AspExport.xlsx']));
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/x/Search/Export');
    expect(JSON.parse(init.body)).toEqual({
      pageNumber: 0,
      pageSize: 10,
      sortField: 'release_number',
      sortDirection: 'desc',
      columns: [
        { header: 'Release Number', field: 'release_number', kind: 'text' },
        { header: 'Title', field: 'release_title', kind: 'text' },
        { header: 'Date', field: 'release_date', kind: 'date' },
      ],
    });
    // double-click protection: a second click at once is ignored
    fireEvent.click(screen.getByTestId('g-export'));
    expect(screen.getByTestId('g-export').getAttribute('data-click-guard')).toBe('on');
    click.mockRestore();
  });

  it('saves and clears the column configuration with the spec messages', async () => {
    setup();
    await screen.findByText('Records 1 - 10 of 25');
    fireEvent.click(screen.getByTestId('g-config-toggle'));
    await screen.findByTestId('g-config-panel');
    fireEvent.click(screen.getByTestId('g-config-show-approved_by_user'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('g-config-save'));
    });
    await waitFor(() => expect(toasts).toContainEqual({ message: 'User setting saved!', type: 'success' }));
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/V1/Presentation/UpdateUserSettings');
    expect(JSON.parse(init.body)[0]).toEqual({
      setting_key: 'aspReleases.displayedColumns',
      setting_value: '["release_title","release_date","approved_by_user"]',
    });
    await screen.findByTestId('g-header-approved_by_user');

    fireEvent.click(screen.getByTestId('g-config-toggle'));
    await screen.findByTestId('g-config-panel');
    await act(async () => {
      fireEvent.click(screen.getByTestId('g-config-clear'));
    });
    await waitFor(() => expect(toasts).toContainEqual({ message: 'User setting cleared!', type: 'success' }));
    const deletes = fetchMock.mock.calls.filter(([, i]) => i?.method === 'DELETE').map(([u]) => decodeURIComponent(u.split('key=')[1]));
    expect(deletes.sort()).toEqual([
      'aspReleases.availableColumns',
      'aspReleases.defaultSortDirection',
      'aspReleases.defaultSortField',
      'aspReleases.displayedColumns',
      'aspReleases.pageLength',
    ]);
    await waitFor(() => expect(screen.queryByTestId('g-header-approved_by_user')).toBeNull());
  });
});
