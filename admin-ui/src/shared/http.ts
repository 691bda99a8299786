// One client for every call to /api, so the cross-cutting error rules of spec 1 section 8 live in one place.
// Shared with portal-ui (imported there as `@asp/client/http`); imports nothing outside this folder (see README.md).
export const SERVER_ERROR = 'Error communicating with the server.';
export const IGNORED_403 = 'Advanced validation failure!';

/** One entry of the contract's `errors` array. */
export interface ApiFieldError {
  field?: string | null;
  errorType?: string | null;
  error?: string | null;
}

type ApiErrorList = readonly (ApiFieldError | null | undefined)[] | null | undefined;

/** What `toFieldErrors` makes of the list: react-admin's shape for server-side form errors. */
export type FieldErrors = Record<string, string> & { root?: { serverError: string } };

/** The error body react-admin reads; `errors` is present only for a 400 with field errors. */
export interface HttpErrorBody {
  errors?: FieldErrors;
  [key: string]: unknown;
}

export class HttpError extends Error {
  status: number;
  body: HttpErrorBody;
  apiErrors: ApiFieldError[];

  constructor(message: string, status: number, body: HttpErrorBody, apiErrors: ApiFieldError[] = []) {
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
export function toFieldErrors(apiErrors: ApiErrorList): FieldErrors {
  const fields: Record<string, string> = {};
  let serverError: string | undefined;
  for (const item of apiErrors || []) {
    if (!item) continue;
    const message = item.error || item.errorType;
    if (!message) continue;
    if (!item.field || item.field === 'Error') {
      serverError = serverError && serverError !== message ? `${serverError}\n${message}` : message;
    } else {
      const prev = fields[item.field];
      if (!prev) fields[item.field] = message;
      else if (!prev.split('\n').includes(message)) fields[item.field] = `${prev}\n${message}`;
    }
  }
  return serverError === undefined ? fields : Object.assign(fields, { root: { serverError } });
}

/** A whole sentence ('User name can be at most 100 characters.') names its field itself, by its label. */
const SENTENCE = /^[A-Z0-9'"(].*[.!?]$/s;

/** A field key in words for a toast ('user_id' -> 'User ID', 'limitWeekly' -> 'Limit weekly'); screens label better. */
export function keyWords(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_.-]+/).filter(Boolean).map((w) => (/^id$/i.test(w) ? 'ID' : w.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * De-duplicated one-line texts for a 400 toast: plain for `Error` and for a message that is a whole sentence (the
 * API's messages name the field by its label); a fragment ('Too weak') gets the field in words ('Password: Too
 * weak'), never its key (issue 22).
 */
export function validationMessages(apiErrors: ApiErrorList): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const item of apiErrors || []) {
    const message = item?.error || item?.errorType;
    if (!message) continue;
    const words = item.field ? keyWords(item.field) : '';
    const named = !words || item.field === 'Error' || SENTENCE.test(message.trim()) || message.toLowerCase().startsWith(words.toLowerCase());
    const line = named ? message : `${words}: ${message}`;
    if (!seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  }
  return lines;
}

/** A parsed error answer; only what the rules below read is assumed. */
interface ErrorJson {
  message?: unknown;
  errors?: unknown;
  [key: string]: unknown;
}

function isPasswordExpired(json: ErrorJson | null): boolean {
  return Array.isArray(json?.errors) && (json.errors[0] as ApiFieldError | undefined)?.errorType === 'passwordExpired';
}

export type ToastType = 'info' | 'success' | 'warning' | 'error';

export interface HttpClientHooks {
  /** The current access token, or null. */
  getToken: () => string | null;
  /** Called on a 401 to an authenticated call (the session is gone: log out). */
  onUnauthorized: () => void;
  /** Called on a 503 (the API was switched off). */
  onOffline: () => void;
  /** Shows a toast. */
  notify: (message: string, type: ToastType) => void;
}

export interface RequestOptions {
  method?: string;
  /**
   * A string, FormData or binary content (a Blob or File, an ArrayBuffer or a typed array), sent as it is; anything
   * else is sent as JSON. Binary content goes with the caller's Content-Type (a Blob's own type otherwise).
   */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal | null;
  /** Send the bearer token (default true); sign-in calls say false. */
  auth?: boolean;
  /** No toasts for this call's errors (the caller shows them). */
  quiet?: boolean;
  /** No toasts for a 400: the form shows the field errors itself. */
  local400?: boolean;
  /** Answer the body as a Blob (downloads). */
  blob?: boolean;
}

/** The shape of react-admin's fetchJson, so ra-data-simple-rest can use this client. */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export interface BlobAnswer {
  status: number;
  headers: Headers;
  blob: Blob;
}

export interface HttpClient {
  (url: string, options: RequestOptions & { blob: true }): Promise<BlobAnswer>;
  (url: string, options?: RequestOptions): Promise<JsonAnswer>;
}

/**
 * The returned function answers {status, headers, body, json}; with `blob` a successful answer is
 * {status, headers, blob} (errors are handled as for any other call).
 */
export function createHttpClient({ getToken, onUnauthorized, onOffline, notify }: HttpClientHooks): HttpClient {
  async function request(url: string, options: RequestOptions = {}): Promise<JsonAnswer | BlobAnswer> {
    const { method = 'GET', body, headers, signal, auth = true, quiet = false, local400 = false, blob = false } = options;
    const requestHeaders = new Headers(headers || {});
    if (!requestHeaders.has('Accept')) requestHeaders.set('Accept', 'application/json');
    let payload: BodyInit | undefined;
    if (body == null) {
      payload = undefined;
    } else if (typeof body === 'string' || body instanceof FormData || body instanceof Blob) {
      payload = body;
    } else if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
      payload = body as BodyInit;
    } else {
      payload = JSON.stringify(body);
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

    let response: Response;
    try {
      response = await fetch(url, { method, headers: requestHeaders, body: payload, signal });
    } catch (cause) {
      if ((cause as Error | null)?.name === 'AbortError') throw cause;
      if (!quiet) notify(SERVER_ERROR, 'error');
      throw new HttpError(SERVER_ERROR, 0, { message: SERVER_ERROR });
    }

    if (blob && response.status < 400) {
      // Downloads (Excel exports): the body is binary and must not go through text().
      return { status: response.status, headers: response.headers, blob: await response.blob() };
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.status < 400) {
      return { status: response.status, headers: response.headers, body: text, json };
    }

    const status = response.status;
    const errorJson = json && typeof json === 'object' && !Array.isArray(json) ? (json as ErrorJson) : null;
    const apiErrors: ApiFieldError[] = Array.isArray(errorJson?.errors) ? errorJson.errors : [];
    let message =
      (typeof errorJson?.message === 'string' && errorJson.message) || response.statusText || SERVER_ERROR;
    const errorBody: HttpErrorBody = errorJson ? { ...errorJson, errors: undefined } : { message };

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
      if (!quiet && message !== IGNORED_403 && !isPasswordExpired(errorJson)) notify(message, 'error');
    } else if (status === 503) {
      onOffline();
    } else if (status >= 500) {
      message = SERVER_ERROR;
      if (!quiet) notify(SERVER_ERROR, 'error');
    }
    throw new HttpError(message, status, errorBody, apiErrors);
  }
  return request as HttpClient;
}
