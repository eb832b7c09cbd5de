/** navmenu.json items → Semi Nav items, labelled in the current language. */
import type { MenuItem } from '@eem/core';
import type { Language } from '../i18n/language';

export interface NavItem {
  itemKey: string;
  text: string;
  items?: NavItem[];
}

export function menuNavItems(menu: readonly MenuItem[], language: Language): NavItem[] {
  return menu.map((entry, index) => {
    const text = language === 'zh' ? entry.label : entry.enLabel;
    if (entry.type === 'menuItem') return { itemKey: entry.location ?? `item-${index}`, text };
    const children = [...(entry.subMenuList ?? []), ...(entry.menuItemGroup ?? [])];
    return { itemKey: `group:${entry.enLabel}`, text, items: menuNavItems(children, language) };
  });
}
