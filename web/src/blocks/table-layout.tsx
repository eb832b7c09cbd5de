/**
 * How every wide table of the console stays usable at 1440 px (used by DataTable and the event
 * list's table): it scrolls sideways with a visible bar instead of squeezing, the first column
 * and the fixed Actions column stay in place while it scrolls, and a column picker lets the user
 * hide columns, kept per user and screen in this browser. Columns the user cannot hide: the
 * first one and fixed ones (row actions).
 */
import { IconColumnsStroked } from '@douyinfe/semi-icons';
import { Button, Checkbox, Dropdown, Tooltip } from '@douyinfe/semi-ui-19';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../app/session';
import { useTexts } from '../i18n/texts';
import { blockTexts } from './texts';
import './table-layout.css';

export interface LaidOutColumn {
  key: string;
  title: ReactNode;
  width?: number | string;
  fixed?: 'left' | 'right' | boolean;
}

/** The width a column without one is given when the table's width is reckoned. */
export const DEFAULT_COLUMN_WIDTH = 160;
/** A table offers the column picker from this many columns a user could hide. */
export const PICKER_FROM = 4;

const STORAGE_PREFIX = 'eem_table_columns';

/** The storage key of the hidden columns of one table, for one user on one screen. */
export function columnStorageKey(userId: number, screen: string, tableId: string): string {
  return `${STORAGE_PREFIX}:${userId}:${screen}:${tableId}`;
}

function readHidden(key: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, 200) : [];
  } catch {
    return [];
  }
}

function writeHidden(key: string, hidden: readonly string[]): void {
  try {
    if (hidden.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(hidden));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

const widthOf = (c: LaidOutColumn) => (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH);

/** Columns the user may hide: all but the first and the fixed ones. */
export function hideableColumns<C extends LaidOutColumn>(columns: readonly C[]): C[] {
  return columns.filter((c, index) => index > 0 && !c.fixed);
}

/**
 * The columns shown (without the hidden ones; the first one fixed on the left when the table is
 * wider than its box) and the width the table scrolls over.
 */
export function layColumns<C extends LaidOutColumn>(
  columns: readonly C[],
  hidden: ReadonlySet<string>,
  boxWidth: number,
  extraWidth = 0,
): { columns: C[]; scrollX: number; overflows: boolean } {
  const shown = columns.filter((c, index) => index === 0 || c.fixed || !hidden.has(c.key));
  const wanted = shown.reduce((sum, c) => sum + widthOf(c), extraWidth);
  const overflows = boxWidth > 0 && wanted > boxWidth;
  const laid = shown.map((c, index) =>
    index === 0 && overflows && !c.fixed ? { ...c, fixed: 'left' as const, width: widthOf(c) } : c,
  );
  return { columns: laid, scrollX: Math.max(wanted, Math.floor(boxWidth) - 2), overflows };
}

/** The width of an element, followed as it changes. */
export function useBoxWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}

/** The hidden columns of a table, kept per user and screen. */
export function useHiddenColumns(tableId: string): [ReadonlySet<string>, (keys: string[]) => void] {
  const { user } = useSession();
  const { pathname } = useLocation();
  const key = columnStorageKey(user?.id ?? 0, pathname, tableId);
  const [hidden, setHiddenState] = useState<string[]>(() => readHidden(key));
  const [loadedKey, setLoadedKey] = useState(key);
  if (loadedKey !== key) {
    setLoadedKey(key);
    setHiddenState(readHidden(key));
  }
  const set = useCallback(
    (keys: string[]) => {
      setHiddenState(keys);
      writeHidden(key, keys);
    },
    [key],
  );
  return [useMemo(() => new Set(hidden), [hidden]), set];
}

/** The "Columns" button: ticks for the columns the user may hide. */
export function ColumnPicker({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly LaidOutColumn[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: string[]) => void;
}) {
  const t = useTexts(blockTexts);
  const choices = hideableColumns(columns);
  const hiddenCount = choices.filter((c) => hidden.has(c.key)).length;
  const toggle = (key: string, show: boolean) =>
    onChange(choices.map((c) => c.key).filter((k) => (k === key ? !show : hidden.has(k))));
  const menu = (
    <div className="eem-column-picker" data-testid="column-picker">
      {choices.map((c) => (
        <div key={c.key} className="eem-column-picker-item">
          <Checkbox checked={!hidden.has(c.key)} onChange={(e) => toggle(c.key, Boolean(e.target.checked))}>
            {c.title}
          </Checkbox>
        </div>
      ))}
      <div className="eem-column-picker-footer">
        <Button size="small" theme="borderless" disabled={hiddenCount === 0} onClick={() => onChange([])}>
          {t('showAllColumns')}
        </Button>
      </div>
    </div>
  );
  return (
    <Dropdown trigger="click" position="bottomRight" render={menu} clickToHide={false}>
      <span>
        <Tooltip content={t('chooseColumns')}>
          <Button
            icon={<IconColumnsStroked />}
            data-testid="column-picker-button"
            aria-label={t('chooseColumns')}
          >
            {hiddenCount > 0 ? t('columnsHidden', { count: hiddenCount }) : t('columns')}
          </Button>
        </Tooltip>
      </span>
    </Dropdown>
  );
}
