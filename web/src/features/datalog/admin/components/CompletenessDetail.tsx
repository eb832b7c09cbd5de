/**
 * The missing intervals of one meter on one day (datalog.completenessDetail): per point the
 * expected and received readings, its completeness and the missing 15-minute intervals joined
 * into ranges (project time); a link opens /meterEntry for the meter and the day.
 */
import { Button, Empty, Modal, Space, Spin, Table, Typography } from '@douyinfe/semi-ui-19';
import type { Catalogue, EndpointData } from '@eem/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useQueries } from '../../../../app/client';
import { formatDate } from '../../../../app/format';
import { errorMessage } from '../../../../blocks/save-file';
import { useTexts } from '../../../../i18n/texts';
import { adminTexts } from '../texts';
import { completenessLevel, formatCompleteness, LEVEL_BACKGROUND } from './completeness-scale';
import { meterEntryLink } from './day-range';
import { missingRanges } from './missing-ranges';

type DetailRow = EndpointData<Catalogue['datalog']['completenessDetail']>[number];

/** Ranges listed per point before 'and N more'. */
const SHOWN_RANGES = 12;

export interface CompletenessDetailProps {
  nodeId: number;
  nodeName: string;
  start: number;
  end: number;
  timeZone: string;
  onClose: () => void;
}

export function CompletenessDetail({
  nodeId,
  nodeName,
  start,
  end,
  timeZone,
  onClose,
}: CompletenessDetailProps) {
  const t = useTexts(adminTexts);
  const queries = useQueries();
  const navigate = useNavigate();
  const detail = useQuery(
    queries.datalog.completenessDetail({ body: { nodeId, startTime: start, endTime: end } }),
  );
  const time = (ms: number) => formatDate(ms, 'HH:mm', timeZone);
  const day = formatDate(start, 'YYYY-MM-DD', timeZone);

  const columns = [
    {
      title: t('point'),
      dataIndex: 'name',
      width: 180,
      render: (_: unknown, r: DetailRow) => (r.unit ? `${r.name} (${r.unit})` : r.name),
    },
    { title: t('expected'), dataIndex: 'expected', width: 80, align: 'right' as const },
    { title: t('received'), dataIndex: 'received', width: 80, align: 'right' as const },
    {
      title: t('completeness'),
      dataIndex: 'completeness',
      width: 110,
      render: (_: unknown, r: DetailRow) => {
        const value = r.expected > 0 ? (r.received * 100) / r.expected : null;
        return (
          <span className="eem-heat-value" style={{ background: LEVEL_BACKGROUND[completenessLevel(value)] }}>
            {formatCompleteness(value)}
          </span>
        );
      },
    },
    {
      title: t('missing'),
      dataIndex: 'missing',
      render: (_: unknown, r: DetailRow) => {
        const ranges = missingRanges(r.missing);
        if (ranges.length === 0) return <Typography.Text type="tertiary">{t('noMissing')}</Typography.Text>;
        const shown = ranges.slice(0, SHOWN_RANGES).map((m) => `${time(m.start)}–${time(m.end)}`);
        const more = ranges.length - shown.length;
        return (
          <Typography.Text>
            {shown.join(', ')}
            {more > 0 ? ` ${t('moreMissing', { count: more })}` : ''}
          </Typography.Text>
        );
      },
    },
  ];

  return (
    <Modal
      visible
      title={t('detailTitle', { meter: nodeName, day })}
      width={860}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button theme="solid" type="primary" onClick={() => navigate(meterEntryLink(nodeId, start, end))}>
            {t('fillIn')}
          </Button>
        </Space>
      }
    >
      {detail.isPending ? (
        <Spin />
      ) : detail.error ? (
        <Empty description={errorMessage(detail.error, t('noMeters'))} />
      ) : (
        <Table
          size="small"
          rowKey="pointId"
          columns={columns}
          dataSource={detail.data ?? []}
          pagination={false}
          aria-label={t('missing')}
        />
      )}
    </Modal>
  );
}
