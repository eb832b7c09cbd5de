/**
 * The typed client: `client.<area>.<endpoint>(input, options?)` resolving to the answer's
 * `data`; a download endpoint is `client.<area>.<endpoint>.download(input)` and an upload
 * `client.<area>.<endpoint>.upload(input)`. Built at run time from the catalogue's index (names
 * and kinds), typed from the catalogue by mapped types; an area's schemas are imported on the
 * first call into it.
 */
import type {
  AnyEndpoint,
  AreaName,
  Catalogue,
  EndpointData,
  EndpointKind,
  InputOf,
  SchemaOf,
} from '@eem/contract';
import { buildLoginPayload, MESSAGES, oldPasswordProblem, prehashPassword } from '@eem/core';
import { buildAreas, loadEndpoint } from './catalogue-areas.js';
import {
  type ClientOptions,
  exchange,
  jsonBody,
  prepareCall,
  type RequestOptions,
  type ResolvedClientOptions,
  readJsonAnswer,
  resolveOptions,
} from './client-context.js';
import { type DownloadResult, download } from './download.js';
import { CLIENT_CODE, describeIssues, EemError, ValidationError, type ValidationIssue } from './errors.js';
import { type UploadParts, upload } from './upload.js';
import type { RawInput } from './validate-input.js';

export type { ClientOptions, RequestOptions, ResolvedClientOptions };

/** The empty object type (`{}`), written so the linter knows it is meant. */
type EmptyObject = Record<never, never>;

/**
 * One part of a call's input: absent (`?: never`) when the endpoint has no such schema,
 * optional when every field of it is (defaults only; it is then checked and sent as `{}`),
 * required otherwise. So `client.projects.projects()` needs no `{ query: {} }`.
 */
type CallPart<K extends string, S> = [S] extends [never]
  ? { [k in K]?: never }
  : EmptyObject extends InputOf<S>
    ? { [k in K]?: InputOf<S> }
    : { [k in K]: InputOf<S> };

/** What a caller passes: the contract's `{ params, query, body }` (EndpointInput), parts optional as above. */
export type CallInput<E> = CallPart<'params', SchemaOf<E, 'params'>> &
  CallPart<'query', SchemaOf<E, 'query'>> &
  CallPart<'body', SchemaOf<E, 'body'>>;

/** False when the input may be left out: every part absent or optional. */
export type InputRequired<E> = EmptyObject extends CallInput<E> ? false : true;

export type CallArgs<E> =
  InputRequired<E> extends true
    ? [input: CallInput<E>, options?: RequestOptions]
    : [input?: CallInput<E>, options?: RequestOptions];

export type EndpointCall<E> = (...args: CallArgs<E>) => Promise<EndpointData<E>>;

export type UploadInput<E> = CallInput<E> & UploadParts;

/** An endpoint that answers a file: `.download(input)` gives the bytes and the file name. */
export interface DownloadCall<E> {
  download(...args: CallArgs<E>): Promise<DownloadResult>;
}

/** An endpoint that takes files: `.upload({ ...input, files })`, answered like a json call. */
export interface UploadCall<E> {
  upload(input: UploadInput<E>, options?: RequestOptions): Promise<EndpointData<E>>;
}

/** What the client offers for an endpoint, by its kind: calling a file endpoint as json is a type error. */
export type EndpointMember<E> = E extends { kind: 'download' }
  ? DownloadCall<E>
  : E extends { kind: 'upload' }
    ? UploadCall<E>
    : EndpointCall<E>;

export type AreaClient<A> = { readonly [K in keyof A]: EndpointMember<A[K]> };

/** One object per area of a catalogue, one member per endpoint. */
export type ClientAreas<C> = { readonly [A in keyof C]: AreaClient<C[A]> };

/** One object per area of the catalogue, one member per endpoint. */
export type CatalogueClient = ClientAreas<Catalogue>;

/** An endpoint object of a given kind (for the calls that take one). */
export type EndpointOfKind<K extends EndpointKind> = AnyEndpoint & { kind: K };

export type SessionAnswer = EndpointData<Catalogue['session']['login']>;

export interface LoginOptions extends RequestOptions {
  /** Who signs in (default 'web'). */
  client?: 'web' | 'cli';
  /** The login timestamp in epoch ms (default now). */
  now?: number;
}

