/** A progress channel played by the test: what the SDK's helper would report, on demand. */
import type { Task } from '@eem/contract';
import type { ChannelHandle, ChannelState, Client, ProgressChannelOptions } from '@eem/sdk';

export class FakeProgressChannel {
  /** The options of every open, in order. */
  readonly opens: ProgressChannelOptions[] = [];
  closed = 0;
  /** Set: opening fails with this error (no WebSocket, a bad URL). */
  failWith: Error | undefined;
  /** Called once the channel is open (the helper's handle returned). */
  onOpen: ((channel: FakeProgressChannel) => void) | undefined;
  private state: ChannelState = 'closed';

  /** The IO's openProgressChannel. */
  readonly open = async (_client: Client, options: ProgressChannelOptions): Promise<ChannelHandle> => {
    if (this.failWith) throw this.failWith;
    this.opens.push(options);
    this.state = 'connecting';
    options.onStatus?.('connecting');
    const channel = this;
    const handle: ChannelHandle = {
      close: () => {
        if (this.state === 'closed') return;
        this.closed++;
        this.state = 'closed';
        options.onStatus?.('closed', 'closed by client');
      },
      lastId: 0,
      get state() {
        return channel.state;
      },
    };
    setTimeout(() => this.onOpen?.(this), 0);
    return handle;
  };

  private get options(): ProgressChannelOptions {
    const options = this.opens.at(-1);
    if (!options) throw new Error('the progress channel was not opened');
    return options;
  }

  get isOpen(): boolean {
    return this.state !== 'closed';
  }

  /** `ready` with the snapshot of running tasks. */
  ready(tasks: Task[] = []): void {
    this.state = 'open';
    this.options.onStatus?.('open');
    for (const task of tasks) this.options.onTask(task);
  }

  /** One `progress` message. */
  progress(task: Task): void {
    if (this.state !== 'closed') this.options.onTask(task);
  }

  /** The connection closed (or never opened): the SDK's channel reconnects with backoff. */
  drop(code = 1006, attempt = 0): void {
    this.state = 'connecting';
    this.options.onStatus?.('reconnecting', `closed (${code})`, { attempt, delayMs: 1_000 * 2 ** attempt });
  }

  /** The server refused the token or the channel: the helper stops. */
  refuse(code = 4401): void {
    this.state = 'closed';
    this.options.onStatus?.('closed', `refused (${code})`);
    this.options.onAuthFailed?.(code);
  }
}
