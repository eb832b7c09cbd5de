/**
 * axe-core on every built screen (issue 12, item 6): the route list is read from the console's
 * own route table (web/src/app/routes.tsx: SCREENS and PUBLIC_SCREENS), so a screen added
 * later is walked without a change here. Each route is opened, in the dark and the light
 * theme, by the first demo user who may open it (platform routes by a platform user, project
 * routes by a project user; /home and /noPermission by both), in one browser tab that moves
 * between screens as the console does (a full load per user and theme, then in-app
 * navigation). Each screen is checked once it is idle (no request in flight, no spinner); the
 * shell (menu, header) and the page-level rules with the first screen of each user and theme,
 * the other screens on their own (with whatever they open over the page). The light theme is
 * checked for the colour rules only. Any critical or serious violation fails the test, named
 * by route, theme, rule and element. So does a picker (Select, DatePicker…) whose only name is
 * its placeholder or Semi's fixed text, which axe lets pass (unnamedPickers). Needs
 * `npm run build` first (web/dist).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ALWAYS_ALLOWED_PATHS, findRoute, LANGUAGE_STORAGE_KEY, mayOpenRoute } from '@eem/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { signIn } from '../support/clients.js';
import {
  DATA_KEYS,
  DataSeen,
  gatherData,
  type Language,
  languageMisses,
  loadCatalogue,
  readScreen,
} from '../support/language-scan.js';
import { REPO_ROOT, startTestServer } from '../support/server.js';
import { snapshotWeb, webSuite } from '../support/web-suite.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Demo users who open the routes, in order of preference per module. */
const ACCOUNTS = {
  pf: ['admin', 'tenant-admin'],
  fw: ['operator-sh', 'manager-bj', 'inspector', 'operator-chi'],
};
const THEMES = ['dark', 'light'] as const;
/** The language of each theme's pass: every screen is read once in each language. */
const LANGUAGES: Record<(typeof THEMES)[number], Language> = { dark: 'zh', light: 'en' };
/**
 * The rules that depend on the theme: the markup is the same in both, so the light theme is
 * checked for these only (the dark one, the default, for every rule).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** Impacts that fail the walk. */
const FAILING = new Set(['critical', 'serious']);

const web = webSuite({
  name: 'web-axe',
  start: (dataDir) =>
    startTestServer({ env: { EEM_SIMULATOR: 'on', EEM_WEB_DIR: snapshotWeb(dataDir) }, dataDir }),
  pageTimeout: 20_000,
});

/** The console's routes, from its route table (the module is only read, no screen is loaded). */
async function builtRoutes(): Promise<{ shell: string[]; public: string[] }> {
  const file = join(REPO_ROOT, 'web/src/app/routes.tsx');
  const table = (await import(/* @vite-ignore */ file)) as {
    SCREENS: Record<string, unknown>;
    PUBLIC_SCREENS: Record<string, unknown>;
  };
  return { shell: Object.keys(table.SCREENS), public: Object.keys(table.PUBLIC_SCREENS) };
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Counts the console's requests in flight (`window.__eemBusy`), so a screen is checked once it
 * has its data rather than after a fixed pause.
 */
function countRequests(): void {
  const w = window as unknown as { __eemBusy: number };
  w.__eemBusy = 0;
  const fetched = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    w.__eemBusy += 1;
    try {
      return await fetched(...args);
    } finally {
      w.__eemBusy -= 1;
    }
  };
}

/**
 * Runs axe-core on the whole document (`document`: the shell, the page-level rules) or on the
 * screen shown and what it opened over the document (`screen`: the shell is the same on every
 * screen of a user, so it is checked once per user and theme); the critical and serious
 * violations, one line each.
 */
