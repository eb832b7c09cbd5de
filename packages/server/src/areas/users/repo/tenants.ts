/** Tenants (service providers): a tree by parent, each hosting projects and users. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import type { TenantTable } from '../../../db/schema.js';

export type TenantRow = Selectable<TenantTable>;

export function allTenants(db: Db): Promise<TenantRow[]> {
  return db.selectFrom('tenants').selectAll().orderBy('id').execute();
}

/** The tenants with these ids (null: all), by id. */
export function tenantsByIds(db: Db, ids: readonly number[] | null): Promise<TenantRow[]> {
  let q = db.selectFrom('tenants').selectAll().orderBy('id');
  if (ids !== null) q = q.where('id', 'in', ids.length ? [...ids] : [0]);
  return q.execute();
}

export function tenantById(db: Db, id: number): Promise<TenantRow | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function tenantExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A tenant and every tenant below it, the tenant first. */
export async function tenantFamily(db: Db, tenantId: number): Promise<number[]> {
  const all = await db.selectFrom('tenants').select(['id', 'parent_id']).execute();
  const out = [tenantId];
  for (let i = 0; i < out.length; i++) {
    for (const t of all) if (t.parent_id === out[i] && !out.includes(t.id)) out.push(t.id);
  }
  return out;
}

/** Whether a sibling (same parent; null: top level) other than `exceptId` has the name. */
export async function tenantNameTaken(
  db: Db,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db.selectFrom('tenants').select('id').where('name', '=', name);
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertTenant(db: Db, values: Insertable<TenantTable>): Promise<number> {
  return (await db.insertInto('tenants').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateTenant(db: Db, id: number, set: Updateable<TenantTable>): Promise<void> {
  await db.updateTable('tenants').set(set).where('id', '=', id).execute();
}

/** What still belongs to a tenant: its projects, users and child tenants. */
export async function tenantDependents(
  db: Db,
  id: number,
): Promise<{ projects: number; users: number; children: number }> {
  const count = async (table: 'projects' | 'users' | 'tenants') => {
    const column = table === 'tenants' ? 'parent_id' : 'tenant_id';
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', id)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  };
  return { projects: await count('projects'), users: await count('users'), children: await count('tenants') };
}

/** Deletes a tenant with its groups (and their members), roles and the grants of the tenant node. */
export async function deleteTenant(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const groups = await trx.selectFrom('user_groups').select('id').where('tenant_id', '=', id).execute();
    if (groups.length)
      await trx
        .deleteFrom('user_group_members')
        .where(
          'group_id',
          'in',
          groups.map((g) => g.id),
        )
        .execute();
    await trx.deleteFrom('user_groups').where('tenant_id', '=', id).execute();
    await trx.deleteFrom('roles').where('tenant_id', '=', id).execute();
    await trx
      .deleteFrom('user_nodes')
      .where('model_label', '=', 'tenant')
      .where('node_id', '=', id)
      .execute();
    await trx.deleteFrom('tenants').where('id', '=', id).execute();
  });
}
