/**
 * Following a task to its end (`eem import nodes`, `eem tasks watch`) and showing its progress.
 * The progress channel (`/eem-ws/notice/{userId}`, ADR 0003) is the SDK's, as in the web
 * console: it reconnects by itself with backoff and jitter, and each (re)connect's snapshot and
 * every progress message of the task are shown as they arrive. Polling (notices.task by id
 * every interval, whatever the project of the profile) covers the gaps: at once when the channel
 * cannot be opened, while it is away or refused, and whenever an interval passes with no news of
 * the task (a silent channel never leaves eem waiting). The end is checked once more by
 * notices.task, so the result shown is the server's record. Ends with exit 0 (success), 1
 * (failure; an import's error report is saved first; or a task that no longer exists or may
 * not be seen), 4 (the session expired while polling) or 130 (Ctrl-C: the task keeps running).
 */
import { writeFile } from 'node:fs/promises';
import type { Task } from '@eem/contract';
import { POLLING, progressPercent, reconnectDelay, TASK_OPERATION_TYPE, taskPhase } from '@eem/core';
import type { ChannelHandle, ChannelStatus, Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, InterruptedError, UnknownOutcomeError, UsageError } from '../errors.js';
import type { EndingSignal } from '../exit-codes.js';
import { type ProgressUpdate, taskProgress } from '../output/task-progress.js';
import { asSdkError, networkCause, serverMessage } from './errors.js';

export const DEFAULT_INTERVAL_SECONDS = POLLING.importMs / 1000;

/** How long following keeps trying while the server cannot be reached (EEM_RETRY_SECONDS). */
export const DEFAULT_RETRY_SECONDS = 60;

/** EEM_RETRY_SECONDS as milliseconds: a whole number of seconds from 1 to 86400, else a usage error. */
export function retryMs(env: Readonly<Record<string, string | undefined>>): number {
  const value = env.EEM_RETRY_SECONDS;
  if (value === undefined || value === '') return DEFAULT_RETRY_SECONDS * 1000;
  const seconds = Number(value);
  if (!/^\d+$/.test(value.trim()) || seconds < 1 || seconds > 86_400)
    throw new UsageError(
      `EEM_RETRY_SECONDS must be a whole number of seconds from 1 to 86400 (got "${value}")`,
    );
  return seconds * 1000;
}

/**
 * A failure that says nothing about the task: the server could not be reached (the network, a
 * restart) or answered with a server error. Following retries these.
 */
export function isTransient(error: unknown): boolean {
  const sdk = asSdkError(error);
  if (!sdk) return false;
  if (sdk.name === 'NetworkError') return sdk.reason !== 'aborted';
  return sdk.httpStatus !== null && sdk.httpStatus >= 500;
}

/** Why the server is away, in a few words: the cause of a network error, or the HTTP status. */
function outageReason(error: unknown): string {
  const sdk = asSdkError(error);
  if (sdk?.name === 'NetworkError') return networkCause(error);
  return sdk?.httpStatus ? `HTTP ${sdk.httpStatus}` : 'no answer';
}

/** --interval SECONDS as milliseconds: a number from 0.5 to 3600. */
export function intervalMs(value: string | undefined): number {
  if (value === undefined) return POLLING.importMs;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0.5 || seconds > 3600) {
    throw new UsageError(`--interval must be a number of seconds from 0.5 to 3600 (got "${value}")`);
  }
  return Math.round(seconds * 1000);
}

/** Operation types whose failure leaves an error report (nodes.importReport). */
const REPORTED = new Set<number>([
  TASK_OPERATION_TYPE.nodeImport,
  TASK_OPERATION_TYPE.networkImport,
  TASK_OPERATION_TYPE.deviceImport,
]);

export interface FollowOptions {
  /** Between polls when the channel is closed or silent. */
  intervalMs: number;
  /** How long to keep trying while the server cannot be reached (default: EEM_RETRY_SECONDS, 60 s). */
  retryMs?: number | undefined;
  /** The signed-in user, whose progress channel is opened (unknown: asked of the server). */
  userId?: number | undefined;
  /** Where an import's error report goes when it fails (none: not downloaded). */
  reportPath?: string | undefined;
}

export function watchHint(taskId: number): string {
  return `eem tasks watch ${taskId}`;
}

async function saveReport(
  ctx: Context,
  client: Client,
  task: Task,
  path: string,
): Promise<string | undefined> {
  try {
    const file = await client.nodes.importReport.download({ query: { taskId: task.id } });
    await writeFile(path, new Uint8Array(await file.arrayBuffer()));
    return path;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.reporter.warn(`no error report for task ${task.id}: ${reason}`);
    return undefined;
  }
}

