/** Names unique within a tenant: one query for every table whose rows have one. */
import type { Db } from './database.js';

/** Tables whose rows have a name unique within their tenant. */
export type TenantNamedTable = 'projects' | 'roles' | 'user_groups' | 'fault_scenarios' | 'event_plans';

/** Whether a row of the table other than `exceptId` has the name in the tenant. */
export async function nameTaken(
  db: Db,
  table: TenantNamedTable,
  tenantId: number,
  name: string,
  exceptId = 0,
): Promise<boolean> {
  const twin = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return twin !== undefined;
}
