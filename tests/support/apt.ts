/**
 * A Debian package a test needs, installed with apt-get when its command is missing (as root,
 * where apt-get exists; an apt-get update first when the install fails). CI runs on a fresh
 * machine: nothing installed by hand is there.
 */
import { spawnSync } from 'node:child_process';

const has = (command: string, versionFlag: string) =>
  spawnSync(command, [versionFlag], { stdio: 'ignore' }).status === 0;

/** Undefined when `command` is there (now); otherwise why it could not be had. */
export function ensurePackage(command: string, pkg: string, versionFlag = '--version'): string | undefined {
  if (has(command, versionFlag)) return undefined;
  if (process.getuid?.() !== 0)
    return `${command} is missing and the tests do not run as root to install ${pkg}`;
  if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0)
    return `${command} is missing and there is no apt-get`;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env, timeout: 180_000 });
  let result = install();
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { env, timeout: 180_000 });
    result = install();
  }
  return has(command, versionFlag)
    ? undefined
    : `apt-get could not install ${pkg}: ${result.stderr?.toString().trim().slice(-300)}`;
}
