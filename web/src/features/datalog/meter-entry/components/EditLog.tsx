/** EditLog: the audit of a point's reading changes (datalog.editLog), newest first, paged by the server. */
import type { Catalogue, EndpointData } from '@eem/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useQueries } from '../../../../app/client';
import { DATE_PATTERNS, formatDate, formatNumber } from '../../../../app/format';
import { type DataColumn, DataTable, FIRST_PAGE, type PageState } from '../../../../blocks/DataTable';
import { useTexts } from '../../../../i18n/texts';
import { entryTexts } from '../texts';

type LogEntry = EndpointData<Catalogue['datalog']['editLog']>['list'][number];

export interface EditLogProps {
  pointId: number;
  decimals: number;
  /** The project's time zone (times as the readings table shows them). */
  timeZone: string;
}

export function EditLog({ pointId, decimals, timeZone }: EditLogProps) {
  const t = useTexts(entryTexts);
  const queries = useQueries();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const log = useQuery(queries.datalog.editLog({ body: { pointId, page } }));
  const columns: DataColumn<LogEntry>[] = [
    {
      key: 'changedAt',
      title: t('changedAt'),
      width: 170,
      render: (e) => formatDate(e.changedAt, DATE_PATTERNS.dateTime, timeZone),
    },
    {
      key: 'time',
      title: t('readingTime'),
      width: 170,
      render: (e) => formatDate(e.time, DATE_PATTERNS.dateTime, timeZone),
    },
    {
      key: 'oldValue',
      title: t('oldValue'),
      align: 'right',
      width: 130,
      render: (e) => formatNumber(e.oldValue, decimals),
    },
    {
      key: 'newValue',
      title: t('newValue'),
      align: 'right',
      width: 130,
      render: (e) => formatNumber(e.newValue, decimals),
    },
    { key: 'userName', title: t('user'), width: 130 },
    { key: 'source', title: t('source'), width: 90, render: (e) => t(`source.${e.source}`) },
    { key: 'reason', title: t('reason') },
  ];
  return (
    <div data-testid="edit-log">
      <DataTable<LogEntry>
        aria-label={t('editLog')}
        columns={columns}
        rows={log.data?.list ?? []}
        rowKey={(e) => e.id}
        loading={log.isPending}
        total={log.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
      />
    </div>
  );
}
