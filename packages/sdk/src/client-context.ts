/**
 * What every call shares: the resolved client options, the headers, the deadline and the
 * mapping of failures to errors. Used by `createClient`, downloads and uploads.
 */
import type { AnyEndpoint } from '@eem/contract';
import { HEADERS, type Language } from '@eem/core';
import { buildUrl, describeUrl } from './build-url.js';
import {
  EemError,
  type ErrorContext,
  errorFromEnvelope,
  errorFromHttpStatus,
  NetworkError,
  SessionExpiredError,
  unexpectedAnswer,
  ValidationError,
} from './errors.js';
import {
  defaultTransport,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';
import { type RawInput, validateInput } from './validate-input.js';

export type { Language };

export type TokenSource = string | (() => string | undefined | Promise<string | undefined>);

export interface ClientOptions {
  /** Where the server is: `http://host:port` (a path prefix is kept). */
  baseUrl: string;
  /** The session token, or a getter read before every call. */
  token?: TokenSource;
  /** Sent as the `projectId` header when above 0. */
  projectId?: number | (() => number | undefined);
  /** Sent as the `User-ID` header when set. */
  userId?: number | (() => number | undefined);
  /** Sent as Accept-Language: zh → zh-CN, en → en-US (default en). */
  language?: Language | (() => Language);
  /** Default time-out of a call in ms (30000); endpoints and calls may set their own. */
  timeoutMs?: number;
  /** Default: undici (keep-alive pool) in Node, fetch elsewhere. */
  transport?: Transport;
  /** Called for every SessionExpiredError (HTTP 401, body code 402 or 403). */
  onSessionExpired?: (error: SessionExpiredError) => void;
}

/** The options as getters, read before every call. */
export interface ResolvedClientOptions {
  readonly baseUrl: string;
  token(): Promise<string | undefined>;
  projectId(): number | undefined;
  userId(): number | undefined;
  language(): Language;
  readonly timeoutMs: number;
  readonly transport: Transport;
  readonly onSessionExpired: ((error: SessionExpiredError) => void) | undefined;
}

export interface RequestOptions {
  /** Aborts the call (a NetworkError with reason 'aborted'). */
  signal?: AbortSignal;
  /** This call's time-out in ms. */
  timeoutMs?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /** This call's project (overrides the client's; 0 sends none). */
  projectId?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

function getter<T>(value: T | (() => T) | undefined, fallback: T): () => T {
  if (typeof value === 'function') return value as () => T;
  return () => (value === undefined ? fallback : value);
}

export function resolveOptions(options: ClientOptions): ResolvedClientOptions {
  if (!/^https?:\/\//i.test(options.baseUrl)) {
    throw new TypeError(
      `baseUrl must start with http:// or https:// (got ${JSON.stringify(options.baseUrl)})`,
    );
  }
  const token = options.token;
  const language = getter<Language>(options.language, 'en');
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    token: async () => (typeof token === 'function' ? await token() : token) || undefined,
    projectId: getter<number | undefined>(options.projectId, undefined),
    userId: getter<number | undefined>(options.userId, undefined),
    language,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    transport: options.transport ?? defaultTransport(),
    onSessionExpired: options.onSessionExpired,
  };
}

/** A call ready to send: where, with which headers, and the secrets to keep out of errors. */
export interface PreparedCall {
  endpoint: AnyEndpoint;
  url: string;
  headers: Record<string, string>;
  secrets: string[];
}

/** Validates the input, then builds URL and headers. Nothing is sent. */
export async function prepareCall(
  client: ResolvedClientOptions,
  endpoint: AnyEndpoint,
  input: RawInput | undefined,
  accept: string,
  requestOptions: RequestOptions = {},
): Promise<PreparedCall> {
  await validateInput(endpoint, input);
  let url: string;
  try {
    url = buildUrl(client.baseUrl, endpoint, input);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const issues = [{ path: 'params', message }];
    throw new ValidationError({ code: 400, msg: `params: ${message}`, endpointId: endpoint.id, issues });
  }
  const headers: Record<string, string> = {
    Accept: accept,
    [HEADERS.language]: client.language() === 'zh' ? 'zh-CN' : 'en-US',
  };
  const secrets: string[] = [];
  const token = await client.token();
  if (token) {
    secrets.push(token);
    // A public call (sign-in) never carries a possibly stale token.
    if (endpoint.permission !== 'public') headers.Authorization = `Bearer ${token}`;
  }
  const projectId = requestOptions.projectId ?? client.projectId();
  if (projectId !== undefined && projectId > 0) headers[HEADERS.projectId] = String(projectId);
  const userId = client.userId();
  if (userId !== undefined) headers[HEADERS.userId] = String(userId);
  Object.assign(headers, requestOptions.headers);
  return { endpoint, url, headers, secrets };
}

export function errorContext(call: PreparedCall, httpStatus: number | null): ErrorContext {
  return { endpointId: call.endpoint.id, httpStatus, secrets: call.secrets };
}

/** Throws the error after telling onSessionExpired about a SessionExpiredError. */
export function raise(client: ResolvedClientOptions, error: EemError): never {
  if (error instanceof SessionExpiredError && client.onSessionExpired) {
    try {
      client.onSessionExpired(error);
    } catch (callbackError) {
      // The caller's callback failed: report it without hiding the session error.
      queueMicrotask(() => {
        throw callbackError;
      });
    }
  }
  throw error;
}

const TIMEOUT = Symbol('timeout');

/**
 * Sends the call and runs `read` on the answer, both within the deadline. A failure without an
 * answer (refused, reset, time-out, abort) becomes a NetworkError; EemErrors pass through and
 * SessionExpiredErrors reach onSessionExpired.
 */
export async function exchange<T>(
  client: ResolvedClientOptions,
  call: PreparedCall,
  init: {
    body?: TransportRequest['body'];
    timeoutMs: number;
    signal?: AbortSignal | undefined;
    /** The answer's body is read later (downloads): the deadline ends, the caller's signal still aborts. */
    streaming?: boolean;
  },
  read: (response: TransportResponse) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(TIMEOUT);
  }, init.timeoutMs);
  const onAbort = () => controller.abort(init.signal?.reason);
  if (init.signal?.aborted) onAbort();
  else init.signal?.addEventListener('abort', onAbort, { once: true });
  const method = call.endpoint.method;
  try {
    const request: TransportRequest = {
      method,
      url: call.url,
      headers: call.headers,
      timeoutMs: init.timeoutMs,
      signal: controller.signal,
    };
    if (init.body !== undefined) request.body = init.body;
    let response: TransportResponse;
    try {
      if (controller.signal.aborted) throw controller.signal.reason;
      response = await client.transport.send(request);
    } catch (error) {
      throw networkError(call, method, error, timedOut, init);
    }
    try {
      return await read(response);
    } catch (error) {
      if (error instanceof EemError) throw error;
      throw networkError(call, method, error, timedOut, init);
    }
  } catch (error) {
    if (error instanceof EemError) raise(client, error);
    throw error;
  } finally {
    clearTimeout(timer);
    if (!init.streaming) init.signal?.removeEventListener('abort', onAbort);
  }
}

