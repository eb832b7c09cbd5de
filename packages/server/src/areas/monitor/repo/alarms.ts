/** The monitor's reads of events: the unconfirmed alarms of nodes (the diagram's rings). */
import { EVENT_STATUS } from '@eem/core';
import type { Db } from '../../../db/database.js';

/** Per node with unconfirmed events: their most severe level (1 highest) and their count. */
export function openAlarmsByNode(db: Db, projectId: number, nodeIds: readonly number[]) {
  return db
    .selectFrom('events')
    .select([
      'node_id',
      (eb) => eb.fn.min<number>('level').as('level'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('project_id', '=', projectId)
    .where('status', '!=', EVENT_STATUS.confirmed)
    .where('node_id', 'in', [...nodeIds])
    .groupBy('node_id')
    .execute();
}
