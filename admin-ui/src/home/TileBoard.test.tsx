import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TileBoard } from './TileBoard';

const TILES = [
  { report_id: 10, aspName: 'CDIAREQS', report_Name: 'Item Add Reqs', homepageTileType: 1, is_selected: true, rank: 1, count: 4 },
  { report_id: 11, aspName: 'CDICREQS', report_Name: 'Item Change Reqs', homepageTileType: 1, is_selected: true, rank: 2, count: 0 },
  { report_id: 12, aspName: 'CDSBREQS', report_Name: 'Spot Buy Reqs', homepageTileType: 1, is_selected: false, rank: 3, count: null, route: '/spot' },
  { report_id: 20, aspName: 'CDOPENRFQ', report_Name: 'Open RFQs', homepageTileType: 2, is_selected: true, rank: 4, count: 1234, route: '/apd/review' },
];

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const order = (listTestId: string) =>
  within(screen.getByTestId(listTestId))
    .getAllByTestId(/^tile-[A-Z]+$/)
    .map((el) => el.getAttribute('data-tile-code'));

function dataTransfer() {
  const data: Record<string, string> = {};
  return { setData: (k: string, v: string) => (data[k] = v), getData: (k: string) => data[k], effectAllowed: '', dropEffect: '' };
}

describe('TileBoard', () => {
  let fetchMock: Mock;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn(async (url, init) => {
      if (url === '/api/V1/Presentation/HomepageTiles') return json(TILES);
      if (init?.method === 'PUT') return json(undefined, 204);
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows selected tiles with name and count, split into small and large', async () => {
    render(<TileBoard reloadKey={1} />);
    await screen.findByTestId('tile-CDIAREQS');
    expect(order('tiles-small')).toEqual(['CDIAREQS', 'CDICREQS']);
    expect(order('tiles-large')).toEqual(['CDOPENRFQ']);
    expect(screen.getByTestId('tile-count-CDIAREQS').textContent).toBe('4');
    expect(screen.getByTestId('tile-name-CDOPENRFQ').textContent).toBe('Open RFQs');
    expect(screen.queryByTestId('tile-select-CDIAREQS')).toBeNull();
  });

  it('in edit mode shows every tile and saves a ticked checkbox', async () => {
    render(<TileBoard reloadKey={1} />);
    await screen.findByTestId('tile-CDIAREQS');
    fireEvent.click(screen.getByTestId('tile-edit-toggle'));
    expect(order('tiles-small')).toEqual(['CDIAREQS', 'CDICREQS', 'CDSBREQS']);

    fireEvent.click(screen.getByTestId('tile-select-CDSBREQS'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/HomepageTile/Display'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([u]) => u.endsWith('/HomepageTile/Display')) ?? [];
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({ report_id: 12, is_selected: true });

    fireEvent.click(screen.getByTestId('tile-edit-toggle'));
    expect(order('tiles-small')).toEqual(['CDIAREQS', 'CDICREQS', 'CDSBREQS']);
  });

  it('dragging a tile onto the first one moves it first and saves rank 1', async () => {
    render(<TileBoard reloadKey={1} />);
    await screen.findByTestId('tile-CDIAREQS');
    fireEvent.click(screen.getByTestId('tile-edit-toggle'));

    const dt = dataTransfer();
    fireEvent.dragStart(screen.getByTestId('tile-CDSBREQS'), { dataTransfer: dt });
    fireEvent.dragOver(screen.getByTestId('tile-CDIAREQS'), { dataTransfer: dt });
    fireEvent.drop(screen.getByTestId('tile-CDIAREQS'), { dataTransfer: dt });

    expect(order('tiles-small')).toEqual(['CDSBREQS', 'CDIAREQS', 'CDICREQS']);
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/HomepageTile/Rank'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([u]) => u.endsWith('/HomepageTile/Rank')) ?? [];
    expect(JSON.parse(init.body)).toEqual({ report_id: 12, rank: 1 });
  });

  it('does not accept a small tile dropped on a large one', async () => {
    render(<TileBoard reloadKey={1} />);
    await screen.findByTestId('tile-CDIAREQS');
    fireEvent.click(screen.getByTestId('tile-edit-toggle'));
    const dt = dataTransfer();
    fireEvent.dragStart(screen.getByTestId('tile-CDIAREQS'), { dataTransfer: dt });
    fireEvent.drop(screen.getByTestId('tile-CDOPENRFQ'), { dataTransfer: dt });
    expect(order('tiles-small')).toEqual(['CDIAREQS', 'CDICREQS', 'CDSBREQS']);
    expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/HomepageTile/Rank'))).toBe(false);
  });

  it('puts the tile back when the rank cannot be saved', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/V1/Presentation/HomepageTiles') return json(TILES);
      if (url.endsWith('/Rank')) return json({ status: 403, message: 'You do not have permission: BasicAccess' }, 403);
      return json(undefined, 204);
    });
    render(<TileBoard reloadKey={1} />);
    await screen.findByTestId('tile-CDIAREQS');
    fireEvent.click(screen.getByTestId('tile-edit-toggle'));
    const dt = dataTransfer();
    fireEvent.dragStart(screen.getByTestId('tile-CDICREQS'), { dataTransfer: dt });
    fireEvent.drop(screen.getByTestId('tile-CDIAREQS'), { dataTransfer: dt });
    await waitFor(() => expect(order('tiles-small')).toEqual(['CDIAREQS', 'CDICREQS', 'CDSBREQS']));
  });
  it('a tile just ticked shows the count the answer gives (a hidden tile is not counted until shown)', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/V1/Presentation/HomepageTiles') return json(TILES);
      if (url.endsWith('/HomepageTile/Display')) return json(TILES.map((t) => (t.report_id === 12 ? { ...t, is_selected: true, count: 7 } : t)));
      return json(undefined, 204);
    });
    render(<TileBoard reloadKey={1} />);
    await screen.findByTestId('tile-CDIAREQS');
    fireEvent.click(screen.getByTestId('tile-edit-toggle'));
    expect(screen.getByTestId('tile-count-CDSBREQS').textContent).toBe('–');
    fireEvent.click(screen.getByTestId('tile-select-CDSBREQS'));
    await waitFor(() => expect(screen.getByTestId('tile-count-CDSBREQS').textContent).toBe('7'));
  });

  it('counts read as numbers in the locale and a tile opens its list', async () => {
    const opened: string[] = [];
    render(<TileBoard reloadKey={1} onOpen={(tile) => tile.route && opened.push(tile.route)} />);
    await screen.findByTestId('tile-CDOPENRFQ');
    expect(screen.getByTestId('tile-count-CDOPENRFQ').textContent).toBe('1,234');
    fireEvent.click(screen.getByTestId('tile-name-CDOPENRFQ'));
    expect(opened).toEqual(['/apd/review']);
  });
});
