import type { catalogue } from '@eem/contract';
import { buildNavMenu, CHANNEL, CYCLE, LOGIN_TITLE_SIZE, POLLING, permissionTree, startOf } from '@eem/core';
import { requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { SSO_AUTHORIZE_PATH, SSO_LOGOUT_PATH } from '../session/sso-page.js';
import { enumerations } from './enumerations.js';
import { readSetting } from './settings.js';

const NAV_MENU = buildNavMenu();

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
    const login = await readSetting(ctx.services.db, 'login', {
      title: 'Energy Management Platform',
      login_logo_title_size: 28,
      login_background: '',
      project_logo_ico: '',
    });
    const size = Math.min(
      LOGIN_TITLE_SIZE.max,
      Math.max(LOGIN_TITLE_SIZE.min, Math.round(login.login_logo_title_size)),
    );
    return {
      platformMode: await readSetting(ctx.services.db, 'platformMode', true),
      internationalization: true,
      sso: {
        enabled: ctx.services.config.ssoEnabled,
        retainLogin: false,
        authorizeUrl: SSO_AUTHORIZE_PATH,
        logoutUrl: SSO_LOGOUT_PATH,
      },
      login: { ...login, login_logo_title_size: size },
      envInfos: { inspection: true, loadAllSpares: false },
      reportServerUrl: '',
      version: '0.1.0',
    };
  },
  async appSystemInfo(_input, ctx) {
    return {
      noticeRoutes: await readSetting<Record<string, string>>(ctx.services.db, 'noticeRoutes', {}),
      defaultNoticeRoute: await readSetting(ctx.services.db, 'defaultNoticeRoute', '/eventDiagnosis'),
      pollingMs: POLLING.defaultMs,
      realtimePollingMs: POLLING.realtimeMs,
      heartbeatMs: CHANNEL.heartbeatMs,
      reconnectMs: CHANNEL.reconnectMs,
    };
  },
  async convertTime({ body }, ctx) {
    const user = requireUser(ctx);
    if (!user.projectIds.includes(body.projectId))
      throw ApiError.permission(`no permission for project ${body.projectId}`);
    const project = await ctx.services.projects.get(body.projectId);
    if (!project) throw ApiError.notFound(`project ${body.projectId} does not exist`);
    return body.cycles.map((cycle) => ({
      cycle,
      startTime: startOf(body.time, CYCLE_UNITS[cycle], project.timeZone),
    }));
  },
};
