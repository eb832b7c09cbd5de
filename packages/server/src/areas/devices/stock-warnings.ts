/**
 * The minimum-stock warning: when a stock-out (by hand or a completed order) leaves a part
 * below its safety stock, the project's stock keepers (sparepart_update) hear of it: a plain
 * notice (log type 200, class warning, shown as a persistent notification) naming the part,
 * its stock and its safety stock.
 */
import type { Project } from '@eem/contract';
import { belowSafetyStock, EVENT_CLASS, LOG_TYPE, text } from '@eem/core';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import type { NoticeInput } from '../notices/notice-hub.js';
import { holders } from '../workorders/people.js';
import { partsByIds } from './repo/spare-parts.js';

export async function stockWarnings(
  services: Services,
  project: Project,
  partIds: readonly number[],
  db: Db = services.db,
): Promise<NoticeInput[]> {
  if (partIds.length === 0) return [];
  const short = (await partsByIds(db, project.id, [...new Set(partIds)])).filter((p) =>
    belowSafetyStock({ stock: p.stock, safetyStock: p.safety_stock }),
  );
  if (short.length === 0) return [];
  const userIds = await holders(services, project, 'sparepart_update', null, db);
  if (userIds.length === 0) return [];
  return short.map((p) => {
    const name = p.model ? `${p.name} ${p.model}` : p.name;
    return {
      userIds,
      projectId: project.id,
      logType: LOG_TYPE.plainNotice,
      eventClass: EVENT_CLASS.warning,
      text: text('notice.stockLow', { part: name, stock: p.stock, unit: p.unit, safety: p.safety_stock }),
      content: {
        eventClass: EVENT_CLASS.warning,
        partId: p.id,
        stock: p.stock,
        safetyStock: p.safety_stock,
        route: '/sparepartManage',
      },
    };
  });
}
