/** Menus, enumerations, system information and calendar cycles (screens.md §3.1). */
import { CYCLE } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, idOf } from '../schemas.js';

const menuItem: z.ZodType<MenuItemShape> = z.lazy(() =>
  z.object({
    label: z.string(),
    enLabel: z.string(),
    type: z.enum(['menuItem', 'subMenu', 'menuItemGroup']),
    Module: z.enum(['pf', 'fw']),
    location: z.string().optional(),
    permission: z.string().optional(),
    subMenuList: z.array(menuItem).optional(),
    menuItemGroup: z.array(menuItem).optional(),
  }),
);
export interface MenuItemShape {
  label: string;
  enLabel: string;
  type: 'menuItem' | 'subMenu' | 'menuItemGroup';
  Module: 'pf' | 'fw';
  location?: string | undefined;
  permission?: string | undefined;
  subMenuList?: MenuItemShape[] | undefined;
  menuItemGroup?: MenuItemShape[] | undefined;
}

const enumerations = z.array(
  z.object({
    modelLabel: z.string(),
    enums: z.array(z.object({ id: z.number().int(), text: z.string(), enText: z.string() })),
  }),
);

const permissionNode: z.ZodType<PermissionNodeShape> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    key: z.string(),
    label: z.string(),
    enLabel: z.string(),
    children: z.array(permissionNode).optional(),
  }),
);
export interface PermissionNodeShape {
  id: number;
  key: string;
  label: string;
  enLabel: string;
  children?: PermissionNodeShape[] | undefined;
}

export const systemInfo = z.object({
  platformMode: z.boolean(),
  internationalization: z.boolean(),
  sso: z.object({
    enabled: z.boolean(),
    retainLogin: z.boolean(),
    authorizeUrl: z.string(),
    /**
     * Where the browser goes to end the single-sign-on session after a logout or an expired
     * session (with `redirect_uri` back to the console's /login).
     */
    logoutUrl: z.string(),
  }),
  login: z.object({
    title: z.string(),
    login_logo_title_size: z.number().int().min(12).max(50),
    login_background: z.string(),
    project_logo_ico: z.string(),
  }),
  envInfos: z.object({ inspection: z.boolean(), loadAllSpares: z.boolean() }),
  reportServerUrl: z.string(),
  version: z.string(),
});

export const shell = {
  navmenu: defineEndpoint({
    id: 'shell.navmenu',
    method: 'GET',
    path: '/static/navmenu.json',
    summary: 'The main (fw) and admin (pf) menus; clients filter them by the user’s permissions.',
    data: z.object({ mainMenu: z.array(menuItem), adminMenu: z.array(menuItem) }),
    permission: 'public',
  }),
  permissionTree: defineEndpoint({
    id: 'shell.permissionTree',
    method: 'GET',
    path: '/auth/v1/functionPermissionTree',
    summary: 'The function permission tree: groups and leaves, each with a key.',
    data: z.array(permissionNode),
    permission: 'session',
  }),
  enumerations: defineEndpoint({
    id: 'shell.enumerations',
    method: 'GET',
    path: '/model/v1/enumerations',
    summary: 'Enumerations keyed by model label.',
    data: enumerations,
    permission: 'session',
  }),
  enumerationsI18n: defineEndpoint({
    id: 'shell.enumerationsI18n',
    method: 'GET',
    path: '/eem-service/v1/common/enumerations',
    summary: 'Enumerations keyed by model label, when internationalization is on.',
    data: enumerations,
    permission: 'session',
  }),
  systemInfo: defineEndpoint({
    id: 'shell.systemInfo',
    method: 'GET',
    path: '/eem-service/v1/system-info',
    summary: 'Flags (platform mode, SSO, inspection, load-all-spares) and login page settings.',
    data: systemInfo,
    permission: 'public',
  }),
  appSystemInfo: defineEndpoint({
    id: 'shell.appSystemInfo',
    method: 'GET',
    path: '/eem-service/app/config/systemInfo',
    summary: 'App-level configuration: notice routes, default notice page, polling and channel timings.',
    data: z.object({
      noticeRoutes: z.record(z.string(), z.string()),
      defaultNoticeRoute: z.string(),
      pollingMs: z.number().int(),
      realtimePollingMs: z.number().int(),
      heartbeatMs: z.number().int(),
      reconnectMs: z.number().int(),
    }),
    permission: 'session',
  }),
  convertTime: defineEndpoint({
    id: 'shell.convertTime',
    method: 'POST',
    path: '/eem-service/v1/costcaculating/convertTime',
    summary:
      'Start times of the accounting day, week, month and year containing `time` in the project’s time zone, by its cycle settings (metering.cycle).',
    body: z.object({
      cycles: z
        .array(
          z.union([
            z.literal(CYCLE.day),
            z.literal(CYCLE.week),
            z.literal(CYCLE.month),
            z.literal(CYCLE.year),
          ]),
          {
            error: 'cycles must be a list of 12, 13, 14 or 17',
          },
        )
        .min(1, { error: 'cycles cannot be empty' })
        .max(4, { error: 'cycles: at most 4 (day, week, month, year)' }),
      projectId: idOf('projectId'),
      time: epochMs,
    }),
    data: z.array(z.object({ cycle: z.number().int(), startTime: epochMs })),
    permission: 'session',
  }),
} as const;
