import { inspect } from 'node:util';
import { catalogue, defineEndpoint } from '@eem/contract';
import { decodeAccount, prehashPassword, WIRE_MESSAGES } from '@eem/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClient } from './create-client.js';
import {
  CLIENT_CODE,
  EemError,
  GRAPH_QUERY_ENDPOINT_ID,
  NetworkError,
  NotFoundError,
  PasswordExpiredError,
  PermissionError,
  SessionExpiredError,
  ValidationError,
  WrongCredentialsError,
} from './errors.js';
import { session, TOKEN, user } from './test-support/fixtures.js';
import { envelope, refusedPort, sendJson, startServer, type TestServer } from './test-support/http-server.js';
import { fetchTransport } from './transport.js';

const paths = {
  me: catalogue.session.me.path,
  login: catalogue.session.login.path,
  logout: catalogue.session.logout.path,
  changePassword: catalogue.session.changePassword.path,
  changeExpired: catalogue.session.changeExpiredPassword.path,
  cloudProjects: catalogue.projects.cloudProjects.path,
  navmenu: catalogue.shell.navmenu.path,
};

/** The graph content query as the contract will declare it (not declared yet). */
const graphQuery = defineEndpoint({
  id: GRAPH_QUERY_ENDPOINT_ID,
  method: 'GET',
  path: '/eem-service/v2/peccore/graph/{graphId}',
  summary: 'test: the graph query',
  params: z.object({ graphId: z.number().int() }),
  data: z.unknown(),
  permission: 'session',
});

const listed = defineEndpoint({
  id: 'test.listed',
  method: 'GET',
  path: '/test/listed/{kind}',
  summary: 'test: arrays in the query',
  params: z.object({ kind: z.string() }),
  query: z.object({
    ids: z.array(z.number()).optional(),
    name: z.string().optional(),
    on: z.boolean().optional(),
  }),
  data: z.object({ ok: z.boolean() }),
  permission: 'session',
});

const slow = defineEndpoint({
  id: 'test.slow',
  method: 'GET',
  path: '/test/slow',
  summary: 'test: answers late',
  query: z.object({ secret: z.string().optional() }),
  data: z.null(),
  permission: 'session',
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.routes.clear();
});

function client(extra: Partial<Parameters<typeof createClient>[0]> = {}) {
  return createClient({ baseUrl: server.url, token: TOKEN, ...extra });
}

async function caught(promise: Promise<unknown>): Promise<EemError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EemError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('requests', () => {
  it('returns the parsed data and sends Bearer, projectId, User-ID and Accept-Language', async () => {
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope(user)));
    const c = client({ projectId: () => 7, userId: 9, language: 'zh' });
    const me = await c.session.me();
    expect(me.name).toBe('operator');
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.headers.projectid).toBe('7');
    expect(req?.headers['user-id']).toBe('9');
    expect(req?.headers['accept-language']).toBe('zh-CN');
  });

  it('sends no projectId at 0, no User-ID when unset, en-US by default, and reads async token getters', async () => {
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope(user)));
    const c = createClient({ baseUrl: `${server.url}/`, token: async () => 'other-token', projectId: 0 });
    await c.session.me();
    const [req] = server.requests;
    expect(req?.headers.authorization).toBe('Bearer other-token');
    expect(req?.headers.projectid).toBeUndefined();
    expect(req?.headers['user-id']).toBeUndefined();
    expect(req?.headers['accept-language']).toBe('en-US');
  });

  it('fills path parameters, repeats arrays in the query and skips undefined', async () => {
    server.routes.set('/test/listed/a%20b', (_req, res) => sendJson(res, envelope({ ok: true })));
    const data = await client().request(listed, {
      params: { kind: 'a b' },
      query: { ids: [1, 2], name: undefined, on: false },
    });
    expect(data).toEqual({ ok: true });
    expect(server.requests[0]?.url).toBe('/test/listed/a%20b?ids=1&ids=2&on=false');
  });

  it('sends a JSON body for POST with the query string', async () => {
    server.routes.set(paths.cloudProjects, (_req, res) =>
      sendJson(res, envelope([{ id: 1, modelLabel: 'tenant', name: 'T', children: [] }])),
    );
    const tree = await client().projects.cloudProjects({
      query: { tenantId: 3, isQueryChild: 'false' },
      body: { rootID: 0, rootLabel: 'project', treeReturnEnable: true },
    });
    expect(tree[0]?.name).toBe('T');
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe(`${paths.cloudProjects}?tenantId=3&isQueryChild=false`);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.text ?? '')).toEqual({ rootID: 0, rootLabel: 'project', treeReturnEnable: true });
  });

  it('sends a POST without body schema with no body', async () => {
    server.routes.set(paths.logout, (_req, res) => sendJson(res, { code: 0, msg: 'ok' }));
    await expect(client().session.logout()).resolves.toBeNull();
    expect(server.requests[0]?.text).toBe('');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('never sends the token with a public call', async () => {
    server.routes.set(paths.login, (_req, res) => sendJson(res, envelope(session)));
    await client().login('operator', 'Secret#123');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('accepts a static JSON file without envelope when it matches the data', async () => {
    server.routes.set(paths.navmenu, (_req, res) => sendJson(res, { mainMenu: [], adminMenu: [] }));
    await expect(client().shell.navmenu()).resolves.toEqual({ mainMenu: [], adminMenu: [] });
  });

  it('keeps connections alive on the default (undici) transport', async () => {
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope(user)));
    const c = client();
    for (let i = 0; i < 4; i++) {
      await c.session.me();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await c.close();
    const ports = new Set(server.requests.map((r) => r.remotePort));
    expect(server.requests).toHaveLength(4);
    expect(ports.size).toBeLessThan(4);
    expect(server.requests[0]?.headers['user-agent']).toBe('undici');
  });

  it('works the same over the fetch transport', async () => {
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope(user)));
    const c = client({ transport: fetchTransport(), projectId: 7 });
    await expect(c.session.me()).resolves.toMatchObject({ id: 9 });
    expect(server.requests[0]?.headers.projectid).toBe('7');
  });
});

