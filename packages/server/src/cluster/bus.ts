/**
 * The servers' bus on PostgreSQL: LISTEN on one dedicated connection, NOTIFY through the pool
 * or inside the transaction whose commit it announces (PostgreSQL then delivers it at the
 * commit, and messages of different transactions in commit order). Payloads are small (ids,
 * a task, a batch of live values; at most 8000 bytes); the data stays in the tables.
 *
 * A lost connection is opened again (0.5 s, then up to 5 s apart); messages sent meanwhile
 * are lost, so every listener hears `gap` when it is lost and when it is back, and catches up
 * from the tables.
 */
import pg from 'pg';
import type { Db } from '../db/database.js';
import { listen, notify } from './repo/signals.js';

export const BUS_CHANNELS = ['eem_notices', 'eem_tasks', 'eem_caches', 'eem_live', 'eem_cluster'] as const;
export type BusChannel = (typeof BUS_CHANNELS)[number];

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD = 7_900;

type Handler = (payload: string) => void;
export type GapState = 'lost' | 'back';

export class PostgresBus {
  private client: pg.Client | null = null;
  private readonly handlers = new Map<BusChannel, Handler[]>();
  private readonly gapHandlers: ((state: GapState) => void)[] = [];
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private delay = 500;
  private connectedOnce = false;

  constructor(
    private readonly url: string,
    private readonly db: Db,
    private readonly log: (message: string) => void,
  ) {}

  get connected(): boolean {
    return this.client !== null;
  }

  on(channel: BusChannel, handler: Handler): void {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  /** Hears the JSON messages of a channel (sent by the servers' relays, which know their shape). */
  onJson<T>(channel: BusChannel, handler: (message: T) => void): void {
    this.on(channel, (payload) => handler(JSON.parse(payload) as T));
  }

  /** Hears when the connection is lost and when it is back (messages may be missing between). */
  onGap(handler: (state: GapState) => void): void {
    this.gapHandlers.push(handler);
  }

  /** Opens the listening connection; rejects when the first attempt fails. */
  async open(): Promise<void> {
    await this.connect();
  }

  /** Sends a message: at the commit of `trx` when given, else at once. */
  async send(channel: BusChannel, payload: string, trx?: Db): Promise<void> {
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`bus: a ${channel} message is too long`);
    await notify(trx ?? this.db, channel, payload);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: 'eem-server bus',
    });
    client.on('notification', (message) => {
      const channel = message.channel as BusChannel;
      for (const handler of this.handlers.get(channel) ?? []) {
        try {
          handler(message.payload ?? '');
        } catch (error) {
          this.log(`bus: a ${channel} message failed: ${error instanceof Error ? error.message : error}`);
        }
      }
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.log(`bus: connection lost${error ? ` (${error.message})` : ''}; reconnecting`);
      this.gap('lost');
      this.schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    await client.connect();
    await listen(client, BUS_CHANNELS);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.delay = 500;
    if (this.connectedOnce) this.gap('back');
    this.connectedOnce = true;
  }

  private schedule(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().catch((error: unknown) => {
        this.log(`bus: reconnect failed: ${error instanceof Error ? error.message : error}`);
        this.delay = Math.min(5_000, this.delay * 2);
        this.schedule();
      });
    }, this.delay);
    this.retry.unref();
  }

  private gap(state: GapState): void {
    for (const handler of this.gapHandlers) {
      try {
        handler(state);
      } catch (error) {
        this.log(`bus: catching up failed: ${error instanceof Error ? error.message : error}`);
      }
    }
  }
}
