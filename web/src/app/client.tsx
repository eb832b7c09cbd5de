/**
 * The SDK client of the console and its TanStack Query option factories.
 * `useQueries().users.userTree({ params: { id } })` gives `{ queryKey, queryFn }` for
 * useQuery; `useMutations().session.logout()` gives `{ mutationKey, mutationFn }`.
 */
import {
  type Client,
  createClient,
  createMutationOptions,
  createQueryOptions,
  fetchTransport,
  type MutationOptionsFactories,
  type QueryOptionsFactories,
  type SessionExpiredError,
} from '@eem/sdk';
import { createContext, type ReactNode, useContext } from 'react';
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
const mutationFactories = new WeakMap<Client, MutationOptionsFactories>();

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

/** Mutation option factories of the current client: `useMutations().<area>.<endpoint>()`. */
export function useMutations(): MutationOptionsFactories {
  const client = useClient();
  let factories = mutationFactories.get(client);
  if (!factories) {
    factories = createMutationOptions(client);
    mutationFactories.set(client, factories);
  }
  return factories;
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
