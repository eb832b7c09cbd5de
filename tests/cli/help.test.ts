/** The built binary without a server: help topics, completion scripts, and `eem` without a terminal. */
import { execFileSync } from 'node:child_process';
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