describe('validation before sending', () => {
  it('refuses bad input with the field path and the rule, and sends nothing', async () => {
    const error = await caught(client().login('  ', 'x'));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('body.userName: account cannot be empty');
    expect((error as ValidationError).issues).toEqual([
      { path: 'body.userName', message: 'account cannot be empty' },
    ]);
    const contract = await caught(
      client().shell.convertTime({ body: { cycles: [], projectId: 1, time: 0 } }),
    );
    expect(contract).toBeInstanceOf(ValidationError);
    expect(contract.message).toBe('body.cycles: cycles cannot be empty');
    const params = await caught(client().users.userTree({ params: { id: 'abc' } }));
    expect((params as ValidationError).issues[0]?.path).toBe('params.id');
    const missing = await caught(client().users.userTree(undefined as never));
    expect((missing as ValidationError).issues[0]?.path).toBe('params.id');
    expect(server.requests).toHaveLength(0);
  });

  it('checks the new password strength before sending', async () => {
    const error = await caught(client().changeExpiredPassword('operator', 'Old#1234', 'weak'));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe('body.newPassword');
    const empty = await caught(client().changeExpiredPassword('operator', '', 'Strong#123'));
    expect(empty.message).toBe('body.oldPassword: original password cannot be empty');
    expect(server.requests).toHaveLength(0);
  });
});

