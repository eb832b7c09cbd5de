/**
 * /eventStatistics: event counts over a range of days (≤ 31): stacked bars by day and level,
 * pies by level and by type, the top 10 nodes and types, confirmed against open with the
 * average time to confirm, and how many events matched a fault scenario (expert.analysisCount).
 */
import { Card, Col, Empty, List, Row, Typography } from '@douyinfe/semi-ui-19';
import type { EventFilter } from '@eem/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useQueries } from '../../../app/client';
import { useFormat } from '../../../app/format';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { levelLabel } from '../../../blocks/event-list/EventTags';
import { logTypeLabel } from '../../../blocks/event-list/event-format';
import { TimeRange, type TimeRangeValue, useTimeRangeState } from '../../../blocks/TimeRange';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { useAlarmColors } from '../../../theme/alarm-colors';
import { EventPageFrame } from './components/EventPageFrame';
import {
  byDayAndLevel,
  confirmedAndOpen,
  countBars,
  durationParts,
  topCounts,
} from './components/statistics-model';
import { eventsTexts } from './texts';

function filterOf(range: TimeRangeValue): EventFilter {
  return {
    startTime: range.start,
    endTime: range.end,
    nodeIds: [],
    logTypes: [],
    levels: [],
    eventClasses: [],
    statuses: [],
    keyword: '',
  };
}

export function EventStatisticsPage() {
  const t = useTexts(eventsTexts);
  const {
    range: draft,
    setRange: setDraft,
    applied,
    apply: setApplied,
  } = useTimeRangeState('day', 'last7Days');
  return (
    <EventPageFrame title={t('statisticsTitle')}>
      <TimeRange
        value={draft}
        onChange={setDraft}
        granularities={['day']}
        presets={['today', 'last7Days', 'thisMonth']}
        block="future"
        onQuery={setApplied}
      />
      <Statistics filter={filterOf(applied)} />
    </EventPageFrame>
  );
}

function Kpi({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Card bodyStyle={{ padding: 16 }}>
      <Typography.Text type="tertiary">{label}</Typography.Text>
      <Typography.Title heading={3} style={{ margin: '4px 0 0' }} data-testid={testId}>
        {value}
      </Typography.Title>
    </Card>
  );
}

function Statistics({ filter }: { filter: EventFilter }) {
  const t = useTexts(eventsTexts);
  const { language } = useLanguage();
  const queries = useQueries();
  const colors = useAlarmColors();
  const fmt = useFormat();
  const input = { body: filter };
  const byDay = useQuery(queries.events.countByDay(input));
  const byLevel = useQuery(queries.events.countByLevel(input));
  const byType = useQuery(queries.events.countByType(input));
  const byNode = useQuery(queries.events.countByNode(input));
  const byStatus = useQuery(queries.events.countByStatus(input));
  const analysis = useQuery(
    queries.expert.analysisCount({ body: { startTime: filter.startTime, endTime: filter.endTime } }),
  );

  const levelColors = useMemo(() => [1, 2, 3, 4, 5].map((l) => colors.event(l)), [colors]);
  const dayChart = useMemo(
    () =>
      byDayAndLevel(
        byDay.data ?? [],
        (day) => fmt.time(day, 'MM-DD'),
        (level) => levelLabel(level, language),
      ),
    [byDay.data, fmt, language],
  );
  const levelRows = byLevel.data ?? [];
  const levelPie = {
    items: levelRows.map((r) => ({ name: levelLabel(r.key, language), value: r.count })),
  };
  const levelPieColors = levelRows.map((r) => colors.event(r.key));
  const typeRows = (byType.data ?? []).map((r) => ({ ...r, label: logTypeLabel(r.key, r.label, language) }));
  const typePie = { items: typeRows.map((r) => ({ name: r.label, value: r.count })) };
  const topNodes = topCounts(byNode.data ?? []);
  const topTypes = topCounts(typeRows);
  const status = confirmedAndOpen(byStatus.data?.rows ?? []);
  const statusPie = {
    items: [
      { name: t('confirmed'), value: status.confirmed },
      { name: t('open'), value: status.open },
    ],
  };
  const duration = durationParts(byStatus.data?.averageConfirmMs ?? null);
  const total = status.confirmed + status.open;

  return (
    <div data-testid="event-statistics" style={{ marginTop: 12 }}>
      <Row gutter={[16, 16]} type="flex">
        <Col span={6}>
          <Kpi label={t('total')} value={byStatus.data ? total : '--'} testId="stat-total" />
        </Col>
        <Col span={6}>
          <Kpi
            label={`${t('confirmed')} / ${t('open')}`}
            value={byStatus.data ? `${status.confirmed} / ${status.open}` : '--'}
            testId="stat-confirmed"
          />
        </Col>
        <Col span={6}>
          <Kpi
            label={t('averageConfirm')}
            value={duration ? t(duration.unit, { value: duration.value }) : '--'}
            testId="stat-average"
          />
        </Col>
        <Col span={6}>
          <Kpi
            label={t('withScenario')}
            value={analysis.data ? `${analysis.data.withScenario} / ${analysis.data.events}` : '--'}
            testId="stat-scenarios"
          />
        </Col>
        <Col span={24}>
          <ChartPanel
            kind="bar"
            stacked
            integer
            title={t('byDay')}
            data={dayChart}
            colors={levelColors}
            loading={byDay.isPending}
          />
        </Col>
        <Col span={8}>
          <ChartPanel
            kind="pie"
            title={t('byLevel')}
            data={levelPie}
            colors={levelPieColors}
            loading={byLevel.isPending}
            height={280}
          />
        </Col>
        <Col span={8}>
          <ChartPanel kind="pie" title={t('byType')} data={typePie} loading={byType.isPending} height={280} />
        </Col>
        <Col span={8}>
          <ChartPanel
            kind="pie"
            title={t('confirmedVsPending')}
            data={statusPie}
            loading={byStatus.isPending}
            height={280}
          />
        </Col>
        <Col span={12}>
          <ChartPanel
            kind="bar"
            integer
            horizontal
            title={t('topNodes')}
            data={countBars(topNodes, t('events'))}
            loading={byNode.isPending}
            height={300}
          />
        </Col>
        <Col span={12}>
          <ChartPanel
            kind="bar"
            integer
            horizontal
            title={t('topTypes')}
            data={countBars(topTypes, t('events'))}
            loading={byType.isPending}
            height={300}
          />
        </Col>
        <Col span={24}>
          <Card title={t('topScenarios')} data-testid="top-scenarios">
            {(analysis.data?.top ?? []).length === 0 ? (
              <Empty description={t('noScenarioMatches')} />
            ) : (
              <List
                size="small"
                dataSource={analysis.data?.top ?? []}
                renderItem={(s: { id: number; name: string; count: number }) => (
                  <List.Item
                    key={s.id}
                    main={s.name}
                    extra={<Typography.Text strong>{s.count}</Typography.Text>}
                  />
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
