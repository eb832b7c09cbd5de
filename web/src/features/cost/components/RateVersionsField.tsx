/**
 * The versions of a rate scheme in its dialog: per version the effective days (from, to; a
 * blank end is open), its status today (in effect, not in effect, expired) and its prices by
 * the scheme's rate type: one price (flat, basic by capacity or demand), a price per period of
 * the time-of-use scheme (sharp, peak, flat, valley), tiers by the month's volume (the last
 * open), seasons (months and price) or the power-factor standard. A new version cannot be
 * added while the last one has a blank end (the spec's rule, core's message at the field); it
 * starts the day after the last one ends. The contract checks the rest when saving.
 */
import { Button, Input, InputNumber, Space, Table, Typography } from '@douyinfe/semi-ui-19';
import {
  COST_LIMITS,
  PF_STANDARDS,
  type RateType,
  type RateVersion,
  rateStatus,
  TOU_BAND_CODES,
  TOU_BAND_KEYS,
  type TouBand,
} from '@eem/core';
import { useEffect, useState } from 'react';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { Select } from '../../../blocks/named-pickers';
import { useTexts } from '../../../i18n/texts';
import { StatusChip } from '../common';
import { mayAddVersion } from '../cost-model';
import { costTexts } from '../texts';

/** The day after a 'YYYY-MM-DD' day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] as number;
  const [ny, nm, nd] = d < days ? [y, m, d + 1] : m < 12 ? [y, m + 1, 1] : [y + 1, 1, 1];
  return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(nd).padStart(2, '0')}`;
}

/** A blank version of a rate type starting on `from`. */
export function emptyRateVersion(rateType: RateType, from: string): RateVersion {
  return {
    effectiveFrom: from,
    effectiveTo: null,
    price: rateType === 'flat' || rateType === 'capacity' || rateType === 'demand' ? 0 : null,
    bandPrices: rateType === 'tou' ? TOU_BAND_CODES.map((band) => ({ band, price: 0 })) : null,
    tiers: rateType === 'tiered' ? [{ upTo: null, price: 0 }] : null,
    seasons:
      rateType === 'seasonal' ? [{ months: Array.from({ length: 12 }, (_, i) => i + 1), price: 0 }] : null,
    pfStandard: rateType === 'powerFactor' ? 0.9 : null,
  };
}

/** A version's prices made to fit another rate type (what it had of that type is kept). */
export function fitVersion(rateType: RateType, v: RateVersion): RateVersion {
  const blank = emptyRateVersion(rateType, v.effectiveFrom);
  return {
    ...blank,
    effectiveTo: v.effectiveTo,
    price: blank.price === null ? null : (v.price ?? blank.price),
    bandPrices: blank.bandPrices === null ? null : (v.bandPrices ?? blank.bandPrices),
    tiers: blank.tiers === null ? null : (v.tiers ?? blank.tiers),
    seasons: blank.seasons === null ? null : (v.seasons ?? blank.seasons),
    pfStandard: blank.pfStandard === null ? null : (v.pfStandard ?? blank.pfStandard),
  };
}

const num = (v: number | string | undefined) => (typeof v === 'number' ? v : Number(v) || 0);

function PriceInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (v: number) => void;
}) {
  return (
    <InputNumber
      aria-label={label}
      size="small"
      hideButtons
      min={0}
      max={COST_LIMITS.priceMax}
      style={{ width: 96 }}
      value={value ?? undefined}
      onChange={(n) => onChange(num(n))}
    />
  );
}

