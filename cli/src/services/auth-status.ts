/** `eem auth status`: who, on which server, in which project and module, and where the token is kept. */
import { resolveModule } from '@eem/core';
import type { Context } from '../context.js';
import type { OutputFlags } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column } from '../output/render.js';
import { localTime, relativeTime } from '../output/time.js';
import { loadProjects } from './projects.js';
import { describeSource, openSession } from './session.js';

export interface AuthStatus {
  profile: string;
  profileChosenBy: string;
  server: string;
  userId: number;
  account: string;
  usertype: number;
  projectId: number | null;
  projectName: string | null;
  module: 'pf' | 'fw';
  platformMode: boolean;
  tokenStorage: 'keychain' | 'file' | 'env';
  tokenLocation: string;
  expiresAt: number | null;
}

export async function authStatus(ctx: Context, output: OutputFlags): Promise<void> {
  const session = await openSession(ctx);
  const { client } = session;
  const [user, info] = await withProgress(ctx, 'Asking the server…', () =>
    Promise.all([client.session.me(), client.shell.systemInfo()]),
  );
  const projectId = session.project.id;
  const module = resolveModule({ projectId, usertype: user.usertype, platformMode: info.platformMode });
  const profile = session.profile.profile;

  let projectName: string | null = null;
  if (projectId > 0) {
    projectName = profile?.project?.id === projectId ? profile.project.name : null;
    if (projectName === null) {
      const catalogue = await loadProjects(client, projectId);
      projectName = catalogue.rows.find((r) => r.type === 'project' && r.id === projectId)?.name ?? null;
    }
  }

  const status: AuthStatus = {
    profile: session.profile.name,
    profileChosenBy: describeSource(session.profile.source, 'profile'),
    server: session.server.url,
    userId: user.id,
    account: user.name,
    usertype: user.usertype,
    projectId: projectId > 0 ? projectId : null,
    projectName,
    module,
    platformMode: info.platformMode,
    tokenStorage: session.tokenSource,
    tokenLocation: session.tokenLocation,
    expiresAt: session.tokenSource === 'env' ? null : (profile?.session?.expiresAt ?? null),
  };

  const now = ctx.io.now();
  const columns: Column<AuthStatus>[] = [
    {
      key: 'profile',
      header: 'Profile',
      value: (s) => s.profile,
      display: (s, p) => `${s.profile} ${p.dim(`(chosen by ${s.profileChosenBy})`)}`,
    },
    { key: 'server', header: 'Server', value: (s) => s.server },
    {
      key: 'account',
      header: 'User',
      value: (s) => s.account,
      display: (s, p) => `${p.bold(s.account)} ${p.dim(`(id ${s.userId}, usertype ${s.usertype})`)}`,
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
      display: (s, p) => `${s.module} ${p.dim(s.module === 'pf' ? '(platform)' : '(project)')}`,
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
        s.expiresAt ? `${localTime(s.expiresAt)} (${relativeTime(s.expiresAt, now)})` : 'unknown',
    },
  ];
  ctx.print(
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
}
