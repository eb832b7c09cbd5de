/**
 * The in-house contract (ADR 0001): each call of the catalogue declared once with its fixed
 * path, zod schemas for params, query, body and data, the permission it needs and its kind.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type EndpointKind = 'json' | 'download' | 'upload';

/**
 * Who may call: 'public' needs no token; 'session' needs a signed-in user; any other string
 * is a permission key the user's role must hold (project-scoped calls also check the
 * project).
 */
export type Access = 'public' | 'session' | (string & {});

export interface EndpointSpec<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
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
  kind?: EndpointKind;
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
> extends EndpointSpec<P, Q, B, D> {
  kind: EndpointKind;
  /** Path parameter names in order of appearance. */
  pathParams: readonly string[];
}

const PARAM = /\{([A-Za-z0-9_]+)\}/g;

export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
>(spec: EndpointSpec<P, Q, B, D>): Endpoint<P, Q, B, D> {
  const pathParams = [...spec.path.matchAll(PARAM)].map((m) => m[1] ?? '');
  if (pathParams.length > 0 && !spec.params) {
    throw new Error(`${spec.id}: path ${spec.path} has parameters but no params schema`);
  }
  return { ...spec, kind: spec.kind ?? 'json', pathParams };
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
  z.ZodType
>;
export type Area = Readonly<Record<string, AnyEndpoint>>;

/** Fills `{id}` placeholders of a path from params, URL-encoding each value. */
export function buildPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The `{code, msg, data}` envelope every json call answers with. */
export function envelope<D extends z.ZodType>(data: D) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.optional() });
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}
