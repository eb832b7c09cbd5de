/**
 * EntryTable: the readings of one point on the 15-minute grid: time, reading (gaps and abnormal
 * steps tagged), change, the server's 15-minute value, and, for users with datalog_update, edit,
 * delete and fill-gap actions.
 */
import { Button, Modal, Space, Tag } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../../app/format';
import { type DataColumn, DataTable } from '../../../../blocks/DataTable';
import { useTexts } from '../../../../i18n/texts';
import type { EntryFlag, EntryRow } from '../reading-checks';
import { entryTexts } from '../texts';

export interface EntryTableProps {
  rows: readonly EntryRow[];
  decimals: number;
  unit: string;
  formatTime: (ms: number) => string;
  /** The server's 15-minute values by bucket start. */
  intervalValues: ReadonlyMap<number, number>;
  canEdit: boolean;
  loading?: boolean;
  /** Whether the gap at a row can be filled (a good reading on both sides). */
  canFill: (row: EntryRow) => boolean;
  onEdit: (row: EntryRow) => void;
  onDelete: (row: EntryRow) => void;
  onFill: (row: EntryRow) => void;
  toolbar?: ReactNode;
}

const FLAG_COLORS: Record<EntryFlag, 'orange' | 'red' | 'amber'> = {
  gap: 'orange',
  falls: 'red',
  jump: 'amber',
};

export function FlagTag({ flag }: { flag: EntryFlag }) {
  const t = useTexts(entryTexts);
  return (
    <Tag size="small" color={FLAG_COLORS[flag]} data-flag={flag}>
      {t(`flag.${flag}`)}
    </Tag>
  );
}

export function EntryTable(props: EntryTableProps) {
  const t = useTexts(entryTexts);
  const { decimals, unit, formatTime, intervalValues } = props;
  const withUnit = (title: string) => (unit ? `${title} (${unit})` : title);
  const columns: DataColumn<EntryRow>[] = [
    { key: 'time', title: t('readingTime'), width: 170, render: (row) => formatTime(row.time) },
    {
      key: 'value',
      title: withUnit(t('reading')),
      align: 'right',
      width: 160,
      render: (row) => formatNumber(row.value, decimals),
    },
    {
      key: 'step',
      title: withUnit(t('step')),
      align: 'right',
      width: 140,
      render: (row) => formatNumber(row.step, decimals),
    },
    {
      key: 'interval',
      title: withUnit(t('intervalValue')),
      align: 'right',
      width: 150,
      render: (row) => formatNumber(intervalValues.get(row.time), decimals),
    },
    {
      key: 'flag',
      title: t('status'),
      width: 100,
      render: (row) => (row.flag ? <FlagTag flag={row.flag} /> : null),
    },
  ];
  if (props.canEdit) {
    columns.push({
      key: 'actions',
      title: t('actions'),
      width: 200,
      render: (row) =>
        row.value === null ? (
          <Button
            size="small"
            theme="borderless"
            disabled={!props.canFill(row)}
            onClick={() => props.onFill(row)}
          >
            {t('fill')}
          </Button>
        ) : (
          <Space spacing={4}>
            <Button size="small" theme="borderless" onClick={() => props.onEdit(row)}>
              {t('edit')}
            </Button>
            <Button
              size="small"
              theme="borderless"
              type="danger"
              onClick={() =>
                Modal.confirm({
                  title: t('delete'),
                  content: t('deleteConfirm', { time: formatTime(row.time) }),
                  okText: t('confirm'),
                  cancelText: t('cancel'),
                  onOk: () => props.onDelete(row),
                })
              }
            >
              {t('delete')}
            </Button>
          </Space>
        ),
    });
  }
  return (
    <div data-testid="entry-table">
      <DataTable<EntryRow>
        aria-label={t('readings')}
        columns={columns}
        rows={props.rows}
        rowKey={(row) => row.time}
        loading={Boolean(props.loading)}
        {...(props.toolbar ? { toolbar: props.toolbar } : {})}
      />
    </div>
  );
}
