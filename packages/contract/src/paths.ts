/** Paths of the catalogue: `{id}` placeholders (no zod here: the SDK's static graph reads this). */

const PARAM = /\{([A-Za-z0-9_]+)\}/g;

/** Path parameter names in order of appearance. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1] ?? '');
}

/** Fills `{id}` placeholders of a path from params, URL-encoding each value. */
export function buildPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
