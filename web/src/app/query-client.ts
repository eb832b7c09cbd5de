import { problemsText } from '@eem/core';
/**
 * TanStack Query defaults of the console, and its key type: every query key comes from the
 * catalogue (`[area, endpoint, input]`, see @eem/sdk queries.ts), so a key written by hand that
 * names no area or endpoint is a type error.
 */
import { type AnyQueryKey, CLIENT_CODE, EemError, NetworkError } from '@eem/sdk';
import { QueryClient } from '@tanstack/react-query';
import { getCurrentLanguage } from '../i18n/language';

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

const UNREADABLE = {
  zh: '服务器的回答无法读取，请稍后重试；如果仍然如此，请联系管理员。',
  en: 'The server sent an answer the console cannot read. Try again later; if it persists, contact your administrator.',
} as const;

const logged = new WeakSet<object>();

/**
 * The plain message of an answer that broke the contract (the SDK's unexpected answer, whose
 * text names the endpoint and a field path like `data.0.lockedReason`) or of a call the SDK
 * could not make: the path is for developers, so it goes to the console (once per error) and
 * the person reads a sentence in the interface language. Null for any other error.
 */
export function unreadableAnswerText(error: unknown): string | null {
  if (!(error instanceof EemError)) return null;
  if (error.code !== CLIENT_CODE.unexpectedAnswer && error.code !== CLIENT_CODE.usage) return null;
  if (!logged.has(error)) {
    logged.add(error);
    console.error(`[eem] ${error.msg || error.message}`);
  }
  return UNREADABLE[getCurrentLanguage()];
}

/** The message to show for a failed call: the server's, without field paths (core's problemsText). */
export function errorMessage(error: unknown): string {
  const unreadable = unreadableAnswerText(error);
  if (unreadable !== null) return unreadable;
  if (error instanceof EemError) return error.msg ? problemsText(error.msg) : error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
