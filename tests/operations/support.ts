/** Helpers of the operations tests: people with the roles of the work-order life cycle. */
import type { PermissionKey } from '@eem/core';
import { login, projectId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import type { InProcessServer } from '../support/server.js';

export const PASSWORD = 'Strong@2026x';

/**
 * Creates a role with `permissions` and a project user of `projectId` with it (through the
 * tenant administrator, as a person would), with the password PASSWORD, in `userGroupIds`.
 */
export async function createPerson(
  admin: SignedIn,
  projectId: number,
  name: string,
  permissions: PermissionKey[],
  userGroupIds?: number[],
): Promise<void> {
  const role = await admin.client.users.createRole({
    body: {
      name: `role ${name}`,
      customConfig: { roletype: 1, dutyType: 'none' },
      homePage: '/home',
      permissions: ['general_home', ...permissions],
      mobilePermissions: [],
    },
  });
  await admin.client.users.createUser({
    body: {
      name,
      email: `${name}@demo.example`,
      mobilePhone: '13912345678',
      roleId: role.id,
      customConfig: { usertype: 3 },
      projectIds: [projectId],
      ...(userGroupIds ? { userGroupIds } : {}),
      password: PASSWORD,
      checkPassword: PASSWORD,
    },
  });
}

/** A project user of Shanghai Plant with a role of `permissions`, signed in. */
export async function person(
  server: InProcessServer,
  admin: SignedIn,
  name: string,
  permissions: PermissionKey[],
): Promise<SignedIn> {
  const SH = projectId(server, 'SH-01');
  await createPerson(admin, SH, name, permissions);
  return login(server, name, { password: PASSWORD, projectId: SH });
}

/** Puts users into a group (a team) directly. */
export async function joinTeam(
  server: InProcessServer,
  teamId: number,
  userIds: readonly number[],
): Promise<void> {
  for (const userId of userIds)
    await server.services.db
      .insertInto('user_group_members')
      .values({ group_id: teamId, user_id: userId })
      .execute();
}

/** The notices of a user about an order (log type 714/715, the order's code in the content). */
export async function noticesAbout(server: InProcessServer, userId: number, code: string) {
  const rows = await server.services.db
    .selectFrom('notices')
    .select(['log_type', 'description', 'content'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.filter((r) => r.content.includes(`"orderCode":"${code}"`));
}
