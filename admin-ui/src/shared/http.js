// One client for every call to /api, so the cross-cutting error rules of spec 1 section 8 live in one place.
// Shared with portal-ui (imported there as `@asp/client/http`): plain JS only, no npm imports (see README.md here).
export const SERVER_ERROR = 'Error communicating with the server.';
export const IGNORED_403 = 'Advanced validation failure!';

export class HttpError extends Error {
  constructor(message, status, body, apiErrors = []) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    // react-admin reads `body.errors` (an object keyed by field) to show server-side validation on form fields.
    this.body = body;
    // The contract's raw `errors` array: [{field, errorType, error}].
    this.apiErrors = apiErrors;
  }
}

/**
 * Turns the contract's error list into `{field: message}`; messages for the pseudo field `Error` go to
 * `root.serverError` (react-admin's key for form-level errors). Several messages for one field are joined.
 */
export function toFieldErrors(apiErrors) {
  const result = {};
  for (const item of apiErrors || []) {
    if (!item) continue;
    const message = item.error || item.errorType;
    if (!message) continue;
    if (!item.field || item.field === 'Error') {
      const prev = result.root?.serverError;
      result.root = { serverError: prev && prev !== message ? `${prev}\n${message}` : message };
    } else if (result[item.field] && result[item.field] !== message) {
      if (!result[item.field].split('\n').includes(message)) result[item.field] += `\n${message}`;
    } else {
      result[item.field] = message;
    }
  }
  return result;
}

/** De-duplicated one-line texts for a 400 toast: plain for `Error`, otherwise prefixed with the field name. */
export function validationMessages(apiErrors) {
  const seen = new Set();
  const lines = [];
  for (const item of apiErrors || []) {
    const message = item?.error || item?.errorType;
    if (!message) continue;
    const line = !item.field || item.field === 'Error' ? message : `${item.field}: ${message}`;
    if (!seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  }
  return lines;
}

function isPasswordExpired(json) {
  return Array.isArray(json?.errors) && json.errors[0]?.errorType === 'passwordExpired';
}

/**
 * getToken(): current access token or null.
 * onUnauthorized(): called on a 401 to an authenticated call (the session is gone: log out).
 * onOffline(): called on a 503 (the API was switched off).
 * notify(message, type): shows a toast.
 *
 * The returned function takes (url, {method, body, headers, auth = true, quiet = false, local400 = false,
 * blob = false}) and answers {status, headers, body, json} like react-admin's fetchJson, so ra-data-simple-rest can
 * use it; with `blob` a successful answer is {status, headers, blob} (errors are handled as for any other call).
 */
export function createHttpClient({ getToken, onUnauthorized, onOffline, notify }) {
  return async function request(url, options = {}) {
    const { method = 'GET', body, headers, signal, auth = true, quiet = false, local400 = false, blob = false } = options;
    const requestHeaders = new Headers(headers || {});
    if (!requestHeaders.has('Accept')) requestHeaders.set('Accept', 'application/json');
    let payload = body;
    if (payload != null && typeof payload !== 'string' && !(payload instanceof FormData)) {
      payload = JSON.stringify(payload);
    }
    if (typeof payload === 'string' && !requestHeaders.has('Content-Type')) {
      requestHeaders.set('Content-Type', 'application/json');
    }
    if (method === 'GET') {
      // Spec 1 section 7: GET requests carry no-cache headers (context and counts change per site).
      requestHeaders.set('Cache-Control', 'no-cache');
      requestHeaders.set('Pragma', 'no-cache');
    }
    const token = auth ? getToken() : null;
    if (token) requestHeaders.set('Authorization', `Bearer ${token}`);

    let response;
    try {
      response = await fetch(url, { method, headers: requestHeaders, body: payload ?? undefined, signal });
    } catch (cause) {
      if (cause?.name === 'AbortError') throw cause;
      if (!quiet) notify(SERVER_ERROR, 'error');
      throw new HttpError(SERVER_ERROR, 0, { message: SERVER_ERROR });
    }

    if (blob && response.status < 400) {
      // Downloads (Excel exports): the body is binary and must not go through text().
      return { status: response.status, headers: response.headers, blob: await response.blob() };
    }
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.status < 400) {
      return { status: response.status, headers: response.headers, body: text, json };
    }

    const status = response.status;
    const apiErrors = Array.isArray(json?.errors) ? json.errors : [];
    let message = (json && typeof json.message === 'string' && json.message) || response.statusText || SERVER_ERROR;
    let errorBody = json && typeof json === 'object' ? { ...json } : { message };

    if (status === 400 && apiErrors.length > 0) {
      errorBody.errors = toFieldErrors(apiErrors);
      if (!local400 && !quiet) {
        for (const line of validationMessages(apiErrors)) notify(line, 'error');
      }
    } else {
      // Only 400 carries field errors; anything else must not be mistaken for form validation by react-admin.
      delete errorBody.errors;
    }

    if (status === 401) {
      if (auth && token) onUnauthorized();
    } else if (status === 403) {
      if (!quiet && message !== IGNORED_403 && !isPasswordExpired(json)) notify(message, 'error');
    } else if (status === 503) {
      onOffline();
    } else if (status >= 500) {
      message = SERVER_ERROR;
      if (!quiet) notify(SERVER_ERROR, 'error');
    }
    throw new HttpError(message, status, errorBody, apiErrors);
  };
}
