/**
 * Demand warnings, evaluated by the alarm engine at each of its evaluations (ADR 0012, 0022):
 * for each inlet with an enabled warning configuration, the current demand against its levels
 * (kW, or % of the month's declared demand). A level reached on the actual demand raises an
 * event of type 704, on the predicted end-of-interval demand (when asked) one of type 705; the
 * event level is 5 − the warning level (level 4, the highest, is event level 1). As in the
 * engine: one open event per inlet; it clears when the demand falls back past the deadband
 * (ALARM_DEADBAND below the level); while it holds, the repeat interval notifies again. A
 * higher level (or the actual demand reaching a level the prediction had) clears the open
 * event and raises the new one. Events and notices commit together behind the leader's fence.
 */
import {
  ALARM_DEADBAND,
  eventLevelOfWarning,
  levelReached,
  levelsInKw,
  monthOf,
  type StoredText,
  shortNumber,
  text,
  type WarningBasis,
} from '@eem/core';
import { inTransaction } from '../../db/database.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import type { Services } from '../../services.js';
import { EventRecipients } from '../events/event-recipients.js';
import { eventNotice } from '../events/raise-event.js';
import { clearEvent, type EventRow, insertEvent, markNotified } from '../events/repo/events.js';
import { defaultTypeSetting, projectTypeSettings } from '../events/type-settings.js';
import { catchUp, declaredFor } from './demand-data.js';
import { inletNow } from './inlet-now.js';
import { insertDemandEvent, openDemandEvents } from './repo/events.js';
import { allInlets, type InletRow, warningConfigsOf } from './repo/inlets.js';

export const DEMAND_LOG_TYPE = { actual: 704, predicted: 705 } as const;

/** How often the rollups of every inlet are caught up in the background. */
const CATCH_UP_MS = 5 * 60_000;

interface OpenWarning {
  event: EventRow;
  notifiedAt: number;
  level: number;
  predicted: boolean;
}

export class DemandWarnings {
  private readonly open = new Map<number, OpenWarning>();
  private readonly recipients: EventRecipients;
  private loaded = false;
  private caughtUpAt = -Infinity;

  constructor(private readonly services: Services) {
    this.recipients = new EventRecipients(services.db, services.clock);
  }

  async evaluate(now: number): Promise<void> {
    const { db } = this.services;
    if (!this.loaded) await this.loadOpen();
    const inlets = new Map((await allInlets(db)).map((i) => [i.id, i]));
    if (now - this.caughtUpAt >= CATCH_UP_MS) {
      this.caughtUpAt = now;
      for (const inlet of inlets.values()) await catchUp(db, inlet);
    }
    const holding = new Set<number>();
    for (const config of await warningConfigsOf(db, null)) {
      const inlet = inlets.get(config.inlet_id);
      if (!inlet || config.enabled !== 1) continue;
      const project = await this.services.projects.get(inlet.project_id);
      if (!project) continue;
      const current = await inletNow(this.services, inlet, now);
      const declaredKw = await declaredFor(db, inlet, monthOf(now, project.timeZone));
      const levels = levelsInKw(
        config.basis as WarningBasis,
        JSON_COLUMNS.warningLevels.read(config.levels, config.inlet_id),
        declaredKw,
      );
      const open = this.open.get(inlet.id);
      const relax = (predicted: boolean) => (open && open.predicted === predicted ? ALARM_DEADBAND : 0);
      const actual = current.demandKw === null ? 0 : levelReached(current.demandKw, levels, relax(false));
      const predicted =
        config.on_predicted === 1 && current.predictedKw !== null
          ? levelReached(current.predictedKw, levels, relax(true))
          : 0;
      const reached =
        actual > 0
          ? { level: actual, kw: current.demandKw as number, predicted: false }
          : predicted > 0
            ? { level: predicted, kw: current.predictedKw as number, predicted: true }
            : null;
      if (!reached) continue;
      holding.add(inlet.id);
      const threshold = levels.find((l) => l.level === reached.level)?.kw ?? 0;
      const worse = open && (reached.level > open.level || (open.predicted && !reached.predicted));
      if (!open || worse) {
        if (open) await this.clear(inlet.id, open, now);
        const receivers = {
          receiverUserIds: JSON_COLUMNS.warningReceiverIds.read(config.receiver_ids, config.inlet_id),
          receiverGroupIds: [],
        };
        await this.raise(
          inlet,
          { ...reached, threshold, declaredKw, pointId: current.pointId ?? null },
          receivers,
          now,
        );
      } else if (config.repeat_minutes > 0 && now - open.notifiedAt >= config.repeat_minutes * 60_000) {
        const userIds = await this.recipients.of(inlet.project_id, {
          receiverUserIds: JSON_COLUMNS.warningReceiverIds.read(config.receiver_ids, config.inlet_id),
          receiverGroupIds: [],
        });
        await this.services.notices.transaction(async (trx, publish) => {
          await this.services.cluster.fence(trx);
          await markNotified(trx, open.event.id, now);
          await publish([eventNotice(open.event, inlet.name, userIds)]);
        });
        open.notifiedAt = now;
      }
    }
    for (const [inletId, open] of this.open) if (!holding.has(inletId)) await this.clear(inletId, open, now);
  }

