/**
 * The navigation menu (navmenu.json) and its filtering (platform-core §3, §6): items are
 * kept only when their permission is held; submenus and groups are kept when anything in
 * them is left.
 */
import { findRoute, type Module, ROUTE_GROUPS, ROUTES } from './routes.js';

export interface MenuItem {
  label: string;
  enLabel: string;
  type: 'menuItem' | 'subMenu' | 'menuItemGroup';
  Module: Module;
  /** The route (menu items only). */
  location?: string;
  permission?: string;
  subMenuList?: MenuItem[];
  menuItemGroup?: MenuItem[];
}

export interface NavMenu {
  /** Project-mode (fw) menu. */
  mainMenu: MenuItem[];
  /** Platform-mode (pf) menu. */
  adminMenu: MenuItem[];
}

function item(path: string): MenuItem {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`unknown route ${path}`);
  return {
    label: route.label,
    enLabel: route.enLabel,
    type: 'menuItem',
    Module: route.module,
    location: route.path,
    permission: route.menuKey,
  };
}

export function buildNavMenu(): NavMenu {
  const visible = ROUTES.filter((r) => !r.hidden);
  const submenus = (module: Module): MenuItem[] =>
    ROUTE_GROUPS.filter((g) => g.module === module).map((g) => ({
      label: g.label,
      enLabel: g.enLabel,
      type: 'subMenu',
      Module: module,
      subMenuList: visible.filter((r) => r.group === g.key).map((r) => item(r.path)),
    }));
  const home: MenuItem = { ...item('/home'), Module: 'pf' };
  return { mainMenu: submenus('fw'), adminMenu: [home, ...submenus('pf')] };
}

/**
 * Whether a menu item is offered: its own permission is held and, for a known route, the
 * route key the route guard checks too (mayOpenRoute), so the menu never offers a screen the
 * guard refuses.
 */
export function mayOfferItem(entry: MenuItem, permissions: ReadonlySet<string>): boolean {
  if (entry.permission !== undefined && !permissions.has(entry.permission)) return false;
  const routeKey = entry.location ? findRoute(entry.location)?.routeKey : undefined;
  return routeKey === undefined || permissions.has(routeKey);
}

/** Keeps the items the user may open (mayOfferItem); drops groups left empty. */
export function filterMenu(items: readonly MenuItem[], permissions: ReadonlySet<string>): MenuItem[] {
  const out: MenuItem[] = [];
  for (const entry of items) {
    if (entry.type === 'menuItem') {
      if (mayOfferItem(entry, permissions)) out.push(entry);
      continue;
    }
    const sub = entry.subMenuList ? filterMenu(entry.subMenuList, permissions) : undefined;
    const group = entry.menuItemGroup ? filterMenu(entry.menuItemGroup, permissions) : undefined;
    if ((sub?.length ?? 0) + (group?.length ?? 0) === 0) continue;
    out.push({ ...entry, ...(sub ? { subMenuList: sub } : {}), ...(group ? { menuItemGroup: group } : {}) });
  }
  return out;
}

/** The first permitted route of a menu, in order, for landing after sign-in or 'Enter'. */
export function firstMenuRoute(items: readonly MenuItem[]): string | undefined {
  for (const entry of items) {
    if (entry.type === 'menuItem' && entry.location) return entry.location;
    const nested = firstMenuRoute([...(entry.subMenuList ?? []), ...(entry.menuItemGroup ?? [])]);
    if (nested) return nested;
  }
  return undefined;
}

/** Every path listed in the menu file. */
export function menuPaths(items: readonly MenuItem[]): string[] {
  return items.flatMap((entry) => [
    ...(entry.location ? [entry.location] : []),
    ...menuPaths([...(entry.subMenuList ?? []), ...(entry.menuItemGroup ?? [])]),
  ]);
}
