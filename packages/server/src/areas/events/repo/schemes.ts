/**
 * Alarm schemes of projects: what a scheme watches, thresholds per level, nodes, receivers and
 * channels (JSON columns, decoded here), active window and repeat interval.
 */
import type { NotifyChannel } from '@eem/core';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { AlarmSchemeTable } from '../../../db/schema.js';

const C = JSON_COLUMNS;

/** The columns a scheme is written with (project and times apart), JSON columns as values. */
export interface SchemeValues {
  name: string;
  enabled: boolean;
  kind: string;
  log_types: number[];
  thresholds: { level: number; value: number }[];
  node_ids: number[];
  receiver_user_ids: number[];
  receiver_group_ids: number[];
  channels: NotifyChannel[];
  active_from: string | null;
  active_to: string | null;
  repeat_minutes: number;
}

export type SchemeRow = SchemeValues &
  Pick<Selectable<AlarmSchemeTable>, 'id' | 'project_id' | 'created_at' | 'updated_at'>;

function decoded(row: Selectable<AlarmSchemeTable>): SchemeRow {
  return {
    ...row,
    enabled: row.enabled === 1,
    log_types: C.schemeLogTypes.read(row.log_types, row.id),
    thresholds: C.schemeThresholds.read(row.thresholds, row.id),
    node_ids: C.schemeNodeIds.read(row.node_ids, row.id),
    receiver_user_ids: C.schemeReceiverUserIds.read(row.receiver_user_ids, row.id),
    receiver_group_ids: C.schemeReceiverGroupIds.read(row.receiver_group_ids, row.id),
    channels: C.schemeChannels.read(row.channels, row.id),
  };
}

function encoded(s: SchemeValues) {
  return {
    ...s,
    enabled: s.enabled ? 1 : 0,
    log_types: C.schemeLogTypes.write(s.log_types),
    thresholds: C.schemeThresholds.write(s.thresholds),
    node_ids: C.schemeNodeIds.write(s.node_ids),
    receiver_user_ids: C.schemeReceiverUserIds.write(s.receiver_user_ids),
    receiver_group_ids: C.schemeReceiverGroupIds.write(s.receiver_group_ids),
    channels: C.schemeChannels.write(s.channels),
  };
}

/** The schemes of one project (all projects: null), by id; enabled ones only when asked. */
export async function schemesOf(
  db: Db,
  projectId: number | null,
  options: { enabledOnly?: boolean } = {},
): Promise<SchemeRow[]> {
  let q = db.selectFrom('alarm_schemes').selectAll();
  if (projectId !== null) q = q.where('project_id', '=', projectId);
  if (options.enabledOnly) q = q.where('enabled', '=', 1);
  return (await q.orderBy('id').execute()).map(decoded);
}

export async function schemeById(db: Db, projectId: number, id: number): Promise<SchemeRow | undefined> {
  const row = await db
    .selectFrom('alarm_schemes')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row && decoded(row);
}

export async function insertScheme(
  db: Db,
  projectId: number,
  values: SchemeValues,
  now: number,
): Promise<SchemeRow> {
  const row = await db
    .insertInto('alarm_schemes')
    .values({ project_id: projectId, ...encoded(values), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export async function updateScheme(
  db: Db,
  projectId: number,
  id: number,
  values: SchemeValues,
  now: number,
): Promise<SchemeRow> {
  const row = await db
    .updateTable('alarm_schemes')
    .set({ ...encoded(values), updated_at: now })
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export async function deleteScheme(db: Db, id: number): Promise<void> {
  await db.deleteFrom('alarm_schemes').where('id', '=', id).execute();
}
