/**
 * The side menu's model over navmenu.json items: the search (by name in either language), the
 * groups that hold a route (opened on load) and every group (a search opens them all).
 */
import type { MenuItem } from '@eem/core';

/** The key of a group of the menu (its English name). */
export const groupKey = (entry: MenuItem): string => `group:${entry.enLabel}`;
/** A group's items and nested groups, in order. */
export const childrenOf = (entry: MenuItem): MenuItem[] => [
  ...(entry.subMenuList ?? []),
  ...(entry.menuItemGroup ?? []),
];

/** Folds case and width so "energy", "Energy" and full-width letters match alike. */
function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

/**
 * The items whose Chinese or English name contains `query` (trimmed, any case); a group whose
 * name matches keeps all its items, other groups keep their matching items and are dropped
 * when none is left. An empty query keeps the menu as it is.
 */
export function searchMenu(menu: readonly MenuItem[], query: string): MenuItem[] {
  const q = fold(query.trim());
  if (q === '') return [...menu];
  const matches = (entry: MenuItem) => fold(entry.label).includes(q) || fold(entry.enLabel).includes(q);
  const out: MenuItem[] = [];
  for (const entry of menu) {
    if (entry.type === 'menuItem') {
      if (matches(entry)) out.push(entry);
      continue;
    }
    if (matches(entry)) {
      out.push(entry);
      continue;
    }
    const sub = entry.subMenuList ? searchMenu(entry.subMenuList, query) : undefined;
    const group = entry.menuItemGroup ? searchMenu(entry.menuItemGroup, query) : undefined;
    if ((sub?.length ?? 0) + (group?.length ?? 0) === 0) continue;
    out.push({ ...entry, ...(sub ? { subMenuList: sub } : {}), ...(group ? { menuItemGroup: group } : {}) });
  }
  return out;
}

/** The keys of the groups on the way to `path` (outermost first); none when it is not in the menu. */
export function groupsHolding(menu: readonly MenuItem[], path: string): string[] {
  for (const entry of menu) {
    if (entry.type === 'menuItem') continue;
    const children = childrenOf(entry);
    if (children.some((c) => c.location === path)) return [groupKey(entry)];
    const inner = groupsHolding(children, path);
    if (inner.length > 0) return [groupKey(entry), ...inner];
  }
  return [];
}

/** Every group key of a menu (a search opens them all). */
export function allGroups(menu: readonly MenuItem[]): string[] {
  return menu.flatMap((entry) =>
    entry.type === 'menuItem' ? [] : [groupKey(entry), ...allGroups(childrenOf(entry))],
  );
}