describe('answers mapped to errors', () => {
  it('HTTP 401 is a SessionExpiredError and calls onSessionExpired', async () => {
    server.routes.set(paths.me, (_req, res) =>
      sendJson(res, { code: 401, msg: 'the token has expired' }, 401),
    );
    const expired: SessionExpiredError[] = [];
    const error = await caught(client({ onSessionExpired: (e) => expired.push(e) }).session.me());
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error.httpStatus).toBe(401);
    expect(error.endpointId).toBe('session.me');
    expect(error.message).toBe(WIRE_MESSAGES.loginExpired);
    expect(expired).toEqual([error]);
  });

  it('body codes 402 and 403 expire the session, except 403 from the graph query', async () => {
    const expired: SessionExpiredError[] = [];
    const c = client({ onSessionExpired: (e) => expired.push(e) });
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope(null, 402, 'expired')));
    const e402 = await caught(c.session.me());
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope(null, 403, 'forbidden')));
    const e403 = await caught(c.session.me());
    server.routes.set('/eem-service/v2/peccore/graph/5', (_req, res) =>
      sendJson(res, envelope(null, 403, 'no graph')),
    );
    const graph = await caught(c.request(graphQuery, { params: { graphId: 5 } }));
    // Other endpoints with "graph" in their id are not the graph query.
    server.routes.set(catalogue.users.graphTree.path, (_req, res) =>
      sendJson(res, envelope(null, 403, 'forbidden')),
    );
    const graphTree = await caught(c.users.graphTree());
    expect(e402).toBeInstanceOf(SessionExpiredError);
    expect(e402.code).toBe(402);
    expect(e402.msg).toBe('expired');
    expect(e403).toBeInstanceOf(SessionExpiredError);
    expect(graph).toBeInstanceOf(PermissionError);
    expect(graph).not.toBeInstanceOf(SessionExpiredError);
    expect(graph.endpointId).toBe(GRAPH_QUERY_ENDPOINT_ID);
    expect(graphTree).toBeInstanceOf(SessionExpiredError);
    expect(graphTree.endpointId).toBe('users.graphTree');
    expect(expired).toEqual([e402, e403, graphTree]);
  });

  it('login -1305 is a PasswordExpiredError, -1 a WrongCredentialsError with the lock warning', async () => {
    server.routes.set(paths.login, (_req, res) => sendJson(res, envelope(null, -1305, 'password expired')));
    const expired = await caught(client().login('operator', 'Secret#123'));
    expect(expired).toBeInstanceOf(PasswordExpiredError);
    expect(expired.code).toBe(-1305);
    expect(expired.message).toBe(WIRE_MESSAGES.passwordExpired);
    server.routes.set(paths.login, (_req, res) =>
      sendJson(res, envelope(null, -1, 'wrong account or password')),
    );
    const wrong = await caught(client().login('operator', 'Secret#123'));
    expect(wrong).toBeInstanceOf(WrongCredentialsError);
    expect(wrong.message).toBe('wrong account or password');
    expect((wrong as WrongCredentialsError).lockWarning).toBe(WIRE_MESSAGES.lockWarning);
    expect(wrong.toJSON()).toMatchObject({ code: -1, lockWarning: WIRE_MESSAGES.lockWarning });
  });

  it('4003 is a PermissionError, 400 a ValidationError naming the field, 404 NotFound, others EemError', async () => {
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope(null, 4003, 'no permission'), 403));
    const permission = await caught(client().session.me());
    expect(permission).toBeInstanceOf(PermissionError);
    expect(permission.httpStatus).toBe(403);
    server.routes.set(paths.me, (_req, res) =>
      sendJson(res, envelope(null, 400, 'body.name: 1 to 50 characters in length; query.page: bad'), 400),
    );
    const invalid = await caught(client().session.me());
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).issues).toEqual([
      { path: 'body.name', message: '1 to 50 characters in length' },
      { path: 'query.page', message: 'bad' },
    ]);
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope(null, 404, 'no such user'), 404));
    const missing = await caught(client().session.me());
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.code).toBe(404);
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope(null, 409, 'name already used')));
    const other = await caught(client().session.me());
    expect(other.constructor).toBe(EemError);
    expect(other.message).toBe('name already used');
    expect(other.code).toBe(409);
  });

  it('an answer outside the schema is an unexpected answer naming the endpoint', async () => {
    server.routes.set(paths.me, (_req, res) => sendJson(res, envelope({ ...user, id: 'nine' })));
    const error = await caught(client().session.me());
    expect(error.code).toBe(CLIENT_CODE.unexpectedAnswer);
    expect(error.message).toMatch(/^unexpected answer from session\.me: data\.id: /);
    server.routes.set(paths.me, (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    const gateway = await caught(client().session.me());
    expect(gateway.httpStatus).toBe(502);
    expect(gateway.message).toBe('HTTP 502');
  });

  it('refuses a download endpoint through request (a type error; at run time a usage error)', async () => {
    const exported = defineEndpoint({ ...listed, id: 'test.export', kind: 'download' });
    // @ts-expect-error a download endpoint is not a json call
    const error = await caught(client().request(exported, { params: { kind: 'x' }, query: {} }));
    expect(error.code).toBe(CLIENT_CODE.usage);
    expect(server.requests).toHaveLength(0);
  });
});

