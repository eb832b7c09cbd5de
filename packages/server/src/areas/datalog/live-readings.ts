/**
 * The live state of the demo site, in memory: the newest value of every point (written by the
 * simulator every few seconds, read by the realtime calls and, in issue 7, by the alarm
 * schemes) and the breaker state of line segments (remote control). A restart starts from the
 * stored readings again; breakers start closed.
 */
export interface LiveValue {
  time: number;
  value: number;
}

type Listener = (pointId: number, value: LiveValue) => void;

/** Several servers (cluster/live-relay.ts): values and breaker states reach every server. */
export interface LiveRelay {
  set(pointId: number, value: LiveValue): void;
  breaker(nodeId: number, closed: boolean): Promise<void>;
}

export class LiveReadings {
  private readonly values = new Map<number, LiveValue>();
  private readonly open = new Set<number>();
  private readonly listeners = new Set<Listener>();
  private relay: LiveRelay | undefined;

  /** From now on values and breaker states set here go to the other servers too (ADR 0016). */
  useRelay(relay: LiveRelay): void {
    this.relay = relay;
  }

  set(pointId: number, time: number, value: number): void {
    this.apply(pointId, time, value);
    this.relay?.set(pointId, { time, value });
  }

  /** A value set here or heard from another server: kept and told to the listeners. */
  apply(pointId: number, time: number, value: number): void {
    const live = { time, value };
    this.values.set(pointId, live);
    for (const listener of this.listeners) listener(pointId, live);
  }

  get(pointId: number): LiveValue | undefined {
    return this.values.get(pointId);
  }

  /** Called for every new live value; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isClosed(nodeId: number): boolean {
    return !this.open.has(nodeId);
  }

  /** Sets a breaker; resolves when the other servers can see it (stored, announced). */
  async setBreaker(nodeId: number, closed: boolean): Promise<void> {
    this.applyBreaker(nodeId, closed);
    await this.relay?.breaker(nodeId, closed);
  }

  applyBreaker(nodeId: number, closed: boolean): void {
    if (closed) this.open.delete(nodeId);
    else this.open.add(nodeId);
  }
}
