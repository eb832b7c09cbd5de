/**
 * Where session tokens live: the OS keychain when one works, else a 0600 file under the XDG
 * config directory with a visible warning (ADR 0005). `--insecure-storage` picks the file on
 * purpose. Tokens are keyed by profile name.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError } from '../errors.js';
import type { IO } from '../io.js';
import { KEYCHAIN_SERVICE, KeychainTimeoutError, withKeychainTimeout } from './keychain.js';
import { tokenFilePath } from './paths.js';

export type TokenStorage = 'keychain' | 'file';

/** The keychain entry written and removed again to test the keychain before the real token (not a valid profile name). */
const PROBE_ACCOUNT = '.keychain-probe';

export interface SavedToken {
  storage: TokenStorage;
  /** Where, in words a person can follow. */
  location: string;
  /** Set when the keychain could not be used and the token went to the file instead. */
  warning?: string;
}

export interface LoadedToken {
  token: string;
  storage: TokenStorage;
  location: string;
  /** Set when the token file can be read by other users (its mode is not 0600). */
  warning?: string;
}

export function keychainLocation(profile: string): string {
  return `OS keychain (service "${KEYCHAIN_SERVICE}", account "${profile}")`;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class CredentialStore {
  constructor(private readonly io: Pick<IO, 'env' | 'keychain'>) {}

  filePath(profile: string): string {
    return tokenFilePath(this.io.env, profile);
  }

  async save(profile: string, token: string, options: { insecure: boolean }): Promise<SavedToken> {
    const file = this.filePath(profile);
    if (options.insecure) {
      await this.writeFile(file, token);
      await this.deleteFromKeychainQuietly(profile);
      return { storage: 'file', location: file };
    }
    try {
      const keychain = await this.io.keychain();
      // Probe with a throw-away secret first: a store that takes a write it cannot give back
      // (a kernel keyring this session does not possess) never receives the real token.
      const probe = randomBytes(12).toString('hex');
      await withKeychainTimeout('while testing it', (signal) => keychain.set(PROBE_ACCOUNT, probe, signal));
      const probed = await withKeychainTimeout('while testing it', (signal) =>
        keychain.get(PROBE_ACCOUNT, signal),
      );
      await withKeychainTimeout('while testing it', (signal) => keychain.delete(PROBE_ACCOUNT, signal));
      if (probed !== probe) throw new Error('the keychain did not give a test secret back');
      await withKeychainTimeout('while saving the token', (signal) => keychain.set(profile, token, signal));
      // Some stores accept a write they cannot read back (a kernel keyring not possessed by
      // this session): only a token that comes back counts as kept.
      const back = await withKeychainTimeout('while reading the token back', (signal) =>
        keychain.get(profile, signal),
      );
      if (back !== token) throw new Error('the keychain did not give the saved token back');
      await rm(file, { force: true });
      return { storage: 'keychain', location: keychainLocation(profile) };
    } catch (error) {
      if (!(error instanceof KeychainTimeoutError)) {
        await this.deleteFromKeychainQuietly(PROBE_ACCOUNT);
        await this.deleteFromKeychainQuietly(profile);
      }
      await this.writeFile(file, token);
      return {
        storage: 'file',
        location: file,
        warning:
          `no usable OS keychain (${reasonOf(error)}). The token is stored in plain text in ${file} (mode 0600): ` +
          'anyone who can read that file can act as you until the token expires or you run `eem logout`. ' +
          'Pass --insecure-storage to choose the file on purpose.',
      };
    }
  }

  async load(profile: string, storage: TokenStorage): Promise<LoadedToken | undefined> {
    if (storage === 'file') {
      const file = this.filePath(profile);
      const token = await readTokenFile(file);
      if (!token) return undefined;
      const warning = await looseModeWarning(file);
      return { token, storage, location: file, ...(warning ? { warning } : {}) };
    }
    let token: string | null;
    try {
      const keychain = await this.io.keychain();
      token = await withKeychainTimeout('while reading the token', (signal) => keychain.get(profile, signal));
    } catch (error) {
      throw new CliError(
        `cannot read the token of profile "${profile}" from the OS keychain: ${reasonOf(error)}`,
        {
          hint: 'Sign in again with `eem login` (add --insecure-storage to keep the token in a file instead).',
        },
      );
    }
    return token ? { token, storage, location: keychainLocation(profile) } : undefined;
  }

  /** Removes the token from both places; returns warnings for what could not be removed. */
  async remove(profile: string, storage: TokenStorage | undefined): Promise<string[]> {
    const warnings: string[] = [];
    await rm(this.filePath(profile), { force: true });
    if (storage !== 'file') {
      try {
        const keychain = await this.io.keychain();
        await withKeychainTimeout('while removing the token', (signal) => keychain.delete(profile, signal));
      } catch (error) {
        if (storage === 'keychain')
          warnings.push(`could not remove the token from the OS keychain: ${reasonOf(error)}`);
      }
    }
    return warnings;
  }

  private async deleteFromKeychainQuietly(profile: string): Promise<void> {
    try {
      const keychain = await this.io.keychain();
      await withKeychainTimeout(
        'while removing the token',
        (signal) => keychain.delete(profile, signal),
        1_000,
      );
    } catch {
      // Nothing was kept there, or the keychain is unusable: either way there is nothing to clean.
    }
  }

  private async writeFile(file: string, token: string): Promise<void> {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await chmod(dirname(file), 0o700);
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, `${token}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(temp, 0o600);
    await rename(temp, file);
  }
}

/** A warning when other users may read the token file (group or world bits set); none on Windows. */
async function looseModeWarning(file: string): Promise<string | undefined> {
  if (process.platform === 'win32') return undefined;
  const mode = (await stat(file).catch(() => undefined))?.mode;
  if (mode === undefined || (mode & 0o077) === 0) return undefined;
  const octal = (mode & 0o777).toString(8).padStart(4, '0');
  return `the token file ${file} can be read by other users (mode ${octal}): anyone who reads it can act as you. Run \`chmod 600 ${file}\` (eem writes it 0600), or \`eem logout\` and sign in again.`;
}

async function readTokenFile(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(`cannot read the token file ${file}: ${reasonOf(error)}`);
  }
}
