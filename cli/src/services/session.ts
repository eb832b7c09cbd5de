/**
 * Which profile, server, token and project a command uses, and the SDK client built from
 * them. Precedence everywhere: flag > environment > profile > default. EEM_PROFILE and
 * --profile choose a profile for one terminal or one call; `eem profile use` changes the
 * default of terminals that choose none.
 */
import type { Language } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { TokenStorage } from '../config/credential-store.js';
import { PROFILE_NAME, PROFILE_NAME_RULE, type Profile, type SettingsData } from '../config/profiles.js';
import type { Context } from '../context.js';
import { AuthRequiredError, UsageError } from '../errors.js';

export const DEFAULT_SERVER = 'http://localhost:8080';
export const DEFAULT_PROFILE = 'default';

export type Source = 'flag' | 'env' | 'config' | 'default';

export interface ChosenProfile {
  name: string;
  source: Source;
  /** Undefined when the profile does not exist yet. */
  profile: Profile | undefined;
}

export function validateProfileName(name: string, where: string): string {
  if (!PROFILE_NAME.test(name))
    throw new UsageError(`${where} must be a profile name: ${PROFILE_NAME_RULE} (got "${name}")`);
  return name;
}

/** --profile, else EEM_PROFILE, else the configured current profile, else "default". */
export function chooseProfile(
  ctx: Context,
  data: SettingsData,
  options: { mustExist: boolean },
): ChosenProfile {
  const flag = ctx.flags.profile;
  const env = ctx.io.env.EEM_PROFILE;
  let chosen: ChosenProfile;
  if (flag !== undefined) {
    const name = validateProfileName(flag, '--profile');
    chosen = { name, source: 'flag', profile: data.profiles[name] };
  } else if (env) {
    const name = validateProfileName(env, 'EEM_PROFILE');
    chosen = { name, source: 'env', profile: data.profiles[name] };
  } else if (data.currentProfile) {
    chosen = { name: data.currentProfile, source: 'config', profile: data.profiles[data.currentProfile] };
  } else {
    chosen = { name: DEFAULT_PROFILE, source: 'default', profile: data.profiles[DEFAULT_PROFILE] };
  }
  if (options.mustExist && !chosen.profile && (chosen.source === 'flag' || chosen.source === 'env')) {
    const where = chosen.source === 'flag' ? '--profile' : 'EEM_PROFILE';
    throw new UsageError(
      `${where} names a profile that does not exist: "${chosen.name}"`,
      'See `eem profile list`; create one with `eem profile add` or `eem login --profile NAME`.',
    );
  }
  return chosen;
}

export function describeSource(source: Source, what: 'profile' | 'server' | 'project'): string {
  const env = what === 'profile' ? 'EEM_PROFILE' : what === 'server' ? 'EEM_SERVER' : 'EEM_PROJECT';
  switch (source) {
    case 'flag':
      return `--${what}`;
    case 'env':
      return env;
    case 'config':
      return what === 'profile' ? 'the default profile' : 'profile';
    case 'default':
      return what === 'profile' ? 'no default profile set' : 'default';
  }
}

