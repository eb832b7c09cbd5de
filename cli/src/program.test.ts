import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { WIRE_MESSAGES } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { commandWord, run } from './program.js';
import { type FakeOptions, fakeIO, sdkError } from './test-support/fake-io.js';
import { BERLIN, demoUser, SHANGHAI } from './test-support/fixtures.js';
import { VERSION } from './version.js';

const systemInfo = { platformMode: true };

/** A client of a signed-in operator; `fail` makes every call throw that error. */
function operatorClient(fail?: () => Error): FakeOptions['client'] {
  const answer =
    <T>(value: T) =>
    async () => {
      if (fail) throw fail();
      return value;
    };
  return () => ({
    session: { me: answer(demoUser({ projectIds: [1, 2] })), logout: answer(null) },
    shell: { systemInfo: answer(systemInfo), navmenu: answer({ mainMenu: [], adminMenu: [] }) },
    projects: { projects: answer([SHANGHAI, BERLIN]) },
  });
}

describe('eem', () => {
  it('prints its version, equal to the package version', async () => {
    const io = fakeIO();
    expect(await run(['--version'], io)).toBe(0);
    expect(io.stdout.text).toBe(`${VERSION}\n`);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });

  it('prints help without a terminal when given no command, and exits 0', async () => {
    const io = fakeIO();
    expect(await run([], io)).toBe(0);
    expect(io.stdout.text).toContain('Usage: eem [options] [command]');
    expect(io.stdout.text).toContain('project list|use|current');
    expect(io.stderr.text).toBe('');
  });

  it('exits 2 for an unknown command or flag, with a suggestion', async () => {
    const io = fakeIO();
    expect(await run(['logn'], io)).toBe(2);
    expect(io.stderr.text).toContain("error: unknown command 'logn'\n(Did you mean login?)");
    const io2 = fakeIO();
    expect(await run(['project', 'list', '--outptu', 'json'], io2)).toBe(2);
    expect(io2.stderr.text).toContain("error: unknown option '--outptu'");
    const io3 = fakeIO();
    expect(await run(['project', 'list', '-o', 'yaml'], io3)).toBe(2);
    expect(io3.stderr.text).toContain('Allowed choices are table, json, ndjson, csv, tsv');
  });

  it('lists the exit codes and the environment', async () => {
    const io = fakeIO();
    expect(await run(['help', 'exit-codes'], io)).toBe(0);
    for (const code of ['0 ', '1 ', '2 ', '4 ', '130']) expect(io.stdout.text).toContain(`  ${code}`);
    const env = fakeIO();
    expect(await run(['help', 'environment'], env)).toBe(0);
    expect(env.stdout.text).toMatch(/EEM_TOKEN[\s\S]*Risk/);
    const sub = fakeIO();
    expect(await run(['help', 'project', 'use'], sub)).toBe(0);
    expect(sub.stdout.text).toContain('Usage: eem project use [options] [project]');
  });

  it('exits 4 when not signed in', async () => {
    const io = fakeIO();
    expect(await run(['project', 'list'], io)).toBe(4);
    expect(io.stderr.text).toContain('error: not signed in to http://localhost:8080 (profile "default")');
    expect(io.stdout.text).toBe('');
  });

  it('lists projects tab-separated when piped, with the project header from EEM_PROJECT', async () => {
    const io = fakeIO({ env: { EEM_TOKEN: 't', EEM_PROJECT: '2' }, client: operatorClient() });
    expect(await run(['project', 'list'], io)).toBe(0);
    expect(io.stdout.text).toBe(
      '1\tShanghai Plant\tSH-01\tAsia/Shanghai\t\n2\tBerlin Works\tBE-01\tEurope/Berlin\t*\n',
    );
    const projectId = io.clients[0]?.options.projectId;
    expect(typeof projectId === 'function' ? projectId() : projectId).toBe(2);
  });

  it('prints every output format', async () => {
    const formats: Record<string, (out: string) => void> = {
      json: (out) =>
        expect(JSON.parse(out)).toMatchObject([
          { id: 1, current: false },
          { id: 2, current: true },
        ]),
      ndjson: (out) =>
        expect(
          out
            .trimEnd()
            .split('\n')
            .map((l) => JSON.parse(l).id),
        ).toEqual([1, 2]),
      csv: (out) => expect(out.split('\n')[0]).toBe('id,name,code,timeZone,current'),
      tsv: (out) => expect(out.split('\n')[0]).toBe('1\tShanghai Plant\tSH-01\tAsia/Shanghai\t'),
      table: (out) => expect(out.split('\n')[0]).toMatch(/^ID {2}NAME {12}CODE {3}TIME ZONE {6}CURRENT$/),
    };
    for (const [format, check] of Object.entries(formats)) {
      const io = fakeIO({ env: { EEM_TOKEN: 't', EEM_PROJECT: '2' }, client: operatorClient() });
      expect(await run(['project', 'list', '--output', format], io)).toBe(0);
      check(io.stdout.text);
    }
    const json = fakeIO({ env: { EEM_TOKEN: 't' }, client: operatorClient() });
    expect(await run(['project', 'list', '--json'], json)).toBe(0);
    expect(JSON.parse(json.stdout.text)).toHaveLength(2);
  });

  it('says once that the session expired, exits 4 and forgets the token', async () => {
    const io = fakeIO({
      client: operatorClient(() =>
        sdkError('SessionExpiredError', { code: 402, msg: 'the token has expired', httpStatus: 200 }),
      ),
    });
    // A stored token (not EEM_TOKEN), so that it can be forgotten.
    const { createContext } = await import('./context.js');
    const ctx = createContext(io, { color: false, debug: false });
    await ctx.credentials.save('default', 'stale', { insecure: true });
    await (await ctx.profiles()).update((data) => {
      data.profiles.default = {
        name: 'default',
        server: 'http://localhost:8080',
        session: {
          userId: 3,
          name: 'x',
          usertype: 3,
          projectIds: [1],
          root: false,
          expiresAt: 1,
          signedInAt: 0,
          storage: 'file',
        },
      };
    });
    expect(await run(['auth', 'status'], io)).toBe(4);
    expect(io.stderr.text.split(WIRE_MESSAGES.loginExpired)).toHaveLength(2);
    expect(io.stderr.text).toContain('Run `eem login` to sign in again.');
    expect((await ctx.profiles()).read().profiles.default?.session).toBeUndefined();
    expect(await ctx.credentials.load('default', 'file')).toBeUndefined();
  });

  it('says what failed and where when the network fails', async () => {
    const error = Object.assign(
      sdkError('NetworkError', {
        code: -9001,
        msg: 'please check if the network connection is normal (GET http://localhost:1/eem-service/v1/auth/common/me failed: ECONNREFUSED)',
      }),
      {
        message:
          'please check if the network connection is normal (GET http://localhost:1/eem-service/v1/auth/common/me failed: ECONNREFUSED)',
        method: 'GET',
        url: 'http://localhost:1/eem-service/v1/auth/common/me',
        reason: 'failed',
        cause: Object.assign(new Error('fetch failed'), {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        }),
      },
    );
    const io = fakeIO({ env: { EEM_TOKEN: 't' }, client: operatorClient(() => error) });
    expect(await run(['me'], io)).toBe(1);
    expect(io.stderr.text).toContain(
      'cannot reach GET http://localhost:1/eem-service/v1/auth/common/me (ECONNREFUSED: connection refused: nothing listens at that address)',
    );
  });

  it('shows the server message for other server errors', async () => {
    const io = fakeIO({
      env: { EEM_TOKEN: 't' },
      client: operatorClient(() =>
        sdkError('PermissionError', { code: 4003, msg: 'no permission for this operation' }),
      ),
    });
    expect(await run(['menu'], io)).toBe(1);
    expect(io.stderr.text).toBe('error: no permission for this operation\n');
  });

  it('finds the command word after global options', () => {
    expect(commandWord(['--profile', 'prod', 'project', 'list'])).toBe('project');
    expect(commandWord(['--no-color', '--project=2', 'me'])).toBe('me');
    expect(commandWord(['--debug'])).toBeUndefined();
  });
});

