/** Projects: the rows (documents decoded), name and code checks, profile edits, project ids by tenant. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { ProjectTable } from '../../../db/schema.js';

const { projectDocuments } = JSON_COLUMNS;

type Decoded<T> = Omit<T, 'documents'> & { documents: string[] };
export type ProjectRow = Decoded<Selectable<ProjectTable>>;
export type ProjectChange = Partial<Decoded<Updateable<ProjectTable>>>;

function decoded(row: Selectable<ProjectTable>): ProjectRow {
  return { ...row, documents: projectDocuments.read(row.documents, row.id) };
}

export async function allProjects(db: Db): Promise<ProjectRow[]> {
  return (await db.selectFrom('projects').selectAll().orderBy('id').execute()).map(decoded);
}

export async function projectById(db: Db, id: number): Promise<ProjectRow | undefined> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decoded(row);
}

/** Whether another project than `exceptId` has the code (codes are unique across tenants). */
export async function projectCodeTaken(db: Db, code: string, exceptId: number): Promise<boolean> {
  const twin = await db
    .selectFrom('projects')
    .select('id')
    .where('code', '=', code)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return twin !== undefined;
}

export async function insertProject(db: Db, values: Insertable<ProjectTable>): Promise<number> {
  return (await db.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateProject(db: Db, id: number, change: ProjectChange): Promise<void> {
  const { documents, ...rest } = change;
  const set = documents === undefined ? rest : { ...rest, documents: projectDocuments.write(documents) };
  if (Object.keys(set).length > 0) await db.updateTable('projects').set(set).where('id', '=', id).execute();
}

/** Every project's id, by id. */
export async function allProjectIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('projects').select('id').orderBy('id').execute()).map((p) => p.id);
}

/** The projects of these tenants with their tenant, by id. */
export function projectsOfTenants(db: Db, tenantIds: readonly number[]) {
  return db
    .selectFrom('projects')
    .select(['id', 'tenant_id'])
    .where('tenant_id', 'in', tenantIds.length ? [...tenantIds] : [0])
    .orderBy('id')
    .execute();
}

/** Projects per tenant. */
export async function projectCountsByTenant(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('projects')
    .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('tenant_id')
    .execute();
  return new Map(rows.map((r) => [r.tenant_id, Number(r.n)]));
}
