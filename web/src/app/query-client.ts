import { problemsText } from '@eem/core';
/**
 * TanStack Query defaults of the console, and its key type: every query key comes from the
 * catalogue (`[area, endpoint, input]`, see @eem/sdk queries.ts), so a key written by hand that
 * names no area or endpoint is a type error.
 */
import { type AnyQueryKey, EemError, NetworkError } from '@eem/sdk';
import { QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryKey: AnyQueryKey;
    mutationKey: AnyQueryKey;
  }
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only a network failure is worth retrying; a refusal by the server stays a refusal.
        retry: (count, error) => error instanceof NetworkError && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The message to show for a failed call: the server's, without field paths (core's problemsText). */
export function errorMessage(error: unknown): string {
  if (error instanceof EemError) return error.msg ? problemsText(error.msg) : error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
