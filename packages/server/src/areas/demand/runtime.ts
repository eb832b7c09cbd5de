/**
 * The demand area's state in memory, one per server (keyed by its services): the live values
 * of the inlets' power points over the last half hour and the power point of each meter.
 */
import type { Services } from '../../services.js';
import { LiveDemandBuffer, powerPointOf } from './demand-data.js';
import { allInlets } from './repo/inlets.js';

/** How long the watched points are trusted before they are read again. */
const REFRESH_MS = 30_000;

export class DemandRuntime {
  readonly buffer: LiveDemandBuffer;
  private readonly points = new Map<number, number | undefined>();
  private refreshedAt = -Infinity;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly services: Services) {
    this.buffer = new LiveDemandBuffer(services.live);
    this.buffer.start();
  }

  /** The power point of a meter node (cached; undefined: the meter has none). */
  async pointOf(meterNodeId: number): Promise<number | undefined> {
    await this.refresh();
    if (!this.points.has(meterNodeId)) {
      this.points.set(meterNodeId, await powerPointOf(this.services.db, meterNodeId));
      this.buffer.watch([...this.points.values()].filter((p): p is number => p !== undefined));
    }
    return this.points.get(meterNodeId);
  }

  /** After inlets changed: their points are read again. */
  invalidate(): void {
    this.refreshedAt = -Infinity;
  }

  /** Reads the power points of every inlet's meter and watches their live values. */
  async refresh(): Promise<void> {
    if (this.services.clock() - this.refreshedAt < REFRESH_MS) return;
    this.refreshing ??= (async () => {
      const inlets = await allInlets(this.services.db);
      this.points.clear();
      for (const inlet of inlets)
        if (!this.points.has(inlet.meter_node_id))
          this.points.set(inlet.meter_node_id, await powerPointOf(this.services.db, inlet.meter_node_id));
      this.buffer.watch([...this.points.values()].filter((p): p is number => p !== undefined));
      this.refreshedAt = this.services.clock();
    })().finally(() => {
      this.refreshing = null;
    });
    await this.refreshing;
  }
}

const runtimes = new WeakMap<Services, DemandRuntime>();

export function demandRuntime(services: Services): DemandRuntime {
  let runtime = runtimes.get(services);
  if (!runtime) {
    runtime = new DemandRuntime(services);
    runtimes.set(services, runtime);
  }
  return runtime;
}
