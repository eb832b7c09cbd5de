/**
 * DataTable: a paged table (page index 0, limit 50, sizes 50/100), 'no data' when empty, an
 * optional summary row (total/max/min/avg of numeric columns) and an Export button that
 * downloads through the SDK (filename from content-disposition; failure shows the server's
 * msg or 'abnormal export file'). Wide tables scroll sideways with the first column and the
 * fixed Actions column in place, long texts wrap (or, with `ellipsis`, show a tooltip), and
 * a column picker keeps the user's choice per screen (table-layout.tsx).
 */
import { IconDownload } from '@douyinfe/semi-icons';
import { Button, Empty, Table, Toast } from '@douyinfe/semi-ui-19';
import { DEFAULT_PAGE } from '@eem/core';
import type { Client, DownloadResult } from '@eem/sdk';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useClient } from '../app/client';
import { formatNumber, useFormat } from '../app/format';
import { useTexts } from '../i18n/texts';
import { Pagination } from './named-pickers';
import { downloadErrorMessage, saveDownload } from './save-file';
import {
  ColumnPicker,
  hideableColumns,
  layColumns,
  PICKER_FROM,
  useBoxWidth,
  useHiddenColumns,
} from './table-layout';
import { columnNumbers, SUMMARY_KINDS, type SummaryKind, summarize } from './table-summary';
import { blockTexts } from './texts';

export type { SummaryKind };

export const PAGE_SIZES = [50, 100] as const;

export interface PageState {
  index: number;
  limit: number;
}

export const FIRST_PAGE: PageState = { index: DEFAULT_PAGE.index, limit: DEFAULT_PAGE.limit };