/** The prices of one version for the rate type. */
function Prices({
  rateType,
  v,
  n,
  set,
}: {
  rateType: RateType;
  v: RateVersion;
  /** The version's number (1-based), in the inputs' labels. */
  n: number;
  set: (patch: Partial<RateVersion>) => void;
}) {
  const t = useTexts(costTexts);
  switch (rateType) {
    case 'tou':
      return (
        <Space spacing={6} wrap>
          {TOU_BAND_CODES.map((band: TouBand, i) => {
            const label = t('bandPrice', { band: t(TOU_BAND_KEYS[i] ?? 'flat') });
            const price = v.bandPrices?.find((b) => b.band === band)?.price ?? null;
            return (
              <Space key={band} spacing={2}>
                <Typography.Text size="small">{t(TOU_BAND_KEYS[i] ?? 'flat')}</Typography.Text>
                <PriceInput
                  label={label}
                  value={price}
                  onChange={(p) =>
                    set({
                      bandPrices: TOU_BAND_CODES.map((b) => ({
                        band: b,
                        price: b === band ? p : (v.bandPrices?.find((x) => x.band === b)?.price ?? 0),
                      })),
                    })
                  }
                />
              </Space>
            );
          })}
        </Space>
      );
    case 'tiered': {
      const tiers = v.tiers ?? [];
      const setTier = (i: number, patch: Partial<(typeof tiers)[number]>) =>
        set({ tiers: tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
      return (
        <Space vertical align="start" spacing={4}>
          {tiers.map((tier, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tiers are edited in place by position
            <Space key={i} spacing={4}>
              <Typography.Text size="small">{`${i + 1}.`}</Typography.Text>
              {i === tiers.length - 1 ? (
                <Typography.Text size="small" type="tertiary" style={{ width: 96, display: 'inline-block' }}>
                  {t('openEnd')}
                </Typography.Text>
              ) : (
                <InputNumber
                  aria-label={`${t('tierUpTo')} ${i + 1}`}
                  size="small"
                  hideButtons
                  min={0}
                  max={COST_LIMITS.volumeMax}
                  style={{ width: 96 }}
                  value={tier.upTo ?? undefined}
                  onChange={(n) => setTier(i, { upTo: num(n) })}
                />
              )}
              <PriceInput
                label={`${t('tierPrice')} ${i + 1}`}
                value={tier.price}
                onChange={(p) => setTier(i, { price: p })}
              />
              {tiers.length > 1 && (
                <Button
                  size="small"
                  theme="borderless"
                  type="danger"
                  onClick={() => {
                    const rest = tiers.filter((_x, j) => j !== i);
                    set({ tiers: rest.map((x, j) => (j === rest.length - 1 ? { ...x, upTo: null } : x)) });
                  }}
                >
                  {t('removeVersion')}
                </Button>
              )}
            </Space>
          ))}
          <Button
            size="small"
            disabled={tiers.length >= COST_LIMITS.tiers}
            onClick={() => {
              const last = tiers[tiers.length - 1];
              const before = tiers.length > 1 ? (tiers[tiers.length - 2]?.upTo ?? 0) : 0;
              set({
                tiers: [
                  ...tiers.slice(0, -1),
                  { upTo: before + 1000, price: last?.price ?? 0 },
                  { upTo: null, price: last?.price ?? 0 },
                ],
              });
            }}
          >
            {t('addTier')}
          </Button>
        </Space>
      );
    }
    case 'seasonal': {
      const seasons = v.seasons ?? [];
      const setSeason = (i: number, patch: Partial<(typeof seasons)[number]>) =>
        set({ seasons: seasons.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
      return (
        <Space vertical align="start" spacing={4}>
          {seasons.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seasons are edited in place by position
            <Space key={i} spacing={4}>
              <Select
                aria-label={`${t('month')} ${i + 1}`}
                size="small"
                multiple
                maxTagCount={4}
                style={{ width: 260 }}
                value={s.months}
                optionList={Array.from({ length: 12 }, (_, m) => ({ value: m + 1, label: String(m + 1) }))}
                onChange={(m) => setSeason(i, { months: (Array.isArray(m) ? m : []).map(Number) })}
              />
              <PriceInput
                label={`${t('price')} ${n}.${i + 1}`}
                value={s.price}
                onChange={(p) => setSeason(i, { price: p })}
              />
              {seasons.length > 1 && (
                <Button
                  size="small"
                  theme="borderless"
                  type="danger"
                  onClick={() => set({ seasons: seasons.filter((_x, j) => j !== i) })}
                >
                  {t('removeVersion')}
                </Button>
              )}
            </Space>
          ))}
          <Button
            size="small"
            disabled={seasons.length >= COST_LIMITS.seasons}
            onClick={() => set({ seasons: [...seasons, { months: [], price: 0 }] })}
          >
            {t('addSeason')}
          </Button>
        </Space>
      );
    }
    case 'powerFactor':
      return (
        <Select
          aria-label={t('pfStandard')}
          size="small"
          style={{ width: 100 }}
          value={v.pfStandard ?? undefined}
          optionList={PF_STANDARDS.map((p) => ({ value: p, label: p.toFixed(2) }))}
          onChange={(p) => set({ pfStandard: Number(p) as RateVersion['pfStandard'] })}
        />
      );
    default:
      return <PriceInput label={`${t('price')} ${n}`} value={v.price} onChange={(p) => set({ price: p })} />;
  }
}

export function RateVersionsField({
  value,
  onChange,
  values,
  today,
}: CustomFieldArgs<FormValues> & { today: string }) {
  const t = useTexts(costTexts);
  const rateType = (values.rateType ?? 'flat') as RateType;
  const versions = (Array.isArray(value) ? value : []) as RateVersion[];
  const [refused, setRefused] = useState(false);
  // A change of the rate type reshapes the prices of every version (what fits is kept).
  useEffect(() => {
    const fitted = versions.map((v) => fitVersion(rateType, v));
    if (JSON.stringify(fitted) !== JSON.stringify(versions)) onChange(fitted);
  }, [rateType, versions, onChange]);
  const set = (i: number, patch: Partial<RateVersion>) => {
    setRefused(false);
    onChange(versions.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  };
  const add = () => {
    if (!mayAddVersion(versions.map((v) => ({ to: v.effectiveTo })))) {
      setRefused(true);
      return;
    }
    const last = versions[versions.length - 1];
    onChange([
      ...versions,
      emptyRateVersion(rateType, last?.effectiveTo ? nextDay(last.effectiveTo) : today),
    ]);
  };
  const columns = [
    {
      title: t('effectiveFrom'),
      width: 136,
      render: (_: unknown, v: RateVersion, i: number) => (
        <Input
          aria-label={`${t('effectiveFrom')} ${i + 1}`}
          size="small"
          style={{ width: 116 }}
          value={v.effectiveFrom}
          placeholder="2026-01-01"
          onChange={(s) => set(i, { effectiveFrom: s.trim() })}
        />
      ),
    },
    {
      title: t('effectiveTo'),
      width: 136,
      render: (_: unknown, v: RateVersion, i: number) => (
        <Input
          aria-label={`${t('effectiveTo')} ${i + 1}`}
          size="small"
          style={{ width: 116 }}
          value={v.effectiveTo ?? ''}
          placeholder="--"
          onChange={(s) => set(i, { effectiveTo: s.trim() || null })}
        />
      ),
    },
    {
      title: t('status'),
      width: 90,
      render: (_: unknown, v: RateVersion) =>
        /^\d{4}-\d{2}-\d{2}$/.test(v.effectiveFrom) ? <StatusChip status={rateStatus(v, today)} /> : '--',
    },
    {
      title: t('prices'),
      render: (_: unknown, v: RateVersion, i: number) => (
        <Prices rateType={rateType} v={v} n={i + 1} set={(patch) => set(i, patch)} />
      ),
    },
    {
      title: '',
      width: 70,
      render: (_: unknown, _v: RateVersion, i: number) => (
        <Button
          size="small"
          theme="borderless"
          type="danger"
          onClick={() => {
            setRefused(false);
            onChange(versions.filter((_x, j) => j !== i));
          }}
        >
          {t('removeVersion')}
        </Button>
      ),
    },
  ];
  return (
    <Space vertical align="start" style={{ width: '100%' }} data-testid="rate-versions">
      <Table
        size="small"
        pagination={false}
        columns={columns}
        dataSource={versions.map((v, i) => ({ ...v, key: i }))}
      />
      <Space>
        <Button size="small" disabled={versions.length >= COST_LIMITS.versions} onClick={add}>
          {t('addVersion')}
        </Button>
        {refused && (
          <Typography.Text type="danger" size="small" data-testid="blank-expiry">
            {t('blankExpiry')}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
