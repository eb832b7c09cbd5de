/**
 * The signed-in session for components: `useSession()` → { user, token, projectId, module,
 * systemInfo, status, setProjectId, signIn, logout }. Token and project id live in browser
 * storage (session-store.ts). Session expiry shows ONE modal 'Login expired, please log in
 * again' however many calls fail at once; after OK the user is signed out, the project id is
 * cleared and the console goes to /login, or, when single sign-on is on and retain-login is
 * off, to the SSO logout page (which comes back to /login); a logout goes the same way.
 */

import { Modal } from '@douyinfe/semi-ui-19';
import type { User } from '@eem/contract';
import { isProjectBound, type Module } from '@eem/core';
import { endpointKey, inScope, type QueryScope } from '@eem/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { ssoLogoutUrl } from '../features/session/sso';
import { sessionTexts } from '../features/session/texts';
import { useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';
import { PageSpinner } from '../shell/PageSpinner';
import { useMutations, useQueries } from './client';
import type { SessionEvents } from './session-events';
import type { SessionStore } from './session-store';
import type { SystemInfo } from './system-info';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface Session {
  status: SessionStatus;
  user: User | null;
  token: string | null;
  /** The chosen project (0 for none). */
  projectId: number;
  /** The project the calls are made for: the chosen one, else a project-bound user's own (0 for none). */
  effectiveProjectId: number;
  module: Module;
  systemInfo: SystemInfo | null;
  /** Permission keys of the user (empty when signed out). */
  permissions: ReadonlySet<string>;
  setProjectId(projectId: number): void;
  /** Stores the answer of a successful login. */
  signIn(token: string, user: User): void;
  /**
   * Ends the session (server logout unless `local`), clears the project id, goes to /login (or
   * to the single-sign-on logout, not for `local`).
   */
  logout(options?: { local?: boolean }): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);
const NO_PERMISSIONS: ReadonlySet<string> = new Set();
/** Answers that do not depend on the project header. */
/** Answers that do not depend on the chosen project: kept when it changes. */
const PROJECT_FREE: readonly QueryScope[] = [
  endpointKey('shell', 'systemInfo'),
  endpointKey('shell', 'navmenu'),
  endpointKey('shell', 'appSystemInfo'),
  endpointKey('session', 'me'),
  endpointKey('projects', 'projects'),
];

/** Leaves the console for another page (the SSO logout): a full navigation. */
function assignLocation(url: string): void {
  window.location.assign(url);
}

export function SessionProvider({
  store,
  events,
  children,
  leave = assignLocation,
}: {
  store: SessionStore;
  events: SessionEvents;
  children: ReactNode;
  /** How the browser leaves for the SSO logout (tests pass a spy). */
  leave?: (url: string) => void;
}) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const queries = useQueries();
  // The cache is cleared when the user leaves: the logout invalidates nothing.
  const { mutateAsync: sendLogout } = useMutation(useMutations().session.logout({ invalidates: [] }));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useTexts(sessionTexts);

  const systemInfo = useQuery({ ...queries.shell.systemInfo(), staleTime: Number.POSITIVE_INFINITY });
  const { setForced } = useLanguage();
  useEffect(() => {
    if (!systemInfo.data) return;
    store.setSystemInfo(systemInfo.data);
    // Chinese only when internationalization is off (platform-core §9).
    setForced(systemInfo.data.internationalization ? undefined : 'zh');
  }, [systemInfo.data, store, setForced]);

  const me = useQuery({
    ...queries.session.me(),
    enabled: snapshot.token !== null && snapshot.user === null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (me.data && snapshot.token) store.setUser(me.data);
  }, [me.data, snapshot.token, store]);

  const clearLocal = useCallback(() => {
    store.clear();
    queryClient.clear();
  }, [store, queryClient]);

  // While the browser leaves for the SSO logout nothing else renders: /login would otherwise
  // start an authorize redirect that races the logout.
  const [leaving, setLeaving] = useState(false);
  /** Signs out locally, then /login, or the SSO logout when SSO is on without retain-login. */
  const signOutAndLeave = useCallback(
    (sso: boolean) => {
      const target = sso ? ssoLogoutUrl(store.getSnapshot().systemInfo) : null;
      if (target) setLeaving(true);
      clearLocal();
      if (target) leave(target);
      else navigate('/login', { replace: true });
    },
    [store, clearLocal, leave, navigate],
  );

  const logout = useCallback(
    async (options: { local?: boolean } = {}) => {
      if (!options.local && store.getSnapshot().token) {
        events.suppress(true);
        try {
          await sendLogout();
        } catch {
          // the token may already be gone; signing out locally is what matters
        } finally {
          events.suppress(false);
        }
      }
      signOutAndLeave(!options.local);
    },
    [sendLogout, store, events, signOutAndLeave],
  );

  // One modal for however many expired calls; none before a user was ever loaded (a stale
  // token at start-up just signs out).
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(
    () =>
      events.onExpired(() => {
        if (!store.getSnapshot().user) {
          clearLocal();
          events.settled();
          navigate('/login', { replace: true });
          return;
        }
        Modal.warning({
          title: tRef.current('loginExpired'),
          okText: tRef.current('ok'),
          hasCancel: false,
          closable: false,
          maskClosable: false,
          className: 'eem-session-expired',
          onOk: () => {
            signOutAndLeave(true);
            events.settled();
          },
        });
      }),
    [events, store, clearLocal, navigate, signOutAndLeave],
  );

  const signIn = useCallback(
    (token: string, user: User) => {
      queryClient.clear();
      store.signIn(token, user, isProjectBound(user.usertype) ? (user.projectId ?? 0) : 0);
    },
    [store, queryClient],
  );

  // The project is a header, not part of query keys: a new project refetches project data.
  const setProjectId = useCallback(
    (projectId: number) => {
      const before = store.getSnapshot().projectId;
      store.setProjectId(projectId);
      if (store.getSnapshot().projectId === before) return;
      void queryClient.resetQueries({
        predicate: (query) => !PROJECT_FREE.some((scope) => inScope(query.queryKey, scope)),
      });
    },
    [store, queryClient],
  );

  const value = useMemo<Session>(() => {
    const status: SessionStatus =
      snapshot.token === null
        ? 'signed-out'
        : snapshot.user
          ? 'signed-in'
          : me.isError
            ? 'signed-out'
            : 'loading';
    return {
      status: systemInfo.isPending && !systemInfo.isError ? 'loading' : status,
      user: snapshot.user,
      token: snapshot.token,
      projectId: snapshot.projectId,
      effectiveProjectId: store.headerProjectId() ?? 0,
      module: store.module(),
      systemInfo: snapshot.systemInfo,
      permissions: snapshot.user ? new Set(snapshot.user.permissions) : NO_PERMISSIONS,
      setProjectId,
      signIn,
      logout,
    };
  }, [snapshot, me.isError, systemInfo.isPending, systemInfo.isError, store, setProjectId, signIn, logout]);

  return (
    <SessionEventsContext.Provider value={events}>
      <SessionContext.Provider value={value}>{leaving ? <PageSpinner /> : children}</SessionContext.Provider>
    </SessionEventsContext.Provider>
  );
}

const SessionEventsContext = createContext<SessionEvents | null>(null);

/**
 * Reports an expired session found outside the SDK's calls (e.g. the notice channel refused
 * the token); it joins the single expiry modal.
 */
export function useReportSessionExpired(): () => void {
  const events = useContext(SessionEventsContext);
  return useCallback(() => events?.expired(), [events]);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}

/** For tests of components that read the session: a fixed value. */
export function StaticSessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
