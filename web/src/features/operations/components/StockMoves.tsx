/** The stock-in and stock-out records, newest first, paged by the server; times in the project's zone. */
import { Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useFormat } from '../../../app/format';
import { errorMessage } from '../../../app/query-client';
import { DataTable, FIRST_PAGE } from '../../../blocks/DataTable';
import { useEndpointQuery } from '../../../blocks/data';
import type { OpsT } from '../texts';
import { orderHref } from './orderHref';

export function StockMoves({ t }: { t: OpsT }) {
  const fmt = useFormat();
  const [page, setPage] = useState(FIRST_PAGE);
  const moves = useEndpointQuery(
    endpointKey('devices', 'stockMoves'),
    { body: { page } },
    { keepPrevious: true },
  );
  if (moves.isError) return <Typography.Text type="danger">{errorMessage(moves.error)}</Typography.Text>;
  return (
    <DataTable
      aria-label={t('stockMoves')}
      rows={moves.data?.list ?? []}
      total={moves.data?.total ?? 0}
      page={page}
      onPageChange={setPage}
      loading={moves.isFetching}
      rowKey={(m) => m.id}
      columns={[
        { key: 'time', title: t('time'), width: 170, render: (m) => fmt.time(m.time) },
        { key: 'part', title: t('part'), width: 220, render: (m) => `${m.partName} ${m.partModel}`.trim() },
        { key: 'kind', title: t('moveKind'), width: 90, render: (m) => m.kindName },
        { key: 'quantity', title: t('quantity'), width: 90, align: 'right' },
        { key: 'stockAfter', title: t('stockAfter'), width: 90, align: 'right' },
        { key: 'device', title: t('device'), width: 180, render: (m) => m.deviceName || '--' },
        {
          key: 'order',
          title: t('order'),
          width: 150,
          render: (m) => {
            const href = m.orderCode ? orderHref(m.orderCode) : null;
            return href ? <Link to={href}>{m.orderCode}</Link> : (m.orderCode ?? '--');
          },
        },
        { key: 'by', title: t('by'), width: 110, render: (m) => m.userName || '--' },
        { key: 'note', title: t('note'), width: 180, render: (m) => m.note || '--' },
      ]}
    />
  );
}
