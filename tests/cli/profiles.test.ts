/** Profiles like kubectl contexts; EEM_PROFILE and --profile choose one per terminal or call. */
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

const account = async (
  home: ReturnType<typeof newHome>,
  env: Record<string, string> = {},
  args: string[] = [],
) => JSON.parse((await eem(home, [...args, 'me', '--json'], { env })).stdout).name as string;

describe('profiles', () => {
  it('add, list, use and remove', async () => {
    const home = newHome();
    const added = await eem(home, [
      'profile',
      'add',
      'staging',
      '--server',
      `${server.url}/`,
      '-u',
      'operator-sh',
    ]);
    expect(added.code).toBe(0);
    expect((await eem(home, ['profile', 'add', 'staging', '--server', server.url])).stderr).toContain(
      'already exists',
    );
    expect((await eem(home, ['profile', 'add', 'bad name', '--server', server.url])).code).toBe(2);
    expect((await eem(home, ['profile', 'add', 'x', '--server', 'ftp://x'])).stderr).toContain(
      '--server must be an http',
    );
    await signIn(home, server.url, 'manager-bj', ['--profile', 'berlin']);
    const list = await eem(home, ['profile', 'list']);
    expect(list.stdout.split('\n')[0]).toBe(
      `berlin\t${server.url}\tmanager-bj\t2\tBerlin Works\ttrue\t${list.stdout.split('\n')[0]?.split('\t')[6]}\t`,
    );
    expect(list.stdout.split('\n')[1]).toBe(`staging\t${server.url}\toperator-sh\t\t\tfalse\t\t*`);
    const table = (await eem(home, ['profile', 'list', '-o', 'table'])).stdout;
    expect(table.split('\n')[0]).toMatch(/^NAME +SERVER +ACCOUNT +PROJECT +SIGNED IN +CURRENT$/);
    expect((await eem(home, ['profile', 'use', 'berlin'])).code).toBe(0);
    expect(await account(home)).toBe('manager-bj');
    expect((await eem(home, ['profile', 'use', 'nope'])).stderr).toContain('no profile "nope"');
    const removed = await eem(home, ['profile', 'remove', 'berlin']);
    expect(removed.code).toBe(0);
    const after = JSON.parse((await eem(home, ['profile', 'list', '--json'])).stdout);
    expect(after.map((p: { name: string }) => p.name)).toEqual(['staging']);
  });

  it('two terminals with different EEM_PROFILE run at once; a switch in one does not redirect the other', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh', ['--profile', 'sh']);
    await signIn(home, server.url, 'manager-bj', ['--profile', 'bj']);
    const terminalA = { EEM_PROFILE: 'sh' };
    const terminalB = { EEM_PROFILE: 'bj' };
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0 ? account(home, terminalA) : account(home, terminalB),
      ),
    );
    expect(runs).toEqual([
      'operator-sh',
      'manager-bj',
      'operator-sh',
      'manager-bj',
      'operator-sh',
      'manager-bj',
    ]);
    // Terminal B makes "bj" the default; terminal A keeps its profile, a terminal without EEM_PROFILE follows.
    const use = await eem(home, ['profile', 'use', 'bj'], { env: terminalA });
    expect(use.stderr).toContain(
      'EEM_PROFILE=sh is set in this terminal and still chooses its profile here.',
    );
    expect(await account(home, terminalA)).toBe('operator-sh');
    expect(await account(home)).toBe('manager-bj');
    // --profile chooses for one call, over EEM_PROFILE.
    expect(await account(home, terminalA, ['--profile', 'bj'])).toBe('manager-bj');
    expect((await eem(home, ['me'], { env: { EEM_PROFILE: 'nope' } })).code).toBe(2);
  });

  it('keeps each project in its own profile', async () => {
    const home = newHome();
    await signIn(home, server.url, 'admin', ['--profile', 'one']);
    await signIn(home, server.url, 'admin', ['--profile', 'two']);
    expect((await eem(home, ['--profile', 'one', 'project', 'use', 'Shanghai Plant'])).code).toBe(0);
    expect((await eem(home, ['--profile', 'two', 'project', 'use', '3'])).code).toBe(0);
    expect((await eem(home, ['project', 'current'], { env: { EEM_PROFILE: 'one' } })).stdout).toBe(
      '1\tShanghai Plant\tprofile "one"\n',
    );
    expect((await eem(home, ['project', 'current'], { env: { EEM_PROFILE: 'two' } })).stdout).toBe(
      '3\tChicago Mill\tprofile "two"\n',
    );
  });

  it('keeps every change when several terminals change the settings at once', async () => {
    const home = newHome();
    const names = Array.from({ length: 8 }, (_, i) => `p${i}`);
    // Two sign-ins to different profiles, and profiles added, all at the same time.
    const runs = await Promise.all([
      signIn(home, server.url, 'operator-sh', ['--profile', 'sh', '--insecure-storage']),
      signIn(home, server.url, 'manager-bj', ['--profile', 'bj', '--insecure-storage']),
      ...names.map((name) => eem(home, ['profile', 'add', name, '--server', `http://${name}.example:8080`])),
    ]);
    expect(runs.map((r) => r.code)).toEqual(runs.map(() => 0));
    const list = JSON.parse((await eem(home, ['profile', 'list', '--json'])).stdout) as {
      name: string;
      signedIn: boolean;
    }[];
    expect(list.map((p) => p.name)).toEqual(['bj', ...names, 'sh']);
    expect(list.filter((p) => p.signedIn).map((p) => p.name)).toEqual(['bj', 'sh']);
    expect(await account(home, { EEM_PROFILE: 'sh' })).toBe('operator-sh');
    expect(await account(home, { EEM_PROFILE: 'bj' })).toBe('manager-bj');
  });
});
