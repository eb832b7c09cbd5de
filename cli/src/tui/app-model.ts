/** What the terminal app shows and does, apart from drawing: its data sources and the list entries. */

import type { EventItem, Notice, Task, User } from '@eem/contract';
import { isProjectBound } from '@eem/core';
import type { StreamState } from '../services/notices-tail-stream.js';
import type { ProjectCatalogue, ProjectRow } from '../services/projects.js';

export interface AppServices {
  me(): Promise<User>;
  systemInfo(): Promise<{ platformMode: boolean }>;
  projects(currentId: number): Promise<ProjectCatalogue>;
  /** Stores the project in the profile and sends it as header from now on; undefined leaves it. */
  switchProject(project: { id: number; name: string } | undefined): Promise<void>;
  /** The server refused the token: forget it locally. */
  forgetSession(): Promise<void>;
  /** Running and recent tasks of the current project (absent: no tasks pane). */
  tasks?(): Promise<Task[]>;
  /** How often the tasks pane polls (default 5 s); the progress channel says more at once. */
  tasksIntervalMs?: number;
  /**
   * Every task update of the progress channel (`/eem-ws/notice/{userId}`) as it comes, while
   * the tasks pane is shown (absent: the pane only polls); returns the stop.
   */
  taskUpdates?(onTask: (task: Task) => void): () => void;
  /** The user's notices, live, while the app runs (absent: no notices pane); returns the stop. */
  notices?(listener: NoticeListener): () => void;
  /** Recent events of the current project, newest first (absent: no events pane). */
  events?(): Promise<EventItem[]>;
  /** Confirms events: normal with a processing result, or simple. */
  confirmEvents?(ids: number[], mode: 'normal' | 'simple', result?: string): Promise<ConfirmAnswer>;
  now(): number;
}

export interface NoticeListener {
  notice(notice: Notice): void;
  state(state: StreamState): void;
  /** The session ended: the stream has stopped. */
  expired(): void;
}

export interface ConfirmAnswer {
  confirmed: number[];
  skipped: number[];
}

export interface AppSession {
  profile: string;
  server: string;
  tokenStorage: 'keychain' | 'file' | 'env';
  tokenLocation: string;
  expiresAt: number | null;
  project: { id: number; name: string | null };
}

export type Pane = 'projects' | 'session' | 'tasks' | 'notices' | 'events';

/** The panes Tab goes through, in order: those whose services exist. */
export function paneCycle(services: AppServices): Pane[] {
  const panes: Pane[] = ['projects', 'session'];
  if (services.tasks) panes.push('tasks');
  if (services.notices) panes.push('notices');
  if (services.events && services.confirmEvents) panes.push('events');
  return panes;
}

export type Entry =
  | { kind: 'platform'; key: string; label: string; depth: 0 }
  | { kind: 'project'; key: string; row: ProjectRow; depth: number }
  | { kind: 'group'; key: string; row: ProjectRow; depth: number };

/** The project switcher's entries: "Platform" first for users who may leave the project. */
export function entriesOf(
  catalogue: ProjectCatalogue | undefined,
  user: User | undefined,
  platformMode: boolean,
): Entry[] {
  if (!catalogue) return [];
  const entries: Entry[] = [];
  if (platformMode && user && !isProjectBound(user.usertype)) {
    entries.push({ kind: 'platform', key: 'platform', label: 'Platform (no project)', depth: 0 });
  }
  for (const row of catalogue.rows) {
    entries.push(
      row.type === 'project'
        ? { kind: 'project', key: `p${row.id}`, row, depth: row.depth }
        : { kind: 'group', key: `${row.type}${row.id}`, row, depth: row.depth },
    );
  }
  return entries;
}

/** The window of `size` entries that keeps the cursor in view. */
export function visibleWindow(total: number, cursor: number, size: number): { start: number; end: number } {
  if (total <= size) return { start: 0, end: total };
  const start = Math.min(Math.max(0, cursor - Math.floor(size / 2)), total - size);
  return { start, end: start + size };
}
