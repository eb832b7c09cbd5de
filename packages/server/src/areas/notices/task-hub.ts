/**
 * Long work (imports, generation, recalculation) as tasks with progress: status 2 running
 * with a ratio, 3 success, anything else failure. Progress goes to the progress channel;
 * the end becomes a notice of the task's log type.
 */
import type { Task } from '@eem/contract';
import { decodeText, encodeText, renderText, type StoredText, shownText, TASK_STATUS, text } from '@eem/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { NoticeHub } from './notice-hub.js';
import {
  failRunningTasks,
  finishTask,
  insertTask,
  latestTask,
  recentTasks,
  setTaskProgress,
  type TaskRow,
} from './repo/tasks.js';

/** Hears a task's change (the row: each listener renders it in its own language). */
type Listener = (row: TaskRow) => void;

/** Several servers (cluster/task-relay.ts): progress goes to every server, which dispatch()es it. */
export interface TaskRelay {
  send(row: TaskRow): void;
}

/** A task's message: a text of core's catalogue, or (older callers) a plain text. */
export type TaskMessage = string | StoredText;

/** The columns of a message: the English rendering and the stored text. */
function messageColumns(message: TaskMessage): { message: string; message_text: string | null } {
  return typeof message === 'string'
    ? { message, message_text: null }
    : { message: renderText(message, 'en'), message_text: encodeText(message) };
}

/** A task as the contract answers it, its name and message in `language`. */
export function toWireTask(stored: TaskRow, language: 'zh' | 'en'): Task {
  const row = {
    ...stored,
    name: shownText(stored.name_text, stored.name, language),
    message: shownText(stored.message_text, stored.message, language),
  };
  return {
    id: row.id,
    projectId: row.project_id,
    type: row.operation_type,
    operationType: row.operation_type,
    logType: row.log_type,
    status: row.status,
    ratio: row.ratio,
    processInfo: { name: row.name, ratio: row.ratio, status: row.status },
    startTime: row.started_at,
    endTime: row.finished_at,
    message: row.message,
  };
}

