/**
 * The project home: under the energy cards and charts (features/energy/overview/EnergyHome.tsx)
 * the pending events by level and the open work orders by state (./WorkCards.tsx), the
 * project's profile card, today's notices by class (with the latest ones) and the recent
 * import and generation tasks.
 */
import { Button, Card, Col, Descriptions, Empty, Row, Tag } from '@douyinfe/semi-ui-19';
import { projectProfileOf, type Task, type TaskLogRow } from '@eem/contract';
import {
  EVENT_CLASS_LABELS,
  type EventClass,
  LOG_TYPE,
  logTypeName,
  POLLING,
  progressPercent,
  type TaskPhase,
  taskOperationName,
  taskPhase,
} from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useQueries } from '../../../app/client';
import { formatNumber, useFormat } from '../../../app/format';
import { useMayOpen } from '../../../app/may-open';
import { useSession } from '../../../app/session';
import { type DataColumn, DataTable } from '../../../blocks/DataTable';
import { LightChartPanel } from '../../../blocks/light-chart/LightChartPanel';
import { useTimeRangeState } from '../../../blocks/time-range-state';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { textOn, useAlarmColors } from '../../../theme/alarm-colors';
import { EnergyHome } from '../../energy/overview/EnergyHome';
import { type TodayNotice, useTodayNotices } from '../../projects/queries';
import { homeTexts } from '../texts';
import { OpenOrdersCard, PendingEventsCard } from './WorkCards';

const CLASSES: EventClass[] = [1, 2, 3, 4, 5];
const PHASE_COLORS = { running: 'blue', success: 'green', failure: 'red' } as const;

interface RecentTask {
  id: number;
  name: string;
  typeName: string;
  phase: TaskPhase;
  percent: number;
  startTime: number;
}

/**
 * Running and recent tasks (notices.importProgressAll), completed by the task log of the last
 * 7 days when the user may read it; newest first, each task once.
 */
export function recentTasks(
  live: readonly Task[],
  logged: readonly TaskLogRow[],
  language: 'zh' | 'en',
): RecentTask[] {
  const rows = new Map<number, RecentTask>();
  for (const x of live) {
    const phase = taskPhase(x.status);
    rows.set(x.id, {
      id: x.id,
      name: x.processInfo.name,
      typeName:
        x.logType === LOG_TYPE.taskDelete
          ? logTypeName(x.logType, language)
          : taskOperationName(x.operationType, language),
      phase,
      percent: phase === 'success' ? 100 : progressPercent(x.ratio),
      startTime: x.startTime,
    });
  }
  for (const x of logged) {
    if (rows.has(x.id)) continue;
    rows.set(x.id, {
      id: x.id,
      name: x.processInfo.name,
      typeName: x.typeName,
      phase: x.result,
      percent: x.result === 'success' ? 100 : progressPercent(x.processInfo.ratio),
      startTime: x.time,
    });
  }
  return [...rows.values()].sort((a, b) => b.startTime - a.startTime).slice(0, 10);
}

