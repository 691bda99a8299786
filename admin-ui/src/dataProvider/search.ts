// The data provider of the spec-shaped resources: each resource names its calls in a registry entry (resources.ts),
// built with the helpers below so that paths, bodies and rows are checked against the generated OpenAPI types.
import type {
  CreateParams,
  CreateResult,
  DataProvider,
  GetListParams,
  GetListResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import { api, apiUrl } from '../shared/api';
import type { Answer, ApiPath, Body, CallOptions, MethodOf, PathParams, QueryParams, Schema } from '../shared/api';
import { toGridSort, toPageRequest, type PageRequest } from '../grid/pager';
import type { ExportColumn } from '../grid/columns';

/** A row of the API with the `id` react-admin needs (derived per resource, see `id` below). */
export type WithId<T> = T & { id: Identifier };

/** What a paged search answers besides its rows. */
export interface SearchMeta {
  limited: boolean;
  limitMessage: string | null;
}

type PagedAnswer = { totalCount: number; limited: boolean; limitMessage?: string | null } & (
  | { itemList: unknown[] }
  | { resultList: unknown[] }
);
type RowsOf<A> = A extends { itemList: (infer R)[] } ? R : A extends { resultList: (infer R)[] } ? R : never;

/** The POST operations answering a page of rows (`{itemList|resultList, totalCount, limited, limitMessage}`). */
export type SearchPath = {
  [P in ApiPath]: 'post' extends MethodOf<P> ? (Answer<P, Extract<'post', MethodOf<P>>> extends PagedAnswer ? P : never) : never;
}[ApiPath];
/** The GET operations answering a whole list (an array). */
export type WholeListPath = {
  [P in ApiPath]: 'get' extends MethodOf<P> ? (Answer<P, Extract<'get', MethodOf<P>>> extends readonly unknown[] ? P : never) : never;
}[ApiPath];

type SearchAnswer<P extends SearchPath> = Answer<P, Extract<'post', MethodOf<P>>>;
type WholeAnswer<P extends WholeListPath> = Answer<P, Extract<'get', MethodOf<P>>>;
export type SearchRow<P extends SearchPath> = RowsOf<SearchAnswer<P>>;
export type WholeListRow<P extends WholeListPath> = WholeAnswer<P> extends readonly (infer R)[] ? R : never;

type PageFields = keyof Schema<'PageRequest'>;
/**
 * The search criteria of a request body: the body without its paging fields. Empty criteria are sent as null (spec
 * 2: empty inputs become null), which the document leaves implicit.
 */
export type Criteria<P extends SearchPath> = {
  [K in Exclude<keyof Body<P, Extract<'post', MethodOf<P>>>, PageFields | 'columns'>]?:
    | Body<P, Extract<'post', MethodOf<P>>>[K]
    | null;
};
/** A search with an export twin: `<search path>/Export` exists in the document. */
type ExportFlag<P extends SearchPath> = `${P}/Export` extends ApiPath ? { exportable?: boolean } : { exportable?: false };

type Filter = Record<string, unknown>;
type PathValues = Record<string, string | number | boolean>;
type QueryValues = Record<string, string | number | boolean | null | undefined>;

/** How a resource lists its rows; the runtime (type-erased) form of `pagedSearch` and `wholeList`. */
export type ListCall =
  | {
      kind: 'search';
      path: string;
      params?: (filter: Filter) => PathValues;
      criteria: (filter: Filter) => Filter;
      exportable: boolean;
      id: (row: never, index: number) => Identifier;
    }
  | {
      kind: 'whole';
      path: string;
      params?: (filter: Filter) => PathValues;
      query?: (filter: Filter) => QueryValues;
      id: (row: never, index: number) => Identifier;
    };

/** The calls behind one resource; a method left out is refused (the screens do not use it). */
export interface ResourceCalls {
  list?: ListCall;
  getOne?: (id: Identifier, options: CallOptions) => Promise<GetOneResult>;
  create?: (data: never, options: CallOptions) => Promise<CreateResult>;
  update?: (params: UpdateParams, options: CallOptions) => Promise<UpdateResult>;
}

/**
 * A paged search: getList posts `criteria(filter)` plus pageNumber (zero-based), pageSize, sortField and
 * sortDirection to `path` (placeholders from `params(filter)`); `id` gives each row its react-admin id.
 * Without `criteria` the filter values are sent as they are.
 */
export function pagedSearch<P extends SearchPath, F extends Filter = Filter>(
  definition: {
    path: P;
    params?: (filter: F) => PathParams<P, Extract<'post', MethodOf<P>>>;
    criteria?: (filter: F) => Criteria<P>;
    id: (row: SearchRow<P>, index: number) => Identifier;
  } & ExportFlag<P>,
): ListCall {
  const { path, params, criteria, id, exportable = false } = definition;
  return {
    kind: 'search',
    path,
    params: params as ((filter: Filter) => PathValues) | undefined,
    criteria: (criteria ?? ((filter: F) => filter)) as (filter: Filter) => Filter,
    exportable,
    id: id as (row: never, index: number) => Identifier,
  };
}

/** A list the API answers whole (a GET answering an array): no paging, no server sort. */
export function wholeList<P extends WholeListPath, F extends Filter = Filter>(definition: {
  path: P;
  params?: (filter: F) => PathParams<P, Extract<'get', MethodOf<P>>>;
  query?: (filter: F) => QueryParams<P, Extract<'get', MethodOf<P>>>;
  id: (row: WholeListRow<P>, index: number) => Identifier;
}): ListCall {
  return {
    kind: 'whole',
    path: definition.path,
    params: definition.params as ((filter: Filter) => PathValues) | undefined,
    query: definition.query as ((filter: Filter) => QueryValues) | undefined,
    id: definition.id as (row: never, index: number) => Identifier,
  };
}

/** The request body of a search: the criteria and the paging fields. */
export function searchBody(call: Extract<ListCall, { kind: 'search' }>, params: Pick<GetListParams, 'filter' | 'pagination' | 'sort'>): Filter & PageRequest {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  return { ...call.criteria(params.filter ?? {}), ...toPageRequest({ page, pageSize: perPage, sort: toGridSort(params.sort) }) };
}

/** `{itemList|resultList, totalCount, limited, limitMessage}` as react-admin's list result. */
export function pageResult(call: ListCall, answer: unknown): GetListResult & { meta: SearchMeta } {
  const page = (answer ?? {}) as Partial<PagedAnswer> & { itemList?: unknown[]; resultList?: unknown[] };
  const rows = Array.isArray(answer) ? answer : (page.itemList ?? page.resultList ?? []);
  const data = rows.map((row, index) => ({ ...(row as object), id: call.id(row as never, index) }));
  const total = Array.isArray(answer) ? rows.length : Number(page.totalCount ?? rows.length) || 0;
  return {
    data,
    total,
    meta: {
      limited: Array.isArray(answer) ? false : Boolean(page.limited),
      limitMessage: (!Array.isArray(answer) && page.limitMessage) || null,
    },
  };
}

/** What the grids' Export button sends besides the list's parameters. */
export interface ExportParams extends Pick<GetListParams, 'filter' | 'pagination' | 'sort'> {
  columns: ExportColumn[];
}

/** The provider's method beyond react-admin's: the server-side Excel export of a paged search. */
export interface ExportingDataProvider {
  /** POST `<search path>/Export` with the search body and the displayed columns; answers the xlsx file. */
  exportXlsx(resource: string, params: ExportParams): Promise<Blob>;
}

/** Call options a caller can pass in `meta` (e.g. `{quiet: true}` when it shows errors itself). */
const callOptions = (meta: unknown): CallOptions => {
  const quiet = (meta as { quiet?: unknown } | undefined)?.quiet;
  return quiet === true ? { quiet: true } : {};
};

class UnsupportedCall extends Error {
  constructor(resource: string, method: string) {
    super(`${method} is not available for ${resource}`);
    this.name = 'UnsupportedCall';
  }
}

/** The react-admin data provider of the registry's resources. */
export function createSearchDataProvider(resources: Record<string, ResourceCalls>): DataProvider & ExportingDataProvider {
  const callsOf = (resource: string, method: keyof ResourceCalls) => {
    const calls = resources[resource];
    if (!calls?.[method]) throw new UnsupportedCall(resource, method);
    return calls;
  };
  const searchOf = (resource: string) => {
    const list = callsOf(resource, 'list').list;
    if (list?.kind !== 'search') throw new UnsupportedCall(resource, 'search');
    return list;
  };
  const refuse = (method: string) => async (resource: string) => {
    throw new UnsupportedCall(resource, method);
  };

  return {
    async getList(resource: string, params: GetListParams) {
      const list = callsOf(resource, 'list').list as ListCall;
      const filter = params.filter ?? {};
      const path = apiUrl(list.path, list.params?.(filter), list.kind === 'whole' ? list.query?.(filter) : null);
      const options = { ...callOptions(params.meta), signal: params.signal };
      const answer: unknown =
        list.kind === 'search' ? await api.post(path, searchBody(list, params), options) : await api.get(path, options);
      return pageResult(list, answer) as GetListResult<never>;
    },
    async getOne(resource: string, params: GetOneParams) {
      return (await callsOf(resource, 'getOne').getOne!(params.id, { ...callOptions(params.meta), signal: params.signal })) as GetOneResult<never>;
    },
    async create(resource: string, params: CreateParams) {
      return (await callsOf(resource, 'create').create!(params.data as never, callOptions(params.meta))) as CreateResult<never>;
    },
    async update(resource: string, params: UpdateParams) {
      return (await callsOf(resource, 'update').update!(params, callOptions(params.meta))) as UpdateResult<never>;
    },
    getMany: refuse('getMany'),
    getManyReference: refuse('getManyReference'),
    updateMany: refuse('updateMany'),
    delete: refuse('delete'),
    deleteMany: refuse('deleteMany'),
    async exportXlsx(resource: string, params: ExportParams) {
      const search = searchOf(resource);
      if (!search.exportable) throw new UnsupportedCall(resource, 'export');
      const path = apiUrl(`${search.path}/Export`, search.params?.(params.filter ?? {}));
      const { blob } = await api.postForBlob(path, { ...searchBody(search, params), columns: params.columns });
      return blob;
    },
  };
}
