import { catalogue, listEndpoints } from '@eem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './create-client.js';
import { NetworkError } from './errors.js';
import { createMutationOptions, createQueryOptions } from './query-options.js';
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
});
afterAll(async () => {
  await server.close();
});

describe('createQueryOptions', () => {
  it('has a factory for every endpoint of the catalogue', () => {
    const q = createQueryOptions(createClient({ baseUrl: server.url }));
    const m = createMutationOptions(createClient({ baseUrl: server.url }));
    for (const { area, name, endpoint } of listEndpoints()) {
      const queries = q[area] as Record<string, unknown>;
      const mutations = m[area] as Record<string, unknown>;
      expect(typeof queries[name], endpoint.id).toBe('function');
      expect(typeof mutations[name], endpoint.id).toBe('function');
    }
  });

  it('keys by endpoint id and input and fetches with the query signal', async () => {
    const q = createQueryOptions(createClient({ baseUrl: server.url, token: TOKEN }));
    const options = q.users.userGroup({ params: { id: 5 } });
    expect(options.queryKey).toEqual(['users.userGroup', { params: { id: 5 } }]);
    const group = await options.queryFn({ signal: new AbortController().signal });
    expect(group.name).toBe('team');
    expect(q.shell.navmenu().queryKey).toEqual(['shell.navmenu', {}]);
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
  it('keys by endpoint id and sends the variables', async () => {
    const m = createMutationOptions(createClient({ baseUrl: server.url, token: TOKEN }));
    const logout = m.session.logout();
    expect(logout.mutationKey).toEqual(['session.logout']);
    await expect(logout.mutationFn()).resolves.toBeNull();
  });
});
