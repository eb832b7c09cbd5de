/**
 * The catalogue as the client sees it before any schema is loaded: area and endpoint names with
 * their kinds (the contract's generated index), and each area's endpoints (their zod schemas)
 * imported on the first call into that area.
 */
import type { AnyEndpoint, AreaName, Catalogue, EndpointKind } from '@eem/contract';
import { CATALOGUE_INDEX, loadArea } from '@eem/contract/lazy';
import { CLIENT_CODE, EemError } from './errors.js';

/** The endpoint names of an area. */
export type EndpointName<A extends AreaName> = keyof Catalogue[A] & string;

/** `<area>.<endpoint>`: every endpoint id of the catalogue. */
export type EndpointId = { [A in AreaName]: `${A}.${EndpointName<A>}` }[AreaName];

type IndexOf<C> = {
  readonly [A in keyof C]: { readonly [N in keyof C[A]]: C[A][N] extends { kind: infer K } ? K : never };
};
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
type IndexMatches<I, C> =
  SameKeys<I, C> extends true
    ? { [A in keyof C & keyof I]: SameKeys<I[A], C[A]> }[keyof C & keyof I] extends true
      ? true
      : false
    : false;

// The index is generated from the catalogue by `npm run docs`. A type error on either of the
// next two lines means it is stale (an endpoint added, removed or of another kind): run it.
const INDEX: IndexOf<Catalogue> = CATALOGUE_INDEX;
const INDEX_MATCHES: IndexMatches<typeof CATALOGUE_INDEX, Catalogue> = true;
void INDEX_MATCHES;

export const AREAS = Object.keys(INDEX) as AreaName[];

/** The kind of an endpoint by name, before its area is loaded (undefined: not in the catalogue). */
export function kindOf(area: AreaName, name: string): EndpointKind | undefined {
  const endpoints = INDEX[area] as Readonly<Record<string, EndpointKind>>;
  return Object.hasOwn(endpoints, name) ? endpoints[name] : undefined;
}

/**
 * One object per area, one member per endpoint, made by `make` from the names and kinds alone:
 * nothing of the contract's schemas is loaded here.
 */
export function buildAreas<T>(
  make: (area: AreaName, name: string, kind: EndpointKind) => T,
): Record<AreaName, Readonly<Record<string, T>>> {
  const out = {} as Record<AreaName, Readonly<Record<string, T>>>;
  for (const area of AREAS) {
    const members: Record<string, T> = {};
    for (const [name, kind] of Object.entries(INDEX[area] as Readonly<Record<string, EndpointKind>>)) {
      members[name] = make(area, name, kind);
    }
    out[area] = Object.freeze(members);
  }
  return out;
}

/**
 * Starts importing areas a caller is about to use, so that their schemas load while earlier
 * calls are on the network (a command that calls three areas in turn). Failures are left to
 * the calls, which import again.
 */
export function preloadAreas(...areas: AreaName[]): void {
  for (const area of areas) loadArea(area).catch(() => undefined);
}

/** The endpoint with its schemas: its area is imported on the first call into it. */
export async function loadEndpoint(area: AreaName, name: string): Promise<AnyEndpoint> {
  let endpoints: Readonly<Record<string, AnyEndpoint>>;
  try {
    endpoints = (await loadArea(area)) as Readonly<Record<string, AnyEndpoint>>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EemError({
      code: CLIENT_CODE.network,
      msg: `could not load the calls of ${area}: ${reason}`,
      endpointId: `${area}.${name}`,
      cause: error,
    });
  }
  const endpoint = Object.hasOwn(endpoints, name) ? endpoints[name] : undefined;
  if (!endpoint) {
    throw new EemError({
      code: CLIENT_CODE.usage,
      msg: `${area}.${name} is not in the catalogue`,
      endpointId: `${area}.${name}`,
    });
  }
  return endpoint;
}
