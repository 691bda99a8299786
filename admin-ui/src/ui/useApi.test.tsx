import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useApi } from './useApi';
import { stubFetch } from './testing';

afterEach(() => vi.unstubAllGlobals());

describe('useApi', () => {
  it('calls the typed operation with its path and answers its data', async () => {
    const fetchMock = stubFetch((path) => (path === '/api/V1/Employee/5' ? { employeeID: 5, firstName: 'Jo' } : null));
    const { result, rerender } = renderHook(({ id }) => useApi('get', '/V1/Employee/{id}', { path: { id } }), { initialProps: { id: 5 } });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data?.firstName).toBe('Jo'));
    rerender({ id: 6 });
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x').pathname)).toContain('/api/V1/Employee/6'));
  });

  it('calls nothing while disabled', () => {
    const fetchMock = stubFetch(() => null);
    const { result } = renderHook(() => useApi('get', '/V1/Version', undefined, { enabled: false }));
    expect(result.current.loading).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
