/**
 * The query layer (TanStack Query, by structural types only: no dependency on @tanstack/*).
 *
 * - Keys come from the catalogue: `[area, endpoint, input]`. `areaKey('events')` and
 *   `endpointKey('events', 'eventLog')` are their prefixes, which TanStack matches: invalidating
 *   one reaches every cached answer of the area or of the endpoint, whatever the input.
 * - `q.<area>.<endpoint>(input)` gives `{ queryKey, queryFn }` for useQuery (json endpoints).
 * - `m.<area>.<endpoint>({ invalidates })` gives `{ mutationKey, mutationFn }` for useMutation;
 *   the write declares what it changes (default: its own area; a download changes nothing) and
 *   mutationFn invalidates it after the call succeeds, before the mutation settles, so a dialog
 *   that closes on success shows fresh data. Screens may add their own onSuccess freely.
 */
import type { AreaName, Catalogue, EndpointData } from '@eem/contract';
import { buildAreas, type EndpointName } from './catalogue-areas.js';
import type { CallInput, Client, InputRequired, RequestOptions, UploadInput } from './create-client.js';
import type { DownloadResult } from './download.js';
import type { UploadParts } from './upload.js';
import type { RawInput } from './validate-input.js';

/** Every cached answer of an area. */
export type AreaKey<A extends AreaName = AreaName> = readonly [area: A];

/**
 * Every cached answer of one endpoint, whatever its input; also how the web's blocks name an
 * endpoint they are handed (its area and name, typed).
 */
export type EndpointKey<
  A extends AreaName = AreaName,
  N extends EndpointName<A> = EndpointName<A>,
> = readonly [area: A, endpoint: N];

/** What a write invalidates, or a screen refreshes: an area or one endpoint of it. */
export type QueryScope = { [A in AreaName]: AreaKey<A> | EndpointKey<A> }[AreaName];

/** The key of one cached answer: area, endpoint and the input as passed (`{}` when left out). */
export type QueryKey<A extends AreaName = AreaName, N extends string = string, E = unknown> = readonly [
  area: A,
  endpoint: N,
  input: CallInput<E>,
];

/**
 * Every key the console's cache may hold or match: an area, or an endpoint of it followed by
 * anything (its input, a page). Registered as TanStack's QueryKey in the web console, so a key
 * written by hand that names no area or endpoint (`['events.eventLog']`) is a type error.
 */
export type AnyQueryKey = {
  [A in AreaName]: readonly [area: A] | readonly [area: A, endpoint: EndpointName<A>, ...rest: unknown[]];
}[AreaName];

export function areaKey<A extends AreaName>(area: A): AreaKey<A> {
  return [area];
}

export function endpointKey<A extends AreaName, N extends EndpointName<A>>(
  area: A,
  endpoint: N,
): EndpointKey<A, N> {
  return [area, endpoint];
}

/** The key `q.<area>.<endpoint>(input)` caches under. */
export function callKey<A extends AreaName, N extends EndpointName<A>>(
  area: A,
  endpoint: N,
  input?: CallInput<Catalogue[A][N]>,
): QueryKey<A, N, Catalogue[A][N]> {
  return [area, endpoint, (input ?? {}) as CallInput<Catalogue[A][N]>];
}

/** Whether a cached answer's key lies within a scope (the prefix TanStack matches). */
export function inScope(queryKey: readonly unknown[], scope: QueryScope): boolean {
  return scope.every((part, i) => queryKey[i] === part);
}

/** What the query layer needs of TanStack's QueryClient. */
export interface QueryClientLike {
  invalidateQueries(filters: { queryKey: QueryScope }): Promise<unknown>;
}

