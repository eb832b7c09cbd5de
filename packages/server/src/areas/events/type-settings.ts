/**
 * The attributes of event types per project (/eventattradministration): level, class, pop-up,
 * sound, push, enabled and limits. A type without a stored row has its default; the alarm
 * engine takes the class of a raised event from here and raises nothing of a disabled type.
 */
import type { EventTypeSetting } from '@eem/contract';
import { EVENT_CLASS, type EventClass, LOG_TYPE, logTypeName, text } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { saveTypeSettingRows, typeSettingRows } from './repo/type-settings.js';

/** The event types with attributes: 701 to 716 (the task and log notices have none). */
export const EVENT_TYPES = Object.values(LOG_TYPE).filter((t) => t >= 701 && t <= 716);

const DEFAULT_CLASS: Record<number, EventClass> = {
  [LOG_TYPE.energyOverLimit]: EVENT_CLASS.alarm,
  [LOG_TYPE.demandOverThreshold]: EVENT_CLASS.alarm,
  [LOG_TYPE.lossRate]: EVENT_CLASS.alarm,
  [LOG_TYPE.powerQuality]: EVENT_CLASS.alarm,
  [LOG_TYPE.demandWarning]: EVENT_CLASS.warning,
  [LOG_TYPE.lossWarning]: EVENT_CLASS.warning,
  [LOG_TYPE.efficiency]: EVENT_CLASS.warning,
  [LOG_TYPE.efficiencyWarning]: EVENT_CLASS.warning,
  [LOG_TYPE.deviceOffline]: EVENT_CLASS.general,
};

export type TypeSetting = Omit<EventTypeSetting, 'name'>;

export function defaultTypeSetting(logType: number): TypeSetting {
  const eventClass = DEFAULT_CLASS[logType] ?? EVENT_CLASS.general;
  const loud = eventClass === EVENT_CLASS.accident || eventClass === EVENT_CLASS.alarm;
  return {
    logType,
    level: loud ? 2 : 3,
    eventClass,
    popup: loud,
    sound: loud,
    push: true,
    enabled: true,
    lowerLimit: null,
    upperLimit: null,
  };
}

/** The project's settings of every event type, stored or default. */
export async function projectTypeSettings(db: Db, projectId: number): Promise<TypeSetting[]> {
  const rows = await typeSettingRows(db, projectId);
  const stored = new Map(rows.map((r) => [r.log_type, r]));
  return EVENT_TYPES.map((logType) => {
    const r = stored.get(logType);
    if (!r) return defaultTypeSetting(logType);
    return {
      logType,
      level: r.level,
      eventClass: r.event_class,
      popup: r.popup === 1,
      sound: r.sound === 1,
      push: r.push === 1,
      enabled: r.enabled === 1,
      lowerLimit: r.lower_limit,
      upperLimit: r.upper_limit,
    };
  });
}

export async function typeSettings(ctx: RequestContext): Promise<EventTypeSetting[]> {
  const project = await currentProject(ctx);
  return (await projectTypeSettings(ctx.services.db, project.id)).map((s) => ({
    ...s,
    name: logTypeName(s.logType, ctx.language),
  }));
}

export async function saveTypeSettings(
  ctx: RequestContext,
  body: readonly TypeSetting[],
): Promise<EventTypeSetting[]> {
  const project = await currentProject(ctx);
  for (const [i, s] of body.entries())
    if (!EVENT_TYPES.includes(s.logType as (typeof EVENT_TYPES)[number]))
      throw ApiError.at(`body.${i}.logType`, `${s.logType} is not an event type (701 to 716)`);
  await saveTypeSettingRows(
    ctx.services.db,
    project.id,
    body.map((s) => ({
      log_type: s.logType,
      level: s.level,
      event_class: s.eventClass,
      popup: s.popup ? 1 : 0,
      sound: s.sound ? 1 : 0,
      push: s.push ? 1 : 0,
      enabled: s.enabled ? 1 : 0,
      lower_limit: s.lowerLimit,
      upper_limit: s.upperLimit,
    })),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.eventTypes'),
    description: text('oplog.list', { items: body.map((s) => text('logType', { logType: s.logType })) }),
  });
  return typeSettings(ctx);
}