async function audit(
  page: Page,
  where: string,
  scope: 'document' | 'screen',
  rules: 'all' | 'colours',
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ only, whole }) => {
      const axe = (
        window as unknown as {
          axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> };
        }
      ).axe;
      // Screens kept alive but hidden (KeptScreens) are left out: each is checked on its own route.
      const hidden = `.eem-shell-content > [data-axe-path]:not([data-axe-path="${location.pathname}"])`;
      const content = document.querySelector('.eem-shell-content');
      const context =
        whole || !content
          ? { exclude: [[hidden]] }
          : {
              include: [
                ...Array.from(content.children).filter((child) => child.getClientRects().length > 0),
                ...Array.from(document.querySelectorAll('body > .semi-portal')),
              ].map((el) => [el]),
            };
      // axe-core's time grows with the whole document: the hidden kept screens are taken out
      // while it runs and put back in place after (nothing renders meanwhile: no navigation).
      const parked = Array.from(document.querySelectorAll('.eem-shell-content > *'))
        .filter((el) => el.getClientRects().length === 0)
        .map((el) => ({ el, parent: el.parentNode, next: el.nextSibling }));
      for (const { el } of parked) el.remove();
      const result = await axe
        .run(context, {
          resultTypes: ['violations'],
          ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
        })
        .finally(() => {
          for (const { el, parent, next } of parked.reverse()) parent?.insertBefore(el, next);
        });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    { only: (rules === 'colours' ? COLOUR_RULES : null) as string[] | null, whole: scope === 'document' },
  );
  return violations
    .filter((v) => v.impact !== null && FAILING.has(v.impact))
    .map((v) => {
      const targets = v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ');
      const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : '';
      const why = v.nodes[0]?.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? '';
      return `${where}: ${v.id} (${v.impact}) ${v.help}: ${targets}${more}${why ? ` — ${why}` : ''}`;
    });
}

/** Names Semi gives its pickers on its own, which say nothing of what is picked. */
const SEMI_FIXED_NAMES = ['selected', 'Choose date', 'Change date', 'Page size selector'];

/**
 * Every picker shown (role combobox, a listbox trigger, and the inputs inside a combobox) has a
 * name of its own: computed as a browser does from `aria-labelledby`, `aria-label` or a
 * `<label>` of the element, and neither empty, nor one of Semi's fixed names, nor only its
 * placeholder (which goes once a value is chosen: a name equal to the placeholder's text counts
 * only when it comes from an element outside the picker that `aria-labelledby` refers to).
 * Axe passes a picker named by its placeholder, so this is checked here (issue 12, item 6).
 */
async function unnamedPickers(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate((fixed) => {
    const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const problems: string[] = [];
    const pickers = Array.from(
      document.querySelectorAll<HTMLElement>(
        '[role="combobox"], [aria-haspopup="listbox"], [role="combobox"] input',
      ),
    );
    for (const el of pickers) {
      if (el.getClientRects().length === 0) continue;
      let name = '';
      let fromOutside = false;
      const ids = el.getAttribute('aria-labelledby')?.trim();
      if (ids) {
        const refs = ids
          .split(/\s+/)
          .map((id) => document.getElementById(id))
          .filter((ref): ref is HTMLElement => ref !== null);
        name = refs
          .map((ref) => ref.getAttribute('aria-label')?.trim() || text(ref))
          .join(' ')
          .trim();
        fromOutside = name !== '' && refs.every((ref) => !el.contains(ref));
      }
      if (!name) name = el.getAttribute('aria-label')?.trim() ?? '';
      const labels = (el as HTMLInputElement).labels;
      if (!name && labels && labels.length > 0) {
        name = Array.from(labels).map(text).join(' ').trim();
        fromOutside = name !== '';
      }
      const input = el.matches('input') ? (el as HTMLInputElement) : el.querySelector('input');
      const placeholder =
        text(el.querySelector('[class*="placeholder"]')) || input?.getAttribute('placeholder')?.trim() || '';
      const what = `<${el.tagName.toLowerCase()} role=${el.getAttribute('role') ?? '-'} class="${String(
        el.className,
      ).slice(0, 60)}"${placeholder ? ` placeholder "${placeholder}"` : ''}>`;
      if (!name) problems.push(`${what} has no name`);
      else if (fixed.includes(name)) problems.push(`${what} is named only "${name}" (Semi's own)`);
      else if (name === placeholder && !fromOutside)
        problems.push(`${what} is named only by its placeholder`);
    }
    return problems;
  }, SEMI_FIXED_NAMES);
  return found.map((problem) => `${where}: picker-name ${problem}`);
}

