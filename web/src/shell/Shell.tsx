/** The signed-in layout: side menu, header with its tools, and the current screen. */
import { Layout, Nav } from '@douyinfe/semi-ui-19';
import { Suspense, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MenuProvider, useMenu } from '../app/menu';
import { useSession } from '../app/session';
import { NoticeProvider } from '../features/notices/NoticeProvider';
import { useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';
import { AppHeader } from './AppHeader';
import { menuNavItems } from './menu-items';
import { PageSpinner } from './PageSpinner';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { shellTexts } from './texts';
import './shell.css';
import { KeptScreens } from './KeptScreens';

function SideMenu() {
  const { menu } = useMenu();
  const { language } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const t = useTexts(shellTexts);
  const items = useMemo(() => menuNavItems(menu, language), [menu, language]);
  const openKeys = useMemo(() => items.map((i) => String(i.itemKey)), [items]);
  return (
    <Nav
      className="eem-side-nav"
      items={items}
      selectedKeys={[location.pathname]}
      defaultOpenKeys={openKeys}
      onSelect={({ itemKey }) => {
        const path = String(itemKey);
        if (path.startsWith('/')) navigate(path);
      }}
      header={{ text: t('appShort'), logo: <span className="eem-logo">E</span> }}
      footer={{ collapseButton: true }}
    />
  );
}

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