function networkError(
  call: PreparedCall,
  method: string,
  error: unknown,
  timedOut: boolean,
  init: { timeoutMs: number; signal?: AbortSignal | undefined },
): NetworkError {
  const reason = timedOut ? 'timeout' : init.signal?.aborted ? 'aborted' : 'failed';
  return new NetworkError({
    ...errorContext(call, null),
    method,
    url: describeUrl(call.url),
    reason,
    cause: error === TIMEOUT ? undefined : error,
    timeoutMs: init.timeoutMs,
  });
}

/** The JSON body of the call, for POST, PUT and DELETE endpoints that declare one. */
export function jsonBody(endpoint: AnyEndpoint, input: RawInput | undefined): string | undefined {
  if (!endpoint.body || endpoint.method === 'GET') return undefined;
  return JSON.stringify(input?.body ?? {});
}

function isEnvelope(value: unknown): value is { code: number; msg?: string; data?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { code?: unknown; msg?: unknown };
  return typeof v.code === 'number' && (v.msg === undefined || typeof v.msg === 'string');
}

/** Parses the JSON text of an answer; undefined when it is not JSON. */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * Reads a JSON answer: HTTP 401 and non-zero envelope codes become errors (errorFromEnvelope),
 * code 0 returns `data` parsed by the endpoint's schema. A JSON answer without an envelope
 * (a static file) is accepted when it matches the data schema.
 */
export async function readJsonAnswer(call: PreparedCall, response: TransportResponse): Promise<unknown> {
  const context = errorContext(call, response.status);
  const text = await response.text();
  const parsed = parseJson(text);
  const envelope = parsed && isEnvelope(parsed.value) ? parsed.value : undefined;
  if (response.status === 401) throw errorFromEnvelope({ code: 401, msg: envelope?.msg }, context);
  if (envelope) {
    if (envelope.code !== 0) throw errorFromEnvelope(envelope, context);
    return parseData(call, envelope.data, context);
  }
  if (response.status >= 400) {
    const plain = (response.headers.get('content-type') ?? '').startsWith('text/plain') ? text : '';
    throw errorFromHttpStatus(response.status, context, plain);
  }
  if (!parsed) {
    const type = response.headers.get('content-type') ?? 'no content-type';
    throw unexpectedAnswer(context, `not JSON (HTTP ${response.status}, ${type})`);
  }
  return parseData(call, parsed.value, context, 'not an envelope and not the expected data');
}

async function parseData(
  call: PreparedCall,
  raw: unknown,
  context: ErrorContext,
  prefix?: string,
): Promise<unknown> {
  const schema = call.endpoint.data;
  let result = await schema.safeParseAsync(raw);
  // JSON has no undefined: an envelope without data means null.
  if (!result.success && raw === undefined) result = await schema.safeParseAsync(null);
  if (result.success) return result.data;
  const where = result.error.issues
    .slice(0, 3)
    .map((i) => `${['data', ...i.path.map(String)].join('.')}: ${i.message}`)
    .join('; ');
  throw unexpectedAnswer(context, prefix ? `${prefix} (${where})` : where);
}
