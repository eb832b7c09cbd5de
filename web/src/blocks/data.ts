/**
 * The blocks' one seam to the server. A block is given endpoints of the contract
 * (`catalogue.<area>.<name>`) and reaches them only through these hooks, so a change of how
 * queries are keyed, mutations invalidate or files download is made here once:
 *
 * - `useEndpointQueries()(endpoint, input)` → TanStack query options (today's
 *   `createQueryOptions`, keys `[endpointId, input]`);
 * - `useEndpointMutation(endpoint, { invalidates })` → a TanStack mutation that refreshes its
 *   own area's queries of the listed endpoints after success;
 * - `useDownload()` → saves a download endpoint's file (the SDK's `client.download`: filename
 *   from content-disposition, `.xlsx` added when it has none; a JSON answer is an error with
 *   the server's msg, else 'abnormal export file').
 */
import type { AnyEndpoint, EndpointData } from '@eem/contract';
import type { CallInput, Client, DownloadResult, EndpointQueryOptions, RequestOptions } from '@eem/sdk';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { useClient, useMutations, useQueries } from '../app/client';
import { saveDownload } from './save-file';

type Factories = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

function factoryOf(factories: Factories, endpoint: AnyEndpoint): unknown {
  const [area = '', name = ''] = endpoint.id.split('.');
  const factory = factories[area]?.[name];
  if (typeof factory !== 'function') throw new Error(`${endpoint.id} is not an endpoint of the catalogue`);
  return factory;
}

export type EndpointQueryFactory = <E extends AnyEndpoint>(
  endpoint: E,
  input?: CallInput<E>,
) => EndpointQueryOptions<E>;

/** Query options of any endpoint of the catalogue, by the endpoint itself. */
export function useEndpointQueries(): EndpointQueryFactory {
  const queries = useQueries() as unknown as Factories;
  return useCallback(
    <E extends AnyEndpoint>(endpoint: E, input?: CallInput<E>) =>
      (factoryOf(queries, endpoint) as (i?: unknown) => EndpointQueryOptions<E>)(input),
    [queries],
  );
}

/**
 * A query of an endpoint; none while `input` is null (nothing to ask). `keepPrevious` shows
 * the last answer while a changed input loads.
 */
export function useEndpointQuery<E extends AnyEndpoint>(
  endpoint: E | undefined,
  input: CallInput<E> | null,
  options: { keepPrevious?: boolean } = {},
) {
  const queries = useEndpointQueries();
  const asked = endpoint !== undefined && input !== null ? queries(endpoint, input) : null;
  return useQuery<EndpointData<E>, Error, EndpointData<E>, readonly unknown[]>({
    queryKey: asked ? asked.queryKey : ['notAsked'],
    queryFn: asked ? asked.queryFn : () => Promise.reject(new Error('nothing asked')),
    enabled: asked !== null,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

/** The query key prefix of an endpoint: invalidating it refreshes every input. */
export function endpointKey(endpoint: AnyEndpoint): readonly [string] {
  return [endpoint.id];
}

/** Refreshes the queries of the given endpoints. */
export async function invalidateEndpoints(
  queryClient: QueryClient,
  endpoints: readonly AnyEndpoint[],
): Promise<void> {
  await Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: endpointKey(e) })));
}

export interface EndpointMutationOptions {
  /** The endpoints whose queries a success refreshes. */
  invalidates?: readonly AnyEndpoint[];
  request?: RequestOptions;
}

/** A mutation of a json endpoint that refreshes what it changes. */
export function useEndpointMutation<E extends AnyEndpoint>(
  endpoint: E,
  options: EndpointMutationOptions = {},
) {
  const mutations = useMutations() as unknown as Factories;
  const queryClient = useQueryClient();
  const base = (
    factoryOf(mutations, endpoint) as (o?: RequestOptions) => {
      mutationKey: readonly [string];
      mutationFn: (input: CallInput<E>) => Promise<EndpointData<E>>;
    }
  )(options.request);
  return useMutation<EndpointData<E>, Error, CallInput<E>>({
    ...base,
    onSuccess: () => invalidateEndpoints(queryClient, options.invalidates ?? []),
  });
}

/** The file of a download endpoint (the SDK's download: name, type, bytes). */
export function fetchDownload(
  client: Client,
  endpoint: AnyEndpoint,
  input: unknown,
): Promise<DownloadResult> {
  const download = client.download as (e: AnyEndpoint, i: unknown) => Promise<DownloadResult>;
  return download(endpoint, input);
}

export type DownloadRunner = <E extends AnyEndpoint>(endpoint: E, input: CallInput<E>) => Promise<string>;

/** Downloads a file of a download endpoint and offers it to the user; resolves with its name. */
export function useDownload(): DownloadRunner {
  const client = useClient();
  return useCallback(
    async <E extends AnyEndpoint>(endpoint: E, input: CallInput<E>) =>
      saveDownload(await fetchDownload(client, endpoint, input)),
    [client],
  );
}
