/** `eem me`: the signed-in user as the server knows them. */
import type { User } from '@eem/contract';
import type { Context } from '../context.js';
import type { OutputFlags } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column } from '../output/render.js';
import { openSession } from './session.js';

export function userColumns(): Column<User>[] {
  return [
    { key: 'id', header: 'Id', value: (u) => u.id },
    { key: 'name', header: 'Account', value: (u) => u.name },
    { key: 'nicName', header: 'Name', value: (u) => u.nicName },
    { key: 'email', header: 'Email', value: (u) => u.email },
    { key: 'mobilePhone', header: 'Phone', value: (u) => u.mobilePhone },
    { key: 'usertype', header: 'Usertype', value: (u) => u.usertype },
    { key: 'tenantId', header: 'Tenant', value: (u) => u.tenantId },
    { key: 'projectIds', header: 'Projects', value: (u) => u.projectIds.join(',') },
    { key: 'roles', header: 'Roles', value: (u) => u.roles.map((r) => r.name).join(', ') },
    { key: 'root', header: 'Root', value: (u) => u.root },
    {
      key: 'permissions',
      header: 'Permissions',
      value: (u) => u.permissions.join(','),
      display: (u, p) => `${u.permissions.length} ${p.dim('(see --json)')}`,
    },
  ];
}

export async function showMe(ctx: Context, output: OutputFlags): Promise<void> {
  const { client } = await openSession(ctx);
  const user = await withProgress(ctx, 'Asking the server…', () => client.session.me());
  await ctx.print({ columns: userColumns(), rows: [user], json: user, vertical: true }, output);
}
