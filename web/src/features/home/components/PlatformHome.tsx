/**
 * The platform home: project count, today's accidents and alarms (notice classes 1 and 2) and
 * the projects ranked by them, from the project list and the message log.
 */
import { Button, Card, Col, Row } from '@douyinfe/semi-ui-19';
import { useMemo } from 'react';
import { useEnterProject } from '../../../app/menu';
import { type DataColumn, DataTable } from '../../../blocks/DataTable';
import { LightChartPanel } from '../../../blocks/light-chart/LightChartPanel';
import { useTexts } from '../../../i18n/texts';
import { useAlarmColors } from '../../../theme/alarm-colors';
import { alarmCounts, useProjectList, useTodayNotices } from '../../projects/queries';
import { homeTexts } from '../texts';
import { KpiCard } from './KpiCard';

interface Ranked {
  id: number;
  name: string;
  count: number;
}

export function PlatformHome() {
  const t = useTexts(homeTexts);
  const colors = useAlarmColors();
  const enter = useEnterProject();
  const { projects, loading } = useProjectList();
  const { notices } = useTodayNotices();
  const counts = useMemo(() => alarmCounts(notices), [notices]);
  const ranked: Ranked[] = projects
    .map((p) => ({ id: p.id, name: p.name, count: counts.get(p.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const alarmTotal = [...counts.values()].reduce((a, b) => a + b, 0);
  const withAlarms = ranked.filter((r) => r.count > 0);

  const columns: DataColumn<Ranked>[] = [
    { key: 'name', title: t('project') },
    { key: 'count', title: t('alarmsToday'), width: 160, align: 'right' },
    {
      key: 'enter',
      title: '',
      width: 100,
      render: (r) => (
        <Button size="small" onClick={() => enter(r.id)}>
          {t('enter')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <KpiCard label={t('projects')} value={loading ? '--' : projects.length} />
        </Col>
        <Col span={6}>
          <KpiCard
            label={t('alarmsToday')}
            value={alarmTotal}
            tone={alarmTotal > 0 ? colors.event(2) : undefined}
          />
        </Col>
        <Col span={6}>
          <KpiCard label={t('projectsWithAlarms')} value={withAlarms.length} />
        </Col>
        <Col span={6}>
          <KpiCard label={t('noticesToday')} value={notices.length} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <LightChartPanel
            kind="bars"
            title={t('ranking')}
            data={{ items: withAlarms.map((r) => ({ name: r.name, value: r.count })) }}
            height={300}
            integer
          />
        </Col>
        <Col span={12}>
          <Card title={t('projectList')} bodyStyle={{ padding: 12 }}>
            <DataTable
              aria-label={t('ranking')}
              columns={columns}
              rows={ranked}
              rowKey={(r) => r.id}
              loading={loading}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
