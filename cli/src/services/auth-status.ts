/**
 * `eem auth status`: who, on which server, in which project and module, and where the token is
 * kept; what is known locally is printed even when the server cannot be reached.
 */
import { resolveModule } from '@eem/core';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import type { OutputFlags } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column } from '../output/render.js';
import { displayTime, relativeTime } from '../output/time.js';
import { asSdkError, isForeignAnswer, networkCause } from './errors.js';
import { loadProjects } from './projects.js';
import { describeSource, openSession } from './session.js';

export interface AuthStatus {
  profile: string;
  profileChosenBy: string;
  server: string;
  serverChosenBy: string;
  /** What the server said: `ok`, or why it could not tell (unreachable, session expired, …). */
  serverState: 'ok' | 'unreachable' | 'session expired' | 'error';
  serverDetail: string | null;
  userId: number | null;
  account: string | null;
  usertype: number | null;
  projectId: number | null;
  projectName: string | null;
  /** null when the server could not be asked (the module depends on its platform mode). */
  module: 'pf' | 'fw' | null;
  platformMode: boolean | null;
  tokenStorage: 'keychain' | 'file' | 'env';
  tokenLocation: string;
  expiresAt: number | null;
}

/**
 * What is known here (profile, server, token store, project, the user of the last sign-in),
 * then the server's state apart: the status is printed whether or not the server answers.
 * Ends with the error when the server could not confirm the sign-in (exit 1, or 4 when the
 * session expired).
 */
export async function authStatus(ctx: Context, output: OutputFlags): Promise<void> {
  const session = await openSession(ctx);
  const { client } = session;
  const profile = session.profile.profile;
  const saved = session.tokenSource === 'env' ? undefined : profile?.session;
  const projectId = session.project.id;

  let failure: unknown;
  let user: { id: number; name: string; usertype: number } | undefined;
  let platformMode: boolean | undefined;
  try {
    const [me, info] = await withProgress(ctx, 'Asking the server…', () =>
      Promise.all([client.session.me(), client.shell.systemInfo()]),
    );
    user = me;
    platformMode = info.platformMode;
  } catch (error) {
    failure = error;
  }
  const sdk = asSdkError(failure);
  const serverState: AuthStatus['serverState'] =
    failure === undefined
      ? 'ok'
      : sdk?.name === 'NetworkError'
        ? 'unreachable'
        : sdk?.name === 'SessionExpiredError'
          ? 'session expired'
          : 'error';
  const serverDetail =
    failure === undefined
      ? null
      : sdk?.name === 'NetworkError'
        ? networkCause(failure)
        : sdk && isForeignAnswer(sdk)
          ? `does not answer like an eem server: ${sdk.msg}`
          : failure instanceof Error
            ? (sdk?.msg ?? failure.message)
            : String(failure);

  let projectName: string | null = null;
  if (projectId > 0) {
    projectName = profile?.project?.id === projectId ? profile.project.name : null;
    if (projectName === null && failure === undefined) {
      const catalogue = await loadProjects(client, projectId);
      projectName = catalogue.rows.find((r) => r.type === 'project' && r.id === projectId)?.name ?? null;
    }
  }
  const usertype = user?.usertype ?? saved?.usertype ?? null;

  const status: AuthStatus = {
    profile: session.profile.name,
    profileChosenBy: describeSource(session.profile.source, 'profile'),
    server: session.server.url,
    serverChosenBy: describeSource(session.server.source, 'server'),
    serverState,
    serverDetail,
    userId: user?.id ?? saved?.userId ?? null,
    account: user?.name ?? saved?.name ?? profile?.account ?? null,
    usertype,
    projectId: projectId > 0 ? projectId : null,
    projectName,
    module:
      platformMode === undefined || usertype === null
        ? null
        : resolveModule({ projectId, usertype, platformMode }),
    platformMode: platformMode ?? null,
    tokenStorage: session.tokenSource,
    tokenLocation: session.tokenLocation,
    expiresAt: saved?.expiresAt ?? null,
  };

  const now = ctx.io.now();
  const local = serverState === 'ok' ? '' : ' (from the last sign-in here)';
  const columns: Column<AuthStatus>[] = [
    {
      key: 'profile',
      header: 'Profile',
      value: (s) => s.profile,
      display: (s, p) => `${s.profile} ${p.dim(`(chosen by ${s.profileChosenBy})`)}`,
    },
    {
      key: 'server',
      header: 'Server',
      value: (s) => s.server,
      display: (s, p) => `${s.server} ${p.dim(`(${s.serverChosenBy})`)}`,
    },
    {
      key: 'account',
      header: 'User',
      value: (s) => s.account,
      display: (s, p) =>
        s.account === null
          ? p.dim('unknown (the server was not asked)')
          : `${p.bold(s.account)} ${p.dim(`(id ${s.userId ?? '?'}, usertype ${s.usertype ?? '?'})${local}`)}`,
    },
    { key: 'userId', header: 'User id', value: (s) => s.userId, machineOnly: true },
    { key: 'usertype', header: 'Usertype', value: (s) => s.usertype, machineOnly: true },
    {
      key: 'projectId',
      header: 'Project',
      value: (s) => s.projectId,
      display: (s, p) =>
        s.projectId ? `${s.projectName ?? '?'} ${p.dim(`(id ${s.projectId})`)}` : p.dim('none'),
    },
    { key: 'projectName', header: 'Project name', value: (s) => s.projectName, machineOnly: true },
    {
      key: 'module',
      header: 'Module',
      value: (s) => s.module,
      display: (s, p) =>
        s.module === null
          ? p.dim('unknown (the server was not asked)')
          : `${s.module} ${p.dim(s.module === 'pf' ? '(platform)' : '(project)')}`,
    },
    {
      key: 'tokenStorage',
      header: 'Token',
      value: (s) => s.tokenStorage,
      display: (s) =>
        s.tokenStorage === 'file' ? `file ${s.tokenLocation} (plain text, mode 0600)` : s.tokenLocation,
    },
    { key: 'tokenLocation', header: 'Token location', value: (s) => s.tokenLocation, machineOnly: true },
    {
      key: 'expiresAt',
      header: 'Expires',
      value: (s) => s.expiresAt,
      time: true,
      display: (s) =>
        s.expiresAt
          ? `${displayTime(s.expiresAt, undefined)} (${relativeTime(s.expiresAt, now)})`
          : 'unknown',
    },
    {
      key: 'serverState',
      header: 'Server state',
      value: (s) => s.serverState,
      display: (s, p) =>
        s.serverState === 'ok'
          ? p.green('answers; the sign-in is valid')
          : p.red(`${s.serverState}${s.serverDetail ? ` (${s.serverDetail})` : ''}`),
    },
    { key: 'serverDetail', header: 'Server detail', value: (s) => s.serverDetail, machineOnly: true },
    // New fields go last, so that scripts reading fields by position keep working.
    {
      key: 'profileChosenBy',
      header: 'Profile chosen by',
      value: (s) => s.profileChosenBy,
      machineOnly: true,
    },
    { key: 'serverChosenBy', header: 'Server chosen by', value: (s) => s.serverChosenBy, machineOnly: true },
  ];
  await ctx.print(
    {
      columns,
      rows: [status],
      json: {
        ...status,
        expiresAt: status.expiresAt === null ? null : new Date(status.expiresAt).toISOString(),
      },
      vertical: true,
    },
    output,
  );
  if (failure !== undefined) {
    if (sdk?.name === 'SessionExpiredError' || sdk?.name === 'NetworkError') throw failure;
    throw new CliError(`the server could not confirm the sign-in: ${serverDetail}`, { cause: failure });
  }
}
