/** The thresholds of an alarm scheme: one row per level (level and value in the kind's unit), add and remove. */
import { IconDelete, IconPlus } from '@douyinfe/semi-icons';
import { Button, InputNumber, Typography } from '@douyinfe/semi-ui-19';
import { EVENT_LEVELS } from '@eem/core';
import { Select } from '../../../../blocks/named-pickers';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';
import { useEventLabels } from './event-labels';
import { nextLevel, type ThresholdRow } from './scheme-form';

export interface ThresholdsEditorProps {
  value: readonly ThresholdRow[];
  onChange: (rows: ThresholdRow[]) => void;
  unit: string;
}

export function ThresholdsEditor({ value, onChange, unit }: ThresholdsEditorProps) {
  const t = useTexts(eventAdminTexts);
  const labels = useEventLabels();
  const patch = (index: number, change: Partial<ThresholdRow>) =>
    onChange(value.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const next = nextLevel(value);
  return (
    <div>
      {value.map((row, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id
          key={i}
          data-threshold={i}
          style={{ display: 'flex', gap: 6, alignItems: 'center', marginBottom: 6 }}
        >
          <Select
            aria-label={`${t('level')} ${i + 1}`}
            motion={false}
            style={{ width: 120 }}
            value={row.level ?? undefined}
            optionList={EVENT_LEVELS.map((l) => ({ value: l, label: labels.level(l) }))}
            onChange={(v) => patch(i, { level: typeof v === 'number' ? v : null })}
          />
          <InputNumber
            aria-label={`${t('threshold')} ${i + 1}`}
            placeholder={t('threshold')}
            style={{ width: 160 }}
            value={row.value ?? undefined}
            onNumberChange={(v) => patch(i, { value: Number.isFinite(v) ? v : null })}
            onChange={(v) => {
              if (v === '' || v === null || v === undefined) patch(i, { value: null });
            }}
          />
          <Typography.Text type="tertiary" style={{ width: 40 }}>
            {unit}
          </Typography.Text>
          <Button
            theme="borderless"
            type="danger"
            icon={<IconDelete />}
            aria-label={`${t('remove')} ${i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        icon={<IconPlus />}
        disabled={next === null}
        onClick={() => onChange([...value, { level: next, value: null }])}
      >
        {t('addLevel')}
      </Button>
    </div>
  );
}
