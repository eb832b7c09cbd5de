/**
 * A month's computed bill of an inlet, every line quantity × price = amount and the total its
 * lines' sum (bills.bill), against the utility's bill as entered, line by line (difference
 * and %); with bill_update the utility's figures are entered or changed here (bills.saveBill).
 */
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  InputNumber,
  Modal,
  Space,
  Spin,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import type { ComputedBill } from '@eem/contract';
import { BILL_LINE_CODES, type BillLineCode, DEMAND_LIMITS } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useId, useState } from 'react';
import { formatDate, useTimeZone } from '../../../app/format';
import { useSession } from '../../../app/session';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointMutation, useEndpointQuery } from '../../../blocks/data';
import { Select } from '../../../blocks/named-pickers';
import { errorMessage } from '../../../blocks/save-file';
import { useTexts } from '../../../i18n/texts';
import { kw, pct, price, yuan } from '../common';
import { demandTexts } from '../texts';

export function UtilityBill({ inletId, months }: { inletId: number; months: readonly string[] }) {
  const t = useTexts(demandTexts);
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen && months.includes(chosen) ? chosen : (months[months.length - 1] ?? null);
  const labelId = useId();
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%', paddingTop: 12 }}>
      <Space>
        <Typography.Text id={labelId}>{t('month')}</Typography.Text>
        <Select
          aria-labelledby={labelId}
          style={{ width: 120 }}
          value={month ?? undefined}
          optionList={months.map((m) => ({ value: m, label: m }))}
          onChange={(v) => setChosen(String(v))}
        />
      </Space>
      {month && <MonthBill inletId={inletId} month={month} />}
    </Space>
  );
}

function MonthBill({ inletId, month }: { inletId: number; month: string }) {
  const t = useTexts(demandTexts);
  const { permissions } = useSession();
  const bill = useEndpointQuery(endpointKey('bills', 'bill'), { body: { inletId, month } });
  const [editing, setEditing] = useState(false);
  const data = bill.data;
  if (bill.isError) return <Empty description={t('loadFailed', { message: errorMessage(bill.error, '') })} />;
  if (!data) return <Spin />;
  const lines = data.computed.lines.map((l, i) => ({ ...l, key: `${l.code}-${i}` }));
  type Line = (typeof lines)[number];
  type Match = (typeof data.match)[number];
  const sum = lines.reduce((s, l) => s + Math.round(l.amount * 100), 0) / 100;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Card
        style={{ width: '100%' }}
        title={`${data.computed.inlet.name} · ${month}${data.computed.partial ? ' *' : ''} · ${data.computed.scheme?.name ?? '--'}`}
        data-testid="computed-bill"
        headerExtraContent={
          <Typography.Text strong data-testid="bill-total" data-total={data.computed.total}>
            {t('total')}: {yuan(data.computed.total)}
          </Typography.Text>
        }
      >
        <DataTable<Line>
          aria-label={t('computed')}
          rows={lines}
          rowKey={(l) => l.key}
          columns={[
            { key: 'name', title: t('item'), width: 200 },
            {
              key: 'quantity',
              title: t('quantity'),
              align: 'right',
              render: (l) => (l.quantity === null ? '--' : `${yuan(l.quantity)} ${l.unit}`),
            },
            { key: 'price', title: t('unitPrice'), align: 'right', render: (l) => price(l.price) },
            {
              key: 'amount',
              title: t('amount'),
              align: 'right',
              render: (l) => <span data-amount={l.amount}>{yuan(l.amount)}</span>,
            },
          ]}
        />
        <Typography.Text type="tertiary" size="small" data-testid="bill-sum">
          {t('sumOfLines')}: {yuan(sum)}
        </Typography.Text>
        <BillInputs inputs={data.computed.inputs} />
      </Card>
      <Card
        style={{ width: '100%' }}
        title={data.utility ? `${t('utilityBill')} ${data.utility.number}` : t('utilityBill')}
        headerExtraContent={
          permissions.has('bill_update') && (
            <Button onClick={() => setEditing(true)}>{data.utility ? t('editBill') : t('enterBill')}</Button>
          )
        }
      >
        {data.utility ? (
          <DataTable<Match>
            aria-label={t('utilityBill')}
            rows={data.match}
            rowKey={(m) => m.code}
            columns={[
              { key: 'name', title: t('item'), width: 200 },
              {
                key: 'computed',
                title: t('computed'),
                align: 'right',
                render: (m) => yuan(m.computed?.amount),
              },
              { key: 'utility', title: t('utility'), align: 'right', render: (m) => yuan(m.utility?.amount) },
              {
                key: 'difference',
                title: t('differenceYuan'),
                align: 'right',
                render: (m) => yuan(m.difference),
              },
              {
                key: 'differencePct',
                title: t('difference'),
                align: 'right',
                render: (m) => pct(m.differencePct),
              },
            ]}
          />
        ) : (
          <Empty description={t('noUtilityBill')} />
        )}
      </Card>
      {editing && (
        <BillEditor
          inletId={inletId}
          month={month}
          names={Object.fromEntries(data.computed.lines.map((l) => [l.code, l.name]))}
          initial={data.utility}
          onClose={() => setEditing(false)}
        />
      )}
    </Space>
  );
}

