/**
 * /demandQueryAndAnalysis (screens.md §2.3): up to 6 inlets and a range by day (≤ 31 days) or
 * month (≤ 12 months): the daily or monthly maximum demand with its time, the average and the
 * load factor (avg/max), against the declared demand and the transformer capacity
 * (demand.history); and the 15-minute curve of a chosen day (demand.curve), the day of a row
 * or of a link (/demandevent's "View curve": ?inletId&startTime&endTime&day).
 */
import { Button, Card, Space } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatDate, formatPeriod } from '../../app/format';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { AnalysisScreen } from '../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../blocks/analysis/analysis-model';
import { ChartPanel } from '../../blocks/ChartPanel';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import { errorMessage } from '../../blocks/save-file';
import { addDays, startOfDay } from '../../blocks/time-range-model';
import { useTexts } from '../../i18n/texts';
import { inletPicker, kw, linkedInlet, pct } from './common';
import { DemandCurve } from './components/DemandCurve';
import { demandTexts } from './texts';

interface Extra {
  /** The day of the curve (its start in the project's zone) and its inlet; null: none chosen. */
  day: number | null;
  inletId: number | null;
}
type Ctx = AnalysisContext<Extra, null>;

const positive = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : null);

export function DemandQueryAndAnalysisPage() {
  const t = useTexts(demandTexts);
  const description = useMemo(
    () =>
      defineAnalysis({
        title: t('queryTitle'),
        nodes: inletPicker(t('inlets'), 'multi'),
        range: {
          granularities: ['day', 'month'],
          granularity: 'day',
          preset: 'thisMonth',
          presets: ['today', 'last7Days', 'thisMonth', 'thisYear'],
        },
        initial: (params) => {
          const start = positive(params.get('startTime'));
          const end = positive(params.get('endTime'));
          const inlet = linkedInlet(params);
          return {
            ...inlet,
            ...(start !== null && end !== null && end > start
              ? { range: { granularity: 'day' as const, start, end } }
              : {}),
            extra: { day: positive(params.get('day')), inletId: inlet.nodes?.[0]?.id ?? null },
          };
        },
        useData: () => null,
        render: (ctx: Ctx) => {
          if (ctx.selection.nodes.length === 0) return idle(t('chooseInlet'));
          return <HistoryResult ctx={ctx} />;
        },
      }),
    [t],
  );
  return <AnalysisScreen description={description} />;
}