  private async clear(inletId: number, open: OpenWarning, now: number): Promise<void> {
    await inTransaction(this.services.db, async (trx) => {
      await this.services.cluster.fence(trx);
      await clearEvent(trx, open.event.id, now);
    });
    this.open.delete(inletId);
  }

  private async raise(
    inlet: InletRow,
    reached: {
      level: number;
      kw: number;
      predicted: boolean;
      threshold: number;
      declaredKw: number;
      pointId: number | null;
    },
    receivers: { receiverUserIds: number[]; receiverGroupIds: number[] },
    now: number,
  ): Promise<void> {
    const logType = reached.predicted ? DEMAND_LOG_TYPE.predicted : DEMAND_LOG_TYPE.actual;
    const settings = await projectTypeSettings(this.services.db, inlet.project_id);
    const setting = settings.find((s) => s.logType === logType) ?? defaultTypeSetting(logType);
    if (!setting.enabled) return;
    const userIds = await this.recipients.of(inlet.project_id, receivers);
    const description = demandText(inlet.name, reached);
    const event = await this.services.notices.transaction(async (trx, publish) => {
      await this.services.cluster.fence(trx);
      const stored = await insertEvent(trx, {
        projectId: inlet.project_id,
        logType,
        eventClass: setting.eventClass,
        level: eventLevelOfWarning(reached.level),
        time: now,
        nodeId: inlet.meter_node_id,
        pointId: reached.pointId,
        schemeId: null,
        kind: `demand:${inlet.id}`,
        text: description,
        value: Number(reached.kw.toFixed(4)),
        threshold: reached.threshold,
        unit: 'kW',
        notifiedAt: now,
      });
      await insertDemandEvent(trx, {
        event_id: stored.id,
        project_id: inlet.project_id,
        inlet_id: inlet.id,
        demand_kw: Number(reached.kw.toFixed(4)),
        declared_kw: reached.declaredKw,
        predicted: reached.predicted ? 1 : 0,
      });
      await publish([eventNotice(stored, inlet.name, userIds)]);
      return stored;
    });
    this.open.set(inlet.id, { event, notifiedAt: now, level: reached.level, predicted: reached.predicted });
  }

  /** The demand events still open from before a restart (or another leader). */
  private async loadOpen(): Promise<void> {
    const rows = await openDemandEvents(this.services.db);
    for (const row of rows) {
      const { inlet_id, predicted, ...event } = row;
      const level = 5 - event.level;
      const known = this.open.get(Number(inlet_id));
      // Two open ones (a crash between clearing and raising): the newer counts, the older ends.
      if (known && known.event.time > event.time) continue;
      this.open.set(Number(inlet_id), {
        event: event as EventRow,
        notifiedAt: event.notified_at ?? event.time,
        level,
        predicted: predicted === 1,
      });
    }
    this.loaded = true;
  }
}

/** What a demand warning says (704 actual, 705 predicted): kW, the level's threshold, the share of the declared. */
export function demandText(
  inletName: string,
  reached: { predicted: boolean; kw: number; level: number; threshold: number; declaredKw: number },
): StoredText {
  return text('event.demand', {
    inlet: inletName,
    predicted: reached.predicted,
    kw: Number(shortNumber(reached.kw)),
    level: reached.level,
    threshold: reached.threshold,
    declared: reached.declaredKw,
    percent: reached.declaredKw > 0 ? Number(shortNumber((reached.kw / reached.declaredKw) * 100)) : 0,
  });
}
