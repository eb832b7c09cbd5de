/**
 * The result of an analysis: its cards, the chart (a trend with the max/min/avg toggles, or a
 * line, bar, stacked bar or pie chart), the table (summary rows) with the export under it, and
 * the empty result that says why there is nothing (nothing chosen, a refused span, the
 * server's refusal, no data).
 */
import { IconDownload } from '@douyinfe/semi-icons';
import { Button, Card, CheckboxGroup, Col, Empty, Row, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import { type ReactNode, useMemo, useState } from 'react';
import { useTexts } from '../../i18n/texts';
import { ChartPanel } from '../ChartPanel';
import { isEmptyChart } from '../chart/chart-spec';
import { TrendChart } from '../chart/TrendChart';
import { lineStats, MARKER_KINDS, type MarkerKind } from '../chart/trend-spec';
import { DataTable } from '../DataTable';
import { type DownloadRef, type JsonRef, type RefInput, useEndpointDownload } from '../data';
import { downloadErrorMessage } from '../save-file';
import { blockTexts } from '../texts';
import type {
  AnalysisAnswer,
  AnalysisCard,
  AnalysisChart,
  AnalysisContext,
  AnalysisDescription,
  AnalysisTable,
} from './analysis-model';

const TONES = {
  normal: undefined,
  up: 'var(--semi-color-danger)',
  down: 'var(--semi-color-success)',
  warning: 'var(--semi-color-warning)',
} as const;

/** The figures above a result (also for screens that draw their own result). */
export function Cards({ cards }: { cards: readonly AnalysisCard[] }) {
  return (
    <Row gutter={12} data-testid="analysis-cards">
      {cards.map((c) => (
        <Col key={c.key} span={Math.max(4, Math.floor(24 / cards.length))}>
          <Card bodyStyle={{ padding: 14 }} data-card={c.key}>
            <Typography.Text type="tertiary">{c.label}</Typography.Text>
            <Typography.Title heading={4} style={{ margin: '4px 0 0', color: TONES[c.tone ?? 'normal'] }}>
              {c.value}
            </Typography.Title>
            {c.hint && (
              <Typography.Text type="tertiary" size="small">
                {c.hint}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function chartIsEmpty(chart: AnalysisChart): boolean {
  if (chart.kind === 'trend') return chart.lines.every((l) => lineStats(l.points) === null);
  return isEmptyChart(
    chart.kind === 'pie' || chart.kind === 'sankey' || chart.kind === 'waterfall' ? chart.kind : 'line',
    chart.data,
  );
}

function ChartView({
  chart,
  title,
  fileName,
  loading,
  extra,
}: {
  chart: AnalysisChart;
  title: ReactNode;
  fileName: string;
  loading: boolean;
  extra?: ReactNode;
}) {
  const t = useTexts(blockTexts);
  const [markers, setMarkers] = useState<MarkerKind[]>([]);
  const markerLabels = useMemo(() => ({ max: t('max'), min: t('min'), avg: t('avg') }), [t]);
  if (chart.kind === 'trend') {
    const toggles = chart.markers && (
      <Space spacing={4}>
        <Typography.Text type="tertiary">{t('markers')}</Typography.Text>
        <CheckboxGroup
          direction="horizontal"
          aria-label={t('markers')}
          value={markers}
          onChange={(values) => setMarkers(MARKER_KINDS.filter((k) => (values as unknown[]).includes(k)))}
          options={MARKER_KINDS.map((k) => ({ value: k, label: t(k) }))}
        />
      </Space>
    );
    return (
      <div data-testid={chart.testId ?? 'trend-chart'} style={{ width: '100%' }}>
        <TrendChart
          title={title}
          fileName={fileName}
          lines={chart.lines}
          formatTime={chart.formatTime}
          markers={markers}
          markerLabels={markerLabels}
          extra={
            <>
              {extra}
              {toggles}
            </>
          }
          loading={loading}
          empty={t('noDataInRange')}
          {...(chart.highlights ? { highlights: chart.highlights } : {})}
          {...(chart.gaps ? { gaps: chart.gaps } : {})}
        />
      </div>
    );
  }
  return (
    <ChartPanel
      kind={chart.kind === 'stackedBar' ? 'bar' : chart.kind}
      stacked={chart.kind === 'stackedBar'}
      data={chart.data}
      title={title}
      fileName={fileName}
      loading={loading}
      extra={extra}
      {...(chart.unit ? { unit: chart.unit } : {})}
      {...(chart.integer ? { integer: true } : {})}
      {...(chart.colors ? { colors: chart.colors } : {})}
    />
  );
}

/** The export button, disabled while there is nothing to export, with why it is refused. */
function ExportButton({
  onExport,
  loading = false,
  refused = null,
}: {
  onExport?: () => void;
  loading?: boolean;
  refused?: ReactNode | null;
}) {
  const t = useTexts(blockTexts);
  return (
    <Space spacing={8}>
      {refused && (
        <Typography.Text type="warning" size="small" data-testid="export-limit">
          {refused}
        </Typography.Text>
      )}
      <Button
        icon={<IconDownload />}
        loading={loading}
        disabled={!onExport || refused !== null}
        onClick={onExport}
      >
        {t('export')}
      </Button>
    </Space>
  );
}

/** The export of an answer: the endpoint's download twin with the query's input. */
function EndpointExport<D extends DownloadRef>({
  endpoint,
  input,
  refused,
}: {
  endpoint: D;
  /** Null: nothing to export. */
  input: RefInput<D> | null;
  refused: ReactNode | null;
}) {
  const t = useTexts(blockTexts);
  const download = useEndpointDownload(endpoint);
  const run = async (chosen: RefInput<D>) => {
    try {
      Toast.success(t('exported', { name: await download.run(chosen) }));
    } catch (error) {
      Toast.error(downloadErrorMessage(error));
    }
  };
  return (
    <ExportButton
      loading={download.isPending}
      refused={refused}
      {...(input !== null ? { onExport: () => void run(input) } : {})}
    />
  );
}

/** Nothing to show, and why; the export stays in its place, disabled. */
export function EmptyResult({
  title,
  reason,
  exportable,
}: {
  title: ReactNode;
  reason: ReactNode;
  exportable?: boolean;
}) {
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Card title={title} style={{ width: '100%' }}>
        <div
          data-testid="analysis-empty"
          style={{ height: 280, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Empty description={reason} />
        </div>
      </Card>
      {exportable && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', width: '100%' }}>
          <ExportButton />
        </div>
      )}
    </Space>
  );
}

export interface AnalysisResultProps<X, Y, E extends JsonRef, D extends DownloadRef> {
  description: AnalysisDescription<X, Y, E, D>;
  ctx: AnalysisContext<X, Y>;
  answer: AnalysisAnswer<E>;
  query: RefInput<E>;
  loading: boolean;
}

export function AnalysisResult<X, Y, E extends JsonRef, D extends DownloadRef>({
  description: d,
  ctx,
  answer,
  query,
  loading,
}: AnalysisResultProps<X, Y, E, D>) {
  const t = useTexts(blockTexts);
  const view = d.view ?? {};
  // Built once per answer and selection (a new chart spec redraws the chart).
  const built = useMemo(
    () => ({
      chart: view.chart?.(answer, ctx),
      cards: view.cards?.(answer, ctx) ?? [],
      // biome-ignore lint/suspicious/noExplicitAny: the row type is the screen's own
      table: view.table?.(answer, ctx) as AnalysisTable<any> | undefined,
    }),
    [view, answer, ctx],
  );
  const { chart, cards, table } = built;
  const empty = view.empty
    ? view.empty(answer)
    : (chart === undefined || chartIsEmpty(chart)) && (table?.rows.length ?? 0) === 0;

  const exporter = d.export;
  const refused = exporter?.refuse?.(query, ctx) ?? null;
  const exportButton = exporter && (
    <EndpointExport
      endpoint={exporter.endpoint}
      input={empty ? null : exporter.input(query, ctx)}
      refused={refused}
    />
  );
  const title = view.title ?? d.title;

  // Nothing to show: the chart's own empty state (or the empty result), the export off.
  const bare = empty && cards.length === 0;
  const chartView = chart && (
    <div style={{ width: '100%' }}>
      <ChartView
        chart={chart}
        title={title}
        fileName={d.title}
        loading={loading}
        extra={view.chartExtra?.(ctx)}
      />
    </div>
  );
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }} data-testid="analysis-result">
      {!bare && cards.length > 0 && (
        <div style={{ width: '100%' }}>
          <Cards cards={cards} />
        </div>
      )}
      {chartView || (bare && <EmptyResult title={title} reason={t('noDataInRange')} />)}
      {table && !bare ? (
        <div style={{ width: '100%' }} data-testid={table.testId ?? 'analysis-table'}>
          <DataTable
            aria-label={t('table')}
            columns={table.columns}
            rows={table.rows}
            rowKey={table.rowKey}
            loading={loading}
            {...(table.summary ? { summary: table.summary } : {})}
            {...(exportButton ? { toolbar: exportButton } : {})}
          />
        </div>
      ) : (
        exportButton && (
          <div style={{ display: 'flex', justifyContent: 'flex-end', width: '100%' }}>{exportButton}</div>
        )
      )}
    </Space>
  );
}
