/**
 * The session outside React: token, user, project id and system information, with the
 * token and the project id kept in browser storage (platform-core §7, §9) so a reload keeps
 * the user signed in. The SDK client reads it through getters before every call; React
 * reads it through `useSyncExternalStore` (see session.tsx).
 */
import type { User } from '@eem/contract';
import { isProjectBound, type Module, resolveModule } from '@eem/core';
import type { SystemInfo } from './system-info';

export const TOKEN_STORAGE_KEY = 'eem_token';
export const PROJECT_STORAGE_KEY = 'eem_project_id';

export interface SessionSnapshot {
  token: string | null;
  user: User | null;
  /** The project chosen in this session, 0 for none. */
  projectId: number;
  systemInfo: SystemInfo | null;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  setSystemInfo(info: SystemInfo): void;
  /** After a successful sign-in. */
  signIn(token: string, user: User, projectId: number): void;
  setUser(user: User): void;
  setProjectId(projectId: number): void;
  /** Forgets token, user and project id. */
  clear(): void;
  /** The project sent as the `projectId` header: the chosen one, else a project-bound user's own. */
  headerProjectId(): number | undefined;
  module(): Module;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function defaultStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // storage blocked
  }
  return memoryStorage();
}

export function createSessionStore(storage: StorageLike = defaultStorage()): SessionStore {
  const storedProject = Number(storage.getItem(PROJECT_STORAGE_KEY));
  let snapshot: SessionSnapshot = {
    token: storage.getItem(TOKEN_STORAGE_KEY) || null,
    user: null,
    projectId: Number.isInteger(storedProject) && storedProject > 0 ? storedProject : 0,
    systemInfo: null,
  };
  const listeners = new Set<() => void>();
  const update = (patch: Partial<SessionSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  const storeProject = (projectId: number) => {
    if (projectId > 0) storage.setItem(PROJECT_STORAGE_KEY, String(projectId));
    else storage.removeItem(PROJECT_STORAGE_KEY);
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSystemInfo: (systemInfo) => update({ systemInfo }),
    signIn(token, user, projectId) {
      storage.setItem(TOKEN_STORAGE_KEY, token);
      storeProject(projectId);
      update({ token, user, projectId });
    },
    setUser: (user) => update({ user }),
    setProjectId(projectId) {
      const id = Number.isInteger(projectId) && projectId > 0 ? projectId : 0;
      if (id === snapshot.projectId) return;
      storeProject(id);
      update({ projectId: id });
    },
    clear() {
      storage.removeItem(TOKEN_STORAGE_KEY);
      storage.removeItem(PROJECT_STORAGE_KEY);
      update({ token: null, user: null, projectId: 0 });
    },
    headerProjectId() {
      if (snapshot.projectId > 0) return snapshot.projectId;
      const user = snapshot.user;
      if (user && isProjectBound(user.usertype) && user.projectId) return user.projectId;
      return undefined;
    },
    module() {
      return resolveModule({
        projectId: snapshot.projectId,
        usertype: snapshot.user?.usertype,
        platformMode: snapshot.systemInfo?.platformMode ?? true,
      });
    },
  };
}
