/**
 * The SDK client of the console and its query layer (docs/architecture.md, "The query layer"):
 * - `useQueries().users.userTree({ params: { id } })` gives `{ queryKey, queryFn }` for useQuery;
 * - `useMutations().events.confirm({ invalidates: [areaKey('events')] })` gives
 *   `{ mutationKey, mutationFn }` for useMutation: every write goes through it, and it
 *   invalidates what the write changes (default: the endpoint's area) before it settles;
 * - `useInvalidate()(endpointKey('users', 'tenants'))` refreshes scopes by hand.
 */
import {
  type Client,
  createClient,
  createMutationOptions,
  createQueryOptions,
  fetchTransport,
  invalidate,
  type MutationOptionsFactories,
  type QueryOptionsFactories,
  type QueryScope,
  type SessionExpiredError,
} from '@eem/sdk';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { getCurrentLanguage } from '../i18n/language';
import type { SessionStore } from './session-store';

const ClientContext = createContext<Client | null>(null);

export function ClientProvider({ client, children }: { client: Client; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient() needs a <ClientProvider> above it');
  return client;
}

const queryFactories = new WeakMap<Client, QueryOptionsFactories>();
const mutationFactories = new WeakMap<QueryClient, WeakMap<Client, MutationOptionsFactories>>();

/** Query option factories of the current client: `useQueries().<area>.<endpoint>(input)`. */
export function useQueries(): QueryOptionsFactories {
  const client = useClient();
  let factories = queryFactories.get(client);
  if (!factories) {
    factories = createQueryOptions(client);
    queryFactories.set(client, factories);
  }
  return factories;
}

/** Mutation option factories of the current client: `useMutations().<area>.<endpoint>(settings)`. */
export function useMutations(): MutationOptionsFactories {
  const client = useClient();
  const queryClient = useQueryClient();
  let byClient = mutationFactories.get(queryClient);
  if (!byClient) {
    byClient = new WeakMap();
    mutationFactories.set(queryClient, byClient);
  }
  let factories = byClient.get(client);
  if (!factories) {
    factories = createMutationOptions(client, queryClient);
    byClient.set(client, factories);
  }
  return factories;
}

/** Refreshes the cached answers of areas or endpoints: `invalidate(areaKey('events'))`. */
export function useInvalidate(): (...scopes: QueryScope[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((...scopes: QueryScope[]) => invalidate(queryClient, scopes), [queryClient]);
}

export interface WebClientOptions {
  store: SessionStore;
  onSessionExpired: (error: SessionExpiredError) => void;
  /** Default: this page's origin. */
  baseUrl?: string;
}

/** The console's client: same origin, fetch, token and project from the session store. */
export function createWebClient({ store, onSessionExpired, baseUrl }: WebClientOptions): Client {
  return createClient({
    baseUrl: baseUrl ?? globalThis.location.origin,
    transport: fetchTransport(),
    token: () => store.getSnapshot().token ?? undefined,
    projectId: () => (store.module() === 'fw' ? store.headerProjectId() : undefined),
    language: getCurrentLanguage,
    onSessionExpired,
  });
}
