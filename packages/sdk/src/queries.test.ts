import { catalogue, listEndpoints } from '@eem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './create-client.js';
import { NetworkError, ValidationError } from './errors.js';
import {
  areaKey,
  callKey,
  createMutationOptions,
  createQueryOptions,
  endpointKey,
  inScope,
  invalidate,
  type QueryClientLike,
} from './queries.js';
import { TOKEN } from './test-support/fixtures.js';
import { envelope, sendJson, startServer, type TestServer } from './test-support/http-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  server.routes.set('/auth/v1/usergroup/5', (_req, res) =>
    sendJson(
      res,
      envelope({ id: 5, name: 'team', tenantId: 1, groupType: 'operations', customConfig: '{}', users: [] }),
    ),
  );
  server.routes.set(catalogue.session.logout.path, (_req, res) => sendJson(res, envelope(null)));
  server.routes.set(catalogue.shell.systemInfo.path, (_req, res) => {
    setTimeout(() => sendJson(res, envelope(null)), 2_000).unref();
  });
  server.routes.set(catalogue.logs.exportOperationLog.path, (_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="log.csv"',
    });
    res.end('a,b\n');
  });
});
afterAll(async () => {
  await server.close();
});

/** A query client that records what it was asked to invalidate, in order. */
function recordingQueryClient(): QueryClientLike & { invalidated: unknown[][]; events: string[] } {
  const invalidated: unknown[][] = [];
  const events: string[] = [];
  return {
    invalidated,
    events,
    async invalidateQueries({ queryKey }) {
      events.push(`invalidate ${queryKey.join('.')}`);
      invalidated.push([...queryKey]);
    },
  };
}

describe('query keys', () => {
  it('are [area, endpoint, input], with area and endpoint prefixes to invalidate', () => {
    expect(areaKey('events')).toEqual(['events']);
    expect(endpointKey('events', 'eventLog')).toEqual(['events', 'eventLog']);
    expect(callKey('users', 'userGroup', { params: { id: 5 } })).toEqual([
      'users',
      'userGroup',
      { params: { id: 5 } },
    ]);
    expect(callKey('shell', 'navmenu')).toEqual(['shell', 'navmenu', {}]);
  });

  it('match a scope by prefix, never by a part of a name', () => {
    const key = callKey('events', 'eventLog', { body: {} as never });
    expect(inScope(key, ['events'])).toBe(true);
    expect(inScope(key, ['events', 'eventLog'])).toBe(true);
    expect(inScope(key, ['events', 'eventLogNoCount'])).toBe(false);
    expect(inScope(key, ['expert'])).toBe(false);
    expect(inScope(['eventsX', 'eventLog', {}], ['events'])).toBe(false);
  });

  it('invalidate asks the query client for every scope', async () => {
    const queryClient = recordingQueryClient();
    await invalidate(queryClient, [['events'], ['datalog', 'query']]);
    expect(queryClient.invalidated).toEqual([['events'], ['datalog', 'query']]);
  });
});

describe('createQueryOptions', () => {
  it('has a factory for every json endpoint of the catalogue, none for files', () => {
    const q = createQueryOptions(createClient({ baseUrl: server.url }));
    for (const { area, name, endpoint } of listEndpoints()) {
      const queries = q[area] as Record<string, unknown>;
      expect(typeof queries[name], endpoint.id).toBe(endpoint.kind === 'json' ? 'function' : 'undefined');
    }
  });

  it('keys by area, endpoint and input and fetches with the query signal', async () => {
    const q = createQueryOptions(createClient({ baseUrl: server.url, token: TOKEN }));
    const options = q.users.userGroup({ params: { id: 5 } });
    expect(options.queryKey).toEqual(callKey('users', 'userGroup', { params: { id: 5 } }));
    const group = await options.queryFn({ signal: new AbortController().signal });
    expect(group.name).toBe('team');
    expect(q.shell.navmenu().queryKey).toEqual(['shell', 'navmenu', {}]);
  });

  it('cancels through the signal TanStack Query passes', async () => {
    const q = createQueryOptions(createClient({ baseUrl: server.url }));
    const controller = new AbortController();
    const pending = q.shell.systemInfo().queryFn({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('createMutationOptions', () => {
  it('has a factory for every endpoint of the catalogue', () => {
    const m = createMutationOptions(createClient({ baseUrl: server.url }), recordingQueryClient());
    for (const { area, name, endpoint } of listEndpoints()) {
      expect(typeof (m[area] as Record<string, unknown>)[name], endpoint.id).toBe('function');
    }
  });

  it('sends the call, then invalidates its own area before it settles', async () => {
    const queryClient = recordingQueryClient();
    const m = createMutationOptions(createClient({ baseUrl: server.url, token: TOKEN }), queryClient);
    const logout = m.session.logout();
    expect(logout.mutationKey).toEqual(['session', 'logout']);
    await expect(logout.mutationFn()).resolves.toBeNull();
    expect(queryClient.invalidated).toEqual([['session']]);
  });

  it('invalidates what the write declares, and nothing after a failure', async () => {
    const queryClient = recordingQueryClient();
    const m = createMutationOptions(createClient({ baseUrl: server.url, token: TOKEN }), queryClient);
    await m.session.logout({ invalidates: [['users'], ['projects', 'cloudProjects']] }).mutationFn();
    expect(queryClient.invalidated).toEqual([['users'], ['projects', 'cloudProjects']]);
    queryClient.invalidated.length = 0;
    await m.session.logout({ invalidates: [] }).mutationFn();
    expect(queryClient.invalidated).toEqual([]);
    const refused = m.users.deleteUser().mutationFn({ query: { id: -1 } });
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    expect(queryClient.invalidated).toEqual([]);
  });

  it('runs a download as a mutation that invalidates nothing', async () => {
    const queryClient = recordingQueryClient();
    const m = createMutationOptions(createClient({ baseUrl: server.url, token: TOKEN }), queryClient);
    const now = Date.now();
    const file = await m.logs
      .exportOperationLog()
      .mutationFn({ body: { startTime: now - 3_600_000, endTime: now } });
    expect(file.filename).toBe('log.csv');
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe('a,b\n');
    expect(queryClient.invalidated).toEqual([]);
  });
});
