import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createHttpClient, HttpError, IGNORED_403, SERVER_ERROR, toFieldErrors, type HttpClient } from './http';

function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

describe('http client', () => {
  let fetchMock: Mock<typeof fetch>;
  let handlers: { onUnauthorized: Mock<() => void>; onOffline: Mock<() => void>; notify: Mock<(message: string, type: string) => void> };
  let client: HttpClient;

  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    handlers = { onUnauthorized: vi.fn(), onOffline: vi.fn(), notify: vi.fn() };
    client = createHttpClient({ getToken: () => 'tok-123', ...handlers });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** What the client handed to fetch in its `index`th call. */
  function sent(index = 0) {
    const [url, init] = fetchMock.mock.calls[index]!;
    return { url, init: init!, headers: init!.headers as Headers };
  }

  async function failure(promise: Promise<unknown>): Promise<HttpError> {
    try {
      await promise;
    } catch (error) {
      return error as HttpError;
    }
    throw new Error('the call did not fail');
  }

  it('adds the bearer token and JSON headers', async () => {
    fetchMock.mockResolvedValue(respond(200, { ok: true }));
    const answer = await client('/api/V1/Site/UserContext', { method: 'POST', body: { a: 1 } });

    const { url, init, headers } = sent();
    expect(url).toBe('/api/V1/Site/UserContext');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
    expect(answer.json).toEqual({ ok: true });
  });

  it('keeps headers given by ra-data-simple-rest (Range) and exposes response headers', async () => {
    fetchMock.mockResolvedValue(respond(200, [], { 'Content-Range': 'users 0-9/42' }));
    const answer = await client('/api/admin/users', { headers: new Headers({ Range: 'users=0-9' }) });
    const { headers } = sent();
    expect(headers.get('Range')).toBe('users=0-9');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(answer.headers.get('Content-Range')).toBe('users 0-9/42');
  });

  it('sends no token on public calls', async () => {
    fetchMock.mockResolvedValue(respond(200, {}));
    await client('/api/auth/login', { method: 'POST', body: {}, auth: false });
    expect(sent().headers.has('Authorization')).toBe(false);
  });

  it('logs out on 401 of an authenticated call', async () => {
    fetchMock.mockResolvedValue(respond(401, { status: 401, message: 'Unauthorized' }));
    const error = await failure(client('/api/V1/Site/UserContext'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(401);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not log out when a sign-in attempt is refused', async () => {
    fetchMock.mockResolvedValue(respond(401, { message: 'Invalid username or password.' }));
    const error = await failure(client('/api/auth/login', { method: 'POST', body: {}, auth: false }));
    expect(error.message).toBe('Invalid username or password.');
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('shows the 403 message as a toast', async () => {
    fetchMock.mockResolvedValue(respond(403, { status: 403, message: 'You do not have permission: BasicAccess' }));
    await expect(client('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(handlers.notify).toHaveBeenCalledWith('You do not have permission: BasicAccess', 'error');
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it("ignores the 403 'Advanced validation failure!'", async () => {
    fetchMock.mockResolvedValue(respond(403, { status: 403, message: IGNORED_403 }));
    await expect(client('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('replaces any 500 message by the generic one', async () => {
    fetchMock.mockResolvedValue(respond(500, { message: 'db exploded', requestId: 'r1' }));
    const error = await failure(client('/api/x'));
    expect(error.message).toBe(SERVER_ERROR);
    expect(handlers.notify).toHaveBeenCalledWith('Error communicating with the server.', 'error');
  });

  it('opens the offline flow on 503', async () => {
    fetchMock.mockResolvedValue(respond(503, { message: 'API disabled' }));
    await expect(client('/api/x')).rejects.toMatchObject({ status: 503 });
    expect(handlers.onOffline).toHaveBeenCalledTimes(1);
  });

  it('maps 400 errors for react-admin forms and toasts them unless local', async () => {
    const body = {
      status: 400,
      message: 'Validation failed',
      errors: [
        { field: 'password', errorType: 'passwordDoesNotMeetRequirements', error: 'Too weak' },
        { field: 'Error', errorType: 'x', error: 'General problem' },
        { field: 'user_id', errorType: 'tooLong', error: 'User name can be at most 100 characters.' },
        { field: 'limitWeekly', errorType: 'invalid', error: 'not a number' },
      ],
    };
    fetchMock.mockResolvedValueOnce(respond(400, body)).mockResolvedValueOnce(respond(400, body));

    const error = await failure(client('/api/x', { method: 'POST', body: {} }));
    expect(error.body.errors).toEqual({ password: 'Too weak', user_id: 'User name can be at most 100 characters.', limitWeekly: 'not a number', root: { serverError: 'General problem' } });
    expect(error.apiErrors).toHaveLength(4);
    // No key in a toast: a fragment gets the field in words, a sentence names its field itself.
    expect(handlers.notify.mock.calls).toEqual([
      ['Password: Too weak', 'error'],
      ['General problem', 'error'],
      ['User name can be at most 100 characters.', 'error'],
      ['Limit weekly: not a number', 'error'],
    ]);

    handlers.notify.mockClear();
    await client('/api/x', { method: 'POST', body: {}, local400: true }).catch(() => undefined);
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('answers a blob for downloads and still applies the error rules to them', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="AspExport.xlsx"' } }),
    );
    const answer = await client('/api/x/Search/Export', { method: 'POST', body: { columns: [] }, blob: true });
    const bytes = new Uint8Array(await answer.blob.arrayBuffer());
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
    expect(answer.headers.get('Content-Disposition')).toContain('AspExport.xlsx');

    fetchMock.mockResolvedValueOnce(respond(500, { status: 500, message: 'boom' }));
    await expect(client('/api/x/Search/Export', { method: 'POST', body: {}, blob: true })).rejects.toMatchObject({ status: 500 });
    expect(handlers.notify).toHaveBeenCalledWith(SERVER_ERROR, 'error');
  });

  it('sends binary content (a file, bytes) as it is, with the Content-Type the caller gives', async () => {
    fetchMock.mockImplementation(async () => respond(200, { ok: true }));
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'values.xlsx', { type: xlsx });
    await client('/api/x/Import', { method: 'POST', body: file, headers: { 'Content-Type': xlsx } });
    expect(sent(0).init.body).toBe(file);
    expect(sent(0).headers.get('Content-Type')).toBe(xlsx);

    const bytes = new Uint8Array([1, 2, 3]);
    await client('/api/x/Import', { method: 'POST', body: bytes.buffer, headers: { 'Content-Type': 'application/octet-stream' } });
    expect(sent(1).init.body).toBe(bytes.buffer);
    await client('/api/x/Import', { method: 'POST', body: bytes });
    expect(sent(2).init.body).toBe(bytes);
    // No JSON Content-Type is invented for binary content.
    expect(sent(2).headers.get('Content-Type')).toBeNull();
  });

  it('treats a network failure as a server error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client('/api/x')).rejects.toMatchObject({ status: 0, message: SERVER_ERROR });
    expect(handlers.notify).toHaveBeenCalledWith(SERVER_ERROR, 'error');
  });
});

describe('toFieldErrors', () => {
  it('joins distinct messages of one field and drops duplicates', () => {
    expect(
      toFieldErrors([
        { field: 'a', error: 'one' },
        { field: 'a', error: 'one' },
        { field: 'a', error: 'two' },
      ]),
    ).toEqual({ a: 'one\ntwo' });
  });
});