function HistoryResult({ ctx }: { ctx: Ctx }) {
  const t = useTexts(demandTexts);
  const { selection, calendar } = ctx;
  const cycle = selection.range.granularity === 'month' ? 3 : 1;
  const history = useEndpointQuery(
    endpointKey('demand', 'history'),
    {
      body: {
        inletIds: selection.nodes.map((n) => n.id),
        startTime: selection.range.start,
        endTime: selection.range.end,
        cycle,
      },
    },
    { keepPrevious: true },
  );
  const data = history.data;
  const view = useMemo(() => {
    if (!data) return null;
    const label = (ms: number) => formatPeriod(ms, data.cycle, data.timeZone);
    const rows = data.series.flatMap((s) =>
      s.rows.map((r) => ({
        ...r,
        key: `${s.inlet.id}-${r.time}`,
        inlet: s.inlet,
        transformerKva: s.transformerKva,
      })),
    );
    const chart = {
      categories: data.times.map(label),
      series: [
        ...data.series.map((s) => ({ name: s.inlet.name, values: s.rows.map((r) => r.maxKw) })),
        ...data.series.slice(0, 1).map((s) => ({
          name: `${t('declared')} · ${s.inlet.name}`,
          values: s.rows.map((r) => r.declaredKw),
        })),
      ],
    };
    const top = data.series
      .flatMap((s) => (s.max ? [{ inlet: s.inlet, ...s.max }] : []))
      .sort((a, b) => b.kw - a.kw)[0];
    const factors = rows.flatMap((r) => (r.loadFactorPct === null ? [] : [r.loadFactorPct]));
    const avgFactor = factors.length ? factors.reduce((a, b) => a + b, 0) / factors.length : null;
    return { label, rows, chart, top, avgFactor };
  }, [data, t]);

  if (history.isError && !data)
    return (
      <Card style={{ width: '100%' }}>{t('loadFailed', { message: errorMessage(history.error, '') })}</Card>
    );
  if (!data || !view) return <Card loading style={{ width: '100%' }} />;
  type Row = (typeof view.rows)[number];
  const firstInlet = selection.nodes[0]?.id ?? null;
  const curveInlet = ctx.selection.extra.inletId ?? firstInlet;
  const curveDay =
    ctx.selection.extra.day ??
    (view.top
      ? startOfDay(view.top.at, calendar)
      : startOfDay(Math.max(selection.range.start, Math.min(Date.now(), selection.range.end - 1)), calendar));
  const curveName = view.rows.find((r) => r.inlet.id === curveInlet)?.inlet.name ?? '';
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Cards
        cards={[
          {
            key: 'max',
            label: `${t('dayMaxChart')} (kW)`,
            value: kw(view.top?.kw),
            hint: view.top
              ? `${view.top.inlet.name} · ${formatDate(view.top.at, 'YYYY-MM-DD HH:mm', data.timeZone)}`
              : undefined,
          },
          { key: 'loadFactor', label: t('loadFactor'), value: pct(view.avgFactor) },
          {
            key: 'declared',
            label: t('declaredKw'),
            value: kw(data.series[0]?.rows[data.series[0].rows.length - 1]?.declaredKw),
            hint: data.series[0]?.inlet.name,
          },
          {
            key: 'capacity',
            label: `${t('capacity')} (kVA)`,
            value: kw(data.series[0]?.transformerKva),
            hint: data.series[0]?.inlet.name,
          },
        ]}
      />
      <div style={{ width: '100%' }}>
        <ChartPanel
          kind="line"
          title={t('dayMaxChart')}
          unit="kW"
          data={view.chart}
          loading={history.isFetching}
        />
      </div>
      <div style={{ width: '100%' }}>
        <DataTable<Row>
          aria-label={t('queryTitle')}
          rows={view.rows}
          rowKey={(r) => r.key}
          loading={history.isFetching}
          columns={[
            { key: 'inlet', title: t('inlets'), width: 150, render: (r) => r.inlet.name },
            { key: 'time', title: t('period'), width: 120, render: (r) => view.label(r.time) },
            { key: 'maxKw', title: t('maxDemand'), align: 'right', render: (r) => kw(r.maxKw) },
            {
              key: 'maxAt',
              title: t('maxTime'),
              width: 150,
              render: (r) =>
                r.maxAt === null ? '--' : formatDate(r.maxAt, 'YYYY-MM-DD HH:mm', data.timeZone),
            },
            { key: 'avgKw', title: `${t('average')} (kW)`, align: 'right', render: (r) => kw(r.avgKw) },
            {
              key: 'loadFactorPct',
              title: t('loadFactor'),
              align: 'right',
              render: (r) => pct(r.loadFactorPct),
            },
            { key: 'declaredKw', title: t('declaredKw'), align: 'right', render: (r) => kw(r.declaredKw) },
            {
              key: 'transformerKva',
              title: t('capacityKva'),
              align: 'right',
              render: (r) => kw(r.transformerKva),
            },
            {
              key: 'curve',
              title: '',
              width: 100,
              render: (r) => (
                <Button
                  size="small"
                  theme="borderless"
                  onClick={() =>
                    ctx.setExtra({ inletId: r.inlet.id, day: startOfDay(r.maxAt ?? r.time, calendar) })
                  }
                >
                  {t('viewCurve')}
                </Button>
              ),
            },
          ]}
          summary={{ columns: ['maxKw', 'avgKw'], kinds: ['max', 'avg'] }}
        />
      </div>
      {curveInlet !== null && (
        <DemandCurve
          inletId={curveInlet}
          start={curveDay}
          end={addDays(curveDay, 1, calendar)}
          title={`${curveName} · ${t('curveOfDay', { day: formatDate(curveDay, 'YYYY-MM-DD', calendar.timeZone) })}`}
        />
      )}
    </Space>
  );
}
