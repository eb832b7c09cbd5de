import { describe, expect, it } from 'vitest';
import { buildNavMenu, filterMenu, firstMenuRoute, type MenuItem, menuPaths } from './menu.js';
import { ALWAYS_ALLOWED_PATHS, isPlatformRoute, mayOpenRoute, ROUTES } from './routes.js';

const leaf = (location: string, permission?: string): MenuItem => ({
  label: location,
  enLabel: location,
  type: 'menuItem',
  Module: 'fw',
  location,
  ...(permission === undefined ? {} : { permission }),
});

const menu: MenuItem[] = [
  {
    label: 'Energy',
    enLabel: 'Energy',
    type: 'subMenu',
    Module: 'fw',
    subMenuList: [leaf('/energydata', 'monitor_energydata'), leaf('/dashboard', 'monitor_dashboard')],
  },
  {
    label: 'Config',
    enLabel: 'Config',
    type: 'subMenu',
    Module: 'fw',
    subMenuList: [
      {
        label: 'Users',
        enLabel: 'Users',
        type: 'menuItemGroup',
        Module: 'fw',
        menuItemGroup: [leaf('/usermanage', 'cloud_usermanage')],
      },
    ],
  },
  leaf('/open'),
];

describe('menu filtering', () => {
  it('keeps the items whose permission is held and drops groups left empty', () => {
    const filtered = filterMenu(menu, new Set(['monitor_dashboard']));
    expect(menuPaths(filtered)).toEqual(['/dashboard', '/open']);
    expect(filtered.map((m) => m.enLabel)).toEqual(['Energy', '/open']);
  });

  it('keeps nested groups when anything in them is left', () => {
    const filtered = filterMenu(menu, new Set(['cloud_usermanage', 'user_browser']));
    expect(menuPaths(filtered)).toEqual(['/usermanage', '/open']);
    expect(filtered[0]?.subMenuList?.[0]?.type).toBe('menuItemGroup');
  });

  it('keeps items without a permission and does not change the input', () => {
    expect(menuPaths(filterMenu(menu, new Set()))).toEqual(['/open']);
    expect(menuPaths(menu)).toEqual(['/energydata', '/dashboard', '/usermanage', '/open']);
  });

  it('lands on the first permitted route', () => {
    expect(firstMenuRoute(filterMenu(menu, new Set(['cloud_usermanage', 'monitor_dashboard'])))).toBe(
      '/dashboard',
    );
    expect(firstMenuRoute([])).toBeUndefined();
  });
});

describe('navmenu.json', () => {
  it('lists every visible route once, project routes in mainMenu and platform routes in adminMenu', () => {
    const nav = buildNavMenu();
    const main = menuPaths(nav.mainMenu);
    const admin = menuPaths(nav.adminMenu);
    const visible = ROUTES.filter((r) => !r.hidden).map((r) => r.path);
    expect([...new Set([...main, ...admin])].sort()).toEqual([...visible].sort());
    expect(new Set(main).size).toBe(main.length);
    expect(new Set(admin).size).toBe(admin.length);
    // Home is the one page of both menus: the platform home page and the project home page.
    expect(main.filter((p) => admin.includes(p))).toEqual(['/home']);
    expect(admin[0]).toBe('/home');
    expect(menuPaths(nav.adminMenu)).toEqual(
      expect.arrayContaining(['/home', '/projectnavigation', '/platformusermanage', '/platformLog']),
    );
    expect(menuPaths(nav.mainMenu)).toEqual(expect.arrayContaining(['/energydata', '/usermanage', '/log']));
    expect(nav.adminMenu.every((m) => m.Module === 'pf')).toBe(true);
    expect(nav.mainMenu.every((m) => m.Module === 'fw')).toBe(true);
  });

  it('names the page permission of each item as <group>_<route>', () => {
    const nav = buildNavMenu();
    const users = filterMenu(nav.mainMenu, new Set(['cloud_usermanage', 'user_browser']));
    expect(menuPaths(users)).toEqual(['/usermanage']);
  });

  it('offers no item the route guard refuses (the page key alone is not enough)', () => {
    const nav = buildNavMenu();
    expect(menuPaths(filterMenu(nav.mainMenu, new Set(['cloud_usermanage'])))).toEqual([]);
    for (const route of ROUTES.filter((r) => r.module === 'fw' && !r.hidden)) {
      const offered = menuPaths(filterMenu(nav.mainMenu, new Set([route.menuKey])));
      expect(offered.includes(route.path), route.path).toBe(
        mayOpenRoute(route.path, new Set([route.menuKey])),
      );
    }
  });
});

describe('route guard', () => {
  it('needs the page key, and the spec’s route key where it gives one', () => {
    expect(mayOpenRoute('/usermanage', new Set(['cloud_usermanage']))).toBe(false);
    expect(mayOpenRoute('/usermanage', new Set(['cloud_usermanage', 'user_browser']))).toBe(true);
    expect(mayOpenRoute('/usermanage', new Set(['user_browser']))).toBe(false);
    expect(mayOpenRoute('/energydata', new Set(['monitor_energydata']))).toBe(true);
    expect(mayOpenRoute('/nowhere', new Set(['monitor_energydata']))).toBe(false);
  });

  it('always lets everyone open login, noPermission, home and trenddemo', () => {
    for (const path of ALWAYS_ALLOWED_PATHS) expect(mayOpenRoute(path, new Set()), path).toBe(true);
  });

  it('tells platform routes (which reset the project) from project routes', () => {
    expect(isPlatformRoute('/projectnavigation')).toBe(true);
    expect(isPlatformRoute('/energydata')).toBe(false);
  });
});
