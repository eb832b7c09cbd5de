/**
 * `eem login`: account and password (prompted on a terminal, or --username with
 * --password-stdin), or single sign-on; the expired-password change (-1305); the token kept
 * in the keychain (or the 0600 file) and the profile updated.
 */
import { isProjectBound, isStrongPassword, MESSAGES, WIRE_MESSAGES } from '@eem/core';
import type { Client, SessionAnswer } from '@eem/sdk';
import type { Profile, ProjectRef } from '../config/profiles.js';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { withProgress } from '../output/progress.js';
import { asSdkError, isSdkError, serverMessage } from './errors.js';
import { ask, askSecret, readAllStdin } from './prompt.js';
import { buildClient, type ChosenProfile, chooseProfile, chooseServer } from './session.js';
import { ssoSignIn } from './sso.js';

export interface LoginFlags {
  server?: string | undefined;
  username?: string | undefined;
  passwordStdin: boolean;
  sso: boolean;
  /** false with --no-browser. */
  browser: boolean;
  insecureStorage: boolean;
}

const NEW_PASSWORD_TRIES = 3;

export async function login(ctx: Context, flags: LoginFlags): Promise<void> {
  const store = await ctx.profiles();
  const chosen = chooseProfile(ctx, store.read(), { mustExist: false });
  const server = chooseServer(ctx, chosen.profile, flags.server);
  const client = await buildClient(ctx, server.url);

  let answer: SessionAnswer;
  if (flags.sso) {
    answer = await ssoSignIn(ctx, client, server.url, { browser: flags.browser });
  } else {
    answer = await passwordSignIn(ctx, client, chosen.profile, flags);
  }
  await completeSignIn(ctx, { chosen, serverUrl: server.url, answer, insecure: flags.insecureStorage });
  if (ctx.io.env.EEM_TOKEN) {
    ctx.reporter.warn(
      'EEM_TOKEN is set in this environment: commands here keep using it instead of this sign-in.',
    );
  }
}

async function passwordSignIn(ctx: Context, client: Client, profile: Profile | undefined, flags: LoginFlags) {
  let account = flags.username?.trim();
  if (!account) {
    if (ctx.canPrompt)
      account = (await ask(ctx, 'Account', { flag: '--username', defaultValue: profile?.account })).trim();
    else if (profile?.account && flags.passwordStdin) account = profile.account;
    else
      throw new UsageError(
        '--username is required when eem is not run on a terminal (it never prompts without one)',
      );
  }
  if (!account) throw new UsageError(MESSAGES.accountRequired);

  let password: string;
  let nextFromStdin: string | undefined;
  if (flags.passwordStdin) {
    const lines = (await readAllStdin(ctx.io.stdin)).split(/\r?\n/);
    password = (lines[0] ?? '').trim();
    nextFromStdin = lines[1]?.trim() || undefined;
  } else {
    password = (await askSecret(ctx, 'Password', { flag: '--password-stdin' })).trim();
  }
  if (!password) throw new UsageError(MESSAGES.passwordRequired);

  try {
    return await withProgress(ctx, 'Signing in…', () =>
      client.login(account, password, { client: 'cli', now: ctx.io.now() }),
    );
  } catch (error) {
    if (isSdkError(error, 'WrongCredentialsError')) {
      const e = asSdkError(error);
      throw new CliError(e ? serverMessage(e) : WIRE_MESSAGES.wrongCredentials, {
        hint: e?.lockWarning ?? WIRE_MESSAGES.lockWarning,
      });
    }
    if (!isSdkError(error, 'PasswordExpiredError')) throw error;
  }

  ctx.reporter.warn(WIRE_MESSAGES.passwordExpired);
  const next = flags.passwordStdin ? newPasswordFromStdin(nextFromStdin) : await askNewPassword(ctx);
  try {
    await client.changeExpiredPassword(account, password, next);
  } catch (error) {
    const e = asSdkError(error);
    throw new CliError(`${WIRE_MESSAGES.modifyFailed} ${e ? serverMessage(e) : ''}`.trim(), { cause: error });
  }
  ctx.reporter.success('Password changed; signing in with the new one.');
  return client.login(account, next, { client: 'cli', now: ctx.io.now() });
}

