/**
 * /demandanalysis (screens.md §2.6, AN + IMP): up to 6 inlets over ≤ 12 months: the monthly
 * maximum against the declared value and the capacity, load rate and load factor, the quarter
 * hours over the declared value and over the penalty threshold, and the histogram of daily
 * maxima in bins of 10 % of the declared value (demand.statistics); and the import of
 * historical quarter-hour demand, e.g. a utility export (demand.import kind 'demand', with
 * demandconfig_update).
 */
import { IconUpload } from '@douyinfe/semi-icons';
import { Button, Card, Col, Row, Space } from '@douyinfe/semi-ui-19';
import { areaKey, endpointKey } from '@eem/sdk';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useInvalidate, useMutations } from '../../app/client';
import { formatDate } from '../../app/format';
import { useSession } from '../../app/session';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { AnalysisScreen } from '../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../blocks/analysis/analysis-model';
import { ChartPanel } from '../../blocks/ChartPanel';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import { ImportDialog } from '../../blocks/ImportDialog';
import { errorMessage } from '../../blocks/save-file';
import { useTexts } from '../../i18n/texts';
import { ImportProblems } from '../nodes/components/ImportProblems';
import { inletPicker, kw, linkedInlet, monthsOf, pct } from './common';
import { demandTexts } from './texts';

type Ctx = AnalysisContext<Record<string, never>, null>;

export function DemandAnalysisPage() {
  const t = useTexts(demandTexts);
  const description = useMemo(
    () =>
      defineAnalysis({
        title: t('analysisTitle'),
        nodes: inletPicker(t('inlets'), 'multi'),
        range: { granularities: ['month'], granularity: 'month', preset: 'thisYear', presets: ['thisYear'] },
        initial: (params) => ({ ...linkedInlet(params), extra: {} as Record<string, never> }),
        useData: () => null,
        bar: () => <DemandImport />,
        render: (ctx: Ctx) =>
          ctx.selection.nodes.length === 0 ? idle(t('chooseInlet')) : <Statistics ctx={ctx} />,
      }),
    [t],
  );
  return <AnalysisScreen description={description} />;
}

function DemandImport() {
  const t = useTexts(demandTexts);
  const { permissions } = useSession();
  const [open, setOpen] = useState(false);
  const invalidate = useInvalidate();
  const upload = useMutation(
    useMutations().demand.import({ invalidates: [areaKey('demand'), areaKey('bills')] }),
  );
  if (!permissions.has('demandconfig_update')) return null;
  return (
    <>
      <Button icon={<IconUpload />} onClick={() => setOpen(true)}>
        {t('importDemand')}
      </Button>
      <ImportDialog
        visible={open}
        onClose={() => setOpen(false)}
        title={t('importDemand')}
        template={(client) => client.demand.template.download({ query: { kind: 'demand' } })}
        upload={async (_client, file) => {
          const task = await upload.mutateAsync({
            body: { dryRun: false, kind: 'demand' },
            files: [{ name: file.name, data: file }],
          });
          return { operationType: task.operationType, taskId: task.id };
        }}
        report={(client, taskId) => client.nodes.importReport.download({ query: { taskId } })}
        failure={(progress) => (
          <ImportProblems
            taskId={progress.refused ? undefined : progress.task?.id}
            message={progress.message}
          />
        )}
        onSuccess={() => void invalidate(areaKey('demand'), areaKey('bills'))}
        maxBytes={1024 * 1024 * 1024}
      />
    </>
  );
}

