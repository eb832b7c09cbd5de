/**
 * /eventStatisConvergence: convergence statistics over a range of at most 31 days
 * (events.convergenceCount): raw against converged counts and the reduction ratio, incidents
 * by type (pie) and by node (the top 10, bars), and a daily trend of raw against converged.
 */
import { Card, Col, Row, Typography } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useQueries } from '../../../app/client';
import { formatPercent, useFormat } from '../../../app/format';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { TimeRange } from '../../../blocks/TimeRange';
import { useTexts } from '../../../i18n/texts';
import { EventScreen } from './components/EventScreen';
import { shortNodeName } from './components/event-labels';
import { rangeBody, useEventRange } from './components/event-range';
import { eventAdminTexts } from './texts';

export function EventStatisConvergencePage() {
  const t = useTexts(eventAdminTexts);
  return (
    <EventScreen title={t('statisTitle')}>
      <Statistics />
    </EventScreen>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card bodyStyle={{ padding: 16 }}>
      <Typography.Text type="tertiary">{label}</Typography.Text>
      <Typography.Title heading={2} style={{ margin: '4px 0 0' }} data-testid={testId}>
        {value}
      </Typography.Title>
    </Card>
  );
}

function Statistics() {
  const t = useTexts(eventAdminTexts);
  const fmt = useFormat();
  const queries = useQueries();
  const { range: draft, setRange: setDraft, applied: range, apply: setRange } = useEventRange();
  const counts = useQuery(queries.events.convergenceCount({ body: rangeBody(range) }));
  const data = counts.data;
  const loading = counts.isFetching;
  const topNodes = (data?.byNode ?? []).slice(0, 10);

  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <TimeRange
          value={draft}
          onChange={setDraft}
          granularities={['day']}
          block="future"
          presets={['today', 'last7Days', 'thisMonth']}
          onQuery={(value) => {
            setRange(value);
            if (value.start === range.start && value.end === range.end) void counts.refetch();
          }}
        />
      </div>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Figure label={t('rawCount')} value={data ? String(data.raw) : '--'} testId="raw-count" />
        </Col>
        <Col span={8}>
          <Figure
            label={t('convergedCount')}
            value={data ? String(data.converged) : '--'}
            testId="converged-count"
          />
        </Col>
        <Col span={8}>
          <Figure
            label={t('reduction')}
            value={data?.reduction === null || data === undefined ? '--' : formatPercent(data.reduction, 1)}
            testId="reduction"
          />
        </Col>
      </Row>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={10}>
          <ChartPanel
            kind="pie"
            title={t('byType')}
            loading={loading}
            data={{ items: (data?.byType ?? []).map((r) => ({ name: r.label, value: r.count })) }}
            height={300}
          />
        </Col>
        <Col span={14}>
          <ChartPanel
            kind="bar"
            horizontal
            title={t('byNode')}
            loading={loading}
            integer
            data={{
              categories: topNodes.map((r) => shortNodeName(r.label)),
              series: [{ name: t('incidents'), values: topNodes.map((r) => r.count) }],
            }}
            height={300}
          />
        </Col>
      </Row>
      <ChartPanel
        kind="line"
        title={t('trend')}
        loading={loading}
        integer
        data={{
          categories: (data?.trend ?? []).map((d) => fmt.time(d.day, 'YYYY-MM-DD')),
          series: [
            { name: t('raw'), values: (data?.trend ?? []).map((d) => d.raw) },
            { name: t('converged'), values: (data?.trend ?? []).map((d) => d.converged) },
          ],
        }}
      />
    </>
  );
}
