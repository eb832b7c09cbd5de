/**
 * An accounting scheme's results of a month (cost.results), shared by /costaccounting and the
 * preview of /accountingscheme: the totals as cards, a row per accounting object (energy per
 * type, energy charge, basic charge, PF adjustment, other fees, apportioned in and out,
 * total) with a summary row, and the drill-down of one object into its fee components
 * (per energy type: each component's quantity × price = amount, where the cost came from).
 */
import { Button, Card, Modal, Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { ObjectCost } from '@eem/contract';
import { useState } from 'react';
import { formatNumber, useFormat } from '../../../app/format';
import { Cards } from '../../../blocks/analysis/AnalysisResult';
import { type DataColumn, DataTable } from '../../../blocks/DataTable';
import type { RefData } from '../../../blocks/data';
import { useTexts } from '../../../i18n/texts';
import { MoneyTotal, moneyColumn } from '../common';
import { money, priceText } from '../cost-model';
import { costTexts } from '../texts';

export type CostResultsData = RefData<readonly ['cost', 'results']>;

function energyText(row: ObjectCost): string {
  const parts = row.energies
    .filter((e) => e.quantity !== null)
    .map((e) => `${e.energyTypeName} ${formatNumber(e.quantity)} ${e.unit}`);
  return parts.length ? parts.join('; ') : '--';
}

/** The fee components of one object in a dialog. */
function Components({ row, month, onClose }: { row: ObjectCost; month: string; onClose: () => void }) {
  const t = useTexts(costTexts);
  type Line = ObjectCost['energies'][number]['components'][number] & { key: string; energy: string };
  const lines: Line[] = [
    ...row.energies.flatMap((e) =>
      e.components.map((c, i) => ({ ...c, key: `${e.energyType}-${i}`, energy: e.energyTypeName })),
    ),
    ...row.otherFees.map((f, i) => ({
      key: `other-${i}`,
      energy: t('fee_other'),
      code: 'other',
      name: f.name,
      quantity: null,
      unit: '',
      price: null,
      amount: f.amount,
    })),
    ...(row.apportionedIn || row.apportionedOut
      ? [
          {
            key: 'in',
            energy: t('fee_apportion'),
            code: 'in',
            name: t('apportionedIn'),
            quantity: null,
            unit: '',
            price: null,
            amount: row.apportionedIn,
          },
          {
            key: 'out',
            energy: t('fee_apportion'),
            code: 'out',
            name: t('apportionedOut'),
            quantity: null,
            unit: '',
            price: null,
            amount: -row.apportionedOut,
          },
        ]
      : []),
  ];
  return (
    <Modal
      visible
      title={t('componentsOf', { name: row.node.name, month })}
      onCancel={onClose}
      footer={null}
      width={900}
    >
      <Space vertical align="start" spacing={8} style={{ width: '100%' }} data-testid="cost-components">
        <Space wrap>
          {row.energies.map((e) => (
            <Tag
              key={e.energyType}
              color={e.source === 'bill' ? 'blue' : e.source === 'rate' ? 'green' : 'grey'}
            >
              {`${e.energyTypeName} · ${t(`source_${e.source}`)}${e.rate ? ` · ${e.rate.name}` : ''}`}
            </Tag>
          ))}
        </Space>
        <DataTable<Line>
          aria-label={t('components')}
          noColumnPicker
          rows={lines}
          rowKey={(l) => l.key}
          columns={[
            { key: 'energy', title: t('energyType'), width: 110 },
            { key: 'name', title: t('component'), width: 200 },
            {
              key: 'quantity',
              title: t('quantity'),
              align: 'right',
              render: (l) => (l.quantity === null ? '--' : `${formatNumber(l.quantity)} ${l.unit}`),
            },
            { key: 'price', title: t('price'), align: 'right', render: (l) => priceText(l.price) },
            moneyColumn<Line>('amount', t('amount'), (l) => l.amount),
          ]}
        />
        <Typography.Text strong data-testid="components-total" data-total={row.total}>
          {`${t('total')}: ${money(row.total)}`}
        </Typography.Text>
      </Space>
    </Modal>
  );
}

export function CostResults({ data }: { data: CostResultsData }) {
  const t = useTexts(costTexts);
  const fmt = useFormat();
  const [drill, setDrill] = useState<ObjectCost | null>(null);
  const month =
    data.months.length > 1 ? `${data.months[0]} ~ ${data.months[data.months.length - 1]}` : data.month;
  const columns: DataColumn<ObjectCost>[] = [
    { key: 'node', title: t('object'), width: 200, fixed: 'left', render: (r) => r.node.path || r.node.name },
    { key: 'energy', title: t('energy'), width: 220, render: energyText },
    moneyColumn<ObjectCost>('energyCharge', t('energyCharge'), (r) => r.energyCharge),
    moneyColumn<ObjectCost>('basicCharge', t('basicCharge'), (r) => r.basicCharge),
    moneyColumn<ObjectCost>('pfAdjustment', t('pfAdjustment'), (r) => r.pfAdjustment),
    moneyColumn<ObjectCost>('otherFeesTotal', t('otherFees'), (r) => r.otherFeesTotal),
    moneyColumn<ObjectCost>('apportionedIn', t('apportionedIn'), (r) => r.apportionedIn),
    moneyColumn<ObjectCost>('apportionedOut', t('apportionedOut'), (r) => r.apportionedOut),
    // The total stays in sight beside the actions when the table scrolls sideways.
    { ...moneyColumn<ObjectCost>('total', t('cost'), (r) => r.total, 130), fixed: 'right' },
    {
      key: 'actions',
      title: '',
      width: 90,
      fixed: 'right',
      render: (r) => (
        <Button size="small" theme="borderless" onClick={() => setDrill(r)}>
          {t('detail')}
        </Button>
      ),
    },
  ];
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <div style={{ width: '100%' }}>
        <Cards
          cards={[
            {
              key: 'total',
              label: t('totalCost'),
              value: <MoneyTotal value={data.total.total} />,
              hint:
                data.calculatedAt === null
                  ? t('previewHint')
                  : t('calculatedAt', { time: fmt.time(data.calculatedAt, 'YYYY-MM-DD HH:mm') }),
              ...(data.calculatedAt === null ? { tone: 'warning' as const } : {}),
            },
            { key: 'energy', label: t('energyCharge'), value: money(data.total.energyCharge) },
            { key: 'basic', label: t('basicCharge'), value: money(data.total.basicCharge) },
            { key: 'pf', label: t('pfAdjustment'), value: money(data.total.pfAdjustment) },
            { key: 'other', label: t('otherFees'), value: money(data.total.otherFees) },
          ]}
        />
      </div>
      {data.previewMonths.length > 0 && (
        <Typography.Text type="warning" data-testid="preview-months">
          {t('previewMonths', { months: data.previewMonths.join(', ') })}
        </Typography.Text>
      )}
      <Card style={{ width: '100%' }} title={`${data.scheme.name} · ${month}`}>
        <div data-testid="cost-results" style={{ width: '100%' }}>
          <DataTable<ObjectCost>
            aria-label={t('accountingTitle')}
            tableId="cost-results"
            rows={data.rows}
            rowKey={(r) => `${r.node.modelLabel}_${r.node.id}`}
            columns={columns}
            summary={{
              columns: [
                'energyCharge',
                'basicCharge',
                'pfAdjustment',
                'otherFeesTotal',
                'apportionedIn',
                'apportionedOut',
                'total',
              ],
              kinds: ['total'],
            }}
          />
        </div>
      </Card>
      {drill && <Components row={drill} month={month} onClose={() => setDrill(null)} />}
    </Space>
  );
}