function updateOf(task: Task): ProgressUpdate {
  const phase = taskPhase(task.status);
  return { task, phase, percent: phase === 'success' ? 100 : progressPercent(task.ratio) };
}

/**
 * Whether `next` says something `seen` does not: an end, or a running task at least as far.
 * The channel's snapshot may be older than a message sent just before it; an older state is
 * dropped.
 */
function isNews(next: Task, seen: Task): boolean {
  if (taskPhase(seen.status) !== 'running') return false;
  if (taskPhase(next.status) !== 'running') return true;
  return next.ratio >= seen.ratio;
}

/** The user whose channel to open: the saved sign-in's, else the server's answer (none: poll). */
async function channelUser(
  client: Client,
  given: number | undefined,
  signal: AbortSignal,
): Promise<number | undefined> {
  if (given !== undefined) return given;
  try {
    return (await client.session.me({}, { signal })).id;
  } catch {
    return undefined;
  }
}

/**
 * A poll's failure as the command's end: a task that does not exist (any more) or may not be
 * seen is a clear error (exit 1); an expired session stays the SDK's error (exit 4 by the
 * error handler, which also forgets the token); anything else is thrown as it is.
 */
export function pollError(taskId: number, error: unknown): unknown {
  const sdk = asSdkError(error);
  if (sdk?.name === 'NotFoundError')
    return new CliError(`task ${taskId} does not exist (any more): ${serverMessage(sdk)}`, {
      hint: 'See `eem tasks list` for the tasks of the current project.',
      cause: error,
    });
  if (sdk?.name === 'PermissionError')
    return new CliError(`you may not see task ${taskId}: ${serverMessage(sdk)}`, {
      hint: 'A task is seen by its owner and by users of its project.',
      cause: error,
    });
  return error;
}

/** The server's record of an ended task; `ended` itself when it cannot be read or is not ended. */
async function finalCheck(client: Client, ended: Task, signal: AbortSignal): Promise<Task> {
  try {
    const task = await client.notices.task({ params: { id: ended.id } }, { signal });
    return taskPhase(task.status) === 'running' ? ended : task;
  } catch {
    return ended;
  }
}

/**
 * Shows the progress of a running task until it ends (the ended task, exact) or a signal
 * ends eem (the signal: Ctrl-C, SIGTERM, SIGHUP). A failing poll is thrown.
 */
