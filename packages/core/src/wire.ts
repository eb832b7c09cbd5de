/** Wire codes and constants shared by the server, the SDK and every face. */

export const WIRE_CODE = {
  ok: 0,
  wrongCredentials: -1,
  passwordExpired: -1305,
  loginRefused: -2,
  badLoginRequest: 4001,
  sessionExpired402: 402,
  sessionExpired403: 403,
  validation: 400,
  permission: 4003,
  notFound: 404,
  conflict: 409,
  /** Too many requests (HTTP 429 with Retry-After): sign-in throttling, imports at once. */
  tooManyRequests: 429,
  server: 500,
} as const;

export const WIRE_MESSAGES = {
  lockWarning:
    'If the password is entered incorrectly five times in a row, the account will be locked and automatically unlocked after one hour!',
  wrongCredentials: 'wrong account or password',
  accountLocked: 'the account is locked; it unlocks automatically one hour after the fifth wrong try',
  passwordExpired: 'Account password expired, please change it!',
  noProject: '登录失败，该用户尚未关联项目',
  noNodePermission: 'login failed: the user has no node permission',
  tokenExpired: 'the token has expired, please login again',
  loginExpired: 'Login expired, please log in again',
  modifyFailed: 'Modify failed!',
  network: 'please check if the network connection is normal',
  abnormalExport: 'abnormal export file',
  abnormalImage: 'abnormal image acquisition',
  noPermission: 'no permission for this operation',
  importFailed: '导入失败',
  importSucceeded: '导入成功',
  importing: '导入中',
  pipeImportRunning: '管网节点批量导入中，请稍后再试',
  nodeHasChildren: 'selected node contains child nodes, cannot be deleted',
  noData: 'no data',
  staleTimestamp: 'the login timestamp is too far from the server clock; check the device clock',
  replayedLogin: 'this login request was already used; try again',
} as const;

export const AUTH_LIMITS = {
  maxWrongTries: 5,
  lockMs: 60 * 60 * 1000,
  timestampSkewMs: 5 * 60 * 1000,
} as const;

/**
 * The realtime channels (ADR 0003): a heartbeat after 40 s of silence; after a drop the first
 * reconnect waits reconnectFirstMs, each next one twice as long up to the spec's 5 s creation
 * retry (reconnectMs), each ± reconnectJitter, so that clients dropped together do not all
 * come back in the same instant.
 */
export const CHANNEL = {
  heartbeatMs: 40_000,
  reconnectMs: 5_000,
  reconnectFirstMs: 1_000,
  reconnectJitter: 0.2,
} as const;

/** The wait before reconnect attempt `attempt` (0: the first after a drop), with its jitter. */
export function reconnectDelay(
  attempt: number,
  options: { firstMs?: number; maxMs?: number; jitter?: number } = {},
  random: () => number = Math.random,
): number {
  const firstMs = options.firstMs ?? CHANNEL.reconnectFirstMs;
  const maxMs = Math.max(firstMs, options.maxMs ?? CHANNEL.reconnectMs);
  const jitter = options.jitter ?? CHANNEL.reconnectJitter;
  const base = Math.min(maxMs, firstMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(base * (1 - jitter + 2 * jitter * random()));
}

export const POLLING = {
  importMs: 5_000,
  topologyMs: 15_000,
  defaultMs: 15_000,
  /** The home pages and dashboards (screens.md §2.1 /home, /dashboard). */
  dashboardMs: 15_000,
  realtimeMs: 5_000,
} as const;

export const TIMEOUTS = {
  uploadMs: 60_000,
  downloadMs: 60_000,
  topologyImportMs: 1_200_000,
  lossOverviewMs: 120_000,
  modelQueryMs: 60_000,
  recalculationMs: 600_000,
} as const;

export const DEFAULT_PAGE = { index: 0, limit: 50 } as const;

/** The most rows one page of a paged call holds. */
export const PAGE_LIMIT_MAX = 1_000;

/** Headers the clients send. */
export const HEADERS = {
  projectId: 'projectId',
  userId: 'User-ID',
  language: 'Accept-Language',
} as const;

export const LANGUAGE_STORAGE_KEY = 'omega_language';
export type Language = 'zh' | 'en';
