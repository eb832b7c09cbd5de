/** `eem logout`: revoke the token on the server, then remove it locally (keychain and file). */
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { asSdkError, isSdkError } from './errors.js';
import { buildClient, chooseProfile, chooseServer, savedTokenServer } from './session.js';

export async function logout(ctx: Context): Promise<void> {
  const store = await ctx.profiles();
  const chosen = chooseProfile(ctx, store.read(), { mustExist: true });
  const server = chooseServer(ctx, chosen.profile);
  const envToken = ctx.io.env.EEM_TOKEN;
  const session = chosen.profile?.session;

  // A saved token is only ever sent to the server it was issued for: with EEM_SERVER naming
  // another one (and no EEM_TOKEN), there is no sign-in to end there, and the profile's own
  // sign-in is left alone.
  const home = savedTokenServer(chosen.profile);
  if (!envToken && home !== undefined && home !== server.url) {
    ctx.reporter.note(
      `Not signed in to ${server.url} (from EEM_SERVER); nothing to do. Profile "${chosen.name}" stays signed in to ${home}: unset EEM_SERVER to sign out there.`,
    );
    return;
  }

  let token = envToken;
  if (!token && session) {
    token = (await ctx.credentials.load(chosen.name, session.storage).catch(() => undefined))?.token;
  }
  if (!token) {
    if (session) await ctx.credentials.remove(chosen.name, session.storage);
    await clearSession(store, chosen.name);
    ctx.reporter.note(`Not signed in to ${server.url} (profile "${chosen.name}"); nothing to do.`);
    return;
  }

  let problem: string | undefined;
  try {
    const signedIn = token;
    const client = await buildClient(ctx, server.url, () => signedIn);
    await client.session.logout();
  } catch (error) {
    // An expired or revoked token is already signed out on the server.
    if (!isSdkError(error, 'SessionExpiredError')) problem = asSdkError(error)?.message ?? String(error);
  }

  if (envToken) {
    if (problem) throw new CliError(`could not revoke the token of EEM_TOKEN on ${server.url}: ${problem}`);
    ctx.reporter.success(
      `Revoked the token of EEM_TOKEN on ${server.url}; remove EEM_TOKEN from this environment.`,
    );
    return;
  }

  const warnings = await ctx.credentials.remove(chosen.name, session?.storage);
  await clearSession(store, chosen.name);
  for (const warning of warnings) ctx.reporter.warn(warning);
  if (problem) {
    throw new CliError(
      `the token was removed from this machine but not revoked on ${server.url}: ${problem}`,
      {
        hint: 'It stays valid on the server until it expires.',
      },
    );
  }
  ctx.reporter.success(
    `Signed out of ${server.url} (profile "${chosen.name}"); the token is revoked and removed.`,
  );
}

async function clearSession(store: Awaited<ReturnType<Context['profiles']>>, name: string): Promise<void> {
  await store.update((data) => {
    const profile = data.profiles[name];
    if (profile) profile.session = undefined;
  });
}
