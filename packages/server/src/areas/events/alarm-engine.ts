/**
 * The alarm engine (ADR 0012): evaluates each enabled scheme of each project against the live
 * values of the points of its nodes (with subtrees; every node with the kind's points when it
 * names none) after every burst of live values and at least every live interval. A value that
 * crosses a threshold raises an event (the most severe level crossed) unless one of the scheme
 * and node is open; while it holds, a repeat interval notifies again; when it goes back, the
 * event clears (end time). Outside the scheme's active window nothing is raised or repeated.
 * The inlets' demand warnings are evaluated in the same pass (demand/demand-warnings.ts), and
 * so are the loss objects' loss warnings (loss/warnings.ts).
 */
import { ALARM_DEADBAND, type AlarmKindDefinition, alarmKind, localParts, startOf } from '@eem/core';
import { inTransaction } from '../../db/database.js';
import type { Services } from '../../services.js';
import { pointIndex } from '../datalog/repo/points.js';
import { latestReading } from '../datalog/repo/readings.js';
import { DemandWarnings } from '../demand/demand-warnings.js';
import { LossWarnings } from '../loss/warnings.js';
import { nodeSkeleton } from '../nodes/repo/nodes.js';
import { type AlarmSchemeRow, loadSchemes } from './alarm-schemes.js';
import { crossedLevel, describe, inWindow, type Measured, measure, type NodeLive } from './alarm-values.js';
import type { EventRow } from './event-items.js';
import { EventRecipients } from './event-recipients.js';
import { eventNotice } from './raise-event.js';
import { clearEvent, insertEvent, markNotified, openSchemeEvents } from './repo/events.js';
import { defaultTypeSetting, projectTypeSettings } from './type-settings.js';

/** How long the nodes and points of a project are kept between evaluations. */
const CONTEXT_KEEP_MS = 30_000;
const DEBOUNCE_MS = 50;

interface ProjectContext {
  at: number;
  id: number;
  timeZone: string;
  names: Map<number, string>;
  children: Map<number, number[]>;
  /** Point ids by data id, per node with points. */
  points: Map<number, Map<number, number>>;
}

interface OpenEvent {
  event: EventRow;
  notifiedAt: number;
}

export class AlarmEngine {
  private readonly open = new Map<string, OpenEvent>();
  private readonly contexts = new Map<number, ProjectContext>();
  private readonly hourStarts = new Map<number, { hour: number; value: number }>();
  private readonly recipients: EventRecipients;
  /** The inlets' demand warnings (704, 705), evaluated with the schemes. */
  private readonly demand: DemandWarnings;
  /** The loss objects' loss warnings (706, 707). */
  private readonly loss: LossWarnings;
  private loaded = false;

  constructor(private readonly services: Services) {
    this.recipients = new EventRecipients(services.db, services.clock);
    this.demand = new DemandWarnings(services);
    this.loss = new LossWarnings(services);
  }

  /** One evaluation of every enabled scheme. */
  async evaluate(): Promise<void> {
    const { db, clock } = this.services;
    if (!this.loaded) await this.loadOpen();
    const now = clock();
    const schemes = await loadSchemes(db, null, { enabledOnly: true });
    const holding = new Set<string>();
    for (const scheme of schemes) {
      const kind = alarmKind(scheme.kind);
      if (!kind || scheme.thresholds.length === 0) continue;
      const ctx = await this.context(scheme.projectId, now);
      if (!ctx) continue;
      const local = localParts(now, ctx.timeZone);
      const active = inWindow(scheme.activeFrom, scheme.activeTo, local.hour * 60 + local.minute);
      for (const nodeId of this.scope(ctx, scheme, kind)) {
        const node = await this.nodeLive(ctx, nodeId, kind, now);
        const measured = measure(kind, node, now);
        if (!measured) continue;
        const key = `${scheme.id}:${nodeId}`;
        const open = this.open.get(key);
        const threshold = crossedLevel(kind, scheme.thresholds, measured.value, open ? ALARM_DEADBAND : 0);
        if (!threshold) continue;
        holding.add(key);
        if (!active) continue;
        if (!open) await this.raise(ctx, scheme, kind, nodeId, measured, threshold, now);
        else if (scheme.repeatMinutes > 0 && now - open.notifiedAt >= scheme.repeatMinutes * 60_000) {
          // The repeat and its notices commit together, so an engine that takes over repeats on time.
          const userIds = scheme.logTypes.includes(open.event.log_type)
            ? await this.recipients.of(ctx.id, scheme)
            : [];
          await this.services.notices.transaction(async (trx, publish) => {
            await this.services.cluster.fence(trx);
            await markNotified(trx, open.event.id, now);
            await publish([eventNotice(open.event, ctx.names.get(nodeId) ?? '', userIds)]);
          });
          open.notifiedAt = now;
        }
      }
    }
    for (const [key, open] of this.open) {
      if (holding.has(key)) continue;
      await inTransaction(db, async (trx) => {
        await this.services.cluster.fence(trx);
        await clearEvent(trx, open.event.id, now);
      });
      this.open.delete(key);
    }
    await this.demand.evaluate(now);
    await this.loss.evaluate(now);
  }

