import type { User } from '@eem/contract';
import { buildNavMenu } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { keepScreens, landingPath, visibleMenu } from './navigation';

const navmenu = buildNavMenu();
const screens = new Set(['/home', '/projectnavigation', '/usermanage', '/rolemanage', '/platformusermanage']);

function user(permissions: string[], homePage: string | null = '/home'): User {
  return {
    id: 1,
    name: 'u',
    nicName: 'U',
    email: '',
    mobilePhone: '',
    tenantId: 1,
    projectId: null,
    projectIds: [],
    usertype: 0,
    roleId: 1,
    modelLabel: 'user',
    roles: [{ id: 1, name: 'r', customConfig: { roletype: 1, dutyType: 'none' }, homePage, pageNodes: [] }],
    customConfig: '{}',
    permissions,
    root: false,
    needsInspectionPassword: false,
  };
}

describe('menus', () => {
  it('shows only permitted items that have a screen, dropping empty groups', () => {
    const perms = new Set(['general_home', 'cloud_usermanage', 'user_browser', 'energy_trendcurve']);
    const menu = visibleMenu(navmenu, 'fw', perms, screens);
    const paths = menu.flatMap((g) => (g.subMenuList ?? []).map((i) => i.location));
    expect(paths).toEqual(['/home', '/usermanage']);
    expect(menu.map((g) => g.enLabel)).toEqual(['General', 'Configuration']);
  });

  it('uses the admin menu in module pf', () => {
    const perms = new Set(['general_home', 'platform_projectnavigation', 'platform_platformusermanage']);
    const menu = visibleMenu(navmenu, 'pf', perms, screens);
    expect(menu[0]?.location).toBe('/home');
    expect(menu[1]?.subMenuList?.map((i) => i.location)).toEqual([
      '/projectnavigation',
      '/platformusermanage',
    ]);
  });

  it('keeps nothing when no screen exists', () => {
    expect(keepScreens(navmenu.mainMenu, new Set())).toEqual([]);
  });
});

describe('landing page', () => {
  it('is the role home page when permitted and listed, else the first menu item', () => {
    const perms = ['general_home', 'cloud_usermanage', 'user_browser'];
    const menu = visibleMenu(navmenu, 'fw', new Set(perms), screens);
    expect(landingPath(user(perms), menu, screens)).toBe('/home');
    const noHome = ['cloud_usermanage', 'user_browser'];
    const menu2 = visibleMenu(navmenu, 'fw', new Set(noHome), screens);
    expect(landingPath(user(noHome), menu2, screens)).toBe('/usermanage');
    expect(landingPath(user([]), [], screens)).toBe('/noPermission');
  });
});
