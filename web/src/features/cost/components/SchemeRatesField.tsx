/**
 * The rates of an accounting scheme in its dialog: per energy type the rate scheme that
 * prices its volume and, for electricity, the basic-charge and power-factor rates (each a
 * select of the project's rate schemes of that energy type and kind). An energy type is
 * priced once (the contract refuses a repeat).
 */
import { Button, Space, Typography } from '@douyinfe/semi-ui-19';
import type { Rate } from '@eem/contract';
import { BASIC_RATE_TYPES, COST_LIMITS, ENERGY_TYPE, VOLUME_RATE_TYPES } from '@eem/core';
import { EnergyTypeSelect } from '../../../blocks/EnergyTypeSelect';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { Select } from '../../../blocks/named-pickers';
import { useTexts } from '../../../i18n/texts';
import { costTexts } from '../texts';

export interface SchemeRate {
  energyType: number;
  rateId: number | null;
  basicRateId: number | null;
  pfRateId: number | null;
}

const has = (list: readonly string[], v: string) => list.includes(v);

export function SchemeRatesField({
  value,
  onChange,
  rates,
}: CustomFieldArgs<FormValues> & { rates: readonly Rate[] }) {
  const t = useTexts(costTexts);
  const rows = (Array.isArray(value) ? value : []) as SchemeRate[];
  const set = (i: number, patch: Partial<SchemeRate>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const options = (energyType: number, types: readonly string[]) =>
    rates
      .filter((r) => r.energyType === energyType && has(types, r.rateType))
      .map((r) => ({ value: r.id, label: r.name }));
  return (
    <Space vertical align="start" spacing={6} data-testid="scheme-rates">
      {rows.map((row, i) => {
        const electricity = row.energyType === ENERGY_TYPE.electricity;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
          <Space key={i} spacing={6} wrap>
            <EnergyTypeSelect
              value={row.energyType}
              onChange={(energyType) =>
                energyType !== null && set(i, { energyType, rateId: null, basicRateId: null, pfRateId: null })
              }
              style={{ width: 160 }}
            />
            <Select
              aria-label={`${t('rateSchemes')} ${i + 1}`}
              placeholder={t('rateSchemes')}
              style={{ width: 200 }}
              value={row.rateId ?? undefined}
              optionList={options(row.energyType, VOLUME_RATE_TYPES)}
              emptyContent={t('noData')}
              onChange={(v) => set(i, { rateId: Number(v) })}
            />
            {electricity && (
              <>
                <Select
                  aria-label={`${t('fee_basic')} ${i + 1}`}
                  placeholder={t('fee_basic')}
                  showClear
                  style={{ width: 180 }}
                  value={row.basicRateId ?? undefined}
                  optionList={options(row.energyType, BASIC_RATE_TYPES)}
                  emptyContent={t('noData')}
                  onChange={(v) => set(i, { basicRateId: v === undefined ? null : Number(v) })}
                />
                <Select
                  aria-label={`${t('fee_pf')} ${i + 1}`}
                  placeholder={t('fee_pf')}
                  showClear
                  style={{ width: 160 }}
                  value={row.pfRateId ?? undefined}
                  optionList={options(row.energyType, ['powerFactor'])}
                  emptyContent={t('noData')}
                  onChange={(v) => set(i, { pfRateId: v === undefined ? null : Number(v) })}
                />
              </>
            )}
            <Button
              size="small"
              theme="borderless"
              type="danger"
              onClick={() => onChange(rows.filter((_r, j) => j !== i))}
            >
              {t('removeVersion')}
            </Button>
          </Space>
        );
      })}
      <Space>
        <Button
          size="small"
          disabled={rows.length >= COST_LIMITS.schemeRates}
          onClick={() =>
            onChange([
              ...rows,
              {
                energyType: rows.some((r) => r.energyType === ENERGY_TYPE.electricity)
                  ? 0
                  : ENERGY_TYPE.electricity,
                rateId: null,
                basicRateId: null,
                pfRateId: null,
              },
            ])
          }
        >
          {t('addRate')}
        </Button>
        {rows.length === 0 && (
          <Typography.Text type="tertiary" size="small">
            {t('noData')}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