export function ProjectHome({ projectId }: { projectId: number }) {
  const t = useTexts(homeTexts);
  const { language } = useLanguage();
  const colors = useAlarmColors();
  const navigate = useNavigate();
  const mayOpen = useMayOpen();
  const queries = useQueries();
  const profile = useQuery({
    ...queries.projects.nodeData({ body: { id: projectId, modelLabel: 'project' } }),
    select: projectProfileOf,
  });
  const { permissions } = useSession();
  const tasks = useQuery({ ...queries.notices.importProgressAll(), refetchInterval: POLLING.dashboardMs });
  const fmt = useFormat();
  const { applied: lastWeek } = useTimeRangeState('day', 'last7Days');
  const week = { startTime: lastWeek.start, endTime: lastWeek.end };
  const taskLog = useQuery({
    ...queries.logs.taskLog({ body: { ...week, projectId, order: 1, page: { index: 0, limit: 10 } } }),
    enabled: permissions.has('operationlog_browser'),
  });
  const recent = recentTasks(tasks.data ?? [], taskLog.data?.list ?? [], language);
  const { notices } = useTodayNotices();
  const mine = notices.filter((n) => n.projectId === projectId);
  const byClass = new Map(CLASSES.map((c) => [c, mine.filter((n) => n.eventClass === c).length]));
  // Only the classes that occurred, so each slice keeps its class colour.
  const present = CLASSES.filter((c) => (byClass.get(c) ?? 0) > 0);
  const className = (c: EventClass) => EVENT_CLASS_LABELS[c][language === 'zh' ? 0 : 1];
  const p = profile.data;

  const noticeColumns: DataColumn<TodayNotice>[] = [
    { key: 'time', title: t('time'), width: 100, render: (n) => fmt.time(n.time, 'HH:mm:ss') },
    {
      key: 'eventClass',
      title: t('class'),
      width: 90,
      render: (n) => (
        <Tag style={{ color: textOn(colors.event(n.eventClass)), background: colors.event(n.eventClass) }}>
          {className(n.eventClass)}
        </Tag>
      ),
    },
    { key: 'description', title: t('description') },
  ];
  const taskColumns: DataColumn<RecentTask>[] = [
    { key: 'name', title: t('taskName'), render: (x) => x.name || '--' },
    { key: 'typeName', title: t('taskType'), width: 130 },
    {
      key: 'phase',
      title: t('status'),
      width: 110,
      render: (x) => (
        <Tag color={PHASE_COLORS[x.phase]}>
          {x.phase === 'running' ? `${t(x.phase)} ${x.percent}%` : t(x.phase)}
        </Tag>
      ),
    },
    {
      key: 'startTime',
      title: t('startTime'),
      width: 120,
      render: (x) => fmt.time(x.startTime, 'MM-DD HH:mm'),
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <EnergyHome projectId={projectId} />
      </Col>
      <Col span={24}>
        {/* Either card is absent when the user may not read it; the other takes the row. */}
        <div style={{ display: 'flex', gap: 16 }}>
          <PendingEventsCard />
          <OpenOrdersCard />
        </div>
      </Col>
      <Col span={12}>
        <Card
          title={p?.name ?? t('profile')}
          loading={profile.isPending}
          headerExtraContent={
            mayOpen('/projectOverview') ? (
              <Button theme="borderless" onClick={() => navigate('/projectOverview')}>
                {t('more')}
              </Button>
            ) : undefined
          }
          bodyStyle={{ padding: 12 }}
          style={{ height: '100%' }}
        >
          {p ? (
            <Descriptions
              align="left"
              data={[
                { key: t('company'), value: p.company ?? '--' },
                { key: t('address'), value: p.address ?? '--' },
                { key: t('area'), value: formatNumber(p.area) },
                { key: t('people'), value: formatNumber(p.people, 0) },
                { key: t('operationDate'), value: fmt.time(p.operationDate, 'YYYY-MM-DD') },
              ]}
            />
          ) : (
            <Empty description={t('noData')} />
          )}
        </Card>
      </Col>
      <Col span={12}>
        <LightChartPanel
          kind="donut"
          title={t('noticesByClass')}
          integer
          data={{ items: present.map((c) => ({ name: className(c), value: byClass.get(c) ?? 0 })) }}
          colors={present.map((c) => colors.event(c))}
          height={230}
        />
      </Col>
      <Col span={12}>
        <Card title={t('latestNotices')} bodyStyle={{ padding: 12 }}>
          <DataTable
            aria-label={t('latestNotices')}
            columns={noticeColumns}
            rows={mine.slice(0, 10)}
            rowKey={(n) => n.id}
          />
        </Card>
      </Col>
      <Col span={12}>
        <Card title={t('recentTasks')} bodyStyle={{ padding: 12 }}>
          <DataTable
            aria-label={t('recentTasks')}
            columns={taskColumns}
            rows={recent}
            rowKey={(x) => x.id}
            loading={tasks.isPending}
          />
        </Card>
      </Col>
    </Row>
  );
}