  private async raise(
    ctx: ProjectContext,
    scheme: AlarmSchemeRow,
    kind: AlarmKindDefinition,
    nodeId: number,
    measured: Measured,
    threshold: { level: number; value: number },
    now: number,
  ): Promise<void> {
    const settings = await projectTypeSettings(this.services.db, ctx.id);
    const setting = settings.find((s) => s.logType === kind.logType) ?? defaultTypeSetting(kind.logType);
    if (!setting.enabled) return;
    const nodeName = ctx.names.get(nodeId) ?? '';
    const userIds = scheme.logTypes.includes(kind.logType) ? await this.recipients.of(ctx.id, scheme) : [];
    // The event and its notices commit together (or not at all), behind the leader's fence: an
    // engine that dies in between leaves neither, one that lost the lease writes neither.
    const event = await this.services.notices.transaction(async (trx, publish) => {
      await this.services.cluster.fence(trx);
      const stored = await insertEvent(trx, {
        projectId: ctx.id,
        logType: kind.logType,
        eventClass: setting.eventClass,
        level: threshold.level,
        time: now,
        nodeId,
        pointId: measured.pointId,
        schemeId: scheme.id,
        kind: kind.kind,
        text: describe(kind, nodeName, measured, threshold),
        value: Number(measured.value.toFixed(4)),
        threshold: threshold.value,
        unit: kind.unit,
        notifiedAt: now,
      });
      await publish([eventNotice(stored, nodeName, userIds)]);
      return stored;
    });
    this.open.set(`${scheme.id}:${nodeId}`, { event, notifiedAt: now });
  }

  /** The events of schemes still open from before a restart. */
  private async loadOpen(): Promise<void> {
    const rows = await openSchemeEvents(this.services.db);
    // What an engine that stopped (a restart, or another server that led) left open.
    for (const row of rows)
      this.open.set(`${row.scheme_id}:${row.node_id}`, {
        event: row,
        notifiedAt: row.notified_at ?? row.time,
      });
    this.loaded = true;
  }

  private async context(projectId: number, now: number): Promise<ProjectContext | undefined> {
    const known = this.contexts.get(projectId);
    if (known && now - known.at < CONTEXT_KEEP_MS) return known;
    const { db } = this.services;
    const project = await this.services.projects.get(projectId);
    if (!project) return undefined;
    const nodes = await nodeSkeleton(db, projectId);
    const children = new Map<number, number[]>();
    for (const n of nodes) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n.id]);
    const points = new Map<number, Map<number, number>>();
    for (const p of await pointIndex(db, projectId)) {
      let byData = points.get(p.node_id);
      if (!byData) {
        byData = new Map();
        points.set(p.node_id, byData);
      }
      byData.set(p.data_id, p.id);
    }
    const ctx: ProjectContext = {
      at: now,
      id: projectId,
      timeZone: project.timeZone,
      names: new Map(nodes.map((n) => [n.id, n.name])),
      children,
      points,
    };
    this.contexts.set(projectId, ctx);
    return ctx;
  }

  /** The scheme's nodes (subtrees) that have the points its kind reads. */
  private scope(ctx: ProjectContext, scheme: AlarmSchemeRow, kind: AlarmKindDefinition): number[] {
    const fits = (nodeId: number) => {
      const byData = ctx.points.get(nodeId);
      if (!byData) return false;
      if (kind.dataIds.length === 0) return true;
      return kind.kind === 'voltage'
        ? kind.dataIds.some((d) => byData.has(d))
        : kind.dataIds.every((d) => byData.has(d));
    };
    if (scheme.nodeIds.length === 0) return [...ctx.points.keys()].filter(fits);
    const out = new Set<number>();
    const stack = [...scheme.nodeIds];
    while (stack.length > 0) {
      const id = stack.pop() as number;
      if (out.has(id) || !ctx.names.has(id)) continue;
      out.add(id);
      stack.push(...(ctx.children.get(id) ?? []));
    }
    return [...out].filter(fits);
  }

  private async nodeLive(
    ctx: ProjectContext,
    nodeId: number,
    kind: AlarmKindDefinition,
    now: number,
  ): Promise<NodeLive> {
    const points = ctx.points.get(nodeId) ?? new Map<number, number>();
    const live = this.services.live;
    const node: NodeLive = { points, live: (pointId) => live.get(pointId) };
    if (kind.kind === 'energyOverLimit') {
      const pointId = points.get(1000);
      if (pointId !== undefined) node.hourStart = await this.hourStart(pointId, now, ctx.timeZone);
    }
    return node;
  }

  /**
   * A counter's value at the start of the current local hour: its stored reading there (or the
   * last one of the hour before), else its first live value seen in the hour.
   */
  private async hourStart(pointId: number, now: number, timeZone: string): Promise<number | undefined> {
    const hour = startOf(now, 'hour', timeZone);
    const known = this.hourStarts.get(pointId);
    if (known?.hour === hour) return known.value;
    const row = await latestReading(this.services.db, pointId, { at: hour, after: hour - 3_600_000 });
    const value = row?.value ?? this.services.live.get(pointId)?.value;
    if (value === undefined) return undefined;
    this.hourStarts.set(pointId, { hour, value });
    return value;
  }
}

/**
 * Starts the engine: an evaluation shortly after each burst of live values and at least every
 * live interval, one at a time. Returns the stop function (waits for an evaluation under way).
 */
export function startAlarmEngine(services: Services): () => Promise<void> {
  const engine = new AlarmEngine(services);
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let pending: NodeJS.Timeout | undefined;

  const run = () => {
    pending = undefined;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = engine
      .evaluate()
      .catch((error: unknown) => {
        if (!stopped)
          process.stderr.write(
            `alarms: evaluation failed: ${error instanceof Error ? error.message : String(error)}\n`,
          );
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          schedule();
        }
      });
  };
  const schedule = () => {
    if (!pending && !stopped) pending = setTimeout(run, DEBOUNCE_MS);
  };
  const unsubscribe = services.live.subscribe(schedule);
  const timer = setInterval(schedule, Math.max(1_000, services.config.liveIntervalMs));
  timer.unref();
  return async () => {
    stopped = true;
    unsubscribe();
    clearInterval(timer);
    if (pending) clearTimeout(pending);
    await running;
  };
}
