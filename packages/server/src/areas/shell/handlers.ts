import type { catalogue } from '@eem/contract';
import {
  buildNavMenu,
  CHANNEL,
  CYCLE,
  LOGIN_TITLE_SIZE,
  POLLING,
  periodStart,
  permissionTree,
} from '@eem/core';
import { z } from 'zod';
import { enterableProject } from '../../context.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { energySettings } from '../metering/repo/settings.js';
import { SSO_AUTHORIZE_PATH, SSO_LOGOUT_PATH } from '../session/sso-page.js';
import { enumerations } from './enumerations.js';
import { readSetting } from './repo/settings.js';

const NAV_MENU = buildNavMenu();

/** The login page's stored settings (no endpoint writes them yet) and their defaults. */
const LOGIN = z.object({
  title: z.string(),
  login_logo_title_size: z.number(),
  login_background: z.string(),
  project_logo_ico: z.string(),
});
const LOGIN_DEFAULT = {
  title: 'Energy Management Platform',
  login_logo_title_size: 28,
  login_background: '',
  project_logo_ico: '',
};

const CYCLE_UNITS = {
  [CYCLE.day]: 'day',
  [CYCLE.week]: 'week',
  [CYCLE.month]: 'month',
  [CYCLE.year]: 'year',
} as const;

export const shellHandlers: AreaHandlers<typeof catalogue.shell> = {
  navmenu: () => NAV_MENU,
  permissionTree: () => permissionTree(),
  enumerations: () => enumerations(),
  enumerationsI18n: () => enumerations(),
  async systemInfo(_input, ctx) {
    const login = await readSetting(ctx.services.db, 'login', LOGIN, LOGIN_DEFAULT);
    const size = Math.min(
      LOGIN_TITLE_SIZE.max,
      Math.max(LOGIN_TITLE_SIZE.min, Math.round(login.login_logo_title_size)),
    );
    return {
      platformMode: await readSetting(ctx.services.db, 'platformMode', z.boolean(), true),
      internationalization: true,
      sso: {
        enabled: ctx.services.config.ssoEnabled,
        retainLogin: false,
        authorizeUrl: SSO_AUTHORIZE_PATH,
        logoutUrl: SSO_LOGOUT_PATH,
      },
      login: { ...login, login_logo_title_size: size },
      envInfos: { inspection: true, loadAllSpares: ctx.services.config.loadAllSpares },
      reportServerUrl: '',
      version: '0.1.0',
    };
  },
  async appSystemInfo(_input, ctx) {
    return {
      noticeRoutes: await readSetting(ctx.services.db, 'noticeRoutes', z.record(z.string(), z.string()), {}),
      defaultNoticeRoute: await readSetting(
        ctx.services.db,
        'defaultNoticeRoute',
        z.string(),
        '/eventDiagnosis',
      ),
      pollingMs: POLLING.defaultMs,
      realtimePollingMs: POLLING.realtimeMs,
      heartbeatMs: CHANNEL.heartbeatMs,
      reconnectMs: CHANNEL.reconnectMs,
    };
  },
  async convertTime({ body }, ctx) {
    const project = await enterableProject(ctx, body.projectId);
    // The project's accounting cycle (day start hour, week, month and year starts; /cycleconfig).
    const { cycle: settings } = await energySettings(ctx.services.db, project.id);
    return body.cycles.map((cycle) => ({
      cycle,
      startTime: periodStart(body.time, CYCLE_UNITS[cycle], project.timeZone, settings),
    }));
  },
};