function Statistics({ ctx }: { ctx: Ctx }) {
  const t = useTexts(demandTexts);
  const months = monthsOf(ctx.selection, ctx.calendar);
  const stats = useEndpointQuery(
    endpointKey('demand', 'statistics'),
    { body: { inletIds: ctx.selection.nodes.map((n) => n.id), ...months } },
    { keepPrevious: true },
  );
  const data = stats.data;
  const view = useMemo(() => {
    if (!data) return null;
    const rows = data.series.flatMap((s) =>
      s.rows.map((r) => ({ ...r, key: `${s.inlet.id}-${r.month}`, inlet: s.inlet })),
    );
    const first = data.series[0];
    const monthly = {
      categories: data.months,
      series: [
        ...data.series.map((s) => ({ name: s.inlet.name, values: s.rows.map((r) => r.maxKw) })),
        ...(first
          ? [
              { name: `${t('declared')} · ${first.inlet.name}`, values: first.rows.map((r) => r.declaredKw) },
              {
                name: `${t('capacity')} · ${first.inlet.name}`,
                values: first.rows.map((r) => r.transformerKva),
              },
            ]
          : []),
      ],
    };
    const bins = first?.histogram ?? [];
    const histogram = {
      categories: bins.map((b) => `${b.fromPct}–${b.toPct}%`),
      series: data.series.map((s) => ({ name: s.inlet.name, values: s.histogram.map((b) => b.days) })),
    };
    const over = rows.reduce((n, r) => n + r.overDeclared, 0);
    const penalty = rows.reduce((n, r) => n + r.overPenalty, 0);
    const top = [...rows].filter((r) => r.maxKw !== null).sort((a, b) => (b.maxKw ?? 0) - (a.maxKw ?? 0))[0];
    return { rows, monthly, histogram, over, penalty, top };
  }, [data, t]);
  if (stats.isError && !data)
    return (
      <Card style={{ width: '100%' }}>{t('loadFailed', { message: errorMessage(stats.error, '') })}</Card>
    );
  if (!data || !view) return <Card loading style={{ width: '100%' }} />;
  type Row = (typeof view.rows)[number];
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Cards
        cards={[
          {
            key: 'max',
            label: t('maxDemand'),
            value: kw(view.top?.maxKw),
            hint: view.top?.maxAt
              ? `${view.top.inlet.name} · ${formatDate(view.top.maxAt, 'YYYY-MM-DD HH:mm', data.timeZone)}`
              : undefined,
          },
          {
            key: 'over',
            label: t('overCount'),
            value: String(view.over),
            tone: view.over > 0 ? 'warning' : 'normal',
          },
          {
            key: 'penalty',
            label: t('overPenaltyCount'),
            value: String(view.penalty),
            tone: view.penalty > 0 ? 'up' : 'normal',
          },
        ]}
      />
      <Row gutter={12} style={{ width: '100%' }}>
        <Col span={14}>
          <ChartPanel
            kind="line"
            title={t('monthlyMaxChart')}
            data={view.monthly}
            loading={stats.isFetching}
          />
        </Col>
        <Col span={10}>
          <ChartPanel
            kind="bar"
            title={t('dailyMaxHistogram')}
            data={view.histogram}
            integer
            loading={stats.isFetching}
          />
        </Col>
      </Row>
      <div style={{ width: '100%' }}>
        <DataTable<Row>
          aria-label={t('analysisTitle')}
          rows={view.rows}
          rowKey={(r) => r.key}
          loading={stats.isFetching}
          columns={[
            { key: 'inlet', title: t('inlets'), width: 140, render: (r) => r.inlet.name },
            { key: 'month', title: t('month'), width: 90 },
            { key: 'maxKw', title: t('maxDemand'), align: 'right', render: (r) => kw(r.maxKw) },
            {
              key: 'maxAt',
              title: t('maxTime'),
              width: 140,
              render: (r) => (r.maxAt === null ? '--' : formatDate(r.maxAt, 'MM-DD HH:mm', data.timeZone)),
            },
            { key: 'declaredKw', title: t('declaredKw'), align: 'right', render: (r) => kw(r.declaredKw) },
            {
              key: 'transformerKva',
              title: t('capacityKva'),
              align: 'right',
              render: (r) => kw(r.transformerKva),
            },
            { key: 'loadRatePct', title: t('loadRate'), align: 'right', render: (r) => pct(r.loadRatePct) },
            {
              key: 'loadFactorPct',
              title: t('loadFactor'),
              align: 'right',
              render: (r) => pct(r.loadFactorPct),
            },
            { key: 'overDeclared', title: t('overCount'), align: 'right' },
            { key: 'overPenalty', title: t('overPenaltyCount'), align: 'right' },
          ]}
          summary={{ columns: ['maxKw', 'overDeclared', 'overPenalty'], kinds: ['max', 'total'] }}
        />
      </div>
    </Space>
  );
}
