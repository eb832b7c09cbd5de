/**
 * The blocks' one seam to the server, on the query layer (docs/architecture.md, "The query
 * layer"). A block is handed endpoints of the catalogue by their endpoint keys
 * (`endpointKey('datalog', 'query')`: area and name, typed from the catalogue), never endpoint
 * objects, and reaches them only through these hooks:
 *
 * - `useEndpointQuery(ref, input)` / `endpointQuery(queries, ref, input)`: the query layer's
 *   options (keys `[area, endpoint, input]`);
 * - `useEndpointMutation(ref, { invalidates })`: the mutation factory's write, which refreshes
 *   what it declares before it settles;
 * - `useEndpointDownload(ref)`: the endpoint's `.download` member as a mutation (its pending
 *   state), saving the file it answers;
 * - `useEndpointDefinitions(refs)`: the endpoints with their schemas (a ledger's form rules),
 *   once their areas are loaded; the SDK loads an area on its first call anyway.
 */
import type { AnyEndpoint, AreaName, Catalogue, EndpointData } from '@eem/contract';
import { loadArea } from '@eem/contract/lazy';
import type {
  AnyQueryKey,
  CallInput,
  Client,
  DownloadResult,
  EndpointKey,
  EndpointName,
  MutationInput,
  MutationOptionsFactories,
  MutationResult,
  MutationSettings,
  QueryOptionsFactories,
} from '@eem/sdk';
import { keepPreviousData, skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useMutations, useQueries } from '../app/client';
import { saveDownload } from './save-file';

/** An endpoint of the catalogue, named by its key: `endpointKey('users', 'userGroups')`. */
export type EndpointRef = { [A in AreaName]: EndpointKey<A, EndpointName<A>> }[AreaName];

type RefOfKind<K> = {
  [A in AreaName]: {
    [N in EndpointName<A>]: Catalogue[A][N] extends { kind: K } ? EndpointKey<A, N> : never;
  }[EndpointName<A>];
}[AreaName];

/** A json endpoint (a query or a write). */
export type JsonRef = RefOfKind<'json'>;
/** An endpoint that answers a file. */
export type DownloadRef = RefOfKind<'download'>;

/** The endpoint a key names. */
export type EndpointAt<K> = K extends readonly [infer A extends AreaName, infer N]
  ? N extends keyof Catalogue[A]
    ? Catalogue[A][N]
    : never
  : never;

/** What a ref's call takes and answers. */
export type RefInput<K> = CallInput<EndpointAt<K>>;
export type RefData<K> = EndpointData<EndpointAt<K>>;

/** TanStack options of one query: a key of the catalogue's shape and its function. */
export interface QueryOptions<T> {
  queryKey: AnyQueryKey;
  queryFn: (context: { signal?: AbortSignal }) => Promise<T>;
}

type LooseFactories<T> = Readonly<Record<string, Readonly<Record<string, T>>>>;

/** The query layer's options of a json endpoint named by its key. */
export function endpointQuery<K extends JsonRef>(
  queries: QueryOptionsFactories,
  ref: K,
  input: RefInput<K>,
): QueryOptions<RefData<K>> {
  const factories = queries as unknown as LooseFactories<(input: unknown) => QueryOptions<RefData<K>>>;
  const factory = factories[ref[0]]?.[ref[1]];
  if (!factory) throw new Error(`${ref[0]}.${ref[1]} is not a json endpoint of the catalogue`);
  return factory(input);
}

/** `endpointQuery` bound to the console's client. */
export function useEndpointQueries(): <K extends JsonRef>(
  ref: K,
  input: RefInput<K>,
) => QueryOptions<RefData<K>> {
  const queries = useQueries();
  return useCallback(
    <K extends JsonRef>(ref: K, input: RefInput<K>) => endpointQuery(queries, ref, input),
    [queries],
  );
}

/**
 * A query of an endpoint; none while `input` is null (nothing to ask). `keepPrevious` shows the
 * last answer while a changed input loads.
 */
