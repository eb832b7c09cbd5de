/**
 * Recognises the SDK's errors by name and fields, so that the error handler need not load the
 * SDK (and works whichever copy of it threw).
 */
import { problemsText } from '@eem/core';

export interface SdkErrorShape {
  name: string;
  message: string;
  code: number;
  msg: string;
  endpointId: string;
  httpStatus: number | null;
  lockWarning?: string;
  url?: string;
  method?: string;
  reason?: string;
  issues?: { path: string; message: string }[];
}

export function asSdkError(error: unknown): SdkErrorShape | undefined {
  if (!(error instanceof Error)) return undefined;
  const e = error as Error & Partial<SdkErrorShape>;
  if (typeof e.code !== 'number' || typeof e.msg !== 'string' || typeof e.endpointId !== 'string')
    return undefined;
  return e as SdkErrorShape;
}

/**
 * The server's message for a person: a refusal's problems without their request paths
 * (`body.endTime: …` → `…`; core's problemsText, as the console shows them).
 */
export function serverMessage(sdk: Pick<SdkErrorShape, 'msg'>): string {
  return problemsText(sdk.msg);
}

/** The same for an error that may not be the SDK's ('' when it is not). */
export function serverMessageOf(sdk: SdkErrorShape | undefined): string {
  return sdk ? serverMessage(sdk) : '';
}

export function isSdkError(error: unknown, name: string): boolean {
  return asSdkError(error)?.name === name;
}

/** What a network failure's code means, in words. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused: nothing listens at that address',
  ENOTFOUND: 'the host name is unknown (DNS)',
  EAI_AGAIN: 'the host name could not be looked up now (DNS)',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the connection was closed',
  ETIMEDOUT: 'no answer in time',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate is for another host name',
  EPROTO: 'the TLS handshake failed (is it http or https?)',
};

/** Why a request got no answer: the first error code in its causes, in words ("ECONNREFUSED: connection refused: …"). */
export function networkCause(error: unknown): string {
  const sdk = asSdkError(error);
  if (sdk?.name === 'NetworkError' && sdk.reason === 'timeout') return 'no answer in time';
  let current: unknown = error instanceof Error ? error.cause : undefined;
  let first: string | undefined;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    first ??= current.message;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return NETWORK_CODES[code] ? `${code}: ${NETWORK_CODES[code]}` : code;
    current = current.cause;
  }
  return first ?? 'the connection failed';
}

/** An answer without eem's envelope (a plain HTTP status, not JSON): another kind of server. */
export function isForeignAnswer(sdk: SdkErrorShape): boolean {
  if (sdk.httpStatus === null) return false;
  if (/^HTTP \d{3}$/.test(sdk.msg)) return true;
  return /^unexpected answer from \S+: not JSON/.test(sdk.msg);
}
