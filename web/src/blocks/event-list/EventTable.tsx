/**
 * The EventList's table: level chip, time, node, type, description, the screen's extra columns,
 * status and who confirmed when, and the row actions; ticks for batch confirm (confirmed rows
 * cannot be ticked); a row click opens it when the screen has a detail pane (the open row is
 * marked). The pager: pages of 50 or 100 with the total, or previous/next when the call does not
 * count.
 */
import { Button, Empty, Space, Table } from '@douyinfe/semi-ui-19';
import type { EventItem } from '@eem/contract';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n/texts';
import type { DataColumn } from '../DataTable';
import { Pagination } from '../named-pickers';
import { layColumns, useBoxWidth } from '../table-layout';
import { isConfirmable } from './confirm-model';
import { useEventColumns } from './event-columns';
import type { EventPageState } from './event-filter-model';
import { eventListTexts } from './texts';

export const EVENT_PAGE_SIZES = [50, 100] as const;

/** A column a screen adds after the description. */
export interface EventColumn {
  key: string;
  title: ReactNode;
  render: (event: EventItem) => ReactNode;
  width?: number;
  align?: 'left' | 'center' | 'right';
}

export interface EventColumnOptions {
  extraColumns: readonly EventColumn[];
  actions: (event: EventItem) => ReactNode;
  actionsWidth: number;
  /** Fewer columns (beside a detail pane): the type goes above the description; no confirmed-by. */
  compact?: boolean;
}

/**
 * The event table's columns: level, time, node, type, description, the screen's extra columns,
 * status, confirmed-by and the fixed row actions (the column picker lists them too).
 */
export function useEventTableColumns(options: EventColumnOptions): DataColumn<EventItem>[] {
  const t = useTexts(eventListTexts);
  const shared = useEventColumns();
  const compact = Boolean(options.compact);
  return [
    shared.level,
    shared.time,
    shared.node,
    ...(compact ? [shared.typeAndDescription] : [shared.type, shared.description]),
    ...options.extraColumns,
    shared.status,
    ...(compact ? [] : [shared.confirmedBy]),
    {
      key: '__actions',
      title: t('actions'),
      width: options.actionsWidth,
      fixed: 'right',
      render: (e: EventItem) => (
        // Buttons act on their own; a click on them does not open the row.
        // biome-ignore lint/a11y/noStaticElementInteractions: stops the row click only
        // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside take the keys
        <span onClick={(click) => click.stopPropagation()}>{options.actions(e)}</span>
      ),
    },
  ];
}

export interface EventTableProps {
  rows: readonly EventItem[];
  loading: boolean;
  /** From useEventTableColumns. */
  columns: readonly DataColumn<EventItem>[];
  /** Columns the user has hidden (column picker). */
  hidden?: ReadonlySet<string>;
  /** Ticks (batch confirm); absent: no ticks. */
  selected?: readonly number[];
  onSelect?: (ids: number[]) => void;
  activeId?: number | null;
  onRowClick?: (event: EventItem) => void;
  page: EventPageState;
  total: number | null;
  hasMore: boolean;
  onPage: (page: EventPageState) => void;
  /** No pager (a single event from a notice). */
  pager: boolean;
  'aria-label'?: string;
}

export function EventTable(props: EventTableProps) {
  const t = useTexts(eventListTexts);
  const { rows, page, total } = props;

  const [box, boxWidth] = useBoxWidth();
  // Wide: sideways scrolling with the ticks, the level and the actions in place.
  const laid = layColumns(props.columns, props.hidden ?? new Set(), boxWidth, props.onSelect ? 48 : 0);
  const columns = laid.columns.map((c) => ({
    title: c.title,
    dataIndex: c.key,
    ...(c.width === undefined ? {} : { width: c.width }),
    ...(c.align ? { align: c.align } : {}),
    ...(c.fixed ? { fixed: c.fixed } : {}),
    render: (_: unknown, e: EventItem, index: number) =>
      c.render ? c.render(e, index) : ((e as unknown as Record<string, ReactNode>)[c.key] ?? '--'),
  }));

  const selection = props.onSelect
    ? {
        selectedRowKeys: (props.selected ?? []).map(String),
        onChange: (keys?: (string | number)[]) => props.onSelect?.((keys ?? []).map(Number)),
        getCheckboxProps: (e: EventItem) => ({ disabled: !isConfirmable(e) }),
        fixed: true,
      }
    : undefined;

  return (
    <div className="eem-event-table" ref={box}>
      <Table<EventItem>
        aria-label={props['aria-label']}
        columns={columns}
        dataSource={[...rows]}
        rowKey={(e?: EventItem) => String(e?.id ?? '')}
        loading={props.loading}
        pagination={false}
        size="small"
        empty={<Empty description={t('noData')} />}
        scroll={{ x: laid.scrollX }}
        {...(selection ? { rowSelection: selection } : {})}
        onRow={(e?: EventItem) => ({
          'data-event-id': e?.id,
          'data-active': e !== undefined && e.id === props.activeId ? 'true' : undefined,
          style: {
            ...(props.onRowClick ? { cursor: 'pointer' } : {}),
            ...(e && e.id === props.activeId
              ? { background: 'var(--semi-color-primary-light-default)' }
              : {}),
          },
          onClick: () => {
            if (e && props.onRowClick) props.onRowClick(e);
          },
        })}
      />
      {props.pager && <Pager {...props} total={total} page={page} />}
    </div>
  );
}

function Pager({
  page,
  total,
  hasMore,
  rows,
  onPage,
}: Pick<EventTableProps, 'page' | 'total' | 'hasMore' | 'rows' | 'onPage'>) {
  const t = useTexts(eventListTexts);
  const bar = { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 12, marginTop: 12 };
  if (total === null) {
    if (page.index === 0 && !hasMore) return null;
    return (
      <div style={bar} data-testid="event-pager">
        <span>{t('page', { page: page.index + 1 })}</span>
        <Space spacing={8}>
          <Button disabled={page.index === 0} onClick={() => onPage({ ...page, index: page.index - 1 })}>
            {t('previous')}
          </Button>
          <Button disabled={!hasMore} onClick={() => onPage({ ...page, index: page.index + 1 })}>
            {t('next')}
          </Button>
        </Space>
      </div>
    );
  }
  if (total === 0 && rows.length === 0) return null;
  return (
    <div style={bar} data-testid="event-pager">
      <span>{t('totalRows', { total })}</span>
      {total > EVENT_PAGE_SIZES[0] && (
        <Pagination
          total={total}
          currentPage={page.index + 1}
          pageSize={page.limit}
          pageSizeOpts={[...EVENT_PAGE_SIZES]}
          showSizeChanger
          onChange={(current, size) =>
            onPage(size !== page.limit ? { index: 0, limit: size } : { index: current - 1, limit: size })
          }
        />
      )}
    </div>
  );
}