export interface ChangePasswordInput {
  /** The signed-in user's id and account name. */
  id: number;
  name: string;
  /** Sent pre-hashed. */
  oldPlain: string;
  /** Sent as typed: the server checks its strength. */
  newPlain: string;
  /** Role type 5 with duty inspect or repair only. */
  inspectionPassword?: string;
}

export interface ClientMethods {
  /** The options as getters (read before every call). */
  readonly options: ResolvedClientOptions;
  /**
   * An endpoint object the catalogue does not hold (a test's, one not declared yet), by kind.
   * Endpoints of the catalogue are called through their area: `client.<area>.<endpoint>`.
   */
  request<E extends EndpointOfKind<'json'>>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointData<E>>;
  /** A file answer of an endpoint the catalogue does not hold (see request). */
  download<E extends EndpointOfKind<'download'>>(endpoint: E, ...args: CallArgs<E>): Promise<DownloadResult>;
  /** A multipart upload to an endpoint the catalogue does not hold (see request). */
  upload<E extends EndpointOfKind<'upload'>>(
    endpoint: E,
    input: UploadInput<E>,
    options?: RequestOptions,
  ): Promise<EndpointData<E>>;
  /** session.login with the login wire format (account base64, password pre-hashed, timestamp). */
  login(account: string, plainPassword: string, options?: LoginOptions): Promise<SessionAnswer>;
  /**
   * session.changeExpiredPassword after a PasswordExpiredError; needs no token. Carries a
   * timestamp like a login (`options.now`, default the clock), with the same replay rule.
   */
  changeExpiredPassword(
    account: string,
    oldPlain: string,
    newPlain: string,
    options?: RequestOptions & { now?: number },
  ): Promise<null>;
  /** session.changePassword for the signed-in user. */
  changePassword(input: ChangePasswordInput, options?: RequestOptions): Promise<null>;
  /** Releases pooled connections (Node); the client must not be used afterwards. */
  close(): Promise<void>;
}

export type Client = CatalogueClient & ClientMethods;

type LooseCall = (input?: RawInput, options?: RequestOptions) => Promise<unknown>;

/** A wrong kind at run time (plain JavaScript, or a cast): the types refuse it already. */
function checkKind(endpoint: AnyEndpoint, expected: EndpointKind): void {
  if (endpoint.kind === expected) return;
  const how = endpoint.kind === 'json' ? '(input)' : `.${endpoint.kind}(input)`;
  const msg = `${endpoint.id} is a ${endpoint.kind} endpoint: call it as client.${endpoint.id}${how}`;
  throw new EemError({ code: CLIENT_CODE.usage, msg, endpointId: endpoint.id });
}

/** Sends a json call: validate, send, map the answer (errors by wire code, data by schema). */
async function callJson(
  client: ResolvedClientOptions,
  endpoint: AnyEndpoint,
  input: RawInput | undefined,
  options: RequestOptions = {},
): Promise<unknown> {
  checkKind(endpoint, 'json');
  const call = await prepareCall(client, endpoint, input, 'application/json', options);
  const body = jsonBody(endpoint, input);
  if (body !== undefined) call.headers['Content-Type'] = 'application/json';
  const timeoutMs = options.timeoutMs ?? endpoint.timeoutMs ?? client.timeoutMs;
  return exchange(client, call, { body, timeoutMs, signal: options.signal }, (response) =>
    readJsonAnswer(call, response),
  );
}

function refuse(endpointId: string, issues: ValidationIssue[]): ValidationError | undefined {
  if (issues.length === 0) return undefined;
  return new ValidationError({ code: 400, msg: describeIssues(issues), endpointId, issues });
}

/** Sends a file call: validate, send, read the file answer (a json answer is an error). */
function callDownload(
  client: ResolvedClientOptions,
  endpoint: AnyEndpoint,
  input: RawInput | undefined,
  options?: RequestOptions,
): Promise<DownloadResult> {
  checkKind(endpoint, 'download');
  return download(client, endpoint, input, options);
}

/** Sends a multipart call: validate, send the form, read the answer like a json call. */
function callUpload(
  client: ResolvedClientOptions,
  endpoint: AnyEndpoint,
  input: RawInput & UploadParts,
  options?: RequestOptions,
): Promise<unknown> {
  checkKind(endpoint, 'upload');
  return upload(client, endpoint, input, options);
}

