import type { Project } from '@eem/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProjectTable } from '../../db/schema.js';

export function toWireProject(row: Selectable<ProjectTable>): Project {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantid: row.tenant_id,
    name: row.name,
    code: row.code,
    timeZone: row.time_zone,
    modelLabel: 'project',
    level: row.level,
    company: row.company,
    address: row.address,
    longitude: row.longitude,
    latitude: row.latitude,
    area: row.area,
    people: row.people,
    cooperationDeadline: row.cooperation_deadline,
    operationDate: row.operation_date,
    annualOutput: row.annual_output,
    description: row.description,
  };
}

export async function projectsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<Project[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('projects').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map(toWireProject);
}
