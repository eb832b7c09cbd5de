/**
 * The in-house contract (ADR 0001): each call of the catalogue declared once with its fixed
 * path, zod schemas for params, query, body and data, the permission it needs and its kind.
 */
import type { PermissionKey } from '@eem/core';
import { z } from 'zod';
import { buildPath, pathParamsOf } from './paths.js';

export { buildPath };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** json: an envelope answer; download: a file answer; upload: a multipart request. */
export type EndpointKind = 'json' | 'download' | 'upload';

/**
 * Who may call: 'public' needs no token; 'session' needs a signed-in user; otherwise a
 * permission key of core's list (a page key of the route list or an operation key) that the
 * user's role must hold (project-scoped calls also check the project). A typo is a type error.
 */
export type Access = 'public' | 'session' | PermissionKey;

export interface EndpointSpec<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
  K extends EndpointKind = EndpointKind,
> {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  data: D;
  permission: Access;
  /** Default 'json'. The SDK exposes a download endpoint as `.download()`, an upload as `.upload()`. */
  kind?: K;
  /** Sent headers the endpoint reads (documentation; the SDK always sends its headers). */
  headers?: readonly string[];
  /** Request time-out in ms for the clients; the SDK's default otherwise. */
  timeoutMs?: number;
}

export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
  K extends EndpointKind = EndpointKind,
> extends EndpointSpec<P, Q, B, D, K> {
  kind: K;
  /** Path parameter names in order of appearance. */
  pathParams: readonly string[];
}

export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
  K extends EndpointKind = 'json',
>(spec: EndpointSpec<P, Q, B, D, K>): Endpoint<P, Q, B, D, K> {
  const pathParams = pathParamsOf(spec.path);
  if (pathParams.length > 0 && !spec.params) {
    throw new Error(`${spec.id}: path ${spec.path} has parameters but no params schema`);
  }
  return { ...spec, kind: spec.kind ?? ('json' as K), pathParams };
}

// The types below read an endpoint's parts by indexed access (`E['body']`), not by matching it
// against Endpoint<…> with `infer`: the match costs thousands of type instantiations per
// endpoint, and every screen and handler pays it (tests/bench/client-typecheck.mjs).

/** The schema of an input part; never when the endpoint has none. */
export type SchemaOf<E, K extends 'params' | 'query' | 'body'> = K extends keyof E
  ? Exclude<E[K], undefined>
  : never;

/** What a schema accepts (zod's input type), for the clients' types. */
export type InputOf<S> = z.input<S>;

type Part<K extends string, S> = [S] extends [never] ? { [k in K]?: never } : { [k in K]: z.input<S> };
type ParsedPart<K extends string, S> = [S] extends [never] ? { [k in K]?: never } : { [k in K]: z.output<S> };

/** What a caller passes: `{ params, query, body }`, each present when the endpoint has it. */
export type EndpointInput<E> = Part<'params', SchemaOf<E, 'params'>> &
  Part<'query', SchemaOf<E, 'query'>> &
  Part<'body', SchemaOf<E, 'body'>>;

/** What a handler receives after parsing. */
export type EndpointParsedInput<E> = ParsedPart<'params', SchemaOf<E, 'params'>> &
  ParsedPart<'query', SchemaOf<E, 'query'>> &
  ParsedPart<'body', SchemaOf<E, 'body'>>;

/** The `data` of a successful answer (what the client receives). */
export type EndpointData<E> = 'data' extends keyof E ? z.output<E['data' & keyof E]> : never;

/** What a handler returns (before serialisation). */
export type EndpointDataInput<E> = 'data' extends keyof E ? z.input<E['data' & keyof E]> : never;

/** True when every input part is optional, so `client.x.y()` may be called without input. */
export type InputOptional<E> = Partial<EndpointInput<E>> extends EndpointInput<E> ? true : false;

export type AnyEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType,
  EndpointKind
>;
export type Area = Readonly<Record<string, AnyEndpoint>>;

/** The `{code, msg, data}` envelope every json call answers with. */
export function envelope<D extends z.ZodType>(data: D) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.optional() });
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}
