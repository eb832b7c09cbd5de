/**
 * The set-up the browser tests of the console share: `webSuite` registers the vitest hooks
 * that check web/dist was built, make sure Chromium is there, start the built server on a
 * temp data dir (removed afterwards), close each test's browser after it (with a screenshot
 * of a failed test's page when asked) and stop the server at the end; it returns the ways to
 * open a tab, sign in through the login form and open a route. Needs `npm run build` first.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  ensureChromium,
  type LaunchedBrowser,
  type LaunchOptions,
  launchBrowser,
  screenshot,
} from './browser.js';
import { DEMO_PASSWORD } from './clients.js';
import { REPO_ROOT, startTestServer, type TestServer, tempDir } from './server.js';

const WEB_DIST = join(REPO_ROOT, 'web/dist');

export interface WebSuiteOptions {
  /** Prefix of the temp data dir. */
  name: string;
  /** Starts the server on the data dir. */
  start: (dataDir: string) => Promise<TestServer>;
  /** Default timeout of a tab's actions in ms. */
  pageTimeout: number;
  /** Prefix of the screenshot taken of a failed test's tab; none: no screenshot. */
  failureShot?: string;
}

export interface PageOptions {
  /** Locale of the browser (default en-US). */
  locale?: string;
  /** The console's theme, set before the first load. */
  theme?: 'light' | 'dark';
  /** The browser's time zone (see LaunchOptions). */
  timezoneId?: string;
  /** The window's size (default 1440×900). */
  viewport?: { width: number; height: number };
  /** Draws scrollbars as a desktop browser does. */
  showScrollbars?: boolean;
}

export interface WebSuite {
  readonly server: TestServer;
  readonly url: string;
  readonly dataDir: string;
  /** Launches the test's browser (closed after the test). */
  launch(options?: LaunchOptions): Promise<LaunchedBrowser>;
  /** The test's browser with one tab, with the suite's timeout. */
  openPage(options?: PageOptions): Promise<Page>;
  closeBrowser(): Promise<void>;
  /** Fills in and sends the login form (without waiting for the console). */
  login(page: Page, account: string, password?: string): Promise<void>;
  /** Signs in through the login form and waits for the console. */
  signIn(page: Page, account: string): Promise<void>;
  /** A new tab signed in as `account`. */
  signedIn(account: string, options?: PageOptions): Promise<Page>;
  /** Opens a route of the console as the signed-in user would (a full load). */
  open(page: Page, path: string): Promise<void>;
}

/** A snapshot of the built console in the data dir, so a rebuild during the run cannot change the assets. */
export function snapshotWeb(dataDir: string): string {
  const webDir = join(dataDir, 'web');
  cpSync(WEB_DIST, webDir, { recursive: true });
  return webDir;
}

export interface SimulatedSiteOptions {
  /** Days of simulated history on a fresh start (EEM_HISTORY_DAYS). */
  historyDays: number;
  /** The demo world's extras (EEM_DEMO). */
  demo?: boolean;
  /** How often live values change (EEM_LIVE_INTERVAL_MS); none: the server's default. */
  liveIntervalMs?: number;
}

/**
 * The `start` of a suite on the built server with the simulator and a snapshot of the console;
 * notices are gathered hourly, so no toast of the alarm engine covers what a test clicks.
 */
export function simulatedSite(options: SimulatedSiteOptions): (dataDir: string) => Promise<TestServer> {
  return (dataDir) =>
    startTestServer({
      env: {
        EEM_SIMULATOR: 'on',
        ...(options.demo ? { EEM_DEMO: 'on' } : {}),
        EEM_HISTORY_DAYS: String(options.historyDays),
        ...(options.liveIntervalMs === undefined
          ? {}
          : { EEM_LIVE_INTERVAL_MS: String(options.liveIntervalMs) }),
        EEM_NOTICE_INTERVAL_MS: '3600000',
        EEM_WEB_DIR: snapshotWeb(dataDir),
      },
      dataDir,
    });
}

export function webSuite(options: WebSuiteOptions): WebSuite {
  let server: TestServer | undefined;
  let dataDir: string | undefined;
  let browser: LaunchedBrowser | undefined;
  let current: Page | undefined;
  /** What the console's Content-Security-Policy refused in the test's tabs (issue 11). */
  let refused: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, 'index.html')))
      throw new Error('web/dist is missing: run `npm run build` before the browser tests');
    ensureChromium();
    dataDir = tempDir(options.name);
    server = await options.start(dataDir);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(async (context) => {
    if (options.failureShot && context.task.result?.state === 'fail' && current && !current.isClosed()) {
      await screenshot(current, `${options.failureShot}${context.task.name}`).catch(() => undefined);
    }
    current = undefined;
    await suite.closeBrowser();
    const seen = refused;
    refused = [];
    if (seen.length > 0)
      throw new Error(`the console broke its Content-Security-Policy:\n${seen.slice(0, 5).join('\n')}`);
  });

  const started = (): TestServer => {
    if (!server) throw new Error('the server starts in beforeAll');
    return server;
  };

  const suite: WebSuite = {
    get server() {
      return started();
    },
    get url() {
      return started().url;
    },
    get dataDir() {
      if (!dataDir) throw new Error('the data dir is made in beforeAll');
      return dataDir;
    },
    async launch(launchOptions = {}) {
      browser = await launchBrowser(launchOptions);
      return browser;
    },
    async openPage({ locale, theme, timezoneId, viewport, showScrollbars } = {}) {
      const page = await (
        await suite.launch({
          ...(locale === undefined ? {} : { locale }),
          ...(timezoneId === undefined ? {} : { timezoneId }),
          ...(viewport === undefined ? {} : { viewport }),
          ...(showScrollbars === undefined ? {} : { showScrollbars }),
        })
      ).newPage();
      current = page;
      // Every tab of every browser test checks that the console keeps within its policy.
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          refused.push(message.text().slice(0, 300));
      });
      if (theme) await page.addInitScript((mode) => localStorage.setItem('eem_theme', mode), theme);
      page.setDefaultTimeout(options.pageTimeout);
      return page;
    },
    async closeBrowser() {
      await browser?.close();
      browser = undefined;
    },
    async login(page, account, password = DEMO_PASSWORD) {
      await page.goto(`${suite.url}/login`);
      await page.fill('#login-account', account);
      await page.fill('#login-password', password);
      await page.press('#login-password', 'Enter');
    },
    async signIn(page, account) {
      await suite.login(page, account);
      await page.waitForSelector('.eem-header');
      await page.waitForFunction(() => !location.pathname.startsWith('/login'));
    },
    async signedIn(account, pageOptions = {}) {
      const page = await suite.openPage(pageOptions);
      await suite.signIn(page, account);
      return page;
    },
    async open(page, path) {
      await page.goto(`${suite.url}${path}`);
      await page.waitForSelector('.eem-page');
    },
  };
  return suite;
}

/** Waits for the network to go quiet and the console to paint. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** The open dialog (the newest one). */
export const dialog = (page: Page) => page.locator('.semi-modal-content').last();
