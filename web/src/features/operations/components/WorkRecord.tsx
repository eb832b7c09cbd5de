/** What the executor recorded on an order (its draft or submitted work), as the detail shows it. */
import { Descriptions, Table, Typography } from '@douyinfe/semi-ui-19';
import type { WorkOrderDetail } from '@eem/contract';
import type { WorkOrderType } from '@eem/core';
import { useFormat } from '../../../app/format';
import { useTexts } from '../../../i18n/texts';
import { opsTexts } from '../texts';
import { AttachmentList, describe } from './OrderAttachments';

export function WorkRecord({ type, detail }: { type: WorkOrderType; detail: WorkOrderDetail }) {
  const t = useTexts(opsTexts);
  const fmt = useFormat();
  const { work, items, reviewDraft } = detail;
  const recorded = [
    {
      key: t('start'),
      value: work.executetime === null ? '--' : fmt.time(work.executetime, 'YYYY-MM-DD HH:mm'),
    },
    {
      key: t('finish'),
      value: work.finishtime === null ? '--' : fmt.time(work.finishtime, 'YYYY-MM-DD HH:mm'),
    },
    { key: t('result'), value: work.result || '--' },
    ...(type === 'repair' ? [{ key: t('cause'), value: work.cause || '--' }] : []),
  ];
  return (
    <div style={{ width: '100%' }} data-testid="work-record">
      <Typography.Title heading={6}>{t('result')}</Typography.Title>
      <Descriptions data={recorded} />
      {items.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="itemId"
          dataSource={items}
          columns={[
            { title: t('items'), dataIndex: 'name' },
            { title: t('done'), dataIndex: 'done', width: 70, render: (done: boolean) => (done ? '✓' : '') },
            { title: t('reading'), dataIndex: 'reading', width: 100 },
            { title: t('note'), dataIndex: 'note' },
          ]}
        />
      )}
      {work.spareParts.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="partId"
          dataSource={work.spareParts}
          columns={[
            { title: t('partsUsed'), dataIndex: 'name' },
            { title: t('model'), dataIndex: 'model' },
            {
              title: t('quantity'),
              dataIndex: 'quantity',
              align: 'right',
              render: (q: number, p: { unit: string }) => `${q} ${p.unit}`,
            },
          ]}
        />
      )}
      {work.attachments.length > 0 && (
        <>
          <Typography.Title heading={6} style={{ margin: '12px 0 6px' }}>
            {t('attachments')}
          </Typography.Title>
          <AttachmentList files={describe(work.attachments, detail.files)} />
        </>
      )}
      {reviewDraft && (
        <Typography.Text type="tertiary" size="small">
          {t('reviewDraft', {
            by: reviewDraft.savedBy,
            at: fmt.time(reviewDraft.savedAt, 'YYYY-MM-DD HH:mm'),
            comment: reviewDraft.comment,
          })}
        </Typography.Text>
      )}
    </div>
  );
}
