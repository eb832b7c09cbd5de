/** Handler types derived from the contract: a missing or mistyped handler is a type error. */
import type { Area, Catalogue, EndpointDataInput, EndpointParsedInput } from '@eem/contract';
import type { RequestContext } from '../context.js';

export type Handler<E> = (
  input: EndpointParsedInput<E>,
  ctx: RequestContext,
) => Promise<EndpointDataInput<E>> | EndpointDataInput<E>;

export type AreaHandlers<A extends Area> = { [K in keyof A]: Handler<A[K]> };

export type CatalogueHandlers = { [A in keyof Catalogue]: AreaHandlers<Catalogue[A]> };
