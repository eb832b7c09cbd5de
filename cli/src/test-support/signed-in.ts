/** Profiles for unit tests: saved the way `eem login` leaves them (token in the keychain or the file). */
import type { ClientOptions } from '@eem/sdk';
import type { TokenStorage } from '../config/credential-store.js';
import type { Profile, ProjectRef } from '../config/profiles.js';
import type { Context } from '../context.js';

export interface SignedInOptions {
  name?: string;
  server?: string;
  token?: string;
  storage?: TokenStorage;
  account?: string;
  usertype?: number;
  project?: ProjectRef;
  expiresAt?: number;
  /** Make it the configured current profile (default: when there is none yet). */
  current?: boolean;
}

/** Saves a token and a signed-in profile, as a successful `eem login` does. */
export async function signInProfile(ctx: Context, options: SignedInOptions = {}): Promise<Profile> {
  const name = options.name ?? 'default';
  const storage = options.storage ?? 'keychain';
  const token = options.token ?? `token-of-${name}`;
  const saved = await ctx.credentials.save(name, token, { insecure: storage === 'file' });
  if (saved.storage !== storage)
    throw new Error(`the token went to the ${saved.storage}, not the ${storage}`);
  const account = options.account ?? 'operator-sh';
  const profile: Profile = {
    name,
    server: options.server ?? 'http://eem.test:8080',
    account,
    project: options.project,
    session: {
      userId: 3,
      name: account,
      usertype: options.usertype ?? 3,
      projectIds: options.project ? [options.project.id] : [],
      root: false,
      expiresAt: options.expiresAt ?? Date.UTC(2026, 0, 15, 20, 0, 0),
      signedInAt: Date.UTC(2026, 0, 15, 8, 0, 0),
      storage,
    },
  };
  await (await ctx.profiles()).update((data) => {
    data.profiles[name] = profile;
    if (options.current ?? !data.currentProfile) data.currentProfile = name;
  });
  return profile;
}

/** Where a call went and with which token and project header. */
export interface SentCall {
  call: string;
  baseUrl: string;
  token: string | undefined;
  projectId: number | undefined;
}

/** Reads what a client built from these options would send. */
export async function sentWith(options: ClientOptions, call: string): Promise<SentCall> {
  const token = typeof options.token === 'function' ? await options.token() : options.token;
  const projectId = typeof options.projectId === 'function' ? options.projectId() : options.projectId;
  return { call, baseUrl: options.baseUrl, token, projectId };
}
