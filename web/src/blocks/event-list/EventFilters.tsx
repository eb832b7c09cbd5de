/**
 * The EventList's filter bar: a range of whole days (≤ 31), nodes of the project tree (a
 * popover with the NodeTreePicker), event types, levels (coloured chips), statuses and a
 * keyword; Query applies the draft, Reset goes back to the defaults.
 */
import { IconTreeTriangleDown } from '@douyinfe/semi-icons';
import { Button, Input, Popover, Space } from '@douyinfe/semi-ui-19';
import { EVENT_LEVELS, NAME_LIMITS } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useQueries } from '../../app/client';
import { useSession } from '../../app/session';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { useAlarmColors } from '../../theme/alarm-colors';
import { NodeTreePicker } from '../NodeTreePicker';
import { Select } from '../named-pickers';
import { TimeRange } from '../TimeRange';
import { LevelTag, levelLabel } from './EventTags';
import type { EventFilterDraft } from './event-filter-model';
import { logTypeLabel } from './event-format';
import { eventListTexts } from './texts';

export interface EventFiltersProps {
  value: EventFilterDraft;
  onChange: (next: EventFilterDraft) => void;
  onQuery: () => void;
  onReset: () => void;
  /** The event types offered. */
  logTypes: readonly number[];
}

const STATUSES = [1, 2, 3] as const;

export function EventFilters({ value, onChange, onQuery, onReset, logTypes }: EventFiltersProps) {
  const t = useTexts(eventListTexts);
  const { language } = useLanguage();
  const colors = useAlarmColors();
  const patch = (next: Partial<EventFilterDraft>) => onChange({ ...value, ...next });

  return (
    <div
      className="eem-event-filters"
      data-testid="event-filters"
      style={{ display: 'flex', gap: 8, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TimeRange
        value={value.range}
        onChange={(range) => patch({ range })}
        granularities={['day']}
        presets={['today', 'last7Days', 'thisMonth']}
        block="future"
        onQuery={onQuery}
      >
        <NodeFilter value={value} onChange={(nodes) => patch({ nodes })} />
        {logTypes.length > 1 && (
          <Select
            multiple
            maxTagCount={1}
            showClear
            aria-label={t('types')}
            className="eem-filter-types"
            placeholder={t('allTypes')}
            style={{ minWidth: 180 }}
            value={value.logTypes}
            optionList={logTypes.map((type) => ({
              value: type,
              label: logTypeLabel(type, String(type), language),
            }))}
            onChange={(v) => patch({ logTypes: (v as number[]) ?? [] })}
          />
        )}
        <Select
          multiple
          showClear
          maxTagCount={2}
          aria-label={t('levels')}
          className="eem-filter-levels"
          placeholder={t('allLevels')}
          style={{ minWidth: 170 }}
          value={value.levels}
          optionList={EVENT_LEVELS.map((level) => ({
            value: level,
            label: (
              <Space spacing={6}>
                <span
                  aria-hidden
                  style={{
                    display: 'inline-block',
                    width: 10,
                    height: 10,
                    borderRadius: 5,
                    background: colors.event(level),
                  }}
                />
                {levelLabel(level, language)}
              </Space>
            ),
          }))}
          renderSelectedItem={(option: { value?: unknown }) => ({
            isRenderInTag: false,
            content: <LevelTag level={Number(option.value)} />,
          })}
          onChange={(v) => patch({ levels: (v as number[]) ?? [] })}
        />
        <Select
          multiple
          showClear
          maxTagCount={2}
          aria-label={t('statuses')}
          className="eem-filter-statuses"
          placeholder={t('allStatuses')}
          style={{ minWidth: 170 }}
          value={value.statuses}
          optionList={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(v) => patch({ statuses: (v as number[]) ?? [] })}
        />
        <Input
          aria-label={t('keyword')}
          placeholder={t('keywordPlaceholder')}
          style={{ width: 200 }}
          value={value.keyword}
          maxLength={NAME_LIMITS.keyword}
          showClear
          onChange={(keyword) => patch({ keyword })}
          onEnterPress={onQuery}
        />
        <Button onClick={onReset}>{t('reset')}</Button>
      </TimeRange>
    </div>
  );
}

function NodeFilter({
  value,
  onChange,
}: {
  value: EventFilterDraft;
  onChange: (nodes: EventFilterDraft['nodes']) => void;
}) {
  const t = useTexts(eventListTexts);
  const queries = useQueries();
  const { effectiveProjectId } = useSession();
  const tree = useQuery({
    ...queries.nodes.nodeTreeSimpleWithAuth({ body: { rootID: Math.max(effectiveProjectId, 1) } }),
    enabled: effectiveProjectId > 0,
    staleTime: 60_000,
  });
  const label =
    value.nodes.length === 0
      ? t('allNodes')
      : value.nodes.length === 1
        ? (value.nodes[0]?.name ?? '')
        : t('nodesCount', { count: value.nodes.length });
  const content = (
    <div style={{ width: 300, padding: 8 }} data-testid="event-node-filter">
      <NodeTreePicker
        mode="multi"
        aria-label={t('nodes')}
        tree={tree.data ?? []}
        loading={tree.isPending && effectiveProjectId > 0}
        value={value.nodes}
        onChange={onChange}
        height={320}
      />
      {value.nodes.length > 0 && (
        <Button size="small" theme="borderless" onClick={() => onChange([])}>
          {t('clearNodes')}
        </Button>
      )}
    </div>
  );
  return (
    <Popover trigger="click" position="bottomLeft" content={content} showArrow>
      <Button aria-label={`${label}, ${t('nodes')}`} icon={<IconTreeTriangleDown />} iconPosition="right">
        {label}
      </Button>
    </Popover>
  );
}