async function follow(
  ctx: Context,
  client: Client,
  start: Task,
  options: FollowOptions,
): Promise<Task | EndingSignal> {
  const progress = taskProgress(ctx);
  const controller = new AbortController();
  const { signal } = controller;
  const debug = (message: string) => {
    if (!ctx.flags.debug) return;
    progress.end();
    ctx.reporter.note(message);
  };
  const seconds = `${options.intervalMs / 1000} s`;

  let settled = false;
  let resolveEnd: (task: Task | EndingSignal) => void = () => {};
  let rejectEnd: (error: unknown) => void = () => {};
  const ended = new Promise<Task | EndingSignal>((resolve, reject) => {
    resolveEnd = resolve;
    rejectEnd = reject;
  });
  let seen = start;
  let channel: ChannelHandle | undefined;
  let channelOpen = false;
  let polled = false;
  let polling = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** While the server cannot be reached: since when, and how many tries in a row. */
  let outage: { since: number; tries: number } | undefined;
  const giveUpMs = options.retryMs ?? retryMs(ctx.io.env);

  const stop = () => {
    settled = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    channel?.close();
  };
  const settle = (task: Task | EndingSignal) => {
    if (settled) return;
    stop();
    resolveEnd(task);
  };
  const fail = (error: unknown) => {
    if (settled) return;
    stop();
    rejectEnd(error);
  };

  const schedulePoll = (ms: number) => {
    if (settled) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void poll();
    }, ms);
  };

  /** A state of the task from the channel or a poll: shown when it is news; the end settles. */
  const accept = (task: Task) => {
    if (settled || task.id !== start.id || !isNews(task, seen)) return;
    const changed = task.status !== seen.status || task.ratio !== seen.ratio || task.message !== seen.message;
    seen = task;
    const update = updateOf(task);
    progress.update(update);
    if (update.phase !== 'running') settle(task);
    // News of the task puts the next poll an interval away.
    else if (changed) schedulePoll(options.intervalMs);
  };

  /** A poll that could not reach the server: try again with backoff, until giveUpMs has passed. */
  const retry = (error: unknown): number | undefined => {
    const now = ctx.io.now();
    outage ??= { since: now, tries: 0 };
    const waited = now - outage.since;
    if (waited >= giveUpMs) {
      fail(
        new UnknownOutcomeError(
          `lost the server while following task ${start.id} (${outageReason(error)}; tried for ${Math.round(waited / 1000)} s): the task may have ended or may still be running`,
          `Follow it again with: ${watchHint(start.id)}`,
        ),
      );
      return undefined;
    }
    const delay = Math.min(reconnectDelay(outage.tries), Math.max(0, giveUpMs - waited));
    if (outage.tries === 0 || ctx.flags.debug) {
      progress.end();
      ctx.reporter.warn(
        `task ${start.id}: cannot reach the server (${outageReason(error)}); trying again with backoff for up to ${Math.round(giveUpMs / 1000)} s`,
      );
    }
    outage.tries++;
    return delay;
  };

  const poll = async () => {
    if (settled || polling) return;
    polling = true;
    polled = true;
    let next = options.intervalMs;
    try {
      // By id: the task is found whatever the profile's project (importProgress is filtered by it).
      const task = await client.notices.task({ params: { id: start.id } }, { signal });
      if (outage) {
        outage = undefined;
        progress.end();
        ctx.reporter.note(`task ${start.id}: the server answers again; following on.`);
      }
      accept(task);
    } catch (error) {
      if (signal.aborted) return;
      if (isTransient(error)) {
        const delay = retry(error);
        if (delay === undefined) return;
        next = delay;
      } else fail(pollError(start.id, error));
    } finally {
      polling = false;
      schedulePoll(next);
    }
  };

  const onStatus = (status: ChannelStatus, detail?: string) => {
    if (settled) return;
    if (status === 'open') {
      channelOpen = true;
      debug(`progress channel open: following task ${start.id} on it (a poll after ${seconds} without news)`);
      return;
    }
    if (status !== 'reconnecting' && status !== 'closed') return;
    // Closed, refused or never opened: poll now (once), then every interval until it is back.
    const fallBack = channelOpen || !polled;
    channelOpen = false;
    debug(`progress channel ${status}${detail ? ` (${detail})` : ''}: polling every ${seconds}`);
    if (fallBack) void poll();
  };

  const release = ctx.io.onInterrupt?.((endedBy) => {
    controller.abort();
    settle(endedBy);
  });
  // Opening the channel runs beside the wait: Ctrl-C or the end never wait for it.
  const openChannel = async () => {
    const open = ctx.io.openProgressChannel;
    const userId = open ? await channelUser(client, options.userId, signal) : undefined;
    if (settled) return;
    if (!open || userId === undefined) {
      void poll();
      return;
    }
    try {
      const handle = await open(client, {
        userId,
        onTask: accept,
        onStatus,
        onError: (error) => debug(`progress channel: ${error.message}`),
      });
      if (settled) handle.close();
      else channel = handle;
      // The channel has an interval to say something; then the poll runs anyway.
      if (!polled) schedulePoll(options.intervalMs);
    } catch (error) {
      debug(`progress channel unavailable (${error instanceof Error ? error.message : String(error)})`);
      void poll();
    }
  };
  try {
    void openChannel();
    const result = await ended;
    if (typeof result === 'string') return result;
    const exact = await finalCheck(client, result, signal);
    progress.update(updateOf(exact));
    return exact;
  } finally {
    stop();
    progress.end();
    release?.();
  }
}

/** Follows `task` until it ends; resolves on success, throws on failure or Ctrl-C. */
export async function followTask(
  ctx: Context,
  client: Client,
  task: Task,
  options: FollowOptions,
): Promise<Task> {
  let ended = task;
  if (taskPhase(task.status) === 'running') {
    const result = await follow(ctx, client, task, options);
    if (typeof result === 'string') {
      ctx.reporter.note(
        `Stopped following task ${task.id}; it keeps running on the server. Follow it again with: ${watchHint(task.id)}`,
      );
      throw new InterruptedError(result);
    }
    ended = result;
  }
  if (taskPhase(ended.status) === 'success') {
    ctx.reporter.success(`Task ${ended.id} succeeded${ended.message ? `: ${ended.message}` : '.'}`);
    return ended;
  }
  const saved =
    options.reportPath !== undefined && REPORTED.has(ended.operationType)
      ? await saveReport(ctx, client, ended, options.reportPath)
      : undefined;
  throw new CliError(
    `task ${ended.id} failed${ended.message ? `: ${ended.message}` : ''}`,
    saved ? { hint: `Error report: ${saved}` } : {},
  );
}
