import { allPermissionKeys } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogue, listEndpoints } from './catalogue.js';
import { channels } from './channels.js';
import { AREA_NAMES, CATALOGUE_INDEX, loadArea, loadChannels } from './lazy.js';

const entries = listEndpoints();

function duplicates(values: readonly string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

/** Top-level keys of a params schema, read through JSON Schema so lazy and piped objects work too. */
function schemaKeys(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return typeof json.properties === 'object' && json.properties !== null ? Object.keys(json.properties) : [];
}

describe('catalogue invariants', () => {
  it('has endpoints', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it('ids are unique', () => {
    expect(duplicates(entries.map((e) => e.endpoint.id))).toEqual([]);
  });

  it('method and path are unique', () => {
    expect(duplicates(entries.map((e) => `${e.endpoint.method} ${e.endpoint.path}`))).toEqual([]);
  });

  it('ids are <area>.<name>', () => {
    const wrong = entries.filter((e) => e.endpoint.id !== `${e.area}.${e.name}`).map((e) => e.endpoint.id);
    expect(wrong).toEqual([]);
  });

  it('paths start with /', () => {
    expect(entries.filter((e) => !e.endpoint.path.startsWith('/')).map((e) => e.endpoint.id)).toEqual([]);
    for (const channel of Object.values(channels))
      expect(channel.path.startsWith('/'), channel.id).toBe(true);
  });

  it('every {param} of a path is a key of the params schema', () => {
    const missing: string[] = [];
    for (const { endpoint } of entries) {
      const keys = endpoint.params ? schemaKeys(endpoint.params) : [];
      for (const param of endpoint.pathParams) {
        if (!keys.includes(param)) missing.push(`${endpoint.id}: {${param}}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every permission is public, session or a known permission key', () => {
    const known = new Set(['public', 'session', ...allPermissionKeys()]);
    const unknown = entries.filter((e) => !known.has(e.endpoint.permission)).map((e) => e.endpoint.id);
    expect(unknown).toEqual([]);
  });

  it('GET and DELETE calls carry no body', () => {
    const withBody = entries
      .filter((e) => (e.endpoint.method === 'GET' || e.endpoint.method === 'DELETE') && e.endpoint.body)
      .map((e) => e.endpoint.id);
    expect(withBody).toEqual([]);
  });

  it('channel ids are unique and named channels.<name>', () => {
    const ids = Object.entries(channels).map(([name, channel]) => {
      expect(channel.id).toBe(`channels.${name}`);
      return channel.id;
    });
    expect(duplicates(ids)).toEqual([]);
  });
});

describe('the catalogue area by area (lazy.ts)', () => {
  it('lists the same areas, in the same order, as the catalogue', () => {
    expect(AREA_NAMES).toEqual(Object.keys(catalogue));
    expect(Object.keys(CATALOGUE_INDEX)).toEqual(Object.keys(catalogue));
  });

  it('loads each area as the very object the catalogue holds, once', async () => {
    for (const area of AREA_NAMES) {
      const first = loadArea(area);
      expect(loadArea(area)).toBe(first);
      expect(await first).toBe(catalogue[area]);
    }
    expect(await loadChannels()).toBe(channels);
  });

  it('indexes every endpoint with its kind', () => {
    const indexed = Object.entries(CATALOGUE_INDEX).flatMap(([area, endpoints]) =>
      Object.entries(endpoints).map(([name, kind]) => `${area}.${name}:${kind}`),
    );
    expect(indexed).toEqual(entries.map((e) => `${e.endpoint.id}:${e.endpoint.kind}`));
  });
});
