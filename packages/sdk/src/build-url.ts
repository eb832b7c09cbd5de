/** The URL of a call: base URL, the endpoint's path with `{id}` filled, and the query string. */
import type { AnyEndpoint } from '@eem/contract';
import { buildPath } from '@eem/contract/lazy';
import type { RawInput } from './validate-input.js';

/** `a=1&b=x&b=y`: undefined and null skipped, arrays repeated, objects as JSON. */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, queryValue(item));
    }
  }
  return search.toString();
}

function queryValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function buildUrl(baseUrl: string, endpoint: AnyEndpoint, input: RawInput | undefined): string {
  const url = joinUrl(baseUrl, buildPath(endpoint.path, input?.params));
  const qs = queryString(input?.query);
  return qs ? `${url}?${qs}` : url;
}

/** For messages: the URL without query string, fragment or user credentials. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/)[0] ?? url;
  }
}
