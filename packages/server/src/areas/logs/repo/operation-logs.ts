/** The operation log (audit trail): one row per recorded action. */
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.js';
import { contains } from '../../../db/portable.js';
import type { OperationLogTable } from '../../../db/schema.js';

export async function insertOperationLog(db: Db, values: Insertable<OperationLogTable>): Promise<void> {
  await db.insertInto('operation_logs').values(values).execute();
}

export interface OperationLogFilter {
  startTime: number;
  endTime: number;
  /** At most one of the three narrows the rows: a project, projects, or tenants. */
  projectId?: number | undefined;
  projectIds?: readonly number[] | undefined;
  tenantIds?: readonly number[] | undefined;
  /** Contained in the account (any case). */
  account?: string | undefined;
  operation?: string | undefined;
  module?: string | undefined;
  /** Contained in the object, the description or the account (any case). */
  keyword?: string | undefined;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function operationLogPage(db: Db, f: OperationLogFilter) {
  let q = db
    .selectFrom('operation_logs')
    .where('operation_logs.time', '>=', f.startTime)
    .where('operation_logs.time', '<=', f.endTime);
  if (f.projectId !== undefined) q = q.where('operation_logs.project_id', '=', f.projectId);
  else if (f.projectIds)
    q = q.where('operation_logs.project_id', 'in', f.projectIds.length ? [...f.projectIds] : [0]);
  else if (f.tenantIds)
    q = q.where('operation_logs.tenant_id', 'in', f.tenantIds.length ? [...f.tenantIds] : [0]);
  if (f.account) q = q.where(contains('operation_logs.account', f.account));
  if (f.operation) q = q.where('operation_logs.operation', '=', f.operation);
  if (f.module) q = q.where('operation_logs.module', '=', f.module);
  if (f.keyword) {
    const text = f.keyword;
    q = q.where((eb) =>
      eb.or([
        contains('operation_logs.object', text),
        contains('operation_logs.description', text),
        contains('operation_logs.account', text),
      ]),
    );
  }
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q
    .leftJoin('projects', 'projects.id', 'operation_logs.project_id')
    .selectAll('operation_logs')
    .select('projects.name as project_name')
    .orderBy('operation_logs.time', f.order)
    .orderBy('operation_logs.id', f.order)
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { total: Number(total?.n ?? 0), rows };
}