/**
 * Waits until the screen of `path` shows (not the screen left, which is marked with its path,
 * nor the loading spinner) and is idle: no request in flight and no spinner or skeleton for a
 * moment (a table dimmed under its loading overlay is not what the user reads); marks it with
 * its path.
 */
async function screenReady(page: Page, path: string): Promise<void> {
  await page
    .waitForFunction((to) => {
      if (document.querySelector('#login-account')) return true;
      const content = document.querySelector('.eem-shell-content');
      if (!content) return false;
      const shown = Array.from(content.children).filter((child) => child.getClientRects().length > 0);
      return (
        shown.length > 0 &&
        shown.every(
          (child) =>
            (child.getAttribute('data-axe-path') ?? to) === to &&
            !child.matches('[data-testid=page-spinner]'),
        )
      );
    }, path)
    .catch((error: unknown) => {
      throw new Error(`${path}: the screen did not show (${String(error).split('\n')[0]})`);
    });
  await page.evaluate(() => {
    (window as unknown as { __eemIdleSince?: number }).__eemIdleSince = undefined;
  });
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __eemBusy?: number; __eemIdleSince?: number };
        // A Spin renders its wrapper only while it spins; a hidden kept screen's do not count.
        const busy =
          (w.__eemBusy ?? 0) > 0 ||
          Array.from(
            document.querySelectorAll('.semi-spin-wrapper, .semi-skeleton, [data-testid=page-spinner]'),
          ).some((el) => el.getClientRects().length > 0);
        if (busy) {
          w.__eemIdleSince = undefined;
          return false;
        }
        w.__eemIdleSince ??= performance.now();
        return performance.now() - w.__eemIdleSince >= 200;
      },
      null,
      { polling: 50, timeout: 20_000 },
    )
    // A screen still loading after that is checked as it is (a dimmed table then fails the check).
    .catch(() => undefined);
  await page.evaluate((to) => {
    for (const child of Array.from(document.querySelectorAll('.eem-shell-content > *')))
      if (child.getClientRects().length > 0) child.setAttribute('data-axe-path', to);
  }, path);
}