export interface DataColumn<R> {
  /** The field shown (and summarised). */
  key: string;
  title: ReactNode;
  render?: (row: R, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  fixed?: 'left' | 'right';
  /** One line cut with '…', the whole text in a tooltip (long descriptions); else texts wrap. */
  ellipsis?: boolean;
}

export interface SummaryOptions {
  /** The numeric columns to summarise. */
  columns: readonly string[];
  kinds?: readonly SummaryKind[];
  decimals?: number;
}

export interface DataTableProps<R> {
  columns: readonly DataColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  loading?: boolean;
  /**
   * Server paging: the total and the page shown (index from 0). Without them the table pages
   * its rows itself.
   */
  total?: number;
  page?: PageState;
  onPageChange?: (page: PageState) => void;
  summary?: SummaryOptions;
  /** Export: runs a download with the console's client (e.g. `(c) => c.logs.exportOperationLog.download(input)`). */
  exporter?: (client: Client) => Promise<DownloadResult>;
  /** Content placed left of the Export button. */
  toolbar?: ReactNode;
  /** Batch selection (CrudLedger). */
  selectedKeys?: readonly (string | number)[];
  /** The ticked rows' keys (as text). */
  onSelect?: (keys: string[]) => void;
  /** Fixed body height with scrolling. */
  scrollY?: number;
  /** Tells apart two tables of one screen for the column picker (default 'table'). */
  tableId?: string;
  /** No column picker (small tables inside dialogs). */
  noColumnPicker?: boolean;
  'aria-label'?: string;
}

type SummaryRow = { __summary: SummaryKind };
type Row<R> = R | SummaryRow;

function isSummary<R>(row: Row<R>): row is SummaryRow {
  return typeof row === 'object' && row !== null && '__summary' in row;
}

export function DataTable<R extends object>(props: DataTableProps<R>) {
  const t = useTexts(blockTexts);
  const fmt = useFormat();
  const client = useClient();
  const { columns, rows, rowKey, loading, summary, exporter, toolbar } = props;
  const [localPage, setLocalPage] = useState<PageState>(FIRST_PAGE);
  const [box, boxWidth] = useBoxWidth();
  const [hidden, setHidden] = useHiddenColumns(props.tableId ?? 'table');
  const picker =
    !props.noColumnPicker && hideableColumns(columns).length >= PICKER_FROM ? (
      <ColumnPicker columns={columns} hidden={hidden} onChange={setHidden} />
    ) : null;
  // Ticks take 48 px beside the columns.
  const laid = layColumns(columns, hidden, boxWidth, props.onSelect ? 48 : 0);
  const serverPaged = props.total !== undefined;
  const page = props.page ?? localPage;
  const total = props.total ?? rows.length;
  const shown = serverPaged ? rows : rows.slice(page.index * page.limit, (page.index + 1) * page.limit);

  const rowCount = fmt.count(total, { one: t('totalRows.one', { total }), other: t('totalRows', { total }) });

  const setPage = (next: PageState) => {
    if (props.onPageChange) props.onPageChange(next);
    if (!props.page) setLocalPage(next);
  };

  const summaryValues = useMemo(() => {
    if (!summary || rows.length === 0) return null;
    const records = rows as readonly Record<string, unknown>[];
    const kinds = summary.kinds ?? SUMMARY_KINDS;
    return kinds.map((kind) => ({
      kind,
      values: Object.fromEntries(
        summary.columns.map((c) => [c, summarize(columnNumbers(records, c), kind)] as const),
      ),
    }));
  }, [summary, rows]);

  const dataSource: Row<R>[] = [
    ...shown,
    ...(summaryValues ?? []).map((s): SummaryRow => ({ __summary: s.kind })),
  ];

  const semiColumns = laid.columns.map((column, columnIndex) => ({
    title: column.title,
    dataIndex: column.key,
    key: column.key,
    ...(column.width === undefined ? {} : { width: column.width }),
    ...(column.align ? { align: column.align } : {}),
    ...(column.fixed ? { fixed: column.fixed } : {}),
    ...(column.ellipsis ? { ellipsis: { showTitle: true } } : {}),
    render: (_: unknown, row: Row<R>, index: number): ReactNode => {
      if (isSummary(row)) {
        if (columnIndex === 0) return <strong>{t(row.__summary)}</strong>;
        const values = summaryValues?.find((s) => s.kind === row.__summary)?.values;
        if (!values || !(column.key in values)) return null;
        return <strong>{formatNumber(values[column.key], summary?.decimals ?? 2)}</strong>;
      }
      if (column.render) return column.render(row, index);
      const value = (row as Record<string, unknown>)[column.key];
      return value === null || value === undefined || value === '' ? '--' : String(value);
    },
  }));

  // Wide tables scroll sideways instead of squeezing (columns without a width count 160 px);
  // narrower ones fill their container.
  const scrollX = laid.scrollX;

  // A download changes nothing shown: the mutation is only its pending state.
  const exporting = useMutation({
    mutationFn: async () => (exporter ? saveDownload(await exporter(client)) : ''),
    onSuccess: (name) => Toast.success(t('exported', { name })),
    onError: (error) => Toast.error(downloadErrorMessage(error)),
  });

  const keyOf = (row?: Row<R>): string =>
    row === undefined ? '' : isSummary(row) ? `__summary_${row.__summary}` : String(rowKey(row));
  const selection = props.onSelect
    ? {
        selectedRowKeys: (props.selectedKeys ?? []).map(String),
        onChange: (keys?: (string | number)[]) =>
          props.onSelect?.((keys ?? []).map(String).filter((k) => !k.startsWith('__summary_'))),
        getCheckboxProps: (row: Row<R>) => ({ disabled: isSummary(row) }),
        // The ticks stay with the fixed first column.
        ...(laid.overflows ? { fixed: true } : {}),
      }
    : undefined;

  return (
    <div className="eem-data-table" ref={box}>
      {(toolbar || exporter || picker) && (
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginBottom: 8 }}>
          {toolbar}
          {picker}
          {exporter && (
            <Button
              icon={<IconDownload />}
              loading={exporting.isPending}
              disabled={loading}
              onClick={() => exporting.mutate()}
            >
              {t('export')}
            </Button>
          )}
        </div>
      )}
      <Table<Row<R>>
        aria-label={props['aria-label']}
        columns={semiColumns}
        dataSource={dataSource}
        rowKey={keyOf}
        loading={Boolean(loading)}
        pagination={false}
        empty={<Empty description={t('noData')} />}
        size="small"
        {...(selection ? { rowSelection: selection } : {})}
        scroll={{ x: scrollX, ...(props.scrollY ? { y: props.scrollY } : {}) }}
      />
      {total > 0 && (total > PAGE_SIZES[0] || page.index > 0) ? (
        <div
          style={{
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 12,
            marginTop: 12,
          }}
        >
          <span>{rowCount}</span>
          <Pagination
            total={total}
            currentPage={page.index + 1}
            pageSize={page.limit}
            pageSizeOpts={[...PAGE_SIZES]}
            showSizeChanger
            onChange={(current, size) =>
              setPage(size !== page.limit ? { index: 0, limit: size } : { index: current - 1, limit: size })
            }
          />
        </div>
      ) : total > 0 ? (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
          <span>{rowCount}</span>
        </div>
      ) : null}
    </div>
  );
}
