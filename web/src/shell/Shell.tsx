/** The signed-in layout: side menu, header with its tools, and the current screen. */
import { Layout } from '@douyinfe/semi-ui-19';
import { type ReactNode, Suspense, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { MenuProvider } from '../app/menu';
import { useSession } from '../app/session';
import { useCalendar } from '../blocks/use-calendar';
import { NoticeProvider } from '../features/notices/NoticeProvider';
import { AppHeader } from './AppHeader';
import { PageSpinner } from './PageSpinner';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { SideMenu } from './SideMenu';
import './shell.css';
import { KeptScreens } from './KeptScreens';

export function Shell() {
  const location = useLocation();
  const { user, projectId } = useSession();
  return (
    <MenuProvider>
      <NoticeProvider>
        <Layout className="eem-shell">
          <Layout.Sider className="eem-shell-sider">
            <SideMenu />
          </Layout.Sider>
          <Layout className="eem-shell-main">
            <Layout.Header className="eem-shell-header">
              <AppHeader />
            </Layout.Header>
            <Layout.Content className="eem-shell-content">
              <ScreenErrorBoundary resetKey={location.pathname}>
                <Suspense fallback={<PageSpinner />}>
                  <ZoneGate scope={`${user?.id ?? 0}:${projectId}`}>
                    <KeptScreens scope={`${user?.id ?? 0}:${projectId}`} />
                  </ZoneGate>
                </Suspense>
              </ScreenErrorBoundary>
            </Layout.Content>
          </Layout>
        </Layout>
      </NoticeProvider>
    </MenuProvider>
  );
}

/**
 * Screens open once the zone and the cycle starts of the scope are known (the project's inside a
 * project): a screen never shows, picks or sends a time of the browser's zone in the meantime.
 * Once open for a scope they stay open (an hourly re-read of the cycle starts does not close them).
 */
function ZoneGate({ scope, children }: { scope: string; children: ReactNode }) {
  const { ready } = useCalendar();
  const opened = useRef<string | null>(null);
  if (ready) opened.current = scope;
  return opened.current === scope ? children : <PageSpinner />;
}
