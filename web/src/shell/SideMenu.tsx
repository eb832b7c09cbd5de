/**
 * The side menu: plain navigation markup (a <nav> of lists; groups are disclosure buttons, items
 * are links), so it reads right to assistive technology, opens in a new tab on a middle click and
 * is walked with Tab. It scrolls on its own between its head (name and search box) and the
 * collapse footer (wheel, keyboard, touch); only the group of the open screen starts expanded,
 * and that screen's item is scrolled into view; the search box filters items by name in Chinese
 * and English (matching groups open).
 */
import { IconChevronDown, IconChevronRight, IconSearch, IconSidebar } from '@douyinfe/semi-icons';
import { Input } from '@douyinfe/semi-ui-19';
import type { MenuItem } from '@eem/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useMenu } from '../app/menu';
import { useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';
import { allGroups, groupKey, groupsHolding, searchMenu } from './menu-items';
import { shellTexts } from './texts';

function MenuEntries({
  entries,
  depth,
  open,
  onToggle,
  current,
  hidden = false,
}: {
  entries: readonly MenuItem[];
  depth: number;
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
  current: string;
  hidden?: boolean;
}) {
  const { language } = useLanguage();
  return (
    <ul className="eem-menu-list" hidden={hidden}>
      {entries.map((entry, index) => {
        const text = language === 'zh' ? entry.label : entry.enLabel;
        const indent = { paddingLeft: 16 + depth * 16 };
        if (entry.type === 'menuItem') {
          const path = entry.location ?? '';
          const selected = path === current;
          return (
            <li key={path || index}>
              <Link
                to={path}
                className={`eem-menu-item${selected ? ' eem-menu-item-selected' : ''}`}
                style={indent}
                title={text}
                {...(selected ? { 'aria-current': 'page' as const } : {})}
              >
                {text}
              </Link>
            </li>
          );
        }
        const key = groupKey(entry);
        const expanded = open.has(key);
        const children = [...(entry.subMenuList ?? []), ...(entry.menuItemGroup ?? [])];
        return (
          <li key={key}>
            <button
              type="button"
              className="eem-menu-group"
              style={indent}
              aria-expanded={expanded}
              onClick={() => onToggle(key)}
              title={text}
            >
              <span className="eem-menu-group-text">{text}</span>
              {expanded ? <IconChevronDown aria-hidden /> : <IconChevronRight aria-hidden />}
            </button>
            {/* A closed group's items stay in the page, hidden (the menu's text is all there). */}
            <MenuEntries
              entries={children}
              depth={depth + 1}
              open={open}
              onToggle={onToggle}
              current={current}
              hidden={!expanded}
            />
          </li>
        );
      })}
    </ul>
  );
}

export function SideMenu() {
  const { menu } = useMenu();
  const { pathname } = useLocation();
  const t = useTexts(shellTexts);
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState(false);
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const searching = query.trim() !== '';
  const shown = useMemo(() => searchMenu(menu, query), [menu, query]);
  // The open screen's group is expanded when the menu arrives and whenever the screen changes.
  useEffect(() => {
    const holding = groupsHolding(menu, pathname);
    if (holding.length > 0) setOpened((keys) => new Set([...keys, ...holding]));
  }, [menu, pathname]);
  const open = useMemo(() => (searching ? new Set(allGroups(shown)) : opened), [searching, shown, opened]);
  const list = useRef<HTMLDivElement>(null);
  // ... and its item scrolled into view (again once its group has opened).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the groups open
  useEffect(() => {
    if (searching || collapsed || !pathname) return;
    list.current?.querySelector('[aria-current=page]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname, searching, collapsed, opened]);
  const toggle = (key: string) => {
    if (searching) return;
    setOpened((keys) => {
      const next = new Set(keys);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  };

  return (
    <nav className={`eem-side-nav${collapsed ? ' eem-side-nav-collapsed' : ''}`} aria-label={t('menu')}>
      <div className="eem-menu-head">
        <span className="eem-logo" aria-hidden>
          E
        </span>
        {!collapsed && <span className="eem-menu-title">{t('appShort')}</span>}
      </div>
      {!collapsed && (
        <div className="eem-menu-search">
          <Input
            size="small"
            prefix={<IconSearch aria-hidden />}
            showClear
            value={query}
            onChange={setQuery}
            placeholder={t('menuSearch')}
            aria-label={t('menuSearch')}
            data-testid="menu-search"
          />
        </div>
      )}
      <div className="eem-menu-scroll" ref={list} data-testid="menu-scroll">
        {!collapsed && (
          <MenuEntries entries={shown} depth={0} open={open} onToggle={toggle} current={pathname} />
        )}
        {!collapsed && searching && shown.length === 0 && (
          <div className="eem-menu-empty" data-testid="menu-search-empty">
            {t('menuSearchEmpty')}
          </div>
        )}
      </div>
      <div className="eem-menu-footer">
        <button
          type="button"
          className="eem-menu-collapse"
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('expandMenu') : t('collapseMenu')}
          title={collapsed ? t('expandMenu') : t('collapseMenu')}
          onClick={() => setCollapsed((c) => !c)}
        >
          <IconSidebar aria-hidden />
          {!collapsed && <span>{t('collapseMenu')}</span>}
        </button>
      </div>
    </nav>
  );
}
