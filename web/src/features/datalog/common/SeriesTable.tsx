/**
 * SeriesTable: the readings of a trend as a table, time plus one column per point (its label
 * and unit), paged in the browser, with max, min and avg rows per column.
 */
import type { DatalogSeries } from '@eem/contract';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../app/format';
import { type DataColumn, DataTable } from '../../../blocks/DataTable';
import { useTexts } from '../../../i18n/texts';
import { pointKey, type SeriesRow, seriesRows } from './series-table';
import { datalogTexts } from './texts';

export interface SeriesTableProps {
  series: readonly DatalogSeries[];
  labels: ReadonlyMap<number, string>;
  formatTime: (ms: number) => string;
  loading?: boolean;
  toolbar?: ReactNode;
}

export function SeriesTable({ series, labels, formatTime, loading, toolbar }: SeriesTableProps) {
  const t = useTexts(datalogTexts);
  const rows = seriesRows(series);
  const columns: DataColumn<SeriesRow>[] = [
    { key: 'time', title: t('time'), width: 170, fixed: 'left', render: (row) => formatTime(row.time) },
    ...series.map(
      (s): DataColumn<SeriesRow> => ({
        key: pointKey(s.pointId),
        title: s.unit ? `${labels.get(s.pointId) ?? s.name} (${s.unit})` : (labels.get(s.pointId) ?? s.name),
        align: 'right',
        width: 180,
        render: (row) => formatNumber(row[pointKey(s.pointId)], s.decimals),
      }),
    ),
  ];
  return (
    <div data-testid="series-table">
      <DataTable<SeriesRow>
        aria-label={t('table')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.time}
        loading={Boolean(loading)}
        summary={{ columns: series.map((s) => pointKey(s.pointId)), kinds: ['max', 'min', 'avg'] }}
        {...(toolbar ? { toolbar } : {})}
      />
    </div>
  );
}