function newPasswordFromStdin(next: string | undefined): string {
  if (!next) {
    throw new CliError('the password has expired and must be changed', {
      hint: 'Run `eem login` on a terminal, or give the new password as the second line of stdin with --password-stdin.',
    });
  }
  if (!isStrongPassword(next))
    throw new UsageError(`--password-stdin (second line): ${MESSAGES.strongPassword}`);
  return next;
}

/** New password and confirmation, checked by the same rule as the server; three tries. */
async function askNewPassword(ctx: Context): Promise<string> {
  for (let attempt = 1; attempt <= NEW_PASSWORD_TRIES; attempt++) {
    const next = await askSecret(ctx, 'New password', { flag: '--password-stdin (second line)' });
    let problem: string | undefined;
    if (!next) problem = MESSAGES.newPasswordRequired;
    else if (!isStrongPassword(next)) problem = MESSAGES.strongPassword;
    else {
      const confirm = await askSecret(ctx, 'Confirm new password', {
        flag: '--password-stdin (second line)',
      });
      if (confirm !== next) problem = MESSAGES.passwordsDoNotMatch;
    }
    if (!problem) return next;
    if (attempt === NEW_PASSWORD_TRIES) throw new UsageError(problem);
    ctx.reporter.error(problem);
  }
  throw new UsageError(MESSAGES.newPasswordRequired);
}

interface Completion {
  chosen: ChosenProfile;
  serverUrl: string;
  answer: SessionAnswer;
  insecure: boolean;
}

/** Revokes a token we will not keep; a failure here changes nothing for the user. */
async function revokeQuietly(ctx: Context, serverUrl: string, token: string): Promise<void> {
  try {
    const client = await buildClient(ctx, serverUrl, () => token);
    await client.session.logout();
  } catch {
    // The token expires by itself; the refusal below is what the user needs to see.
  }
}

async function completeSignIn(ctx: Context, { chosen, serverUrl, answer, insecure }: Completion) {
  const { user, token, expiresAt } = answer;
  const linked = user.projectIds.length > 0 ? user.projectIds : user.projectId ? [user.projectId] : [];
  if (isProjectBound(user.usertype) && linked.length === 0) {
    await revokeQuietly(ctx, serverUrl, token);
    throw new CliError(WIRE_MESSAGES.noProject);
  }

  const saved = await ctx.credentials.save(chosen.name, token, { insecure });
  if (saved.warning) ctx.reporter.warn(saved.warning);

  const previous = chosen.profile;
  let project: ProjectRef | undefined =
    previous && previous.account === user.name && previous.server === serverUrl
      ? previous.project
      : undefined;
  if (isProjectBound(user.usertype) && (!project || !linked.includes(project.id))) {
    const id = user.projectId && linked.includes(user.projectId) ? user.projectId : (linked[0] ?? 0);
    project = { id, name: await projectName(ctx, serverUrl, token, id) };
  }

  const store = await ctx.profiles();
  await store.update((data) => {
    data.profiles[chosen.name] = {
      name: chosen.name,
      server: serverUrl,
      account: user.name,
      project,
      session: {
        userId: user.id,
        name: user.name,
        usertype: user.usertype,
        projectIds: linked,
        root: user.root,
        expiresAt,
        signedInAt: ctx.io.now(),
        storage: saved.storage,
      },
    };
    if (!data.currentProfile || !data.profiles[data.currentProfile]) data.currentProfile = chosen.name;
  });

  ctx.reporter.success(`Signed in to ${serverUrl} as ${user.name} (profile "${chosen.name}").`);
  if (project) ctx.reporter.note(`Project: ${project.name} (id ${project.id}).`);
  if (saved.storage === 'keychain') ctx.reporter.note(`Token kept in the ${saved.location}.`);
  else if (!saved.warning)
    ctx.reporter.note(`Token kept in ${saved.location} (plain text, mode 0600), as --insecure-storage asks.`);
}

async function projectName(ctx: Context, serverUrl: string, token: string, id: number): Promise<string> {
  try {
    const client = await buildClient(
      ctx,
      serverUrl,
      () => token,
      () => id,
    );
    const projects = await client.projects.projects({ query: {} });
    return projects.find((p) => p.id === id)?.name ?? String(id);
  } catch {
    return String(id);
  }
}
