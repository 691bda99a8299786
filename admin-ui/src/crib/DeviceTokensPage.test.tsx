import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { DeviceTokensPage, stationName } from './DeviceTokensPage';
import { formatDateTime } from '../ui';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const STATIONS = [
  { station_id: 41, station_code: 'ST-01', description: 'Front crib', station_type: 1, is_active: true },
  { station_id: 42, station_code: 'ST-02', description: 'Night window', station_type: 1, is_active: false },
];
const TOKENS = [
  { device_token_id: 7001, site_id: 1, station_id: 41, device_name: 'Kiosk A', token_prefix: 'dt_ab', created_at: '2026-03-05T14:07:09Z', created_by: 'admin', last_used_at: null, revoked_at: null, revoked_by: null, expires_at: '2026-06-03T14:07:09Z' },
  { device_token_id: 7002, site_id: 1, station_id: 99, device_name: 'Old scale', token_prefix: 'dt_cd', created_at: '2026-03-01T08:00:00Z', created_by: 'admin', last_used_at: null, revoked_at: null, revoked_by: null },
];

describe('DeviceTokensPage', () => {
  let fetchMock: Mock;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/V1/Device/Token')) return json(TOKENS);
      if (url.endsWith('/V1/Crib/Station/Search')) return json({ resultList: STATIONS, totalCount: STATIONS.length, limited: false, limitMessage: null });
      return json({ status: 404, message: 'not here', errors: [] }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows each token's station by its name and code, and no internal id where a name exists", async () => {
    render(
      <AdminContext dataProvider={testDataProvider()}>
        <MemoryRouter>
          <DeviceTokensPage />
        </MemoryRouter>
      </AdminContext>,
    );
    await waitFor(() => expect(screen.getByTestId('token-station-7001').textContent).toBe('Front crib (ST-01)'));
    expect(screen.getByTestId('token-station-7002').textContent).toBe('a station no longer at this site');
    const table = screen.getByTestId('device-tokens').textContent ?? '';
    for (const id of ['41', '99', '7001', '7002']) expect(table).not.toMatch(new RegExp(`\\b${id}\\b`));
    expect(table).toContain('Kiosk A');
  });

  it('shows when each token expires, and sends the days a new one is valid for', async () => {
    render(
      <AdminContext dataProvider={testDataProvider()}>
        <MemoryRouter>
          <DeviceTokensPage />
        </MemoryRouter>
      </AdminContext>,
    );
    await waitFor(() => expect(screen.getByTestId('token-expires-7001').textContent).toBe(formatDateTime('2026-06-03T14:07:09Z')));
    expect(screen.getByTestId('token-expires-7002').textContent).toBe('when revoked');

    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/V1/Device/Token') && init?.method === 'POST') return json({ device_token: { ...TOKENS[0], device_token_id: 7003, device_name: 'Kiosk B' }, token: 'dt_secret' });
      if (url.endsWith('/V1/Device/Token')) return json(TOKENS);
      return json({ resultList: STATIONS, totalCount: STATIONS.length, limited: false, limitMessage: null });
    });
    fireEvent.click(screen.getByTestId('issue-token'));
    fireEvent.change(await screen.findByTestId('token-name'), { target: { value: 'Kiosk B' } });
    fireEvent.change(screen.getByTestId('token-valid-days'), { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('issue-confirm'));
    await waitFor(() => expect(screen.getByTestId('issued-token').textContent).toBe('dt_secret'));
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST' && String(init?.body).includes('Kiosk B'));
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ device_name: 'Kiosk B', valid_days: 90 });
  });

  it('names a station only once the stations are known', () => {
    expect(stationName(undefined, 41)).toBe('');
    expect(stationName(STATIONS, null)).toBe('');
    expect(stationName(STATIONS, 42)).toBe('Night window (ST-02)');
  });
});
