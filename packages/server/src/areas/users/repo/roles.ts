/** Roles of a tenant: page, operation and mobile keys (JSON columns), role type, duty, home page. */
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { RoleTable } from '../../../db/schema.js';

const { rolePermissions, roleMobilePermissions } = JSON_COLUMNS;

export type RoleRow = Omit<Selectable<RoleTable>, 'permissions' | 'mobile_permissions'> & {
  permissions: string[];
  mobile_permissions: string[];
};

/** The columns a role is written with (its tenant and creation time apart). */
export type RoleValues = Omit<
  RoleRow,
  'id' | 'tenant_id' | 'created_at' | 'permissions' | 'mobile_permissions'
> & {
  permissions: readonly string[];
  mobile_permissions: readonly string[];
};

function decoded(row: Selectable<RoleTable>): RoleRow {
  return {
    ...row,
    permissions: rolePermissions.read(row.permissions, row.id),
    mobile_permissions: roleMobilePermissions.read(row.mobile_permissions, row.id),
  };
}

function encoded(values: RoleValues) {
  return {
    ...values,
    permissions: rolePermissions.write([...values.permissions]),
    mobile_permissions: roleMobilePermissions.write([...values.mobile_permissions]),
  };
}

export async function roleById(db: Db, id: number): Promise<RoleRow | undefined> {
  const row = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decoded(row);
}

export async function rolesOfTenant(db: Db, tenantId: number): Promise<RoleRow[]> {
  const rows = await db
    .selectFrom('roles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  return rows.map(decoded);
}

export async function insertRole(
  db: Db,
  role: RoleValues & { tenant_id: number; created_at: number },
): Promise<number> {
  const { tenant_id, created_at, ...values } = role;
  return (
    await db
      .insertInto('roles')
      .values({ tenant_id, created_at, ...encoded(values) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateRole(db: Db, id: number, values: RoleValues): Promise<void> {
  await db.updateTable('roles').set(encoded(values)).where('id', '=', id).execute();
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}
