/**
 * `eem menu`: the navigation menu this user may see, in module pf (platform) or fw (project),
 * filtered by the user's permissions with the core rule the web console uses.
 */
import { filterMenu, isProjectBound, type MenuItem, type Module, resolveModule } from '@eem/core';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { OutputFlags } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column } from '../output/render.js';
import { chooseLanguage, openSession } from './session.js';

export interface MenuRow {
  module: Module;
  depth: number;
  /** Labels from the top group down to this entry. */
  path: string[];
  label: string;
  type: MenuItem['type'];
  location: string | null;
  permission: string | null;
}

function flatten(items: readonly MenuItem[], module: Module, zh: boolean, parents: string[] = []): MenuRow[] {
  return items.flatMap((item) => {
    const label = zh ? item.label : item.enLabel;
    const path = [...parents, label];
    return [
      {
        module,
        depth: parents.length,
        path,
        label,
        type: item.type,
        location: item.location ?? null,
        permission: item.permission ?? null,
      },
      ...flatten([...(item.subMenuList ?? []), ...(item.menuItemGroup ?? [])], module, zh, path),
    ];
  });
}

export async function showMenu(
  ctx: Context,
  flags: OutputFlags & { module?: string | undefined },
): Promise<void> {
  if (flags.module !== undefined && flags.module !== 'pf' && flags.module !== 'fw') {
    throw new UsageError(`--module must be pf or fw (got "${flags.module}")`);
  }
  const session = await openSession(ctx);
  const { client } = session;
  const [user, info, nav] = await withProgress(ctx, 'Loading the menu…', () =>
    Promise.all([client.session.me(), client.shell.systemInfo(), client.shell.navmenu()]),
  );
  const current = resolveModule({
    projectId: session.project.id,
    usertype: user.usertype,
    platformMode: info.platformMode,
  });
  const module: Module = (flags.module as Module | undefined) ?? current;
  if (module === 'pf' && (isProjectBound(user.usertype) || !info.platformMode)) {
    throw new UsageError(
      isProjectBound(user.usertype)
        ? `--module pf: ${user.name} is a project user and only has the project menu (fw)`
        : '--module pf: the server is not in platform mode, so there is no platform menu',
    );
  }
  const menu = filterMenu(
    (module === 'pf' ? nav.adminMenu : nav.mainMenu) as MenuItem[],
    new Set(user.permissions),
  );
  const rows = flatten(menu, module, chooseLanguage(ctx) === 'zh');
  const columns: Column<MenuRow>[] = [
    {
      key: 'label',
      header: 'Menu',
      value: (r) => r.path.join(' / '),
      display: (r, p) => `${'  '.repeat(r.depth)}${r.type === 'menuItem' ? r.label : p.bold(r.label)}`,
    },
    { key: 'location', header: 'Route', value: (r) => r.location },
    {
      key: 'permission',
      header: 'Permission',
      value: (r) => r.permission,
      display: (r, p) => p.dim(r.permission ?? ''),
    },
    { key: 'module', header: 'Module', value: (r) => r.module, machineOnly: true },
  ];
  const format = await ctx.print({ columns, rows, json: { module, menu }, ndjson: rows }, flags);
  if (format === 'table') {
    ctx.reporter.note(
      ctx.reporter.dim(
        `Module ${module} (${module === 'pf' ? 'platform' : 'project'}); ${rows.filter((r) => r.type === 'menuItem').length} pages.`,
      ),
    );
  }
}