describe('network failures', () => {
  it('a refused connection is a NetworkError naming method and URL without query', async () => {
    const port = await refusedPort();
    const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN });
    const error = await caught(c.request(slow, { query: { secret: 'q' } }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('failed');
    expect(error.message).toContain(WIRE_MESSAGES.network);
    expect(error.message).toContain(`GET http://127.0.0.1:${port}/test/slow`);
    expect(error.message).not.toContain('secret');
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.httpStatus).toBeNull();
  });

  it('a slow answer times out', async () => {
    server.routes.set(slow.path, (_req, res) => {
      setTimeout(() => sendJson(res, envelope(null)), 3_000).unref();
    });
    const error = await caught(client({ timeoutMs: 150 }).request(slow, { query: {} }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
    expect(error.message).toContain('timed out after 150 ms');
    const perCall = await caught(client().request(slow, { query: {} }, { timeoutMs: 100 }));
    expect((perCall as NetworkError).reason).toBe('timeout');
  });

  it('an abort by the caller is a NetworkError with reason aborted', async () => {
    server.routes.set(slow.path, (_req, res) => {
      setTimeout(() => sendJson(res, envelope(null)), 3_000).unref();
    });
    const controller = new AbortController();
    const pending = caught(client().request(slow, { query: {} }, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect((error as NetworkError).reason).toBe('aborted');
  });
});

describe('secrets', () => {
  it('never shows the token in messages, toJSON, inspect or cause', async () => {
    server.routes.set(paths.me, (_req, res) =>
      sendJson(res, envelope(null, 500, `token ${TOKEN} rejected (Authorization: Bearer ${TOKEN})`)),
    );
    const echoed = await caught(client().session.me());
    const leaking = createClient({
      baseUrl: server.url,
      token: TOKEN,
      transport: {
        async send(request) {
          const inner = new Error(`socket closed while sending ${request.headers.Authorization}`);
          throw new TypeError(`fetch failed for ${TOKEN}`, { cause: inner });
        },
      },
    });
    const network = await caught(leaking.session.me());
    expect(network).toBeInstanceOf(NetworkError);
    for (const error of [echoed, network]) {
      const texts = [
        error.message,
        error.msg,
        JSON.stringify(error),
        inspect(error, { depth: 10 }),
        String(error.stack),
        inspect(error.cause, { depth: 10 }),
      ];
      for (const text of texts) expect(text).not.toContain(TOKEN);
    }
    expect(echoed.message).toContain('[REDACTED]');
    expect(inspect(network.cause, { depth: 10 })).toContain('Bearer [REDACTED]');
  });
});

describe('convenience calls', () => {
  it('login sends the login wire format and returns the session', async () => {
    server.routes.set(paths.login, (_req, res) => sendJson(res, envelope(session)));
    const answer = await client().login(' operator ', 'Secret#123', {
      client: 'cli',
      now: 1_700_000_000_000,
    });
    expect(answer.user.id).toBe(9);
    const body = JSON.parse(server.requests[0]?.text ?? '');
    expect(decodeAccount(body.userName)).toBe('operator');
    expect(body.password).toBe(prehashPassword('Secret#123'));
    expect(body.timestamps).toBe(1_700_000_000_000);
    expect(body.client).toBe('cli');
  });

  it('changePassword sends the old password pre-hashed and the new one as typed', async () => {
    server.routes.set(paths.changePassword, (_req, res) => sendJson(res, envelope(null)));
    server.routes.set(paths.changeExpired, (_req, res) => sendJson(res, envelope(null)));
    const c = client();
    await c.changePassword({ id: 9, name: 'operator', oldPlain: 'Old#12345', newPlain: 'New#12345' });
    await c.changeExpiredPassword('operator', 'Old#12345', 'New#12345', { now: 1_700_000_000_000 });
    const [own, expired] = server.requests.map((r) => JSON.parse(r.text));
    expect(own).toEqual({
      id: 9,
      name: 'operator',
      oldPassword: prehashPassword('Old#12345'),
      newPassword: 'New#12345',
    });
    expect(expired).toEqual({
      name: 'operator',
      oldPassword: prehashPassword('Old#12345'),
      newPassword: 'New#12345',
      timestamps: 1_700_000_000_000,
    });
    expect(server.requests[1]?.headers.authorization).toBeUndefined();
  });
});
