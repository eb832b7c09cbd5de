/** `eem profile list|use|add|remove`: named sets of server, account and current project. */

import type { Profile } from '../config/profiles.js';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import type { OutputFlags } from '../output/format.js';
import type { Column } from '../output/render.js';
import { isSdkError } from './errors.js';
import { buildClient, chooseProfile, normalizeServer, validateProfileName } from './session.js';

interface ProfileRow {
  name: string;
  server: string;
  account: string | null;
  projectId: number | null;
  projectName: string | null;
  signedIn: boolean;
  expiresAt: number | null;
  tokenStorage: string | null;
  current: boolean;
}

export async function listProfiles(ctx: Context, output: OutputFlags): Promise<void> {
  const store = await ctx.profiles();
  const data = store.read();
  const chosen = chooseProfile(ctx, data, { mustExist: false });
  const now = ctx.io.now();
  const rows: ProfileRow[] = Object.values(data.profiles)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => ({
      name: p.name,
      server: p.server,
      account: p.account ?? null,
      projectId: p.project?.id ?? null,
      projectName: p.project?.name ?? null,
      signedIn: p.session !== undefined && p.session.expiresAt > now,
      expiresAt: p.session?.expiresAt ?? null,
      tokenStorage: p.session?.storage ?? null,
      current: p.name === chosen.name,
    }));
  const columns: Column<ProfileRow>[] = [
    {
      key: 'name',
      header: 'Name',
      value: (r) => r.name,
      display: (r, p) => (r.current ? p.bold.green(r.name) : r.name),
    },
    { key: 'server', header: 'Server', value: (r) => r.server },
    { key: 'account', header: 'Account', value: (r) => r.account },
    {
      key: 'projectId',
      header: 'Project',
      value: (r) => r.projectId,
      display: (r, p) => (r.projectId ? `${r.projectName} ${p.dim(`(${r.projectId})`)}` : ''),
    },
    { key: 'projectName', header: 'Project name', value: (r) => r.projectName, machineOnly: true },
    {
      key: 'signedIn',
      header: 'Signed in',
      value: (r) => r.signedIn,
      display: (r, p) =>
        r.signedIn ? `yes ${p.dim(`(${r.tokenStorage})`)}` : r.expiresAt ? p.yellow('expired') : 'no',
    },
    { key: 'expiresAt', header: 'Expires', value: (r) => r.expiresAt, time: true, machineOnly: true },
    {
      key: 'current',
      header: 'Current',
      value: (r) => (r.current ? '*' : ''),
      display: (r, p) => (r.current ? p.green('*') : ''),
    },
  ];
  const json = rows.map((r) => ({
    ...r,
    expiresAt: r.expiresAt === null ? null : new Date(r.expiresAt).toISOString(),
  }));
  const format = await ctx.print({ columns, rows, json }, output);
  if (format === 'table' && rows.length === 0) ctx.reporter.note('No profiles yet: `eem login` creates one.');
}

export async function useProfile(ctx: Context, name: string): Promise<void> {
  validateProfileName(name, 'the profile name');
  const store = await ctx.profiles();
  await store.update((data) => {
    if (!data.profiles[name]) {
      throw new CliError(`no profile "${name}"`, { hint: 'See `eem profile list`.' });
    }
    data.currentProfile = name;
  });
  ctx.reporter.success(`Profile "${name}" is now the default for terminals that choose none.`);
  if (ctx.io.env.EEM_PROFILE && ctx.io.env.EEM_PROFILE !== name) {
    ctx.reporter.warn(
      `EEM_PROFILE=${ctx.io.env.EEM_PROFILE} is set in this terminal and still chooses its profile here.`,
    );
  }
}

export interface AddFlags {
  server: string;
  account?: string | undefined;
  use: boolean;
}

export async function addProfile(ctx: Context, name: string, flags: AddFlags): Promise<void> {
  validateProfileName(name, 'the profile name');
  const server = normalizeServer(flags.server, '--server');
  const store = await ctx.profiles();
  await store.update((data) => {
    if (data.profiles[name])
      throw new CliError(`profile "${name}" already exists`, {
        hint: 'Remove it first, or pick another name.',
      });
    const profile: Profile = { name, server, account: flags.account?.trim() || undefined };
    data.profiles[name] = profile;
    if (flags.use || !data.currentProfile || !data.profiles[data.currentProfile]) data.currentProfile = name;
  });
  ctx.reporter.success(
    `Added profile "${name}" for ${server}. Sign in with \`eem login --profile ${name}\`.`,
  );
}

export async function removeProfile(ctx: Context, name: string): Promise<void> {
  validateProfileName(name, 'the profile name');
  const store = await ctx.profiles();
  const profile = store.read().profiles[name];
  if (!profile) throw new CliError(`no profile "${name}"`, { hint: 'See `eem profile list`.' });
  if (profile.session) {
    const loaded = await ctx.credentials.load(name, profile.session.storage).catch(() => undefined);
    if (loaded) {
      try {
        const client = await buildClient(ctx, profile.server, () => loaded.token);
        await client.session.logout(undefined, { timeoutMs: 5_000 });
      } catch (error) {
        // An expired or revoked token is already signed out on the server.
        if (!isSdkError(error, 'SessionExpiredError')) {
          ctx.reporter.warn(
            `could not revoke the token on ${profile.server}; it stays valid there until it expires.`,
          );
        }
      }
    }
    for (const warning of await ctx.credentials.remove(name, profile.session.storage))
      ctx.reporter.warn(warning);
  }
  await store.update((data) => {
    delete data.profiles[name];
    if (data.currentProfile === name) data.currentProfile = undefined;
  });
  ctx.reporter.success(`Removed profile "${name}".`);
}

export function requireName(name: string | undefined): string {
  if (!name) throw new UsageError('missing profile name');
  return name;
}
