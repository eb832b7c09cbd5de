/**
 * The typed client: `client.<area>.<endpoint>(input, options?)` resolving to the answer's
 * `data`, built at run time from the catalogue and typed from it by mapped types.
 */
import {
  type AnyEndpoint,
  type Catalogue,
  catalogue,
  type EndpointData,
  type EndpointInput,
  type InputOptional,
} from '@eem/contract';
import { buildLoginPayload, MESSAGES, oldPasswordProblem, prehashPassword } from '@eem/core';
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
import { mapCatalogue } from './map-catalogue.js';
import { type UploadParts, upload } from './upload.js';
import type { RawInput } from './validate-input.js';

export type { ClientOptions, RequestOptions, ResolvedClientOptions };

/** The empty object type (`{}`), written so the linter knows it is meant. */
type EmptyObject = Record<never, never>;

/** A part the caller may leave out: absent, or an object whose fields are all optional. */
type OptionalPart<T> = [T] extends [undefined] ? true : EmptyObject extends NonNullable<T> ? true : false;

type OptionalKeys<I> = { [K in keyof I]-?: OptionalPart<I[K]> extends true ? K : never }[keyof I];

/**
 * What a caller passes: the contract's `{ params, query, body }` (EndpointInput), where a part
 * whose fields are all optional (defaults only) may be left out; it is then checked and sent as
 * `{}`. So `client.projects.projects()` needs no `{ query: {} }`.
 */
export type CallInput<E> =
  EndpointInput<E> extends infer I
    ? { [K in keyof I as K extends OptionalKeys<I> ? K : never]?: I[K] } & {
        [K in keyof I as K extends OptionalKeys<I> ? never : K]: I[K];
      }
    : never;

/**
 * False when the input may be left out: every part optional (the contract's InputOptional),
 * or every part an object with only optional fields.
 */
export type InputRequired<E> =
  InputOptional<E> extends true ? false : EmptyObject extends CallInput<E> ? false : true;

export type CallArgs<E> =
  InputRequired<E> extends true
    ? [input: CallInput<E>, options?: RequestOptions]
    : [input?: CallInput<E>, options?: RequestOptions];

export type EndpointCall<E> = (...args: CallArgs<E>) => Promise<EndpointData<E>>;

export type AreaClient<A> = { readonly [K in keyof A]: EndpointCall<A[K]> };

/** One object per area of the catalogue, one method per endpoint. */
export type CatalogueClient = { readonly [A in keyof Catalogue]: AreaClient<Catalogue[A]> };

export type UploadInput<E> = CallInput<E> & UploadParts;

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
  /** Any json endpoint, e.g. one the catalogue object does not hold. */
  request<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointData<E>>;
  /** A binary answer (export, file) with its filename. */
  download<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<DownloadResult>;
  /** A multipart upload; the answer is read like a json call. */
  upload<E extends AnyEndpoint>(
    endpoint: E,
    input: UploadInput<E>,
    options?: RequestOptions,
  ): Promise<EndpointData<E>>;
  /** session.login with the login wire format (account base64, password pre-hashed, timestamp). */
  login(account: string, plainPassword: string, options?: LoginOptions): Promise<SessionAnswer>;
  /** session.changeExpiredPassword after a PasswordExpiredError; needs no token. */
  changeExpiredPassword(
    account: string,
    oldPlain: string,
    newPlain: string,
    options?: RequestOptions,
  ): Promise<null>;
  /** session.changePassword for the signed-in user. */
  changePassword(input: ChangePasswordInput, options?: RequestOptions): Promise<null>;
  /** Releases pooled connections (Node); the client must not be used afterwards. */
  close(): Promise<void>;
}

export type Client = CatalogueClient & ClientMethods;

type LooseCall = (input?: RawInput, options?: RequestOptions) => Promise<unknown>;

/** Sends a json call: validate, send, map the answer (errors by wire code, data by schema). */
async function callJson(
  client: ResolvedClientOptions,
  endpoint: AnyEndpoint,
  input: RawInput | undefined,
  options: RequestOptions = {},
): Promise<unknown> {
  if (endpoint.kind !== 'json') {
    const helper = endpoint.kind === 'download' ? 'client.download' : 'client.upload';
    const msg = `${endpoint.id} is a ${endpoint.kind} endpoint: call it with ${helper}(endpoint, input)`;
    throw new EemError({ code: CLIENT_CODE.usage, msg, endpointId: endpoint.id });
  }
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

export function createClient(options: ClientOptions): Client {
  const resolved = resolveOptions(options);
  const { session } = catalogue;

  const methods: ClientMethods = {
    options: resolved,
    request: <E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>) =>
      callJson(resolved, endpoint, args[0] as RawInput | undefined, args[1]) as Promise<EndpointData<E>>,
    download: <E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>) =>
      download(resolved, endpoint, args[0] as RawInput | undefined, args[1]),
    upload: <E extends AnyEndpoint>(endpoint: E, input: UploadInput<E>, requestOptions?: RequestOptions) =>
      upload(resolved, endpoint, input as RawInput & UploadParts, requestOptions) as Promise<EndpointData<E>>,

    async login(account, plainPassword, loginOptions = {}) {
      const { client = 'web', now, ...requestOptions } = loginOptions;
      const issues: ValidationIssue[] = [];
      if (!account.trim()) issues.push({ path: 'body.userName', message: MESSAGES.accountRequired });
      if (!plainPassword.trim()) issues.push({ path: 'body.password', message: MESSAGES.passwordRequired });
      const refused = refuse(session.login.id, issues);
      if (refused) throw refused;
      const body = buildLoginPayload(account, plainPassword, client, now ?? Date.now());
      return (await callJson(resolved, session.login, { body }, requestOptions)) as SessionAnswer;
    },

    async changeExpiredPassword(account, oldPlain, newPlain, requestOptions) {
      const refused = refuse(session.changeExpiredPassword.id, oldPasswordIssues(oldPlain));
      if (refused) throw refused;
      const body = { name: account.trim(), oldPassword: prehashPassword(oldPlain), newPassword: newPlain };
      await callJson(resolved, session.changeExpiredPassword, { body }, requestOptions);
      return null;
    },

    async changePassword(input, requestOptions) {
      const refused = refuse(session.changePassword.id, oldPasswordIssues(input.oldPlain));
      if (refused) throw refused;
      const body: Record<string, unknown> = {
        id: input.id,
        name: input.name.trim(),
        oldPassword: prehashPassword(input.oldPlain),
        newPassword: input.newPlain,
      };
      if (input.inspectionPassword !== undefined) body.inspectionPassword = input.inspectionPassword;
      await callJson(resolved, session.changePassword, { body }, requestOptions);
      return null;
    },

    async close() {
      await resolved.transport.close?.();
    },
  };

  const areas = mapCatalogue<LooseCall>(
    (endpoint) => (input, requestOptions) => callJson(resolved, endpoint, input, requestOptions),
  );
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
