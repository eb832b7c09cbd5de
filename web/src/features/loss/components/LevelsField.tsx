/**
 * The warning levels of a loss object in its dialog: up to `max` levels numbered 1, 2, … in
 * order, each a loss-rate threshold (%) in its level's colour. Removing a level renumbers the
 * ones after it; a new level starts above the last one. The rules (at least one, each above
 * the one before and above the lower limit) are the contract's, shown at the field on save.
 */
import { Button, InputNumber, Space, Tag } from '@douyinfe/semi-ui-19';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { useTexts } from '../../../i18n/texts';
import { textOn, useAlarmColors } from '../../../theme/alarm-colors';
import { lossTexts } from '../texts';

export interface LevelValue {
  level: number;
  ratePct: number | null;
}

export const asLevels = (value: unknown): LevelValue[] =>
  (Array.isArray(value) ? value : []).map((l, i) => ({
    level: i + 1,
    ratePct: typeof l?.ratePct === 'number' ? l.ratePct : null,
  }));

/** The levels after one is added: the next number, 1 point above the last threshold. */
export function addLevel(levels: readonly LevelValue[]): LevelValue[] {
  const last = levels[levels.length - 1];
  const next =
    last?.ratePct === null || last === undefined ? null : Math.round((last.ratePct + 1) * 100) / 100;
  return [...levels, { level: levels.length + 1, ratePct: next ?? (levels.length === 0 ? 5 : null) }];
}

/** The levels without the i-th, renumbered. */
export function removeLevel(levels: readonly LevelValue[], i: number): LevelValue[] {
  return levels.filter((_l, j) => j !== i).map((l, j) => ({ ...l, level: j + 1 }));
}

export function LevelsField({ value, onChange, max }: CustomFieldArgs<FormValues> & { max: number }) {
  const t = useTexts(lossTexts);
  const colors = useAlarmColors();
  const levels = asLevels(value);
  return (
    <Space vertical align="start" spacing={6} data-testid="levels-field">
      {levels.map((l, i) => (
        <Space key={l.level} spacing={8}>
          <Tag
            style={{
              minWidth: 64,
              justifyContent: 'center',
              background: colors.warning(l.level),
              color: textOn(colors.warning(l.level)),
            }}
          >
            {t('levelN', { n: l.level })}
          </Tag>
          <InputNumber
            aria-label={t('levelN', { n: l.level })}
            value={l.ratePct ?? undefined}
            precision={2}
            suffix="%"
            style={{ width: 160 }}
            onNumberChange={(n) =>
              onChange(levels.map((x, j) => (j === i ? { ...x, ratePct: Number.isFinite(n) ? n : null } : x)))
            }
            onChange={(v) => {
              if (v === '' || v === null || v === undefined)
                onChange(levels.map((x, j) => (j === i ? { ...x, ratePct: null } : x)));
            }}
          />
          <Button
            size="small"
            theme="borderless"
            type="danger"
            onClick={() => onChange(removeLevel(levels, i))}
          >
            {t('removeLevel')}
          </Button>
        </Space>
      ))}
      <Button size="small" disabled={levels.length >= max} onClick={() => onChange(addLevel(levels))}>
        {t('addLevel')}
      </Button>
    </Space>
  );
}
