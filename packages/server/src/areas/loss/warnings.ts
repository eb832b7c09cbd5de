/**
 * Loss warnings, evaluated by the alarm engine in its pass (ADR 0012, 0024), as the demand
 * warnings are: for each enabled loss object, the loss rate of the 24 whole hours before now
 * (from the rollups; read at most once a minute per project) against its levels and limits.
 *
 * - 707 (loss rate over the limit): the rate is above the upper or below the lower limit.
 * - 706 (loss warning): otherwise, the rate reaches a level (rate ≥ the level's threshold).
 *
 * One open event per loss object; the event level is 5 − the warning level (707: event level
 * 1). It clears when the rate falls back past the object's deadband (a level is held while the
 * rate stays within deadbandPct below it); a higher level, or a move between 706 and 707,
 * clears it and raises the new one; while it holds, the repeat interval notifies again. Events,
 * their loss rows and notices commit together behind the leader's fence.
 */
import {
  eventLevelOfWarning,
  type LossLevel,
  lossLevelOf,
  outsideLimits,
  shortNumber,
  text,
} from '@eem/core';
import { inTransaction } from '../../db/database.js';
import type { Services } from '../../services.js';
import { EnergyModel } from '../energy/model.js';
import type { EventRow } from '../events/event-items.js';
import { EventRecipients } from '../events/event-recipients.js';
import { eventNotice } from '../events/raise-event.js';
import { clearEvent, insertEvent, markNotified } from '../events/repo/events.js';
import { defaultTypeSetting, projectTypeSettings } from '../events/type-settings.js';
import { lossValues, objectDefinition, rangeFigures } from './figures.js';
import { lastWindow, thresholdsOf } from './objects.js';
import { insertLossEvent, openLossEvents } from './repo/events.js';
import { enabledLossObjects, type LossObjectRow } from './repo/objects.js';

export const LOSS_LOG_TYPE = { warning: 706, overLimit: 707 } as const;

/** How often the rates are read again (the rollups change by the hour). */
const READ_EVERY_MS = 60_000;

interface OpenWarning {
  event: EventRow;
  notifiedAt: number;
  level: number;
  logType: number;
}

interface Reading {
  at: number;
  window: { start: number; end: number };
  rates: Map<number, number | null>;
}

/** What a rate reaches: 707 outside the limits, else 706 at a level, else nothing. */
export function lossReached(
  ratePct: number | null,
  o: { levels: readonly LossLevel[]; lowerLimitPct: number; upperLimitPct: number },
  hold: { level: number; logType: number } | undefined,
  deadbandPct: number,
): { logType: number; level: number } | null {
  if (ratePct === null) return null;
  const relax = hold ? deadbandPct : 0;
  const over =
    outsideLimits(ratePct, o.lowerLimitPct, o.upperLimitPct) ||
    (hold?.logType === LOSS_LOG_TYPE.overLimit &&
      (ratePct > o.upperLimitPct - relax || ratePct < o.lowerLimitPct + relax));
  const level = Math.max(
    lossLevelOf(ratePct, o.levels),
    hold?.logType === LOSS_LOG_TYPE.warning ? lossLevelOf(ratePct + relax, o.levels) : 0,
  );
  if (over) return { logType: LOSS_LOG_TYPE.overLimit, level };
  return level > 0 ? { logType: LOSS_LOG_TYPE.warning, level } : null;
}

export class LossWarnings {
  private readonly open = new Map<number, OpenWarning>();
  private readonly readings = new Map<number, Reading>();
  private readonly recipients: EventRecipients;
  private loaded = false;

  constructor(private readonly services: Services) {
    this.recipients = new EventRecipients(services.db, services.clock);
  }

  async evaluate(now: number): Promise<void> {
    const { db } = this.services;
    if (!this.loaded) await this.loadOpen();
    const objects = await enabledLossObjects(db);
    const byProject = new Map<number, LossObjectRow[]>();
    for (const o of objects) byProject.set(o.project_id, [...(byProject.get(o.project_id) ?? []), o]);
    const holding = new Set<number>();
    for (const [projectId, list] of byProject) {
      const reading = await this.read(projectId, list, now);
      if (!reading) continue;
      for (const o of list) {
        const id = Number(o.id);
        const t = thresholdsOf(o);
        const rate = reading.rates.get(id) ?? null;
        const open = this.open.get(id);
        const reached = lossReached(rate, t, open, o.deadband_pct);
        if (!reached || rate === null) continue;
        holding.add(id);
        const changed = open && (open.logType !== reached.logType || reached.level > open.level);
        if (!open || changed) {
          if (open) await this.clear(id, open, now);
          await this.raise(o, reached, rate, t, reading.window, now);
        } else if (o.repeat_minutes > 0 && now - open.notifiedAt >= o.repeat_minutes * 60_000) {
          const userIds = await this.recipients.of(projectId, { receiverUserIds: [], receiverGroupIds: [] });
          await this.services.notices.transaction(async (trx, publish) => {
            await this.services.cluster.fence(trx);
            await markNotified(trx, open.event.id, now);
            await publish([eventNotice(open.event, o.name, userIds)]);
          });
          open.notifiedAt = now;
        }
      }
    }
    for (const [id, open] of this.open) if (!holding.has(id)) await this.clear(id, open, now);
  }

