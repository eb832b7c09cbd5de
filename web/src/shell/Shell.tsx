/** The signed-in layout: side menu, header with its tools, and the current screen. */
import { Layout } from '@douyinfe/semi-ui-19';
import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { MenuProvider } from '../app/menu';
import { useSession } from '../app/session';
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
                  <KeptScreens scope={`${user?.id ?? 0}:${projectId}`} />
                </Suspense>
              </ScreenErrorBoundary>
            </Layout.Content>
          </Layout>
        </Layout>
      </NoticeProvider>
    </MenuProvider>
  );
}
