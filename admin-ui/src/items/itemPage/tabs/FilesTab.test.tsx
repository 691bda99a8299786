// Deleting a file is asked first and says which file (issue 22: costly or destructive actions confirm and say what
// they will do); without FileManage there is no delete button at all.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userContextStore, type UserContext } from '../../../lib/userContext';
import { UserContextProvider } from '../../../shell/UserContextProvider';
import { FilesTab } from './FilesTab';

function json(body: unknown, status = 200) {
  return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const context = (permissions: string[]) =>
  ({
    currentUser: { asp_users_id: 7, user_id: 'buyer' },
    currentSite: { site_id: 1, siteCode: 'ACME-NORTH' },
    availableSites: [],
    permissions: permissions.map((permission_name, i) => ({ permission_name, security_permission_id: i + 1 })),
    aspUserSettings: [],
    menuItems: [],
    aspShortcuts: [],
  }) as unknown as UserContext;

const FILE = { file_id: 5, file_name: 'spec.pdf', entityType: 'CID', version: 2, file_size: 2048, is_image: false, default_image: false, created_at: '2026-01-02T10:00:00Z', created_by: 'buyer' };

describe('FilesTab delete', () => {
  let fetchMock: Mock;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/V1/File/CID/3') return json([FILE]);
      if (init?.method === 'DELETE') return json(null, 204);
      return json({ message: 'not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    userContextStore.clear();
  });

  it('asks, naming the file, and deletes only once confirmed', async () => {
    userContextStore.set(context(['BasicAccess', 'FileManage']));
    render(
      <UserContextProvider>
        <FilesTab cidNo={3} />
      </UserContextProvider>,
    );
    fireEvent.click(await screen.findByTestId('item-file-delete'));
    expect((await screen.findByTestId('confirm-message')).textContent).toBe("Delete spec.pdf (version 2) from the item's files.");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/V1/File/ID/5/EntityType/CID' && init?.method === 'DELETE')).toBe(true));
  });

  it('offers no delete without FileManage', async () => {
    userContextStore.set(context(['BasicAccess']));
    render(
      <UserContextProvider>
        <FilesTab cidNo={3} />
      </UserContextProvider>,
    );
    await screen.findByTestId('item-file-row');
    expect(screen.queryByTestId('item-file-delete')).toBeNull();
  });
});
