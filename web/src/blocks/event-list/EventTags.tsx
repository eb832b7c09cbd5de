/** The level chip (alarm colours of the theme) and the status tag of an event. */
import { Tag } from '@douyinfe/semi-ui-19';
import { EVENT_LEVEL_LABELS, EVENT_STATUS, type EventLevel, eventStatusOf } from '@eem/core';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { textOn, useAlarmColors } from '../../theme/alarm-colors';
import { eventListTexts } from './texts';

export function levelLabel(level: number, language: 'zh' | 'en'): string {
  const labels = EVENT_LEVEL_LABELS[level as EventLevel];
  return labels ? labels[language === 'zh' ? 0 : 1] : String(level);
}

export function LevelTag({ level }: { level: number }) {
  const colors = useAlarmColors();
  const { language } = useLanguage();
  const background = colors.event(level);
  return (
    <Tag
      size="small"
      shape="circle"
      data-level={level}
      style={{ background, color: textOn(background), fontWeight: 600 }}
    >
      {levelLabel(level, language)}
    </Tag>
  );
}

const STATUS_COLORS = {
  [EVENT_STATUS.pending]: 'red',
  [EVENT_STATUS.processing]: 'orange',
  [EVENT_STATUS.confirmed]: 'green',
} as const;

export function StatusTag({ status }: { status: number }) {
  const t = useTexts(eventListTexts);
  const key = eventStatusOf(status);
  return (
    <Tag size="small" color={STATUS_COLORS[key]} data-status={key}>
      {key === EVENT_STATUS.confirmed ? t('confirmedSolved') : t(`status.${key}`)}
    </Tag>
  );
}
