import type { components, paths } from './api/schema';
import { createHttpClient, type RequestOptions } from './http';
import { clearToken, getToken } from './token';
import { emit, notify } from './events';

export const httpClient = createHttpClient({
  getToken,
  onUnauthorized: () => {
    // The session is gone server-side; drop the token at once so no further call uses it, then let the app
    // (admin-ui: ShellEventBridge runs react-admin's logout; portal-ui: App) return to the sign-in page.
    clearToken();
    emit('unauthorized');
  },
  onOffline: () => emit('offline'),
  notify,
});

/** Options of a call; the method and body are the call's own arguments. */
export type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'blob'>;

// The plain calls answer `any` unless told the answer's type (`api.get<Answer<'/V1/Version', 'get'>>(...)`): many
// console calls predate the generated types. New code should prefer `callApi`, which checks path, parameters and
// body against the document.
async function call<T>(method: string, url: string, body: unknown, options?: CallOptions): Promise<T> {
  const { json } = await httpClient(url, { ...options, method, body });
  return json as T;
}

export const api = {
  get: <T = any>(url: string, options?: CallOptions) => call<T>('GET', url, undefined, options),
  post: <T = any>(url: string, body?: unknown, options?: CallOptions) => call<T>('POST', url, body, options),
  put: <T = any>(url: string, body?: unknown, options?: CallOptions) => call<T>('PUT', url, body, options),
  delete: <T = any>(url: string, options?: CallOptions) => call<T>('DELETE', url, undefined, options),
  /** POST answering a binary file (exports): resolves to {blob, fileName}. */
  async postForBlob(url: string, body?: unknown, options?: CallOptions): Promise<{ blob: Blob; fileName: string | null }> {
    const answer = await httpClient(url, {
      ...options,
      method: 'POST',
      body,
      blob: true,
      headers: { Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json' },
    });
    return { blob: answer.blob, fileName: fileNameOf(answer.headers) };
  },
};

/** The file name of a Content-Disposition header (`attachment; filename="AspExport.xlsx"`), or null. */
export function fileNameOf(headers: Headers | null | undefined): string | null {
  const value = headers?.get?.('Content-Disposition') || '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(value);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

// ------------------------------------------------------------------------------------------ generated API types
// `paths` and `components` come from api/schema.d.ts, generated from api/openapi.json (`npm run gen:api` in
// admin-ui; scripts/gen-api-types.sh refreshes both from the server). The document's paths are relative to its one
// server, `/api`.
export const API_BASE = '/api';

export type { components, paths };
/** A named schema of the document: `Schema<'UserContext'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

export type ApiPath = keyof paths;
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
/** The methods a path has (the generated type marks the others `?: never`). */
export type MethodOf<P extends ApiPath> = {
  [M in HttpMethod]: paths[P][M] extends undefined ? never : M;
}[HttpMethod];
export type Operation<P extends ApiPath, M extends MethodOf<P>> = NonNullable<paths[P][M]>;

// The server answers `application/json; charset=utf-8`; an export's success answer also lists the spreadsheet type.
type JsonOf<T> = T extends { content: infer C } ? C[Extract<keyof C, `application/json${string}`>] : never;
type Success = 200 | 201 | 202 | 204;
type ParametersOf<O> = O extends { parameters: infer Prm } ? Prm : never;
type Part<K extends string, T> = [T] extends [never] ? { [_ in K]?: never } : {} extends T ? { [_ in K]?: T } : { [_ in K]: T };

/** The JSON request body of an operation (never when it takes none). */
export type Body<P extends ApiPath, M extends MethodOf<P>> = JsonOf<NonNullable<Operation<P, M>['requestBody']>>;
/** The JSON answer of an operation's success; null for one without a body (204), as the client answers then. */
export type Answer<P extends ApiPath, M extends MethodOf<P>> = NullIfNever<
  JsonOf<Operation<P, M>['responses'][Extract<keyof Operation<P, M>['responses'], Success>]>
>;
type NullIfNever<T> = [T] extends [never] ? null : T;
/** The `{name}` placeholders of a path. */
export type PathParams<P extends ApiPath, M extends MethodOf<P>> = NonNullable<ParametersOf<Operation<P, M>>['path']>;
export type QueryParams<P extends ApiPath, M extends MethodOf<P>> = NonNullable<ParametersOf<Operation<P, M>>['query']>;

/** What `callApi` takes besides method and path: each part is required exactly when the document requires it. */
export type CallInit<P extends ApiPath, M extends MethodOf<P>> = CallOptions &
  Part<'path', PathParams<P, M>> &
  Part<'query', QueryParams<P, M>> &
  (undefined extends Operation<P, M>['requestBody'] ? { body?: Body<P, M> } : { body: Body<P, M> });

/** `/api` + the path with its placeholders filled + the defined query values. */
export function apiUrl(
  path: string,
  params?: Record<string, string | number | boolean> | null,
  query?: Record<string, string | number | boolean | null | undefined> | null,
): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${API_BASE}${filled}${search ? `?${search}` : ''}`;
}

/**
 * One operation of the document, checked against it: `callApi('put', '/V1/Site/CurrentSite', { body: { site_code } })`
 * answers the operation's success type. Errors follow the client's rules (toasts, 401, 503) as for `api`.
 */
export async function callApi<P extends ApiPath, M extends MethodOf<P>>(
  method: M,
  path: P,
  ...[init]: {} extends CallInit<P, M> ? [init?: CallInit<P, M>] : [init: CallInit<P, M>]
): Promise<Answer<P, M>> {
  const { path: params, query, body, ...options } = (init ?? {}) as CallOptions & {
    path?: Record<string, string | number | boolean>;
    query?: Record<string, string | number | boolean | null | undefined>;
    body?: unknown;
  };
  return call<Answer<P, M>>(method.toUpperCase(), apiUrl(path, params, query), body, options);
}
