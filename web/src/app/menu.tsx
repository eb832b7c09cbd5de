/**
 * The menu of the current module for the signed-in user (navmenu.json filtered by
 * permissions and by SCREENS), and the navigation actions that depend on it: landing,
 * entering a project, going back to the platform.
 */
import type { MenuItem, Module } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueries } from './client';
import { landingPath, listedPaths, visibleMenu } from './navigation';
import { SCREEN_PATHS } from './routes';
import { useSession } from './session';
import type { NavMenuData } from './system-info';

export interface MenuState {
  loading: boolean;
  navmenu: NavMenuData | undefined;
  /** The current module's menu as the user sees it. */
  menu: MenuItem[];
  /** Every path listed in the menu file. */
  listed: ReadonlySet<string>;
  /** Where the user lands in a module. */
  landing(module?: Module): string;
}

const MenuContext = createContext<MenuState | null>(null);

export function MenuProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const queries = useQueries();
  const nav = useQuery({ ...queries.shell.navmenu(), staleTime: Number.POSITIVE_INFINITY });
  const value = useMemo<MenuState>(() => {
    const menuOf = (module: Module) => visibleMenu(nav.data, module, session.permissions, SCREEN_PATHS);
    return {
      loading: nav.isPending,
      navmenu: nav.data,
      menu: menuOf(session.module),
      listed: listedPaths(nav.data),
      landing: (module = session.module) => landingPath(session.user, menuOf(module), SCREEN_PATHS),
    };
  }, [nav.data, nav.isPending, session.permissions, session.module, session.user]);
  return <MenuContext.Provider value={value}>{children}</MenuContext.Provider>;
}

export function useMenu(): MenuState {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error('useMenu() needs the shell (MenuProvider) above it');
  return menu;
}

/** Enters a project: stores its id (module fw) and opens the project's landing page. */
export function useEnterProject(): (projectId: number) => void {
  const { setProjectId } = useSession();
  const { landing } = useMenu();
  const navigate = useNavigate();
  return useCallback(
    (projectId: number) => {
      setProjectId(projectId);
      navigate(landing('fw'));
    },
    [setProjectId, landing, navigate],
  );
}

/**
 * Back to platform (platform-core §2.3, §4): module pf, then the platform home page or its
 * first menu item, falling back to /projectnavigation.
 */
export function useBackToPlatform(): () => void {
  const { setProjectId } = useSession();
  const { landing } = useMenu();
  const navigate = useNavigate();
  return useCallback(() => {
    setProjectId(0);
    const target = landing('pf');
    navigate(target === '/noPermission' ? '/projectnavigation' : target);
  }, [setProjectId, landing, navigate]);
}
