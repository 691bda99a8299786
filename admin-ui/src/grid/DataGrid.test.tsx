import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { AdminContext, memoryStore, useListContext } from 'react-admin';
import { DataGrid } from './DataGrid';
import { GridList, WholeGridList, type GridListProps } from './GridList';
import type { GridColumn } from './types';
import { useRunSearch } from './useRunSearch';
import { dataProvider } from '../dataProvider';
import { on, type Toast } from '../shared/events';

const COLUMNS: GridColumn[] = [
  { field: 'release_number', header: 'Release Number', configurable: false },
  { field: 'release_title', header: 'Title', truncate: true },
  { field: 'release_date', header: 'Date', kind: 'date' },
  { field: 'approved_by_user', header: 'Approved By', defaultDisplayed: false },
];
const SEARCH = '/api/V1/DevOps/Release/Search';
const LIMIT_MESSAGE = 'This search was limited to the first 5000 matching rows. Your results may not be complete.';

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function rows(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    release_id: from + i,
    release_number: `8.${from + i}`,
    release_title: i === 0 ? 'T'.repeat(60) : `Release ${from + i}`,
    release_date: '2026-03-05',
    major_release: true,
  }));
}

type Body = Record<string, unknown>;

describe('DataGrid in a react-admin list', () => {
  let fetchMock: Mock;
  let settings: { setting_key: string; setting_value: string }[];
  let toasts: Toast[];
  let off: () => void;
  let total: number;
  let limited: boolean;
  let failSearch: boolean;

  const bodiesTo = (url: string): Body[] =>
    fetchMock.mock.calls.filter(([u]) => u === url).map(([, init]) => JSON.parse(String(init.body)) as Body);
  const searches = () => bodiesTo(SEARCH);

  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    settings = [];
    toasts = [];
    total = 25;
    limited = false;
    failSearch = false;
    off = on('notify', (t) => toasts.push(t));
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/V1/Presentation/UserSettings') return json(settings);
      if (url === '/api/V1/Presentation/UpdateUserSettings') return json({ message: 'User settings saved!' });
      if (url.startsWith('/api/V1/Presentation/UserSetting?key=')) return json({ message: 'User setting cleared!' });
      if (url === SEARCH) {
        if (failSearch) return json({ status: 500, message: 'boom' }, 500);
        const req = JSON.parse(String(init?.body)) as { pageNumber: number; pageSize: number };
        const count = Math.min(req.pageSize, Math.max(0, total - req.pageNumber * req.pageSize));
        return json({ itemList: rows(req.pageNumber * req.pageSize + 1, count), totalCount: total, limited, limitMessage: limited ? LIMIT_MESSAGE : undefined });
      }
      if (url === `${SEARCH}/Export`) {
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

  function setup(props: Partial<GridListProps> = {}) {
    return render(
      <AdminContext dataProvider={dataProvider} store={memoryStore()}>
        <GridList
          resource="releases"
          settingsKey="aspReleases"
          columns={COLUMNS}
          defaultSort={{ field: 'release_number', direction: 'desc' }}
          {...props}
        >
          <DataGrid id="g" exportable />
        </GridList>
      </AdminContext>,
    );
  }
  const pagerText = () => screen.getByTestId('g-pager-text').textContent;

  it('loads page 1 (pageNumber 0) with the default sort and shows the records text', async () => {
    setup();
    await waitFor(() => expect(pagerText()).toBe('Records 1 - 10 of 25'));
    expect(searches()).toEqual([{ pageNumber: 0, pageSize: 10, sortField: 'release_number', sortDirection: 'desc' }]);
    expect(screen.getAllByTestId('g-row')).toHaveLength(10);
    expect(screen.getAllByTestId('g-row')[0]?.getAttribute('data-row-key')).toBe('1');
    // defaults: the not-displayed column is absent
    expect(screen.queryByTestId('g-header-approved_by_user')).toBeNull();
    // long text is cut to 50 characters
    expect(screen.getAllByTestId('g-cell-release_title')[0]?.textContent).toBe(`${'T'.repeat(50)}...`);
    expect(screen.getAllByTestId('g-cell-release_date')[0]?.textContent).toBe('03/05/2026');
  });

  it('keeps the first column in view when a wide grid scrolls sideways', async () => {
    setup();
    await waitFor(() => expect(screen.getAllByTestId('g-row')).toHaveLength(10));
    const [first, second] = screen.getAllByTestId('g-row')[0]!.querySelectorAll('td');
    expect(first?.getAttribute('data-sticky')).toBe('left');
    expect(getComputedStyle(first!).position).toBe('sticky');
    expect(second?.getAttribute('data-sticky')).toBeNull();
    expect(getComputedStyle(second!).position).not.toBe('sticky');
  });

  it('pages with 1-based links and goes back to page 1 when the sort changes', async () => {
    setup();
    await screen.findByText('Records 1 - 10 of 25');
    fireEvent.click(screen.getByTestId('g-page-3'));
    await screen.findByText('Records 21 - 25 of 25');
    await waitFor(() => expect(searches().at(-1)).toEqual({ pageNumber: 2, pageSize: 10, sortField: 'release_number', sortDirection: 'desc' }));
    // The pager text comes from the page number at once; the rows only when page 3's answer is in.
    await waitFor(() => expect(screen.getAllByTestId('g-row')[0]?.getAttribute('data-row-key')).toBe('21'));
    expect((screen.getByTestId('g-page-next') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('g-sort-release_title'));
    await screen.findByText('Records 1 - 10 of 25');
    await waitFor(() => expect(searches().at(-1)).toEqual({ pageNumber: 0, pageSize: 10, sortField: 'release_title', sortDirection: 'asc' }));
    expect((screen.getByTestId('g-page-prev') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('g-sort-release_title'));
    await waitFor(() => expect(searches().at(-1)).toEqual({ pageNumber: 0, pageSize: 10, sortField: 'release_title', sortDirection: 'desc' }));
  });

  it('goes back to page 1 when the page size changes', async () => {
    total = 120;
    setup();
    await screen.findByText('Records 1 - 10 of 120');
    fireEvent.click(screen.getByTestId('g-page-2'));
    await screen.findByText('Records 11 - 20 of 120');
    fireEvent.mouseDown(screen.getByTestId('g-page-size'));
    fireEvent.click(await screen.findByTestId('g-page-size-option-50'));
    await screen.findByText('Records 1 - 50 of 120');
    await waitFor(() => expect(searches().at(-1)).toEqual({ pageNumber: 0, pageSize: 50, sortField: 'release_number', sortDirection: 'desc' }));
  });

  it('says No Records', async () => {
    total = 0;
    setup();
    await waitFor(() => expect(searches()).toHaveLength(1));
    await waitFor(() => expect(pagerText()).toBe('No Records'));
  });

  it('uses the stored page length, columns and default sort for the first search', async () => {
    settings = [
      { setting_key: 'aspReleases.displayedColumns', setting_value: '["approved_by_user","release_title"]' },
      { setting_key: 'aspReleases.availableColumns', setting_value: '["release_date"]' },
      { setting_key: 'aspReleases.pageLength', setting_value: '20' },
      { setting_key: 'aspReleases.defaultSortField', setting_value: 'release_title' },
    ];
    total = 8;
    setup();
    await waitFor(() => expect(pagerText()).toBe('Showing all 8 records'));
    expect(searches()).toEqual([{ pageNumber: 0, pageSize: 20, sortField: 'release_title', sortDirection: 'asc' }]);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Release Number', 'Approved By', 'Title']);
  });

  it("shows the row-limit banner with the answer's message and its info dialog", async () => {
    total = 5000;
    limited = true;
    setup();
    const banner = await screen.findByTestId('g-row-limit');
    expect(banner.textContent).toContain(LIMIT_MESSAGE);
    fireEvent.click(screen.getByTestId('g-row-limit-info'));
    expect(within(await screen.findByTestId('row-limit-dialog')).getByText('ASP Search Row Limit')).toBeTruthy();
  });

  it('shows no rows when the search fails (the http client has shown the error once)', async () => {
    failSearch = true;
    setup();
    await waitFor(() => expect(searches()).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('g-grid').getAttribute('data-loading')).toBe('false'));
    expect(screen.queryAllByTestId('g-row')).toHaveLength(0);
    expect(toasts).toEqual([{ message: 'Error communicating with the server.', type: 'error' }]);
  });

  it('loads nothing until the screen is searched', async () => {
    setup({ enabled: false });
    await screen.findByTestId('g-grid');
    expect(pagerText()).toBe('No Records');
    expect((screen.getByTestId('g-export') as HTMLButtonElement).disabled).toBe(true);
    expect(searches()).toEqual([]);
  });

  it('a screen searched on demand sends its first search once, with the criteria; Search again searches again', async () => {
    function SearchButton({ onSearched }: { onSearched: () => void }) {
      const search = useRunSearch(onSearched);
      return <button onClick={() => search({ release_title: 'x' })}>Search</button>;
    }
    function OnDemand() {
      const [searched, setSearched] = useState(false);
      return (
        <GridList resource="releases" columns={COLUMNS} defaultSort={{ field: 'release_number', direction: 'desc' }} enabled={searched}>
          <SearchButton onSearched={() => setSearched(true)} />
          <DataGrid id="g" />
        </GridList>
      );
    }
    render(
      <AdminContext dataProvider={dataProvider} store={memoryStore()}>
        <OnDemand />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByText('Search'));
    await screen.findByText('Records 1 - 10 of 25');
    const expected = { release_title: 'x', pageNumber: 0, pageSize: 10, sortField: 'release_number', sortDirection: 'desc' };
    expect(searches()).toEqual([expected]);
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() => expect(searches()).toEqual([expected, expected]));
  });

  it('starts from a restored state: page, size, sort and search', async () => {
    total = 60;
    setup({ initialState: { page: 3, pageSize: 20, sort: { field: 'release_title', direction: 'desc' } } });
    await screen.findByText('Records 41 - 60 of 60');
    expect(searches()).toEqual([{ pageNumber: 2, pageSize: 20, sortField: 'release_title', sortDirection: 'desc' }]);
  });

  it('exports the displayed columns to the /Export twin as AspExport.xlsx', async () => {
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(this: HTMLAnchorElement) {
      created.push(this.download);
    });
    setup();
    await screen.findByText('Records 1 - 10 of 25');
    fireEvent.click(screen.getByTestId('g-export'));
    await waitFor(() => expect(created).toEqual(['AspExport.xlsx']));
    expect(bodiesTo(`${SEARCH}/Export`)).toEqual([
      {
        pageNumber: 0,
        pageSize: 10,
        sortField: 'release_number',
        sortDirection: 'desc',
        columns: [
          { header: 'Release Number', field: 'release_number', kind: 'text' },
          { header: 'Title', field: 'release_title', kind: 'text' },
          { header: 'Date', field: 'release_date', kind: 'date' },
        ],
      },
    ]);
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
    expect(bodiesTo('/api/V1/Presentation/UpdateUserSettings')[0]).toContainEqual({
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
    const deletes = fetchMock.mock.calls
      .filter(([, i]) => i?.method === 'DELETE')
      .map(([u]) => decodeURIComponent(String(u).split('key=')[1]));
    expect(deletes.sort()).toEqual([
      'aspReleases.availableColumns',
      'aspReleases.defaultSortDirection',
      'aspReleases.defaultSortField',
      'aspReleases.displayedColumns',
      'aspReleases.pageLength',
    ]);
    await waitFor(() => expect(screen.queryByTestId('g-header-approved_by_user')).toBeNull());
  });

  it('a saved page length and default sort apply at once, from page 1', async () => {
    total = 120;
    setup();
    await screen.findByText('Records 1 - 10 of 120');
    fireEvent.click(screen.getByTestId('g-page-3'));
    await screen.findByText('Records 21 - 30 of 120');
    fireEvent.click(screen.getByTestId('g-config-toggle'));
    await screen.findByTestId('g-config-panel');
    fireEvent.mouseDown(screen.getByTestId('g-config-page-length'));
    fireEvent.click(await screen.findByTestId('g-config-page-length-option-20'));
    fireEvent.mouseDown(screen.getByTestId('g-config-sort-field'));
    fireEvent.click(await screen.findByTestId('g-config-sort-field-option-release_date'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('g-config-save'));
    });
    await screen.findByText('Records 1 - 20 of 120');
    await waitFor(() => expect(searches().at(-1)).toEqual({ pageNumber: 0, pageSize: 20, sortField: 'release_date', sortDirection: 'asc' }));
  });
});

describe('DataGrid with selection', () => {
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/V1/Presentation/UserSettings') return json([]);
        const req = JSON.parse(String(init?.body)) as { pageNumber: number };
        const from = req.pageNumber * 10 + 1;
        return json({ resultList: Array.from({ length: 10 }, (_, i) => ({ objectAuditLog_ID: from + i, object_name: `f${from + i}` })), totalCount: 30, limited: false });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  function Selected() {
    const { selectedIds } = useListContext();
    return <output data-testid="selected">{selectedIds.join(',')}</output>;
  }

  it('keeps the choice in the list context and drops it on another page', async () => {
    render(
      <AdminContext dataProvider={dataProvider} store={memoryStore()}>
        <GridList resource="dbtoolsHistory" columns={[{ field: 'object_name', header: 'Object' }]} filter={{ object_name: 'f', schema_name: 'asp' }}>
          <DataGrid id="h" selectable />
          <Selected />
        </GridList>
      </AdminContext>,
    );
    await screen.findByText('Records 1 - 10 of 30');
    fireEvent.click(screen.getByTestId('h-select-3'));
    fireEvent.click(screen.getByTestId('h-select-5'));
    await waitFor(() => expect(screen.getByTestId('selected').textContent).toBe('3,5'));
    fireEvent.click(screen.getByTestId('h-select-all'));
    await waitFor(() => expect(screen.getByTestId('selected').textContent?.split(',')).toHaveLength(10));
    fireEvent.click(screen.getByTestId('h-page-2'));
    await screen.findByText('Records 11 - 20 of 30');
    await waitFor(() => expect(screen.getByTestId('selected').textContent).toBe(''));
  });
});

describe('DataGrid over a whole list', () => {
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sorts the loaded rows on a header click without asking the API again', async () => {
    const fetchMock = vi.fn(async () =>
      json([
        { job_id: 3, description: 'b' },
        { job_id: 1, description: 'c' },
        { job_id: 2, description: 'a' },
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <AdminContext dataProvider={dataProvider} store={memoryStore()}>
        <WholeGridList
          resource="jobs"
          columns={[
            { field: 'job_id', header: 'Job Id', configurable: false, kind: 'number' },
            { field: 'description', header: 'Description', configurable: false },
          ]}
        >
          <DataGrid id="jobs" paging={false} />
        </WholeGridList>
      </AdminContext>,
    );
    const keys = () => screen.getAllByTestId('jobs-row').map((r) => r.getAttribute('data-row-key'));
    await waitFor(() => expect(keys()).toEqual(['3', '1', '2']));
    fireEvent.click(screen.getByTestId('jobs-sort-description'));
    await waitFor(() => expect(keys()).toEqual(['2', '3', '1']));
    fireEvent.click(screen.getByTestId('jobs-sort-description'));
    await waitFor(() => expect(keys()).toEqual(['1', '3', '2']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('jobs-pager')).toBeNull();
  });
});