describe('eem completion', () => {
  it('prints scripts that bash accepts and that complete commands and flags', async () => {
    const io = fakeIO();
    expect(await run(['completion', 'bash'], io)).toBe(0);
    const complete = (line: string) =>
      execFileSync(
        'bash',
        [
          '-c',
          `${io.stdout.text}\nCOMP_WORDS=(${line}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _eem; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8', env: { PATH: process.env.PATH } },
      )
        .trim()
        .split('\n');
    expect(complete('eem pro')).toEqual(['profile', 'project']);
    expect(complete('eem project ""')).toEqual(expect.arrayContaining(['list', 'use', 'current']));
    expect(complete('eem project list --o')).toEqual(['--output']);
    expect(complete('eem --')).toEqual([
      '--version',
      '--profile',
      '--project',
      '--no-color',
      '--debug',
      '--help',
    ]);
    expect(complete('eem --profile x project list -o ""')).toEqual(['table', 'json', 'ndjson', 'csv', 'tsv']);
    expect(complete('eem completion ""')).toEqual(['bash', 'zsh', 'fish']);
  });

  it('prints zsh and fish scripts naming every command', async () => {
    for (const shell of ['zsh', 'fish']) {
      const io = fakeIO();
      expect(await run(['completion', shell], io)).toBe(0);
      for (const word of [
        'login',
        'logout',
        'auth',
        'status',
        'profile',
        'project',
        'current',
        'menu',
        'completion',
      ]) {
        expect(io.stdout.text).toContain(word);
      }
    }
  });
});
