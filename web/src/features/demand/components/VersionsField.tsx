/**
 * The versions of a billing scheme in its dialog: per version the effective months (from, to;
 * a blank end is open), the allowed billing methods, the capacity and demand prices, the
 * over-declaration threshold and multiplier, and the energy price of each time-of-use band.
 * A new version cannot be added while the last one has a blank end (the spec's rule); it
 * starts the month after the last one ends.
 */
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Input,
  InputNumber,
  Space,
  Table,
  Typography,
} from '@douyinfe/semi-ui-19';
import { addMonth } from '@eem/core';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { useTexts } from '../../../i18n/texts';
import { demandTexts } from '../texts';

export interface VersionValue {
  from: string;
  to: string | null;
  methods: ('capacity' | 'demand')[];
  capacityPrice: number;
  demandPrice: number;
  penaltyThresholdPct: number;
  penaltyMultiplier: number;
  energyPrices: { sharp: number; peak: number; flat: number; valley: number };
}

export function emptyVersion(from: string): VersionValue {
  return {
    from,
    to: null,
    methods: ['capacity', 'demand'],
    capacityPrice: 0,
    demandPrice: 0,
    penaltyThresholdPct: 105,
    penaltyMultiplier: 2,
    energyPrices: { sharp: 0, peak: 0, flat: 0, valley: 0 },
  };
}

const BANDS = ['sharp', 'peak', 'flat', 'valley'] as const;

export function VersionsField({
  value,
  onChange,
  thisMonth,
}: CustomFieldArgs<FormValues> & { thisMonth: string }) {
  const t = useTexts(demandTexts);
  const versions = (Array.isArray(value) ? value : []) as VersionValue[];
  const set = (i: number, patch: Partial<VersionValue>) =>
    onChange(versions.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const last = versions[versions.length - 1];
  const blocked = last !== undefined && !last.to;
  const add = () => {
    const from = last?.to ? addMonth(last.to, 1) : thisMonth;
    onChange([...versions, emptyVersion(from)]);
  };
  const num = (v: number | string) => (typeof v === 'number' ? v : Number(v) || 0);
  const columns = [
    {
      title: t('effectiveFrom'),
      width: 100,
      render: (_: unknown, v: VersionValue, i: number) => (
        <Input size="small" value={v.from} placeholder="2026-01" onChange={(s) => set(i, { from: s })} />
      ),
    },
    {
      title: t('effectiveTo'),
      width: 100,
      render: (_: unknown, v: VersionValue, i: number) => (
        <Input
          size="small"
          value={v.to ?? ''}
          placeholder="--"
          onChange={(s) => set(i, { to: s.trim() || null })}
        />
      ),
    },
    {
      title: t('methods'),
      width: 150,
      render: (_: unknown, v: VersionValue, i: number) => (
        <CheckboxGroup
          direction="horizontal"
          value={v.methods}
          onChange={(m) => set(i, { methods: m as VersionValue['methods'] })}
        >
          <Checkbox value="capacity">{t('capacityMethod')}</Checkbox>
          <Checkbox value="demand">{t('demandMethod')}</Checkbox>
        </CheckboxGroup>
      ),
    },
    {
      title: t('capacityPrice'),
      width: 100,
      render: (_: unknown, v: VersionValue, i: number) => (
        <InputNumber
          size="small"
          min={0}
          value={v.capacityPrice}
          onChange={(n) => set(i, { capacityPrice: num(n) })}
        />
      ),
    },
    {
      title: t('demandPrice'),
      width: 100,
      render: (_: unknown, v: VersionValue, i: number) => (
        <InputNumber
          size="small"
          min={0}
          value={v.demandPrice}
          onChange={(n) => set(i, { demandPrice: num(n) })}
        />
      ),
    },
    {
      title: `${t('overRatio')} (%)`,
      width: 90,
      render: (_: unknown, v: VersionValue, i: number) => (
        <InputNumber
          size="small"
          min={100}
          max={200}
          value={v.penaltyThresholdPct}
          onChange={(n) => set(i, { penaltyThresholdPct: num(n) })}
        />
      ),
    },
    {
      title: t('multiplier'),
      width: 80,
      render: (_: unknown, v: VersionValue, i: number) => (
        <InputNumber
          size="small"
          min={1}
          max={10}
          value={v.penaltyMultiplier}
          onChange={(n) => set(i, { penaltyMultiplier: num(n) })}
        />
      ),
    },
    ...BANDS.map((band) => ({
      title: t('bandPrice', { band: t(band) }),
      width: 90,
      render: (_: unknown, v: VersionValue, i: number) => (
        <InputNumber
          size="small"
          min={0}
          value={v.energyPrices[band]}
          onChange={(n) => set(i, { energyPrices: { ...v.energyPrices, [band]: num(n) } })}
        />
      ),
    })),
    {
      title: '',
      width: 60,
      render: (_: unknown, _v: VersionValue, i: number) => (
        <Button
          size="small"
          theme="borderless"
          type="danger"
          onClick={() => onChange(versions.filter((_x, j) => j !== i))}
        >
          {t('removeLevel')}
        </Button>
      ),
    },
  ];
  return (
    <Space vertical align="start" style={{ width: '100%' }}>
      <Table
        size="small"
        pagination={false}
        columns={columns}
        dataSource={versions.map((v, i) => ({ ...v, key: i }))}
        scroll={{ x: 1150 }}
      />
      <Space>
        <Button size="small" disabled={blocked} onClick={add}>
          {t('addVersion')}
        </Button>
        {blocked && (
          <Typography.Text type="tertiary" size="small">
            {t('blankExpiry')}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
