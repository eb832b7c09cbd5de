/** Routes: /login outside the shell; every screen of SCREENS inside it, guarded. */
import { isPlatformRoute, mayOpenRoute } from '@eem/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageSpinner } from '../shell/PageSpinner';
import { ScreenErrorBoundary } from '../shell/ScreenErrorBoundary';
import { withTimeout } from './chunk-timeout';
import { useMenu } from './menu';
import { lazyScreen, PUBLIC_SCREENS, SCREENS } from './routes';
import { useSession } from './session';

/**
 * The shell (menus, header, notices) loads after sign-in, so /login ships less JavaScript; like
 * every screen it gives up after the chunk time-out (120 s).
 */
const Shell = lazy(async () => ({ default: (await withTimeout(() => import('../shell/Shell'))).Shell }));

/** Signed-in users only; others go to /login. */
function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-out') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from === '/' ? undefined : { from }} />;
  }
  return <>{children}</>;
}

/**
 * Entering a platform route listed in the menu file resets the project id to 0 (platform-core
 * §2.3) once, on entry; choosing a project while on the route (Enter on /projectnavigation)
 * is not undone.
 */
function PlatformEntry({ children }: { children: ReactNode }) {
  const { projectId, setProjectId } = useSession();
  const [entering, setEntering] = useState(() => projectId !== 0);
  useEffect(() => {
    if (!entering) return;
    setProjectId(0);
    setEntering(false);
  }, [entering, setProjectId]);
  if (entering) return <PageSpinner />;
  return <>{children}</>;
}

/** The route guard: /noPermission when the user lacks the route's keys. */
export function RouteGuard({ path, children }: { path: string; children: ReactNode }) {
  const { permissions } = useSession();
  const { listed, loading } = useMenu();
  if (!mayOpenRoute(path, permissions)) return <Navigate to="/noPermission" replace />;
  if (!isPlatformRoute(path) || (!loading && !listed.has(path))) return <>{children}</>;
  if (loading) return <PageSpinner />;
  return <PlatformEntry>{children}</PlatformEntry>;
}

/** An unknown address, inside the shell: the not-found page keeps it and offers the way home. */
const NotFound = lazyScreen(() => import('../features/session/NotFoundPage'), 'NotFoundPage');

/** `/`: the user's landing page. */
function Landing() {
  const { loading, landing } = useMenu();
  if (loading) return <PageSpinner />;
  return <Navigate to={landing()} replace />;
}

export function AppRoutes() {
  const Login = PUBLIC_SCREENS['/login'];
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <ScreenErrorBoundary resetKey="/login">
            <Suspense fallback={<PageSpinner />}>
              <Login />
            </Suspense>
          </ScreenErrorBoundary>
        }
      />
      <Route
        element={
          <RequireSession>
            <ScreenErrorBoundary resetKey="shell">
              <Suspense fallback={<PageSpinner />}>
                <Shell />
              </Suspense>
            </ScreenErrorBoundary>
          </RequireSession>
        }
      >
        <Route index element={<Landing />} />
        {Object.entries(SCREENS).map(([path, Screen]) => (
          <Route
            key={path}
            path={path}
            element={
              <RouteGuard key={path} path={path}>
                <Screen />
              </RouteGuard>
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
