/** The ordered steps of a handling plan: text and responsible role each, move up or down, remove, add. */
import { IconArrowDown, IconArrowUp, IconDelete, IconPlus } from '@douyinfe/semi-icons';
import { Button, Input, Typography } from '@douyinfe/semi-ui-19';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';
import { moveStep, type PlanStep } from './plan-form';

export interface StepsEditorProps {
  value: readonly PlanStep[];
  onChange: (steps: PlanStep[]) => void;
  /** Errors by step index ('steps.N'). */
  errors: Readonly<Record<string, string>>;
}

export function StepsEditor({ value, onChange, errors }: StepsEditorProps) {
  const t = useTexts(eventAdminTexts);
  const patch = (index: number, change: Partial<PlanStep>) =>
    onChange(value.map((s, i) => (i === index ? { ...s, ...change } : s)));
  return (
    <div>
      {value.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps are ordered and have no id
        <div key={i} data-step={i} style={{ marginBottom: 8 }}>
          <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
            <Typography.Text style={{ width: 56, flex: 'none' }}>{t('step', { n: i + 1 })}</Typography.Text>
            <Input
              aria-label={`${t('stepText')} ${i + 1}`}
              placeholder={t('stepText')}
              value={step.text}
              validateStatus={errors[`steps.${i}`] ? 'error' : undefined}
              onChange={(text) => patch(i, { text })}
            />
            <Input
              aria-label={`${t('role')} ${i + 1}`}
              placeholder={t('role')}
              value={step.role}
              style={{ width: 150, flex: 'none' }}
              onChange={(role) => patch(i, { role })}
            />
            <Button
              theme="borderless"
              icon={<IconArrowUp />}
              aria-label={t('moveUp')}
              disabled={i === 0}
              onClick={() => onChange(moveStep(value, i, -1))}
            />
            <Button
              theme="borderless"
              icon={<IconArrowDown />}
              aria-label={t('moveDown')}
              disabled={i === value.length - 1}
              onClick={() => onChange(moveStep(value, i, 1))}
            />
            <Button
              theme="borderless"
              type="danger"
              icon={<IconDelete />}
              aria-label={t('remove')}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          </div>
          {errors[`steps.${i}`] && (
            <div role="alert" style={{ marginLeft: 62 }}>
              <Typography.Text type="danger" size="small">
                {errors[`steps.${i}`]}
              </Typography.Text>
            </div>
          )}
        </div>
      ))}
      <Button icon={<IconPlus />} onClick={() => onChange([...value, { text: '', role: '' }])}>
        {t('addStep')}
      </Button>
    </div>
  );
}