/** Moves the console to `path` as a link does (no reload). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    if (location.pathname === to) return;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await screenReady(page, path);
}

describe('accessibility of every built screen (axe-core)', () => {
  it('has no critical or serious violation on any route, in both themes', async () => {
    const routes = await builtRoutes();
    expect(routes.shell.length).toBeGreaterThan(40);
    expect(routes.shell).toContain('/home');

    // Each shell route goes to the first demo user of its module who may open it.
    const sessions = new Map<string, { token: string; permissions: Set<string> }>();
    for (const account of [...ACCOUNTS.pf, ...ACCOUNTS.fw]) {
      const { token, user } = await signIn(web.url, account);
      sessions.set(account, { token, permissions: new Set(user.permissions) });
    }
    const walks = new Map<string, string[]>();
    const unopened: string[] = [];
    for (const path of routes.shell) {
      const always = (ALWAYS_ALLOWED_PATHS as readonly string[]).includes(path);
      const modules = always ? (['pf', 'fw'] as const) : ([findRoute(path)?.module ?? 'fw'] as const);
      for (const module of modules) {
        const account = ACCOUNTS[module].find((a) =>
          mayOpenRoute(path, sessions.get(a)?.permissions ?? new Set()),
        );
        if (account) walks.set(account, [...(walks.get(account) ?? []), path]);
        else unopened.push(`${path}: no demo user of module ${module} may open it, so it cannot be checked`);
      }
    }
    expect(unopened).toEqual([]);

    const found: string[] = [];
    const catalogue = await loadCatalogue();
    const page = await web.openPage();
    await page.addInitScript(countRequests);
    await page.addInitScript(gatherData, DATA_KEYS);
    // Language misses by text, with the routes showing them (the shell's show on every route).
    const misses = new Map<string, string[]>();
    const data = new DataSeen();
    const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      const result = await work();
      if (process.env.EEM_AXE_TIMES) process.stdout.write(`${what} ${Date.now() - started} ms\n`);
      return result;
    };
    const check = async (
      where: string,
      scope: 'document' | 'screen',
      theme: (typeof THEMES)[number],
      shot: string,
    ) => {
      const language = LANGUAGES[theme];
      const screen = await page.evaluate(readScreen);
      data.add(screen);
      for (const miss of languageMisses(screen.texts, language, catalogue, data)) {
        const key = `[${language}] ${miss.what}: "${miss.text}"`;
        misses.set(key, [...(misses.get(key) ?? []), where.split(' ')[0] ?? where]);
      }
      const problems = await timed(`  axe ${scope}`, () =>
        audit(page, where, scope, theme === 'dark' ? 'all' : 'colours'),
      );
      // The names are the same in both themes: checked in the dark one, with axe's rules.
      if (theme === 'dark') problems.push(...(await unnamedPickers(page, where)));
      if (problems.length > 0) await screenshot(page, `axe-${theme}-${shot}`);
      if (process.env.EEM_AXE_TIMES) for (const problem of problems) process.stdout.write(`  ${problem}\n`);
      found.push(...problems);
    };
    for (const theme of THEMES) {
      // Signed out: the public screens (a document each).
      await page.goto(`${web.url}/login`);
      const languageSetting = [LANGUAGE_STORAGE_KEY, LANGUAGES[theme]] as const;
      await page.evaluate(
        ({ mode, language }) => {
          localStorage.clear();
          localStorage.setItem('eem_theme', mode);
          localStorage.setItem(...language);
        },
        { mode: theme, language: languageSetting },
      );
      for (const path of routes.public) {
        await timed(`${theme} ${path}`, async () => {
          await page.goto(`${web.url}${path}`);
          await screenReady(page, path);
        });
        await check(`${path} [${theme}, signed out]`, 'document', theme, path.slice(1));
      }
      for (const [account, paths] of walks) {
        const session = sessions.get(account);
        if (!session) continue;
        await page.evaluate(
          ({ token, mode, language }) => {
            localStorage.clear();
            localStorage.setItem('eem_token', token);
            localStorage.setItem('eem_theme', mode);
            localStorage.setItem(...language);
          },
          { token: session.token, mode: theme, language: languageSetting },
        );
        // The first screen is checked with its shell and the document; the others on their own.
        const first = paths[0] ?? '/home';
        await timed(`${theme} ${first} (load)`, async () => {
          await page.goto(`${web.url}${first}`);
          await screenReady(page, first);
        });
        expect(new URL(page.url()).pathname, `${account} was turned away from ${first}`).toBe(first);
        await check(`${first} [${theme}, ${account}, with the shell]`, 'document', theme, first.slice(1));
        for (const path of paths.slice(1)) {
          await timed(`${theme} ${path}`, () => navigate(page, path));
          expect(new URL(page.url()).pathname, `${account} was turned away from ${path}`).toBe(path);
          await check(`${path} [${theme}, ${account}]`, 'screen', theme, path.slice(1));
        }
      }
    }
    const shown = [...misses].map(([miss, where]) => {
      const routes = [...new Set(where)];
      return `${miss} on ${routes.slice(0, 3).join(', ')}${routes.length > 3 ? ` (+${routes.length - 3} more)` : ''}`;
    });
    if (process.env.EEM_AXE_TIMES) process.stdout.write(`${shown.join('\n')}\n`);
    expect(
      found,
      `axe-core found critical or serious violations, or pickers without a name:\n${found.join('\n')}\n`,
    ).toEqual([]);
    expect(shown, `screens show raw keys, codes or the other language:\n${shown.join('\n')}\n`).toEqual([]);
  }, 1_500_000);
});
