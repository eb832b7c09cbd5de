/** The built binary without a server: help topics, completion scripts, and `eem` without a terminal. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eem, newHome } from './run-eem.js';

describe('eem help and completion', () => {
  it('eem help exit-codes lists every exit code on stdout', async () => {
    const result = await eem(newHome(), ['help', 'exit-codes']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Exit codes of eem/);
    for (const [code, meaning] of [
      ['0', 'success'],
      ['1', 'error'],
      ['2', 'usage'],
      ['4', 'not signed in, or the session expired'],
      ['3', 'unknown outcome'],
      ['129', 'ended by SIGHUP'],
      ['130', 'interrupted'],
      ['143', 'ended by SIGTERM'],
    ]) {
      expect(result.stdout).toMatch(new RegExp(`^ {2}${code} +${meaning}`, 'm'));
    }
  });

  it('eem help environment explains the risk of EEM_SERVER and EEM_TOKEN', async () => {
    const result = await eem(newHome(), ['help', 'environment']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/EEM_SERVER[\s\S]*only sent to the server it was issued for[\s\S]*Risk/);
    expect(result.stdout).toMatch(/EEM_TOKEN[\s\S]*Risk/);
  });

  it('eem completion bash prints a script that bash loads and that completes commands', async () => {
    const result = await eem(newHome(), ['completion', 'bash']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const script = result.stdout;
    execFileSync('bash', ['-n', '-c', script]);
    const words = execFileSync(
      'bash',
      [
        '-c',
        `${script}\nCOMP_WORDS=(eem pro); COMP_CWORD=1; _eem; printf '%s\\n' "\${COMPREPLY[@]}"; complete -p eem`,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
    );
    expect(words.split('\n').slice(0, 2)).toEqual(['profile', 'project']);
    expect(words).toContain('complete -F _eem eem');
    expect((await eem(newHome(), ['completion', 'tcsh'])).code).toBe(2);
  });

  it('completion offers files where a flag takes a file, and the values of flags (bash; zsh and fish alike)', async () => {
    const script = (await eem(newHome(), ['completion', 'bash'])).stdout;
    const dir = mkdtempSync(join(tmpdir(), 'eem-complete-'));
    writeFileSync(join(dir, 'readings.xlsx'), '');
    writeFileSync(join(dir, 'report.csv'), '');
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _eem; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8', cwd: dir, env: { PATH: process.env.PATH ?? '' } },
      )
        .split('\n')
        .filter(Boolean)
        .sort();
    try {
      // -o is a file on an export and a template, a format on a listing.
      expect(complete('eem', 'datalog', 'export', '--points', '1', '-o', 're')).toEqual([
        'readings.xlsx',
        'report.csv',
      ]);
      expect(complete('eem', 'nodes', 'template', '-o', 'rea')).toEqual(['readings.xlsx']);
      expect(complete('eem', 'project', 'list', '-o', '')).toEqual(['csv', 'json', 'ndjson', 'table', 'tsv']);
      expect(complete('eem', 'datalog', 'import', 'r')).toEqual(['readings.xlsx', 'report.csv']);
      expect(complete('eem', 'events', 'list', '--status', '')).toEqual([
        'confirmed',
        'pending',
        'processing',
      ]);
      expect(complete('eem', 'datalog', 'query', '--interval', '1')).toEqual(['15m', '1M', '1d', '1h']);
      expect(complete('eem', 'datalog', 'export', '--format', '')).toEqual(['csv', 'ndjson', 'xlsx']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const zsh = (await eem(newHome(), ['completion', 'zsh'])).stdout;
    expect(zsh).toMatch(
      /"datalog export"\)\n\s+case "\$prev" in\n(.*\n)*?\s+--output\|-o\) _files; return ;;/,
    );
    expect(zsh).toContain('--status) compadd -- pending processing confirmed; return ;;');
    const fish = (await eem(newHome(), ['completion', 'fish'])).stdout;
    expect(fish).toContain(`complete -c eem -n 'test (__eem_path) = "datalog export"' -l output -s o -r -F`);
    expect(fish).toContain(`complete -c eem -n 'test (__eem_path) = "datalog import"' -F`);
    expect(fish).toMatch(/-l interval -x -a 'raw 15m 1h 1d 1M'/);
  });

  it('every command’s help has 2-3 examples and points to the global flags and the exit codes', async () => {
    const script = (await eem(newHome(), ['completion', 'bash'])).stdout;
    const paths = [...script.matchAll(/^ {4}"([a-z][a-z ]*)"\)$/gm)].map((m) => m[1] ?? '');
    expect(paths).toContain('datalog export');
    expect(paths.length).toBeGreaterThan(30);
    const home = newHome();
    const helps = await Promise.all(paths.map((path) => eem(home, [...path.split(' '), '--help'])));
    paths.forEach((path, i) => {
      const help = helps[i]?.stdout ?? '';
      const examples = help.split('Examples:\n')[1]?.split('\n\n')[0]?.split('\n') ?? [];
      expect(examples.length, `${path}: ${help}`).toBeGreaterThanOrEqual(2);
      expect(
        examples.every((line) => /^ {2}(\$ )?(eem|source|printf|eem completion)/.test(line)),
        path,
      ).toBe(true);
      expect(help, path).toContain('Global flags (--profile, --project, --no-color, --debug): eem --help');
      expect(help, path).toContain('Exit codes: eem help exit-codes');
    });
  });

  it('eem with no arguments and no terminal prints the help instead of opening the app', async () => {
    const result = await eem(newHome(), []);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: eem \[options\] \[command\]/m);
    for (const command of [
      'login',
      'logout',
      'auth status',
      'profile',
      'project list|use|current',
      'completion',
    ]) {
      expect(result.stdout).toContain(command);
    }
    expect(result.stdout).not.toContain('\u001b[');
  });
});