/** Marks the scopes' cached answers stale and refetches those on screen; resolves when done. */
export async function invalidate(queryClient: QueryClientLike, scopes: readonly QueryScope[]): Promise<void> {
  await Promise.all(scopes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

// ------------------------------------------------------------------------------------ queries

export interface EndpointQueryOptions<E, A extends string = AreaName, N extends string = string> {
  queryKey: readonly [area: A, endpoint: N, input: CallInput<E>];
  queryFn: (context: { signal?: AbortSignal }) => Promise<EndpointData<E>>;
}

export type QueryFactory<E, A extends string = AreaName, N extends string = string> =
  InputRequired<E> extends true
    ? (input: CallInput<E>, options?: Omit<RequestOptions, 'signal'>) => EndpointQueryOptions<E, A, N>
    : (input?: CallInput<E>, options?: Omit<RequestOptions, 'signal'>) => EndpointQueryOptions<E, A, N>;

/** Query factories of the json endpoints of a catalogue (files are not cached). */
export type QueryFactoriesOf<C> = {
  readonly [A in keyof C]: {
    readonly [K in keyof C[A] as C[A][K] extends { kind: 'json' } ? K : never]: QueryFactory<
      C[A][K],
      A & string,
      K & string
    >;
  };
};

export type QueryOptionsFactories = QueryFactoriesOf<Catalogue>;

type LooseCall = (input: RawInput | undefined, options: RequestOptions) => Promise<unknown>;
type LooseMember = LooseCall & {
  download?: LooseCall;
  upload?: (input: RawInput & UploadParts, options: RequestOptions) => Promise<unknown>;
};

function memberOf(client: Client, area: AreaName, name: string): LooseMember {
  return (client[area] as unknown as Record<string, LooseMember>)[name] as LooseMember;
}

/**
 * `q.users.userTree({ params: { id } })` → `{ queryKey: ['users', 'userTree', input], queryFn }`.
 * An omitted input is keyed as `{}`, so `q.x.y()` and `q.x.y({})` share their cache entry.
 */
export function createQueryOptions(client: Client): QueryOptionsFactories {
  return buildAreas((area, name, kind) => {
    if (kind !== 'json') return undefined;
    const call = memberOf(client, area, name);
    return (input: RawInput | undefined, options: RequestOptions = {}) => ({
      queryKey: [area, name, input ?? {}] as const,
      queryFn: ({ signal }: { signal?: AbortSignal }) =>
        call(input, signal ? { ...options, signal } : options),
    });
  }) as unknown as QueryOptionsFactories;
}

// ---------------------------------------------------------------------------------- mutations

export interface MutationSettings extends RequestOptions {
  /**
   * The cached answers this write changes, invalidated after it succeeds: areas or endpoints.
   * Default: the endpoint's own area (a download: nothing). `[]`: nothing.
   */
  invalidates?: readonly QueryScope[];
}

/** What a mutation passes: the call's input, plus the files of an upload. */
export type MutationInput<E> = E extends { kind: 'upload' } ? UploadInput<E> : CallInput<E>;

/** What a mutation resolves to: the answer's data, or the file of a download. */
export type MutationResult<E> = E extends { kind: 'download' } ? DownloadResult : EndpointData<E>;

export interface EndpointMutationOptions<E, A extends string = AreaName, N extends string = string> {
  mutationKey: readonly [area: A, endpoint: N];
  mutationFn: E extends { kind: 'upload' }
    ? (input: MutationInput<E>) => Promise<MutationResult<E>>
    : InputRequired<E> extends true
      ? (input: MutationInput<E>) => Promise<MutationResult<E>>
      : (input?: MutationInput<E>) => Promise<MutationResult<E>>;
}

export type MutationFactory<E, A extends string = AreaName, N extends string = string> = (
  settings?: MutationSettings,
) => EndpointMutationOptions<E, A, N>;

export type MutationFactoriesOf<C> = {
  readonly [A in keyof C]: {
    readonly [K in keyof C[A]]: MutationFactory<C[A][K], A & string, K & string>;
  };
};

export type MutationOptionsFactories = MutationFactoriesOf<Catalogue>;

/**
 * `m.events.confirm()` → `{ mutationKey: ['events', 'confirm'], mutationFn }`; mutationFn sends
 * the call, then invalidates what the write changes (`invalidates`, default its area).
 */
export function createMutationOptions(
  client: Client,
  queryClient: QueryClientLike,
): MutationOptionsFactories {
  return buildAreas((area, name, kind) => {
    const member = memberOf(client, area, name);
    const send: (input: never, options: RequestOptions) => Promise<unknown> =
      kind === 'download'
        ? (input: RawInput | undefined, options) => (member.download as LooseCall)(input, options)
        : kind === 'upload'
          ? (input: RawInput & UploadParts, options) =>
              (member.upload as NonNullable<LooseMember['upload']>)(input, options)
          : member;
    return (settings: MutationSettings = {}) => {
      const { invalidates, ...options } = settings;
      const scopes: readonly QueryScope[] =
        invalidates ?? (kind === 'download' ? [] : [areaKey(area) as QueryScope]);
      return {
        mutationKey: [area, name] as const,
        mutationFn: async (input?: never) => {
          const data = await send(input as never, options);
          await invalidate(queryClient, scopes);
          return data;
        },
      };
    };
  }) as unknown as MutationOptionsFactories;
}
