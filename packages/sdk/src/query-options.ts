/**
 * TanStack Query option factories derived from the catalogue (structural types only, no
 * dependency on @tanstack/*): `q.<area>.<endpoint>(input)` for useQuery and
 * `m.<area>.<endpoint>()` for useMutation.
 */
import type { AnyEndpoint, Catalogue, EndpointData } from '@eem/contract';
import type { CallInput, Client, InputRequired, RequestOptions } from './create-client.js';
import { mapCatalogue } from './map-catalogue.js';
import type { RawInput } from './validate-input.js';

export type QueryKey<E> = readonly [endpointId: string, input: CallInput<E>];

export interface EndpointQueryOptions<E> {
  queryKey: QueryKey<E>;
  queryFn: (context: { signal?: AbortSignal }) => Promise<EndpointData<E>>;
}

export type QueryFactory<E> =
  InputRequired<E> extends true
    ? (input: CallInput<E>, options?: Omit<RequestOptions, 'signal'>) => EndpointQueryOptions<E>
    : (input?: CallInput<E>, options?: Omit<RequestOptions, 'signal'>) => EndpointQueryOptions<E>;

export type QueryOptionsFactories = {
  readonly [A in keyof Catalogue]: { readonly [K in keyof Catalogue[A]]: QueryFactory<Catalogue[A][K]> };
};

export interface EndpointMutationOptions<E> {
  mutationKey: readonly [endpointId: string];
  mutationFn: InputRequired<E> extends true
    ? (input: CallInput<E>) => Promise<EndpointData<E>>
    : (input?: CallInput<E>) => Promise<EndpointData<E>>;
}

export type MutationFactory<E> = (options?: RequestOptions) => EndpointMutationOptions<E>;

export type MutationOptionsFactories = {
  readonly [A in keyof Catalogue]: { readonly [K in keyof Catalogue[A]]: MutationFactory<Catalogue[A][K]> };
};

/** The client's loose call of an endpoint (the typed one lives on the area objects). */
function caller(client: Client, endpoint: AnyEndpoint) {
  return (input: RawInput | undefined, options: RequestOptions) =>
    (client.request as (e: AnyEndpoint, i?: RawInput, o?: RequestOptions) => Promise<unknown>)(
      endpoint,
      input,
      options,
    );
}

/**
 * `q.users.userTree({ params: { id } })` → `{ queryKey: ['users.userTree', input], queryFn }`.
 * An omitted input is keyed as `{}`, so `q.x.y()` and `q.x.y({})` share their cache entry;
 * invalidating `[endpointId]` reaches every input.
 */
export function createQueryOptions(client: Client): QueryOptionsFactories {
  return mapCatalogue((endpoint) => {
    const call = caller(client, endpoint);
    return (input: RawInput | undefined, options: RequestOptions = {}) => ({
      queryKey: [endpoint.id, input ?? {}] as const,
      queryFn: ({ signal }: { signal?: AbortSignal }) =>
        call(input, signal ? { ...options, signal } : options),
    });
  }) as unknown as QueryOptionsFactories;
}

/** `m.session.logout()` → `{ mutationKey: ['session.logout'], mutationFn }`. */
export function createMutationOptions(client: Client): MutationOptionsFactories {
  return mapCatalogue((endpoint) => {
    const call = caller(client, endpoint);
    return (options: RequestOptions = {}) => ({
      mutationKey: [endpoint.id] as const,
      mutationFn: (input?: RawInput) => call(input, options),
    });
  }) as unknown as MutationOptionsFactories;
}
