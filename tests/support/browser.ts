/**
 * Headless Chromium for the browser tests: Debian's chromium (/usr/bin/chromium, installed by
 * scripts/ensure-chromium.sh) driven by playwright-core, with a fresh user-data dir per
 * launch. `screenshot(page, name)` saves PNGs to tests/.artifacts/screenshots/ and prints that
 * folder once.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from './server.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(REPO_ROOT, 'tests/.artifacts/screenshots');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Runs scripts/ensure-chromium.sh (apt-get install chromium when missing). */
export function ensureChromium(): void {
  try {
    execFileSync('sh', [join(REPO_ROOT, 'scripts/ensure-chromium.sh')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  } catch {
    throw new Error(
      `Chromium is needed at ${CHROMIUM_PATH} for the browser tests; scripts/ensure-chromium.sh failed`,
    );
  }
}

export interface LaunchedBrowser {
  context: BrowserContext;
  /** A new tab. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Locale of the browser (navigator.language), e.g. 'en-US' or 'zh-CN'. */
  locale?: string;
  viewport?: { width: number; height: number };
  /** The browser's IANA time zone (default the machine's): tests of the project-zone rule set one that differs. */
  timezoneId?: string;
  /** Draws scrollbars as a desktop browser does (headless Chromium hides them by default). */
  showScrollbars?: boolean;
}

/** Launches headless Chromium with a fresh user-data dir (removed on close). */
export async function launchBrowser(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'eem-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1440, height: 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.showScrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
  });
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

let announced = false;

/** Saves a full-page PNG as tests/.artifacts/screenshots/<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (!announced) {
    announced = true;
    process.stdout.write(`screenshots: ${SCREENSHOT_DIR}\n`);
  }
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