/** An http(s) URL without trailing slashes. */
export function normalizeServer(value: string, where: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`${where} must be an http:// or https:// URL (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${where} must be an http:// or https:// URL (got "${value}")`);
  }
  if (url.username || url.password) throw new UsageError(`${where} must not carry credentials`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function chooseServer(
  ctx: Context,
  profile: Profile | undefined,
  flag?: string,
): { url: string; source: Source } {
  if (flag !== undefined) return { url: normalizeServer(flag, '--server'), source: 'flag' };
  const env = ctx.io.env.EEM_SERVER;
  if (env) return { url: normalizeServer(env, 'EEM_SERVER'), source: 'env' };
  if (profile)
    return {
      url: normalizeServer(profile.server, `the server of profile "${profile.name}"`),
      source: 'config',
    };
  return { url: DEFAULT_SERVER, source: 'default' };
}

function parseProjectId(value: string, where: string): number {
  if (!/^\d+$/.test(value.trim()))
    throw new UsageError(`${where} must be a project id (a whole number, 0 for none; got "${value}")`);
  return Number(value.trim());
}

/** --project, else EEM_PROJECT, else the profile's current project, else 0 (none). */
export function chooseProject(ctx: Context, profile: Profile | undefined): { id: number; source: Source } {
  if (ctx.flags.project !== undefined)
    return { id: parseProjectId(ctx.flags.project, '--project'), source: 'flag' };
  const env = ctx.io.env.EEM_PROJECT;
  if (env) return { id: parseProjectId(env, 'EEM_PROJECT'), source: 'env' };
  if (profile?.project) return { id: profile.project.id, source: 'config' };
  return { id: 0, source: 'default' };
}

export function chooseLanguage(ctx: Context): Language {
  return ctx.io.env.EEM_LANG?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export interface ActiveSession {
  profile: ChosenProfile;
  server: { url: string; source: Source };
  token: string;
  tokenSource: TokenStorage | 'env';
  /** Where the token is kept, in words. */
  tokenLocation: string;
  /** The signed-in user's id when the saved sign-in is used; unknown with EEM_TOKEN. */
  userId: number | undefined;
  /** The project sent as header (0: none); change it and later calls follow. */
  project: { id: number; source: Source };
  client: Client;
}

export async function buildClient(
  ctx: Context,
  server: string,
  token?: () => string | undefined,
  projectId?: () => number,
) {
  ctx.server = server;
  return ctx.io.createClient({
    baseUrl: server,
    ...(token ? { token } : {}),
    ...(projectId ? { projectId } : {}),
    language: chooseLanguage(ctx),
  });
}

function notSignedIn(chosen: ChosenProfile, server: string): AuthRequiredError {
  return new AuthRequiredError(
    `not signed in to ${server} (profile "${chosen.name}")`,
    `Run \`eem login${chosen.source === 'flag' ? ` --profile ${chosen.name}` : ''}\` first.`,
  );
}

/**
 * The server a profile's saved token was issued for (its own server), or undefined when the
 * profile has no saved sign-in. A saved token is only ever sent there.
 */
export function savedTokenServer(profile: Profile | undefined): string | undefined {
  if (!profile?.session) return undefined;
  return normalizeServer(profile.server, `the server of profile "${profile.name}"`);
}

/**
 * EEM_SERVER names another server than the one the profile's saved token belongs to: the
 * token stays home (sending it there would hand it to another host), so this is exit 4.
 */
function tokenBelongsElsewhere(chosen: ChosenProfile, server: string, home: string): AuthRequiredError {
  const profileFlag = chosen.source === 'flag' ? ` --profile ${chosen.name}` : '';
  return new AuthRequiredError(
    `not signed in to ${server} (from EEM_SERVER): profile "${chosen.name}" is signed in to ${home}, and its saved token is only sent there`,
    `Set EEM_TOKEN to a token of ${server}, sign in there with \`eem login${profileFlag}\` (another --profile keeps this sign-in), or unset EEM_SERVER.`,
  );
}

/** The profile, server, token and client of this call; exit 4 when there is no token. */
export async function openSession(ctx: Context): Promise<ActiveSession> {
  const store = await ctx.profiles();
  const chosen = chooseProfile(ctx, store.read(), { mustExist: true });
  const server = chooseServer(ctx, chosen.profile);
  const envToken = ctx.io.env.EEM_TOKEN;
  let token: string;
  let tokenSource: ActiveSession['tokenSource'];
  let tokenLocation: string;
  if (envToken) {
    token = envToken;
    tokenSource = 'env';
    tokenLocation = 'EEM_TOKEN environment variable';
  } else {
    const session = chosen.profile?.session;
    const home = savedTokenServer(chosen.profile);
    if (home !== undefined && home !== server.url) throw tokenBelongsElsewhere(chosen, server.url, home);
    const loaded = session ? await ctx.credentials.load(chosen.name, session.storage) : undefined;
    if (!loaded) throw notSignedIn(chosen, server.url);
    if (loaded.warning) ctx.reporter.warn(loaded.warning);
    token = loaded.token;
    tokenSource = loaded.storage;
    tokenLocation = loaded.location;
  }
  const project = chooseProject(ctx, chosen.profile);
  // The client reads the project before every call, so `active.project = …` redirects later calls.
  let active: ActiveSession | undefined;
  const client = await buildClient(
    ctx,
    server.url,
    () => token,
    () => (active ?? { project }).project.id,
  );
  const userId = tokenSource === 'env' ? undefined : chosen.profile?.session?.userId;
  active = { profile: chosen, server, token, tokenSource, tokenLocation, userId, project, client };
  if (tokenSource !== 'env') ctx.onSessionExpired = () => forgetToken(ctx, chosen.name, token);
  ctx.tokenSource = tokenSource;
  return active;
}

/**
 * The server no longer accepts the token: remove it locally (unless another sign-in has
 * replaced it meanwhile), keeping the profile's server, account and project.
 */
export async function forgetToken(ctx: Context, profileName: string, token: string): Promise<void> {
  const store = await ctx.profiles();
  const profile = store.read().profiles[profileName];
  const session = profile?.session;
  if (!session) return;
  const current = await ctx.credentials.load(profileName, session.storage).catch(() => undefined);
  if (current && current.token !== token) return;
  await ctx.credentials.remove(profileName, session.storage);
  await store.update((data) => {
    const entry = data.profiles[profileName];
    if (entry) entry.session = undefined;
  });
}