export class TaskHub {
  private readonly listeners = new Set<{
    userId: number;
    projectIds: () => readonly number[];
    listener: Listener;
  }>();
  private relay: TaskRelay | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notices: NoticeHub,
    private readonly options: {
      /**
       * Whether progress reported from inside a job's transaction is written through that
       * transaction: true on SQLite (one connection; a write outside would wait for the
       * transaction), false on PostgreSQL (a write inside would stay invisible to pollers
       * until the commit, so it goes through the pool).
       */
      progressInTransaction: boolean;
    } = { progressInTransaction: true },
  ) {}

  /** From now on progress reaches listeners through `relay` (several servers, ADR 0016). */
  useRelay(relay: TaskRelay): void {
    this.relay = relay;
  }

  /** Hears progress of the user's own tasks and of tasks in the projects `projectIds()` names. */
  subscribe(userId: number, projectIds: () => readonly number[], listener: Listener): () => void {
    const entry = { userId, projectIds, listener };
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  /**
   * Starts a task. Its name is a text of core's catalogue, by default its operation type's name
   * (`task.operation`), shown in each reader's language.
   */
  async create(input: {
    projectId: number | null;
    userId: number;
    operationType: number;
    logType: number;
    name?: StoredText;
    /** The language of the answer (the starter's request). */
    language: 'zh' | 'en';
  }): Promise<Task> {
    const name = input.name ?? text('task.operation', { operationType: input.operationType });
    const row = await insertTask(this.db, {
      project_id: input.projectId,
      user_id: input.userId,
      operation_type: input.operationType,
      log_type: input.logType,
      name: renderText(name, 'en'),
      name_text: encodeText(name),
      status: TASK_STATUS.running,
      ratio: 0,
      message: '',
      started_at: this.clock(),
      finished_at: null,
    });
    return toWireTask(this.emit(row), input.language);
  }

  /**
   * Sets the ratio (and, when given, the message, e.g. 'writing: 1200/20000 rows') of a
   * running task. A job reporting from inside its own transaction passes it as `transaction`:
   * it is used on SQLite (one connection; a query outside would wait for the transaction) and
   * ignored on PostgreSQL, where the pool writes the progress at once so that pollers see it
   * before the commit.
   */
  async progress(
    id: number,
    ratio: number,
    options: { transaction?: Db; message?: TaskMessage } = {},
  ): Promise<TaskRow> {
    const db = options.transaction && this.options.progressInTransaction ? options.transaction : this.db;
    const row = await setTaskProgress(db, id, {
      ratio: Math.min(1, Math.max(0, ratio)),
      ...(options.message === undefined ? {} : messageColumns(options.message)),
    });
    return this.emit(row);
  }

  /** Ends a task; its owner gets a notice of the task's log type with the result status. */
  async finish(
    id: number,
    success: boolean,
    message: TaskMessage,
    content: Record<string, unknown> = {},
  ): Promise<TaskRow> {
    const row = await this.finishIn(this.db, id, success, message);
    return this.announceFinished(row, success, message, content);
  }

  /**
   * Ends a task inside the caller's transaction (with the rows it wrote: the state is committed
   * with them or not at all); `announceFinished` tells subscribers and the owner after the commit.
   */
  finishIn(db: Db, id: number, success: boolean, message: TaskMessage): Promise<TaskRow> {
    return finishTask(db, id, { success, ...messageColumns(message), now: this.clock() });
  }

  async announceFinished(
    row: TaskRow,
    success: boolean,
    _message: TaskMessage,
    content: Record<string, unknown> = {},
  ): Promise<TaskRow> {
    this.emit(row);
    await this.notifyEnd(row, success, content);
    return row;
  }

  /** The notice of an ended task to its owner, of the task's log type. */
  private async notifyEnd(row: TaskRow, success: boolean, content: Record<string, unknown>): Promise<void> {
    const stored = (json: string | null | undefined, plain: string) =>
      decodeText(json) ?? text('plain', { text: plain });
    await this.notices.publish({
      userIds: [row.user_id],
      projectId: row.project_id,
      logType: row.log_type,
      eventClass: success ? 3 : 2,
      text: text('task.ended', {
        name: stored(row.name_text, row.name),
        message: stored(row.message_text, row.message),
      }),
      // In a notice result, status 2 means success and 3 failure (platform-core §3).
      content: { ...content, taskId: row.id, taskoperationtype: row.operation_type, status: success ? 2 : 3 },
    });
  }

  /** The newest task of an operation type in a project. */
  async latest(
    projectId: number | null,
    operationType: number,
    language: 'zh' | 'en',
    taskId?: number,
  ): Promise<Task | null> {
    const row = await latestTask(this.db, projectId, operationType, taskId);
    return row ? toWireTask(row, language) : null;
  }

  /** Running tasks and tasks ended in the last hour, of the given projects. */
  async recent(projectIds: readonly number[], language: 'zh' | 'en'): Promise<Task[]> {
    const rows = await recentTasks(this.db, projectIds, this.clock() - 3_600_000);
    return rows.map((row) => toWireTask(row, language));
  }

  /**
   * At start: a task left running by a stopped server failed, and its owner gets the failure
   * notice finish() sends (the task's log type, content status 3).
   */
  async failInterrupted(options: { taskIds?: readonly number[] } = {}): Promise<number> {
    if (options.taskIds?.length === 0) return 0;
    // Several servers: only the tasks of servers that stopped (cluster/janitor.ts).
    const rows = await failRunningTasks(
      this.db,
      messageColumns(text('task.interrupted')),
      this.clock(),
      options.taskIds,
    );
    for (const row of rows) {
      this.emit(row);
      await this.notifyEnd(row, false, {});
    }
    return rows.length;
  }

  private emit(row: TaskRow): TaskRow {
    if (this.relay) this.relay.send(row);
    else this.dispatch(row);
    return row;
  }

  /** Hands a task's progress to the listeners of its owner and of its project. */
  dispatch(row: TaskRow): void {
    for (const { userId, projectIds, listener } of this.listeners) {
      if (row.user_id === userId || (row.project_id !== null && projectIds().includes(row.project_id)))
        listener(row);
    }
  }
}
