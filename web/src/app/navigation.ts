/**
 * Menus and landing pages (platform-core §2.3, §6): the menu of the module (adminMenu in pf,
 * mainMenu in fw) filtered by the user's permissions and by the screens that exist.
 */
import type { User } from '@eem/contract';
import { filterMenu, firstMenuRoute, type MenuItem, type Module, mayOpenRoute, menuPaths } from '@eem/core';
import type { NavMenuData } from './system-info';

/** Keeps menu items whose route has a screen; drops groups left empty. */
export function keepScreens(items: readonly MenuItem[], screens: ReadonlySet<string>): MenuItem[] {
  const out: MenuItem[] = [];
  for (const entry of items) {
    if (entry.type === 'menuItem') {
      if (entry.location && screens.has(entry.location)) out.push(entry);
      continue;
    }
    const sub = entry.subMenuList ? keepScreens(entry.subMenuList, screens) : undefined;
    const group = entry.menuItemGroup ? keepScreens(entry.menuItemGroup, screens) : undefined;
    if ((sub?.length ?? 0) + (group?.length ?? 0) === 0) continue;
    out.push({ ...entry, ...(sub ? { subMenuList: sub } : {}), ...(group ? { menuItemGroup: group } : {}) });
  }
  return out;
}

/** The menu a user sees in a module. */
export function visibleMenu(
  navmenu: NavMenuData | undefined,
  module: Module,
  permissions: ReadonlySet<string>,
  screens: ReadonlySet<string>,
): MenuItem[] {
  if (!navmenu) return [];
  const items = (module === 'pf' ? navmenu.adminMenu : navmenu.mainMenu) as MenuItem[];
  return keepScreens(filterMenu(items, permissions), screens);
}

/** Every route listed in the menu file (both menus). */
export function listedPaths(navmenu: NavMenuData | undefined): Set<string> {
  if (!navmenu) return new Set();
  return new Set(menuPaths([...(navmenu.adminMenu as MenuItem[]), ...(navmenu.mainMenu as MenuItem[])]));
}

/**
 * Where a user lands after sign-in or on `/`: the role's home page when it exists and is
 * permitted in this module's menu, else the first menu item, else /noPermission.
 */
export function landingPath(
  user: User | null,
  menu: readonly MenuItem[],
  screens: ReadonlySet<string>,
): string {
  const permissions = new Set(user?.permissions ?? []);
  const inMenu = new Set(menuPaths(menu));
  const home = user?.roles.find((r) => r.homePage)?.homePage;
  if (home && screens.has(home) && inMenu.has(home) && mayOpenRoute(home, permissions)) return home;
  return firstMenuRoute(menu) ?? '/noPermission';
}