  /** The rates of a project's objects over the last window (cached for a minute). */
  private async read(
    projectId: number,
    list: readonly LossObjectRow[],
    now: number,
  ): Promise<Reading | null> {
    const known = this.readings.get(projectId);
    const ids = list.map((o) => Number(o.id));
    if (known && now - known.at < READ_EVERY_MS && ids.every((id) => known.rates.has(id))) return known;
    const project = await this.services.projects.get(projectId);
    if (!project) return null;
    const model = await EnergyModel.load(this.services.db, project);
    const window = lastWindow(now, project.timeZone);
    const values = await lossValues(
      this.services.db,
      model,
      list.map((o) => objectDefinition(model, o)),
      [window.start, window.end],
    );
    const rates = new Map<number, number | null>();
    list.forEach((o, i) => {
      const v = values[i];
      rates.set(Number(o.id), v ? rangeFigures(v).ratePct : null);
    });
    const reading = { at: now, window, rates };
    this.readings.set(projectId, reading);
    return reading;
  }

  private async clear(id: number, open: OpenWarning, now: number): Promise<void> {
    await inTransaction(this.services.db, async (trx) => {
      await this.services.cluster.fence(trx);
      await clearEvent(trx, open.event.id, now);
    });
    this.open.delete(id);
  }

  private async raise(
    o: LossObjectRow,
    reached: { logType: number; level: number },
    ratePct: number,
    t: { levels: readonly LossLevel[]; lowerLimitPct: number; upperLimitPct: number },
    window: { start: number; end: number },
    now: number,
  ): Promise<void> {
    const settings = await projectTypeSettings(this.services.db, o.project_id);
    const setting =
      settings.find((s) => s.logType === reached.logType) ?? defaultTypeSetting(reached.logType);
    if (!setting.enabled) return;
    const userIds = await this.recipients.of(o.project_id, { receiverUserIds: [], receiverGroupIds: [] });
    const over = reached.logType === LOSS_LOG_TYPE.overLimit;
    const threshold = over
      ? ratePct > t.upperLimitPct
        ? t.upperLimitPct
        : t.lowerLimitPct
      : (t.levels.find((l) => l.level === reached.level)?.ratePct ?? 0);
    const description = text('event.lossWarning', {
      object: o.name,
      rate: Number(shortNumber(ratePct)),
      threshold: Number(shortNumber(threshold)),
      level: over ? null : reached.level,
      above: ratePct > t.upperLimitPct,
    });
    const event = await this.services.notices.transaction(async (trx, publish) => {
      await this.services.cluster.fence(trx);
      const stored = await insertEvent(trx, {
        projectId: o.project_id,
        logType: reached.logType,
        eventClass: setting.eventClass,
        level: over ? 1 : eventLevelOfWarning(reached.level),
        time: now,
        nodeId: Number(o.supply_node_id),
        pointId: null,
        schemeId: null,
        kind: `loss:${o.id}`,
        text: description,
        value: ratePct,
        threshold,
        unit: '%',
        notifiedAt: now,
      });
      await insertLossEvent(trx, {
        event_id: stored.id,
        project_id: o.project_id,
        loss_object_id: Number(o.id),
        rate_pct: ratePct,
        warning_level: reached.level,
        window_start: window.start,
        window_end: window.end,
      });
      await publish([eventNotice(stored, o.name, userIds)]);
      return stored;
    });
    this.open.set(Number(o.id), { event, notifiedAt: now, level: reached.level, logType: reached.logType });
  }

  /** The loss events still open from before a restart (or another leader). */
  private async loadOpen(): Promise<void> {
    for (const row of await openLossEvents(this.services.db)) {
      const { loss_object_id, warning_level, ...event } = row;
      const id = Number(loss_object_id);
      const known = this.open.get(id);
      if (known && known.event.time > event.time) continue;
      this.open.set(id, {
        event: event as EventRow,
        notifiedAt: event.notified_at ?? event.time,
        level: warning_level,
        logType: event.log_type,
      });
    }
    this.loaded = true;
  }
}
