/**
 * The stored monthly results of a scheme (share.results), in a side sheet: the last 6 months
 * of the project's calendar, per month the amount apportioned, its parts (one per effective
 * period in the month) and what each node received with its share, so each figure can be
 * redone by hand (the lines add up to the amount).
 */
import { Empty, SideSheet, Space, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import { addMonth } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatDate, useTimeZone } from '../../../app/format';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointQuery } from '../../../blocks/data';
import { useTexts } from '../../../i18n/texts';
import { energy, LoadFailed, shareColumn } from '../common';
import { lossTexts } from '../texts';

export interface ResultsOf {
  type: 'share' | 'public' | 'loss';
  schemeId: number;
  name: string;
}

export function ResultsSheet({
  of,
  onClose,
  methodLabel,
}: {
  of: ResultsOf | null;
  onClose: () => void;
  methodLabel: (m: string) => string;
}) {
  const t = useTexts(lossTexts);
  return (
    <SideSheet
      visible={of !== null}
      onCancel={onClose}
      title={of ? t('resultsOf', { name: of.name }) : ''}
      width={760}
      data-testid="results-sheet"
    >
      {of && <Results of={of} methodLabel={methodLabel} />}
    </SideSheet>
  );
}

function Results({ of, methodLabel }: { of: ResultsOf; methodLabel: (m: string) => string }) {
  const t = useTexts(lossTexts);
  const { timeZone } = useTimeZone();
  const endMonth = formatDate(Date.now(), 'YYYY-MM', timeZone);
  const query = useEndpointQuery(endpointKey('share', 'results'), {
    body: { type: of.type, schemeId: of.schemeId, startMonth: addMonth(endMonth, -5), endMonth },
  });
  const result = query.data?.results[0];
  const rows = useMemo(
    () =>
      [...(result?.months ?? [])]
        .reverse()
        .flatMap((m) =>
          m.lines.map((l) => ({ key: `${m.month}-${l.node.modelLabel}-${l.node.id}`, month: m.month, ...l })),
        ),
    [result],
  );
  if (query.isError) return <LoadFailed error={query.error} />;
  if (query.isPending) return <Spin />;
  if (!result || result.months.length === 0) return <Empty description={t('noResults')} />;
  type Row = (typeof rows)[number];
  const zone = query.data?.timeZone ?? timeZone;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      {[...result.months].reverse().map((m) => (
        <div key={m.month} data-month={m.month} data-total={m.total}>
          <Typography.Text strong>{m.month}</Typography.Text>{' '}
          <Typography.Text>
            {t('sourceAmount')} {energy(m.sourceAmount)} {result.unit} · {t('total')} {energy(m.total)}{' '}
            {result.unit}
          </Typography.Text>{' '}
          <Typography.Text type="tertiary" size="small">
            {t('computedAt', { time: formatDate(m.computedAt, 'YYYY-MM-DD HH:mm', zone) })}
          </Typography.Text>
          <div>
            {m.parts.map((p) => (
              <Tag key={p.from} size="small" style={{ marginRight: 4 }}>
                {`${formatDate(p.from, 'MM-DD', zone)} ~ ${formatDate(p.to - 1, 'MM-DD', zone)} · ${methodLabel(p.method)} · ${energy(p.amount)}`}
              </Tag>
            ))}
          </div>
        </div>
      ))}
      <div style={{ width: '100%' }}>
        <DataTable<Row>
          aria-label={t('results')}
          noColumnPicker
          rows={rows}
          rowKey={(r) => r.key}
          columns={[
            { key: 'month', title: t('month'), width: 90 },
            { key: 'node', title: t('targets'), width: 260, render: (r) => r.node.path || r.node.name },
            {
              key: 'amount',
              title: `${t('amount')} (${result.unit})`,
              align: 'right',
              render: (r) => energy(r.amount),
            },
            shareColumn<Row>(t('share')),
          ]}
          summary={{ columns: ['amount'], kinds: ['total'] }}
        />
      </div>
    </Space>
  );
}