/** The member of one endpoint: a function for json, `{ download }` or `{ upload }` for files. */
function member(resolved: ResolvedClientOptions, area: AreaName, name: string, kind: EndpointKind): unknown {
  const endpoint = () => loadEndpoint(area, name);
  if (kind === 'download') {
    return Object.freeze({
      download: async (input?: RawInput, options?: RequestOptions) =>
        callDownload(resolved, await endpoint(), input, options),
    });
  }
  if (kind === 'upload') {
    return Object.freeze({
      upload: async (input: RawInput & UploadParts, options?: RequestOptions) =>
        callUpload(resolved, await endpoint(), input, options),
    });
  }
  const call: LooseCall = async (input, options) => callJson(resolved, await endpoint(), input, options);
  return call;
}

export function createClient(options: ClientOptions): Client {
  const resolved = resolveOptions(options);
  const session = (name: string) => loadEndpoint('session', name);

  const methods: ClientMethods = {
    options: resolved,
    request: <E extends EndpointOfKind<'json'>>(endpoint: E, ...args: CallArgs<E>) =>
      callJson(resolved, endpoint, args[0] as RawInput | undefined, args[1]) as Promise<EndpointData<E>>,
    download: <E extends EndpointOfKind<'download'>>(endpoint: E, ...args: CallArgs<E>) =>
      callDownload(resolved, endpoint, args[0] as RawInput | undefined, args[1]),
    upload: <E extends EndpointOfKind<'upload'>>(
      endpoint: E,
      input: UploadInput<E>,
      requestOptions?: RequestOptions,
    ) =>
      callUpload(resolved, endpoint, input as RawInput & UploadParts, requestOptions) as Promise<
        EndpointData<E>
      >,

    async login(account, plainPassword, loginOptions = {}) {
      const { client = 'web', now, ...requestOptions } = loginOptions;
      const issues: ValidationIssue[] = [];
      if (!account.trim()) issues.push({ path: 'body.userName', message: MESSAGES.accountRequired });
      if (!plainPassword.trim()) issues.push({ path: 'body.password', message: MESSAGES.passwordRequired });
      const refused = refuse('session.login', issues);
      if (refused) throw refused;
      const body = buildLoginPayload(account, plainPassword, client, now ?? Date.now());
      return (await callJson(resolved, await session('login'), { body }, requestOptions)) as SessionAnswer;
    },

    async changeExpiredPassword(account, oldPlain, newPlain, options = {}) {
      const { now, ...requestOptions } = options;
      const refused = refuse('session.changeExpiredPassword', oldPasswordIssues(oldPlain));
      if (refused) throw refused;
      const body = {
        name: account.trim(),
        oldPassword: prehashPassword(oldPlain),
        newPassword: newPlain,
        timestamps: now ?? Date.now(),
      };
      await callJson(resolved, await session('changeExpiredPassword'), { body }, requestOptions);
      return null;
    },

    async changePassword(input, requestOptions) {
      const refused = refuse('session.changePassword', oldPasswordIssues(input.oldPlain));
      if (refused) throw refused;
      const body: Record<string, unknown> = {
        id: input.id,
        name: input.name.trim(),
        oldPassword: prehashPassword(input.oldPlain),
        newPassword: input.newPlain,
      };
      if (input.inspectionPassword !== undefined) body.inspectionPassword = input.inspectionPassword;
      await callJson(resolved, await session('changePassword'), { body }, requestOptions);
      return null;
    },

    async close() {
      await resolved.transport.close?.();
    },
  };

  const areas = buildAreas((area, name, kind) => member(resolved, area, name, kind));
  for (const area of Object.keys(areas)) {
    if (area in methods) throw new Error(`catalogue area '${area}' collides with a client method`);
  }
  return Object.freeze({ ...areas, ...methods }) as unknown as Client;
}

/** The old password is entered (up to 32 characters) and sent pre-hashed. */
function oldPasswordIssues(oldPlain: string): ValidationIssue[] {
  const problem = oldPasswordProblem(oldPlain);
  return problem ? [{ path: 'body.oldPassword', message: problem }] : [];
}
