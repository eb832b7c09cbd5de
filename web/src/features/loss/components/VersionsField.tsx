/**
 * The effective periods of an apportionment scheme in its dialog (family SCH): per period the
 * first and last day (project's zone; a blank last day is open-ended), the method, its status
 * chip, and the apportioned nodes with their ratios (fixed ratio) or weights (area, headcount,
 * output). While the user types, the sum of the ratios shows live (green at exactly 1, red
 * otherwise) and a node that is the apportioning node is marked at its row. A new period
 * cannot be added while the last one is open-ended.
 */
import { Button, Card, InputNumber, Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import { useId } from 'react';
import { fromPickerDate, toPickerDate, useTimeZone } from '../../../app/format';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { DatePicker, Select } from '../../../blocks/named-pickers';
import { startOfDay } from '../../../blocks/time-range-model';
import { useTexts } from '../../../i18n/texts';
import { lossTexts } from '../texts';
import { isNodeValue, NodeField } from './NodeField';
import { ratioSum, repeatedTargets, sumsToOne, sumText, targetsAsSource } from './ratio-model';
import {
  addVersion,
  asVersions,
  endAfterDay,
  lastDayOf,
  mayAddVersion,
  RATIO_METHODS,
  STATUS_COLORS,
  splitEvenly,
  type TargetValue,
  type VersionValue,
  WEIGHT_METHODS,
} from './version-model';

export interface MethodOption {
  value: string;
  label: string;
}

export function VersionsField({
  value,
  onChange,
  methods,
  maxTargets,
  maxVersions,
  source: sourceNode,
}: CustomFieldArgs<FormValues> & {
  methods: readonly MethodOption[];
  maxTargets: number;
  maxVersions: number;
  /** The node no target may be (the apportioning node, a loss object's supply node). */
  source: unknown;
}) {
  const t = useTexts(lossTexts);
  const { timeZone } = useTimeZone();
  const versions = asVersions(value);
  const source = isNodeValue(sourceNode) ? sourceNode : null;
  const set = (i: number, patch: Partial<VersionValue>) =>
    onChange(versions.map((v, j) => (j === i ? { ...v, ...patch, status: undefined } : v)));
  const defaultMethod = methods[0]?.value ?? 'fixedRatio';
  const today = startOfDay(Date.now(), timeZone);
  const canAdd = mayAddVersion(versions) && versions.length < maxVersions;
  return (
    <Space vertical align="start" spacing={10} style={{ width: '100%' }} data-testid="versions-field">
      {versions.map((v, i) => (
        <VersionCard
          // biome-ignore lint/suspicious/noArrayIndexKey: the periods are in order and have no id
          key={i}
          index={i}
          version={v}
          methods={methods}
          maxTargets={maxTargets}
          source={source}
          timeZone={timeZone}
          onChange={(patch) => set(i, patch)}
          onRemove={versions.length > 1 ? () => onChange(versions.filter((_x, j) => j !== i)) : undefined}
        />
      ))}
      <Space>
        <Button
          size="small"
          disabled={!canAdd}
          onClick={() => onChange(addVersion(versions, today, defaultMethod))}
        >
          {t('addVersion')}
        </Button>
        {!mayAddVersion(versions) && (
          <Typography.Text type="tertiary" size="small">
            {t('blankExpiry')}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}

function VersionCard({
  index,
  version: v,
  methods,
  maxTargets,
  source,
  timeZone,
  onChange,
  onRemove,
}: {
  index: number;
  version: VersionValue;
  methods: readonly MethodOption[];
  maxTargets: number;
  source: { id: number; modelLabel: string } | null;
  timeZone: string;
  onChange: (patch: Partial<VersionValue>) => void;
  onRemove: (() => void) | undefined;
}) {
  const t = useTexts(lossTexts);
  const ratios = RATIO_METHODS.includes(v.method);
  const weights = WEIGHT_METHODS.includes(v.method);
  const asSource = new Set(
    targetsAsSource(
      source,
      v.targets.map((x) => x.node),
    ),
  );
  const repeated = new Set(repeatedTargets(v.targets.map((x) => x.node)));
  const setTarget = (i: number, patch: Partial<TargetValue>) =>
    onChange({ targets: v.targets.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  const sum = ratioSum(v.targets.map((x) => x.ratio));
  const ok = sumsToOne(v.targets.map((x) => x.ratio));
  const ids = useId();
  return (
    <Card
      style={{ width: '100%' }}
      bodyStyle={{ padding: 12 }}
      data-testid="version"
      data-version={index}
      title={
        <Space wrap spacing={8}>
          <Typography.Text id={`${ids}-from`}>{t('effectiveFrom')}</Typography.Text>
          <DatePicker
            type="date"
            size="small"
            aria-labelledby={`${ids}-from`}
            value={toPickerDate(v.from, timeZone)}
            onChange={(d) =>
              d instanceof Date && onChange({ from: startOfDay(fromPickerDate(d, timeZone), timeZone) })
            }
            style={{ width: 140 }}
          />
          <Typography.Text id={`${ids}-to`}>{t('effectiveTo')}</Typography.Text>
          <DatePicker
            type="date"
            size="small"
            aria-labelledby={`${ids}-to`}
            placeholder={t('openEnded')}
            value={v.to === null ? undefined : toPickerDate(lastDayOf(v.to, timeZone), timeZone)}
            onChange={(d) =>
              onChange({ to: d instanceof Date ? endAfterDay(fromPickerDate(d, timeZone), timeZone) : null })
            }
            style={{ width: 140 }}
          />
          <Select
            size="small"
            aria-label={t('method')}
            value={v.method}
            optionList={methods.map((m) => ({ value: m.value, label: m.label }))}
            onChange={(m) => onChange({ method: String(m) })}
            style={{ width: 160 }}
          />
          {v.status && (
            <Tag color={STATUS_COLORS[v.status] ?? 'grey'} data-status={v.status}>
              {t(v.status as 'inEffect' | 'notInEffect' | 'expired')}
            </Tag>
          )}
        </Space>
      }
      headerExtraContent={
        onRemove && (
          <Button size="small" theme="borderless" type="danger" onClick={onRemove}>
            {t('removeLevel')}
          </Button>
        )
      }
    >
      <Space vertical align="start" spacing={6} style={{ width: '100%' }}>
        {v.targets.map((target, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id
          <Space key={i} spacing={8} data-testid="target" align="center">
            <NodeField value={target.node} label={t('targets')} onChange={(node) => setTarget(i, { node })} />
            {ratios && (
              <InputNumber
                size="small"
                aria-label={t('ratio')}
                placeholder={t('ratio')}
                min={0}
                max={1}
                step={0.01}
                precision={6}
                style={{ width: 140 }}
                value={target.ratio ?? undefined}
                onNumberChange={(n) => setTarget(i, { ratio: Number.isFinite(n) ? n : null })}
                onChange={(x) => {
                  if (x === '' || x === null || x === undefined) setTarget(i, { ratio: null });
                }}
              />
            )}
            {weights && (
              <InputNumber
                size="small"
                aria-label={t('basis')}
                placeholder={t('basis')}
                min={0}
                precision={6}
                style={{ width: 140 }}
                value={target.weight ?? undefined}
                onNumberChange={(n) => setTarget(i, { weight: Number.isFinite(n) ? n : null })}
                onChange={(x) => {
                  if (x === '' || x === null || x === undefined) setTarget(i, { weight: null });
                }}
              />
            )}
            <Button
              size="small"
              theme="borderless"
              type="danger"
              disabled={v.targets.length <= 1}
              onClick={() => onChange({ targets: v.targets.filter((_x, j) => j !== i) })}
            >
              {t('removeLevel')}
            </Button>
            {asSource.has(i) && (
              <Typography.Text type="danger" size="small" data-testid="same-as-source">
                {t('sameAsSource')}
              </Typography.Text>
            )}
            {repeated.has(i) && (
              <Typography.Text type="danger" size="small">
                {t('repeatedTarget')}
              </Typography.Text>
            )}
          </Space>
        ))}
        <Space spacing={8}>
          <Button
            size="small"
            disabled={v.targets.length >= maxTargets}
            onClick={() => onChange({ targets: [...v.targets, { node: null, ratio: null, weight: null }] })}
          >
            {t('addTarget')}
          </Button>
          {ratios && (
            <>
              <Button size="small" onClick={() => onChange({ targets: splitEvenly(v.targets) })}>
                {t('evenSplit')}
              </Button>
              <Typography.Text
                type={ok ? 'success' : 'danger'}
                data-testid="ratio-sum"
                data-sum={sumText(sum)}
                aria-live="polite"
              >
                {ok ? t('ratioSumOk') : t('ratioSumBad', { sum: sumText(sum) })}
              </Typography.Text>
            </>
          )}
        </Space>
      </Space>
    </Card>
  );
}