function BillEditor({
  inletId,
  month,
  names,
  initial,
  onClose,
}: {
  inletId: number;
  month: string;
  names: Record<string, string>;
  initial: { number: string; remark: string; lines: { code: BillLineCode; amount: number }[] } | null;
  onClose: () => void;
}) {
  const t = useTexts(demandTexts);
  const save = useEndpointMutation(endpointKey('bills', 'saveBill'), { invalidates: [areaKey('bills')] });
  const [number, setNumber] = useState(initial?.number ?? '');
  const [amounts, setAmounts] = useState<Partial<Record<BillLineCode, number>>>(
    Object.fromEntries((initial?.lines ?? []).map((l) => [l.code, l.amount])),
  );
  const lines = BILL_LINE_CODES.flatMap((code) => {
    const amount = amounts[code];
    return amount === undefined ? [] : [{ code, amount }];
  });
  const submit = async () => {
    try {
      await save.mutateAsync({ body: { inletId, month, number, lines, remark: initial?.remark ?? '' } });
      Toast.success(t('billSaved'));
      onClose();
    } catch (error) {
      Toast.error(errorMessage(error, t('noData')));
    }
  };
  return (
    <Modal
      visible
      title={`${t('utilityBill')} · ${month}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ disabled: lines.length === 0, loading: save.isPending }}
      width={520}
    >
      <Space vertical align="start" spacing={8} style={{ width: '100%' }}>
        <Space>
          <Typography.Text style={{ width: 160, display: 'inline-block' }}>{t('billNumber')}</Typography.Text>
          <Input value={number} maxLength={DEMAND_LIMITS.code} onChange={setNumber} style={{ width: 240 }} />
        </Space>
        {BILL_LINE_CODES.map((code) => (
          <Space key={code}>
            <Typography.Text style={{ width: 160, display: 'inline-block' }}>
              {names[code] ?? t(`line_${code}`)}
            </Typography.Text>
            <InputNumber
              aria-label={names[code] ?? t(`line_${code}`)}
              precision={2}
              style={{ width: 240 }}
              value={amounts[code]}
              onChange={(v) =>
                setAmounts((a) => {
                  const next = { ...a };
                  if (typeof v === 'number') next[code] = v;
                  else delete next[code];
                  return next;
                })
              }
            />
          </Space>
        ))}
      </Space>
    </Modal>
  );
}

type Inputs = ComputedBill['inputs'];

/** What the lines are computed from: the limit of the excess and the power factor's row. */
function BillInputs({ inputs: i }: { inputs: Inputs }) {
  const t = useTexts(demandTexts);
  const { timeZone } = useTimeZone();
  return (
    <Descriptions
      size="small"
      style={{ marginTop: 12 }}
      data-testid="bill-inputs"
      data={[
        {
          key: t('kwh'),
          value: `${yuan(i.kwh)}${i.unassignedKwh > 0 ? ` (${t('unassigned', { kwh: yuan(i.unassignedKwh) })})` : ''}`,
        },
        {
          key: t('maxDemand'),
          value:
            i.maxKw === null
              ? '--'
              : `${kw(i.maxKw)}${i.maxAt === null ? '' : ` · ${formatDate(i.maxAt, 'YYYY-MM-DD HH:mm', timeZone)}`}`,
        },
        {
          key: t('limitInputs'),
          value: `${kw(i.declaredKw)} kW × ${i.penaltyThresholdPct}% = ${kw(i.limitKw)} kW; ${t('penaltyKw')} ${kw(i.excessKw)} kW × ${price(i.demandPrice)} × ${i.penaltyMultiplier}`,
        },
        {
          key: t('powerFactor'),
          value:
            i.powerFactor === null
              ? '--'
              : `${yuan(i.kwh)} / √(${yuan(i.kwh)}² + ${yuan(i.kvarh)}²) = ${i.powerFactor.toFixed(2)} · ${t('standard')} ${i.pfStandard === null ? '--' : i.pfStandard.toFixed(2)} → ${i.adjustmentPct}% × ${yuan(i.pfBase)}`,
        },
        { key: t('other'), value: `${yuan(i.otherMethodTotal)}` },
      ]}
    />
  );
}
