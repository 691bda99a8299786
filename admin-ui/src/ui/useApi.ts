// The one typed hook for the API's non-resource calls (resources go through react-admin's dataProvider).
import { callApi, type Answer, type ApiPath, type CallInit, type MethodOf } from '../shared/api';
import { useLoad, type Loaded } from './load';

export interface UseApiOptions {
  /** false: call nothing (a missing key, a closed dialog); `data` stays undefined. */
  enabled?: boolean;
  /** More values that, when they change, call again (the call's own path, query and body always do). */
  deps?: readonly unknown[];
}

/**
 * `const { data, loading, error, reload } = useApi('get', '/V1/Employee/{id}', { path: { id } })`: the answer of one
 * operation of the API document, typed by it; called again when the path, query or body change (a call still
 * running is aborted), and on `reload`. Calls are made as `callApi` makes them: pass `quiet: true` for a call whose
 * failure the screen says itself.
 */
export function useApi<P extends ApiPath, M extends MethodOf<P>>(
  method: M,
  path: P,
  init?: CallInit<P, M>,
  { enabled = true, deps = [] }: UseApiOptions = {},
): Loaded<Answer<P, M>> {
  const { path: params, query, body, quiet } = (init ?? {}) as { path?: unknown; query?: unknown; body?: unknown; quiet?: boolean };
  return useLoad(
    (signal) => {
      const call = callApi as unknown as (m: M, p: P, i: CallInit<P, M>) => Promise<Answer<P, M>>;
      return call(method, path, { ...(init as CallInit<P, M>), signal });
    },
    [method, path, params, query, body, quiet, ...deps],
    enabled,
  );
}
