/** `eem project list|use|current`, `eem me`, `eem menu`: output formats and the projectId header. */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { eem, newHome, signIn } from './run-eem.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

/** A proxy in front of the server that writes down the projectId header of every call. */
async function recordingProxy(target: string) {
  const seen: { path: string; projectId: string | undefined }[] = [];
  const upstream = new URL(target);
  const proxy = createServer((req, res) => {
    const header = req.headers.projectid;
    seen.push({
      path: (req.url ?? '').split('?')[0] ?? '',
      projectId: Array.isArray(header) ? header[0] : header,
    });
    const forward = httpRequest(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

describe('eem project', () => {
  it('lists the projects of a project user, tab-separated and without a header in a pipe', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh');
    const result = await eem(home, ['project', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('1\tShanghai Plant\tSH-01\tAsia/Shanghai\t*\n');
    expect(result.stderr).toBe('');
  });

  it('prints every output format', async () => {
    const home = newHome();
    await signIn(home, server.url, 'admin');
    const out = async (...format: string[]) => {
      const result = await eem(home, ['project', 'list', ...format]);
      expect(result.code).toBe(0);
      return result.stdout;
    };
    // Platform mode, not project-bound: the tenant tree.
    const tree = JSON.parse(await out('--json'));
    expect(tree.map((t: { name: string }) => t.name)).toEqual(['Demo Energy Group', 'Northwind Foods']);
    expect(tree[0].children.map((p: { name: string }) => p.name)).toEqual(['Shanghai Plant', 'Berlin Works']);
    expect(JSON.parse(await out('-o', 'json'))).toEqual(tree);
    const ndjson = (await out('-o', 'ndjson'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(ndjson.map((r) => [r.type, r.name, r.depth])).toEqual([
      ['tenant', 'Demo Energy Group', 0],
      ['project', 'Shanghai Plant', 1],
      ['project', 'Berlin Works', 1],
      ['tenant', 'Northwind Foods', 0],
      ['project', 'Chicago Mill', 1],
    ]);
    const csv = (await out('-o', 'csv')).split('\n');
    expect(csv[0]).toBe('id,name,type,code,timeZone,parentId,current');
    expect(csv[2]).toBe('1,Shanghai Plant,project,SH-01,Asia/Shanghai,1,');
    const tsv = (await out('-o', 'tsv')).split('\n');
    expect(tsv[1]).toBe('1\tShanghai Plant\tproject\tSH-01\tAsia/Shanghai\t1\t');
    const table = (await out('-o', 'table')).split('\n');
    expect(table[0]).toMatch(/^ID +NAME +TYPE +CODE +TIME ZONE +PARENT +CURRENT$/);
    expect(table[2]).toMatch(/^1 + {2}Shanghai Plant +project +SH-01/);
    expect(table.join('\n')).not.toContain('\u001b[');
  });

  it('honours NO_COLOR, TERM=dumb and --no-color: each removes colour that FORCE_COLOR turned on', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh');
    const list = (args: string[], env: Record<string, string>) =>
      eem(home, [...args, 'project', 'list', '-o', 'table'], { env: { TERM: 'xterm', ...env } });
    // Without a terminal there is no colour; FORCE_COLOR=1 turns it on (the current project is green).
    expect((await list([], {})).stdout).not.toContain('\u001b[');
    const forced = await list([], { FORCE_COLOR: '1' });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('\u001b[32m');
    const cases: [string, string[], Record<string, string>][] = [
      ['NO_COLOR', [], { FORCE_COLOR: '1', NO_COLOR: '1' }],
      ['TERM=dumb', [], { FORCE_COLOR: '1', TERM: 'dumb' }],
      ['--no-color', ['--no-color'], { FORCE_COLOR: '1' }],
    ];
    for (const [name, args, env] of cases) {
      const result = await list(args, env);
      expect(result.code, name).toBe(0);
      expect(result.stdout, name).toContain('Shanghai Plant');
      expect(result.stdout, name).not.toContain('\u001b[');
    }
  });

  it('switches project: the projectId header follows on every later call', async () => {
    const home = newHome();
    const proxy = await recordingProxy(server.url);
    try {
      await signIn(home, proxy.url, 'admin');
      proxy.seen.length = 0;
      await eem(home, ['me']);
      expect(proxy.seen.every((c) => c.projectId === undefined)).toBe(true);

      const use = await eem(home, ['project', 'use', 'berlin works']);
      expect(use.code).toBe(0);
      expect(use.stderr).toContain('Switched to project Berlin Works (id 2) on profile "default".');
      proxy.seen.length = 0;
      await eem(home, ['me']);
      await eem(home, ['menu']);
      expect(proxy.seen.length).toBeGreaterThan(2);
      expect(proxy.seen.every((c) => c.projectId === '2')).toBe(true);

      // --project and EEM_PROJECT choose for one call or one terminal.
      proxy.seen.length = 0;
      await eem(home, ['--project', '1', 'me']);
      await eem(home, ['me'], { env: { EEM_PROJECT: '3' } });
      expect(proxy.seen.map((c) => c.projectId)).toEqual(['1', '3']);

      expect((await eem(home, ['project', 'current', '--json'])).stdout).toBe(
        `${JSON.stringify({ id: 2, name: 'Berlin Works', source: 'profile "default"', profile: 'default' }, null, 2)}\n`,
      );
      expect((await eem(home, ['project', 'use', '--none'])).code).toBe(0);
      proxy.seen.length = 0;
      await eem(home, ['me']);
      expect(proxy.seen.every((c) => c.projectId === undefined)).toBe(true);
      const none = await eem(home, ['project', 'current']);
      expect(none.stdout).toBe('');
      expect(none.stderr).toContain('No current project');
    } finally {
      await proxy.close();
    }
  });

  it('refuses a project the user may not enter, and --none for a project user', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh');
    const other = await eem(home, ['project', 'use', 'Chicago Mill']);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('no project "Chicago Mill" among those you may enter');
    const none = await eem(home, ['project', 'use', '--none']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('always works in a project');
    expect((await eem(home, ['project', 'use'])).code).toBe(2);
  });
});

describe('eem me and eem menu', () => {
  it('shows the user', async () => {
    const home = newHome();
    await signIn(home, server.url, 'inspector');
    const table = (await eem(home, ['me', '-o', 'table'])).stdout;
    expect(table).toMatch(/^Account +inspector$/m);
    expect(table).toMatch(/^Usertype +3$/m);
    const json = JSON.parse((await eem(home, ['me', '--json'])).stdout);
    expect(json).toMatchObject({ name: 'inspector', usertype: 3, needsInspectionPassword: true });
  });

  it('shows the menus the user may see, fw for a project user and pf for the platform administrator', async () => {
    const home = newHome();
    await signIn(home, server.url, 'inspector');
    const fw = JSON.parse((await eem(home, ['menu', '--json'])).stdout);
    expect(fw.module).toBe('fw');
    const routes = JSON.stringify(fw.menu);
    expect(routes).toContain('/inspectorder');
    expect(routes).not.toContain('/usermanage');
    expect((await eem(home, ['menu', '--module', 'pf'])).code).toBe(2);

    const admin = newHome();
    await signIn(admin, server.url, 'admin');
    const pf = JSON.parse((await eem(admin, ['menu', '--json'])).stdout);
    expect(pf.module).toBe('pf');
    expect(JSON.stringify(pf.menu)).toContain('/projectnavigation');
    const tsv = (await eem(admin, ['menu'])).stdout.split('\n');
    expect(tsv).toContain(
      'Platform / Project navigation\t/projectnavigation\tplatform_projectnavigation\tpf',
    );
  });

  it('exits 4 when not signed in and 2 for a bad flag', async () => {
    const home = newHome();
    expect((await eem(home, ['me'])).code).toBe(4);
    expect((await eem(home, ['menu', '--module', 'xx'])).code).toBe(2);
    expect((await eem(home, ['project', 'list', '--output', 'yaml'])).code).toBe(2);
    expect((await eem(home, ['project', 'list', '--json', '-o', 'csv'])).code).toBe(2);
  });
});
