/** The users a declaration or a warning names: reminder users and receivers (migration 0040). */
import type { Db } from '../../../db/database.js';

/**
 * The users among `ids` with their tenant and, when they are linked to the project, its id
 * (the caller keeps those of the project or its tenant).
 */
export function projectUsersAmong(db: Db, projectId: number, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .leftJoin('user_projects', (j) =>
      j.onRef('user_projects.user_id', '=', 'users.id').on('user_projects.project_id', '=', projectId),
    )
    .select(['users.id', 'users.name', 'users.tenant_id', 'user_projects.project_id'])
    .where('users.id', 'in', [...ids])
    .execute();
}

/** The users among `ids` (id, account name), by name. */
export function usersByName(db: Db, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .orderBy('name')
    .execute();
}
