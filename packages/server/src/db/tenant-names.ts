/** Names unique within a tenant or a project: one query for every table whose rows have one. */
import { sql } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** Tables whose rows have a name unique within their owner, with the owner's column. */
const OWNER_COLUMN = {
  projects: 'tenant_id',
  roles: 'tenant_id',
  user_groups: 'tenant_id',
  fault_scenarios: 'tenant_id',
  event_plans: 'tenant_id',
  device_templates: 'project_id',
  maintenance_items: 'project_id',
  maintenance_plans: 'project_id',
  products: 'project_id',
  tou_schemes: 'project_id',
  billing_schemes: 'project_id',
  loss_objects: 'project_id',
  cost_rates: 'project_id',
  cost_schemes: 'project_id',
} as const satisfies { [T in keyof Database]?: keyof Database[T] & ('tenant_id' | 'project_id') };

export type NamedTable = keyof typeof OWNER_COLUMN;

/** Whether a row of the table other than `exceptId` has the name in its tenant or project. */
export async function nameTaken(
  db: Db,
  table: NamedTable,
  ownerId: number,
  name: string,
  exceptId = 0,
): Promise<boolean> {
  const twin = await db
    .selectFrom(table)
    .select('id')
    .where(sql.ref(OWNER_COLUMN[table]), '=', ownerId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return twin !== undefined;
}
