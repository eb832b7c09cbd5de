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

type Part<K extends string, S> = S extends z.ZodType ? { [k in K]: z.input<S> } : { [k in K]?: never };
type ParsedPart<K extends string, S> = S extends z.ZodType ? { [k in K]: z.output<S> } : { [k in K]?: never };

/** What a caller passes: `{ params, query, body }`, each present when the endpoint has it. */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? Part<'params', P> & Part<'query', Q> & Part<'body', B>
    : never;

/** What a handler receives after parsing. */
export type EndpointParsedInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? ParsedPart<'params', P> & ParsedPart<'query', Q> & ParsedPart<'body', B>
    : never;

/** The `data` of a successful answer (what the client receives). */
export type EndpointData<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer D>
    ? z.output<D>
    : never;

/** What a handler returns (before serialisation). */
export type EndpointDataInput<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer D>
    ? z.input<D>
    : never;

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