export function useEndpointQuery<K extends JsonRef>(
  ref: K,
  input: RefInput<K> | null,
  options: { keepPrevious?: boolean; refetchInterval?: number } = {},
) {
  const queries = useQueries();
  const asked: QueryOptions<RefData<K>> | { queryKey: AnyQueryKey; queryFn: typeof skipToken } =
    input === null
      ? { queryKey: [ref[0], ref[1], null] as AnyQueryKey, queryFn: skipToken }
      : endpointQuery(queries, ref, input);
  return useQuery<RefData<K>, Error, RefData<K>, AnyQueryKey>({
    ...asked,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    // Not in a background tab (refetchIntervalInBackground stays false).
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
}

function mutationOf<K extends EndpointRef>(
  mutations: MutationOptionsFactories,
  ref: K,
  settings: MutationSettings,
) {
  const factories = mutations as unknown as LooseFactories<
    (settings: MutationSettings) => {
      mutationKey: AnyQueryKey;
      mutationFn: (input: MutationInput<EndpointAt<K>>) => Promise<MutationResult<EndpointAt<K>>>;
    }
  >;
  const factory = factories[ref[0]]?.[ref[1]];
  if (!factory) throw new Error(`${ref[0]}.${ref[1]} is not an endpoint of the catalogue`);
  return factory(settings);
}

/**
 * A write through the mutation factory: it refreshes `invalidates` (default: the endpoint's
 * area) after it succeeds and before it settles; its pending state is the mutation's.
 */
export function useEndpointMutation<K extends JsonRef>(ref: K, settings: MutationSettings = {}) {
  return useMutation<RefData<K>, Error, RefInput<K>>(
    mutationOf(useMutations(), ref, settings) as unknown as {
      mutationKey: AnyQueryKey;
      mutationFn: (input: RefInput<K>) => Promise<RefData<K>>;
    },
  );
}

/**
 * The file of a download endpoint (its `.download` member), saved for the user: `run(input)`
 * resolves with the file's name; `isPending` while it loads. A download changes nothing shown.
 */
export function useEndpointDownload<K extends DownloadRef>(ref: K) {
  const mutation = useMutation(
    mutationOf(useMutations(), ref, { invalidates: [] }) as unknown as {
      mutationKey: AnyQueryKey;
      mutationFn: (input: RefInput<K>) => Promise<MutationResult<EndpointAt<K>>>;
    },
  );
  const { mutateAsync } = mutation;
  const run = useCallback(
    async (input: RefInput<K>) => saveDownload(await mutateAsync(input)),
    [mutateAsync],
  );
  return { run, isPending: mutation.isPending };
}

/** The file a download endpoint answers: its `.download` member (for a DataTable's exporter). */
export function endpointDownload<K extends DownloadRef>(
  client: Client,
  ref: K,
  input: RefInput<K>,
): Promise<DownloadResult> {
  const members = client as unknown as LooseFactories<{
    download?: (input: unknown) => Promise<DownloadResult>;
  }>;
  const download = members[ref[0]]?.[ref[1]]?.download;
  if (!download) return Promise.reject(new Error(`${ref[0]}.${ref[1]} answers no file`));
  return download(input);
}

// ------------------------------------------------------------------------------- definitions

const loadedAreas = new Map<AreaName, Readonly<Record<string, AnyEndpoint>>>();

function definitionOf<K extends EndpointRef>(ref: K): EndpointAt<K> | undefined {
  return loadedAreas.get(ref[0])?.[ref[1]] as EndpointAt<K> | undefined;
}

export type Definitions<K extends readonly EndpointRef[]> = { [I in keyof K]: EndpointAt<K[I]> };

export type DefinitionsState<K extends readonly EndpointRef[]> =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; definitions: Definitions<K> };

/**
 * The endpoints with their schemas (what a form reads its rules from), once their areas are
 * loaded: at once when they are, else after the import the area's first call starts anyway.
 */
export function useEndpointDefinitions<const K extends readonly EndpointRef[]>(refs: K): DefinitionsState<K> {
  const areas = [...new Set(refs.map((ref) => ref[0]))].sort().join(',');
  const [failure, setFailure] = useState<unknown>(null);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    const missing = areas
      .split(',')
      .filter((a): a is AreaName => a !== '' && !loadedAreas.has(a as AreaName));
    if (missing.length === 0) return;
    let live = true;
    Promise.all(missing.map(async (area) => loadedAreas.set(area, await loadArea(area)))).then(
      () => live && setLoaded((n) => n + 1),
      (error: unknown) => live && setFailure(error ?? new Error('load failed')),
    );
    return () => {
      live = false;
    };
  }, [areas]);
  const found = refs.map(definitionOf);
  if (found.every((d) => d !== undefined)) return { state: 'ready', definitions: found as Definitions<K> };
  return failure !== null ? { state: 'failed', error: failure } : { state: 'loading' };
}
