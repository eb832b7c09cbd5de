/**
 * Live values and breaker states on every server (ADR 0016). The simulator (or a later data
 * source) sets live values on one server; they are batched per turn of the event loop and
 * NOTIFYed, and every other server keeps them too, so the realtime calls answer the same
 * anywhere and the alarm engine reads them wherever it runs. Breaker states (remote control)
 * are stored in `cluster_breakers` before they are announced: a server that starts, or whose
 * bus was lost, reads them from there.
 */
import type { LiveReadings, LiveRelay, LiveValue } from '../areas/datalog/live-readings.js';
import type { Db } from '../db/database.js';
import { MAX_PAYLOAD, type PostgresBus } from './bus.js';
import { allBreakers, storeBreaker } from './repo/breakers.js';

interface Message {
  from: string;
  /** [point id, time, value] */
  v?: [number, number, number][];
  /** [node id, closed] */
  b?: [number, boolean][];
}

export class PostgresLiveRelay implements LiveRelay {
  private pending: [number, number, number][] = [];
  private flushing: NodeJS.Immediate | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly bus: PostgresBus,
    private readonly live: LiveReadings,
    private readonly serverId: string,
    private readonly log: (message: string) => void,
  ) {}

  async start(): Promise<void> {
    this.bus.onJson<Message>('eem_live', (message) => this.received(message));
    this.bus.onGap((state) => {
      if (state === 'back')
        this.loadBreakers().catch((error: unknown) =>
          this.log(`live: reading breakers failed: ${text(error)}`),
        );
    });
    await this.loadBreakers();
    this.live.useRelay(this);
  }

  stop(): Promise<void> {
    if (this.flushing) clearImmediate(this.flushing);
    this.flush();
    return this.sending;
  }

  set(pointId: number, value: LiveValue): void {
    this.pending.push([pointId, value.time, value.value]);
    this.flushing ??= setImmediate(() => this.flush());
  }

  async breaker(nodeId: number, closed: boolean): Promise<void> {
    await storeBreaker(this.db, nodeId, closed);
    await this.bus.send(
      'eem_live',
      JSON.stringify({ from: this.serverId, b: [[nodeId, closed]] } satisfies Message),
    );
  }

  /** Sends the values set in this turn, in messages under the payload limit. */
  private flush(): void {
    this.flushing = undefined;
    const values = this.pending;
    this.pending = [];
    const head = `{"from":${JSON.stringify(this.serverId)},"v":[`;
    let parts: string[] = [];
    let size = head.length + 2;
    const messages: string[] = [];
    for (const [id, time, value] of values) {
      const part = JSON.stringify([id, time, value]);
      if (size + part.length + 1 > MAX_PAYLOAD && parts.length > 0) {
        messages.push(`${head}${parts.join(',')}]}`);
        parts = [];
        size = head.length + 2;
      }
      parts.push(part);
      size += part.length + 1;
    }
    if (parts.length > 0) messages.push(`${head}${parts.join(',')}]}`);
    for (const message of messages)
      this.sending = this.sending
        .then(() => this.bus.send('eem_live', message))
        .catch((error: unknown) => this.log(`live: announcing values failed: ${text(error)}`));
  }

  private received(message: Message): void {
    if (message.from === this.serverId) return;
    for (const [id, time, value] of message.v ?? []) this.live.apply(id, time, value);
    for (const [nodeId, closed] of message.b ?? []) this.live.applyBreaker(nodeId, closed);
  }

  private async loadBreakers(): Promise<void> {
    for (const { nodeId, closed } of await allBreakers(this.db)) this.live.applyBreaker(nodeId, closed);
  }
}

function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
