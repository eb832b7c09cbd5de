/** Builds one object per area with one entry per endpoint, from the catalogue at run time. */
import { type AnyEndpoint, catalogue } from '@eem/contract';

export function mapCatalogue<T>(
  make: (endpoint: AnyEndpoint, area: string, name: string) => T,
): Record<string, Readonly<Record<string, T>>> {
  const out: Record<string, Readonly<Record<string, T>>> = {};
  for (const [area, endpoints] of Object.entries(catalogue)) {
    const entries: Record<string, T> = {};
    for (const [name, endpoint] of Object.entries(endpoints as Readonly<Record<string, AnyEndpoint>>)) {
      entries[name] = make(endpoint, area, name);
    }
    out[area] = Object.freeze(entries);
  }
  return out;
}
