/** The generated topology links of a project (node_links): pipeline and hierarchy. */
import type { Db } from '../../../db/database.js';

export type LinkKind = 'pipeline' | 'hierarchy';

export function projectLinks(db: Db, projectId: number) {
  return db
    .selectFrom('node_links')
    .select(['kind', 'from_id', 'to_id'])
    .where('project_id', '=', projectId)
    .orderBy('kind')
    .orderBy('from_id')
    .orderBy('to_id')
    .execute();
}

export async function deleteLinks(db: Db, projectId: number, kind: LinkKind): Promise<void> {
  await db.deleteFrom('node_links').where('project_id', '=', projectId).where('kind', '=', kind).execute();
}

export async function insertLinks(
  db: Db,
  projectId: number,
  kind: LinkKind,
  links: readonly { from: number; to: number }[],
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('node_links')
    .values(links.map((l) => ({ project_id: projectId, kind, from_id: l.from, to_id: l.to })))
    .execute();
}
