/**
 * The OS keychain for real: the kernel keyring of a `keyctl session` (Debian's keyutils). The
 * test installs keyutils with apt-get when it is missing and skips when it cannot have it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePackage } from '../support/apt.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { DEMO_PASSWORD, EEM_BIN, eemEnv, newHome } from './run-eem.js';

let server: TestServer;

/** keyctl, installed with apt-get when missing (as root, where apt-get exists); why not otherwise. */
function ensureKeyctl(): string | undefined {
  return ensurePackage('keyctl', 'keyutils');
}

beforeAll(async () => {
  server = await startTestServer();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('the OS keychain', () => {
  it('keeps the token in the kernel keyring of a keyctl session, never on disk, and logout removes it', async (test) => {
    const missing = ensureKeyctl();
    if (missing) return test.skip(missing);
    if (spawnSync('keyctl', ['session', '-', 'true'], { stdio: 'ignore' }).status !== 0) {
      return test.skip('keyctl session cannot create a session keyring here');
    }
    const home = newHome();
    const eem = `${process.execPath} ${EEM_BIN}`;
    const script = [
      'set -e',
      `printf '%s\\n' '${DEMO_PASSWORD}' | ${eem} login --server ${server.url} -u operator-sh --password-stdin`,
      `${eem} auth status --json > "$HOME/status.json"`,
      'if [ -e "$XDG_CONFIG_HOME/eem/tokens/default.token" ]; then echo FILE-EXISTS; fi',
      `${eem} me --json > "$HOME/me.json"`,
      `keyctl list @s | grep -c 'keyring:default@eem'`,
      `${eem} logout`,
      `keyctl list @s | grep -c 'keyring:default@eem' || true`,
    ].join('\n');
    const output = execFileSync('keyctl', ['session', '-', 'sh', '-c', script], {
      env: eemEnv(home),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    expect(output).not.toContain('FILE-EXISTS');
    expect(output.trim().split('\n').slice(-2)).toEqual(['1', '0']);
    const status = JSON.parse(execFileSync('cat', [join(home.dir, 'status.json')], { encoding: 'utf8' }));
    expect(status).toMatchObject({
      tokenStorage: 'keychain',
      tokenLocation: 'OS keychain (service "eem", account "default")',
    });
    expect(JSON.parse(execFileSync('cat', [join(home.dir, 'me.json')], { encoding: 'utf8' })).name).toBe(
      'operator-sh',
    );
    expect(existsSync(join(home.dir, 'config/eem/tokens/default.token'))).toBe(false);
  }, 240_000);
});
