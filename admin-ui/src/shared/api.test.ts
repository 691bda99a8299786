import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi, type Mock } from 'vitest';
import { api, apiUrl, callApi, fileNameOf, type Answer, type Body, type MethodOf, type Schema } from './api';
import { getToken } from './token';

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

describe('types derived from the OpenAPI document', () => {
  // Checked by tsc (`npm test` runs it first); the runtime part of these tests is trivially true.
  it('gives each operation its request body and success answer', () => {
    expectTypeOf<Body<'/auth/login', 'post'>>().toEqualTypeOf<Schema<'LoginRequest'>>();
    expectTypeOf<Answer<'/auth/login', 'post'>>().toEqualTypeOf<Schema<'TokenResponse'>>();
    expectTypeOf<Answer<'/V1/Cart/GetPunchinLocationsBySiteId/{id}', 'get'>>().toEqualTypeOf<Schema<'PunchinLocation'>[]>();
    expectTypeOf<Body<'/V1/Version', 'get'>>().toBeNever();
    // 204 No Content: the client answers null
    expectTypeOf<Answer<'/auth/logout', 'post'>>().toEqualTypeOf<null>();
    expectTypeOf<MethodOf<'/admin/users/{id}'>>().toEqualTypeOf<'get' | 'put' | 'delete'>();
  });

  it('refuses calls the document does not have', () => {
    const never = () => {
      // @ts-expect-error the path has no POST
      void callApi('post', '/V1/Version');
      // @ts-expect-error the placeholder needs a value
      void callApi('get', '/V1/Cart/GetPunchinLocationsBySiteId/{id}');
      // @ts-expect-error the body must be a LoginRequest
      void callApi('post', '/auth/login', { body: { user: 'x' } });
    };
    expect(typeof never).toBe('function');
  });
});

describe('callApi', () => {
  let fetchMock: Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path placeholders, prefixes /api and answers the typed JSON', async () => {
    const rows = [{ customer_punchin_location_id: 2, business_unit: 'BU1', state: 'WA', city: 'Seattle', map_to_site_id: 1, map_to_site_code: 'ACME-N' }];
    fetchMock.mockResolvedValue(json(rows));
    const answer = await callApi('get', '/V1/Cart/GetPunchinLocationsBySiteId/{id}', { path: { id: 3 } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/V1/Cart/GetPunchinLocationsBySiteId/3');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('GET');
    expect(answer[0]!.city).toBe('Seattle');
  });

  it('adds only the query values that are given', async () => {
    fetchMock.mockImplementation(async () => json({}));
    await callApi('get', '/V1/Site/UserContext', { query: { site_code: 'ACME NORTH/1' } });
    await callApi('get', '/V1/Site/UserContext', { query: { site_code: undefined } });
    await callApi('get', '/V1/Site/UserContext');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/V1/Site/UserContext?site_code=ACME%20NORTH%2F1',
      '/api/V1/Site/UserContext',
      '/api/V1/Site/UserContext',
    ]);
  });

  it('sends the body as JSON and keeps the client options (no token on sign-in)', async () => {
    localStorage.setItem('asp.token', 'old');
    fetchMock.mockResolvedValue(json({ access_token: 't', token_type: 'Bearer', expires_in: 900 }));
    const answer = await callApi('post', '/auth/login', { body: { username: 'buyer', password: 'pw' }, auth: false });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"username":"buyer","password":"pw"}');
    expect((init.headers as Headers).has('Authorization')).toBe(false);
    expect(answer.access_token).toBe('t');
  });

  it('answers null for 204 and applies the error rules like any call', async () => {
    localStorage.setItem('asp.token', 'tok');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await callApi('post', '/auth/logout')).toBeNull();

    fetchMock.mockResolvedValueOnce(json({ status: 401, message: 'expired' }, 401));
    await expect(callApi('get', '/V1/Site/UserContext')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });

  it('refuses a path whose placeholder has no value instead of calling a wrong address', () => {
    expect(() => apiUrl('/V1/Site/{id}', {})).toThrow('/V1/Site/{id}: no value for {id}');
  });
});

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads a file with its name', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(new Uint8Array([0x50, 0x4b]), {
          status: 200,
          headers: { 'Content-Disposition': "attachment; filename*=UTF-8''Asp%20Export.xlsx" },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { blob, fileName } = await api.postForBlob('/api/V1/DevOps/Glossary/Search/Export', { columns: [] });
    expect(fileName).toBe('Asp Export.xlsx');
    expect(blob.size).toBe(2);
    expect((fetchMock.mock.calls[0]![1]!.headers as Headers).get('Accept')).toContain('spreadsheetml');
  });

  it('reads no file name from a header without one', () => {
    expect(fileNameOf(new Headers({ 'Content-Disposition': 'inline' }))).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
