/**
 * Profiles, like kubectl contexts: a server, an account and a current project, kept through
 * conf in `$XDG_CONFIG_HOME/eem/config.json`. The file holds no secret. Every read goes to
 * the file, so a change made by another terminal is seen at once; updates read, change and
 * write the file under a lock file (`config.json.lock`), so concurrent updates from several
 * processes all keep their change, and writes replace the file atomically.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../errors.js';
import type { TokenStorage } from './credential-store.js';
import { withFileLock } from './with-file-lock.js';

export interface ProjectRef {
  id: number;
  name: string;
}

/** What the last sign-in told about the user (no secret; the token is elsewhere). */
export interface SessionInfo {
  userId: number;
  name: string;
  usertype: number;
  projectIds: number[];
  root: boolean;
  expiresAt: number;
  signedInAt: number;
  storage: TokenStorage;
}

export interface Profile {
  name: string;
  server: string;
  account?: string | undefined;
  project?: ProjectRef | undefined;
  session?: SessionInfo | undefined;
}

export interface SettingsData {
  currentProfile?: string | undefined;
  profiles: Record<string, Profile>;
}

export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const PROFILE_NAME_RULE =
  'letters, digits, ".", "_" and "-", starting with a letter or digit, at most 64';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) ? v : undefined;

function parseProject(value: unknown): ProjectRef | undefined {
  if (!isRecord(value)) return undefined;
  const id = int(value.id);
  return id !== undefined && id > 0 ? { id, name: str(value.name) ?? String(id) } : undefined;
}

function parseSession(value: unknown): SessionInfo | undefined {
  if (!isRecord(value)) return undefined;
  const userId = int(value.userId);
  const storage = value.storage === 'keychain' || value.storage === 'file' ? value.storage : undefined;
  if (userId === undefined || storage === undefined) return undefined;
  return {
    userId,
    name: str(value.name) ?? '',
    usertype: int(value.usertype) ?? 0,
    projectIds: Array.isArray(value.projectIds)
      ? value.projectIds.filter((p): p is number => int(p) !== undefined)
      : [],
    root: value.root === true,
    expiresAt: int(value.expiresAt) ?? 0,
    signedInAt: int(value.signedInAt) ?? 0,
    storage,
  };
}

/** Reads the file's content defensively: unknown or broken entries are left out. */
export function parseSettings(raw: unknown): SettingsData {
  const data: SettingsData = { profiles: {} };
  if (!isRecord(raw)) return data;
  const current = str(raw.currentProfile);
  if (current && PROFILE_NAME.test(current)) data.currentProfile = current;
  if (isRecord(raw.profiles)) {
    for (const [name, value] of Object.entries(raw.profiles)) {
      if (!PROFILE_NAME.test(name) || !isRecord(value)) continue;
      const server = str(value.server);
      if (!server) continue;
      data.profiles[name] = {
        name,
        server,
        account: str(value.account),
        project: parseProject(value.project),
        session: parseSession(value.session),
      };
    }
  }
  return data;
}

function serialize(data: SettingsData): Record<string, unknown> {
  const profiles: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(data.profiles)) {
    const entry: Record<string, unknown> = { server: p.server };
    if (p.account) entry.account = p.account;
    if (p.project) entry.project = p.project;
    if (p.session) entry.session = p.session;
    profiles[name] = entry;
  }
  const out: Record<string, unknown> = { profiles };
  if (data.currentProfile) out.currentProfile = data.currentProfile;
  return out;
}

/** The store seen by services: whole-document reads and read-modify-write updates (locked across processes). */
export interface ProfileStore {
  readonly path: string;
  read(): SettingsData;
  update(change: (data: SettingsData) => void): Promise<SettingsData>;
}

/**
 * The settings file. Reads parse it directly (what conf's `store` does, without loading conf
 * and its JSON-schema validator for commands that only read); writes go through conf
 * (atomic replace, mode 0600), which is imported by the first write.
 */
export function openProfileStore(dir: string): ProfileStore {
  const path = join(dir, 'config.json');
  type ConfStore = { store: Record<string, unknown> };
  let conf: Promise<ConfStore> | undefined;
  const loadConf = async (): Promise<ConfStore> => {
    const { default: Conf } = await import('conf');
    try {
      return new Conf<Record<string, unknown>>({
        cwd: dir,
        configName: 'config',
        projectName: 'eem',
        projectSuffix: '',
        accessPropertiesByDotNotation: false,
        configFileMode: 0o600,
        clearInvalidConfig: false,
      });
    } catch (error) {
      throw settingsError(dir, error);
    }
  };
  const read = (): SettingsData => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
      throw settingsError(dir, error);
    }
    try {
      return parseSettings(text.trim() === '' ? {} : JSON.parse(text));
    } catch (error) {
      throw settingsError(dir, error);
    }
  };
  return {
    path,
    read,
    async update(change) {
      conf ??= loadConf();
      const store = await conf;
      // Read, change and write under the lock: two terminals signing in to different profiles
      // at once each keep their change (without it, the later write drops the earlier one).
      return withFileLock(
        `${path}.lock`,
        () => {
          const data = read();
          change(data);
          store.store = serialize(data);
          return data;
        },
        { what: `the settings in ${dir}` },
      );
    },
  };
}

function settingsError(dir: string, error: unknown): CliError {
  const reason = error instanceof Error ? error.message : String(error);
  return new CliError(`cannot use the settings in ${dir}: ${reason}`, { cause: error });
}
