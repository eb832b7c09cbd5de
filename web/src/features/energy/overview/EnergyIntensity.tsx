/**
 * The energy part of /projectOverview (screens.md §2.1): for a chosen accounting year the
 * project's standard coal per m², per person and per 10 k yuan of output with year-on-year,
 * and a 12-month bar (energy.standard with compare, cycle month, on the project's calendar).
 */
import { Card, Col, Empty, Row, Space, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useState } from 'react';
import { formatDate, formatNumber } from '../../../app/format';
import { errorMessage } from '../../../app/query-client';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { useEndpointQuery } from '../../../blocks/data';
import { addPeriods, startOfPeriod } from '../../../blocks/time-range-model';
import { useCalendar } from '../../../blocks/use-calendar';
import { useTexts } from '../../../i18n/texts';
import { energyTexts } from '../common/texts';
import { YearSelect } from '../common/YearSelect';
import { energyOverviewTexts } from './texts';

const rateOf = (value: number | null | undefined, base: number | null | undefined) =>
  value === null || value === undefined || !base ? null : ((value - base) / base) * 100;

export function EnergyIntensity({ projectId }: { projectId: number }) {
  const o = useTexts(energyOverviewTexts);
  const t = useTexts(energyTexts);
  const { calendar, ready } = useCalendar();
  const [year, setYear] = useState<number | null>(null);
  const thisYear = Number(formatDate(Date.now(), 'YYYY', calendar.timeZone));
  const current = startOfPeriod(Date.now(), 'year', calendar);
  const start = year === null ? current : addPeriods(current, 'year', year - thisYear, calendar);
  const end = addPeriods(start, 'year', 1, calendar);
  const answer = useEndpointQuery(
    endpointKey('energy', 'standard'),
    ready && year !== null
      ? {
          body: {
            nodes: [{ id: projectId, modelLabel: 'project' }],
            startTime: start,
            endTime: end,
            cycle: 3,
            compare: true,
          },
        }
      : null,
  );
  const s = answer.data?.series[0];
  const i = s?.intensity;
  const cards = [
    { key: 'perArea', label: o('perArea'), value: i?.perArea, base: i?.yoyPerArea },
    { key: 'perPerson', label: o('perPerson'), value: i?.perPerson, base: i?.yoyPerPerson },
    { key: 'perOutput', label: o('perOutput'), value: i?.perOutput, base: i?.yoyPerOutput },
  ];
  return (
    <Card
      title={o('intensity')}
      style={{ width: '100%', marginTop: 16 }}
      headerExtraContent={<YearSelect value={year} onChange={setYear} />}
      data-testid="energy-intensity"
    >
      {answer.isError ? (
        <Empty description={t('loadFailed', { message: errorMessage(answer.error) })} />
      ) : (
        <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
          <Row gutter={12} style={{ width: '100%' }}>
            {cards.map((c) => {
              const rate = rateOf(c.value, c.base);
              return (
                <Col key={c.key} span={6}>
                  <Card bodyStyle={{ padding: 12 }} data-card={c.key}>
                    <Typography.Text type="tertiary">{c.label}</Typography.Text>
                    <Typography.Title heading={4} style={{ margin: '4px 0 0' }}>
                      {formatNumber(c.value, 4)}
                    </Typography.Title>
                    <Typography.Text size="small" type="tertiary">
                      {o('yoy', { rate: rate === null ? '--' : `${formatNumber(rate)}%` })}
                    </Typography.Text>
                  </Card>
                </Col>
              );
            })}
            <Col span={6}>
              <Card bodyStyle={{ padding: 12 }} data-card="total">
                <Typography.Text type="tertiary">{t('tce')}</Typography.Text>
                <Typography.Title heading={4} style={{ margin: '4px 0 0' }}>
                  {formatNumber(s?.total)}
                </Typography.Title>
                <Typography.Text size="small" type="tertiary">
                  {o('yoy', {
                    rate:
                      s?.yoyRate === null || s?.yoyRate === undefined ? '--' : `${formatNumber(s.yoyRate)}%`,
                  })}
                </Typography.Text>
              </Card>
            </Col>
          </Row>
          <ChartPanel
            kind="bar"
            height={260}
            title={o('monthly', { year: year ?? thisYear })}
            fileName="monthly"
            unit="tce"
            loading={answer.isFetching}
            data={{
              categories: (answer.data?.times ?? []).map((ms) =>
                formatDate(ms, 'YYYY-MM', calendar.timeZone),
              ),
              series: [
                { name: t('value'), values: s?.values ?? [] },
                ...(s?.yoyValues ? [{ name: t('yoy'), values: s.yoyValues }] : []),
              ],
            }}
          />
        </Space>
      )}
    </Card>
  );
}
