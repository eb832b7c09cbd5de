/**
 * /dataCompletenessStatistics: a meter × day heatmap of data completeness (received over
 * expected readings, datalog.completeness) for at most 31 days, with averages per meter, per
 * day and overall. All metered nodes of the project by default; ticking nodes in the meter
 * tree narrows it to the meters at or below them. A cell opens its missing intervals
 * (datalog.completenessDetail) with a link to /meterEntry; Export downloads the table as xlsx
 * (datalog.completenessExport). A project without meters shows an empty state.
 */
import { IconDownload } from '@douyinfe/semi-icons';
import { Button, Card, Col, Empty, Row, Space, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useQueries } from '../../../app/client';
import { useSession } from '../../../app/session';
import { useEndpointDownload } from '../../../blocks/data';
import { NodeTreePicker } from '../../../blocks/NodeTreePicker';
import type { NodeRef } from '../../../blocks/node-tree-model';
import { downloadErrorMessage, errorMessage } from '../../../blocks/save-file';
import { TimeRange, type TimeRangeValue, useTimeRangeState } from '../../../blocks/TimeRange';
import { spanError } from '../../../blocks/time-range-model';
import { useTexts } from '../../../i18n/texts';
import { CompletenessDetail } from './components/CompletenessDetail';
import { CompletenessHeatmap, type HeatmapCell } from './components/CompletenessHeatmap';
import { dayRange } from './components/day-range';
import { meteredIdsUnder, meteredNodes } from './components/meter-tree';
import { renderPointCount } from './components/PointCountTag';
import { adminTexts } from './texts';

/** The most nodes of one completeness call (the contract's nodeIds limit). */
const MAX_METERS = 500;

/** What Query applied: the nodes (none: all) and the days picked. */
interface Applied {
  nodeIds: number[] | null;
  range: TimeRangeValue;
}

export function DataCompletenessStatisticsPage() {
  const t = useTexts(adminTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('completenessTitle')}</Typography.Title>
      {effectiveProjectId > 0 ? (
        <CompletenessView key={effectiveProjectId} />
      ) : (
        <Empty description={t('noProject')} />
      )}
    </div>
  );
}

/** The call's body: the picked days (the TimeRange picks on the project's calendar). */
function bodyOf(applied: Applied) {
  const { start, end } = applied.range;
  return { ...(applied.nodeIds ? { nodeIds: applied.nodeIds } : {}), startTime: start, endTime: end };
}

function CompletenessView() {
  const t = useTexts(adminTexts);
  const queries = useQueries();
  const exportFile = useEndpointDownload(endpointKey('datalog', 'completenessExport'));
  const tree = useQuery(queries.datalog.meterTree({ query: { scope: 'all' } }));
  const [picked, setPicked] = useState<NodeRef[]>([]);
  const { range, setRange, applied: appliedRange, calendar, ready } = useTimeRangeState('day', 'last7Days');
  const nodeIds = useMemo(() => meteredIdsUnder(tree.data ?? [], picked), [tree.data, picked]);
  const [chosen, setApplied] = useState<Applied | null>(null);
  const applied = chosen ?? { nodeIds: null, range: appliedRange };
  const [cell, setCell] = useState<HeatmapCell | null>(null);
  const body = bodyOf(applied);

  const hasMeters = meteredNodes(tree.data ?? []).length > 0;
  const table = useQuery({
    ...queries.datalog.completeness({ body }),
    enabled: hasMeters && ready,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (table.error) Toast.error(errorMessage(table.error, t('noMeters')));
  }, [table.error, t]);

  if (tree.isPending) return <Spin />;
  if (tree.error) return <Empty description={errorMessage(tree.error, t('noMeters'))} />;
  if (!hasMeters) return <Empty description={t('noMeters')} />;

  const tooMany = nodeIds.length > MAX_METERS;
  const noneUnder = picked.length > 0 && nodeIds.length === 0;
  const canQuery = spanError(range, calendar) === null && !tooMany && !noneUnder;
  const data = table.data;
  const day = cell && data ? data.days[cell.day] : undefined;

  return (
    <Row gutter={16}>
      <Col span={7}>
        <Card title={t('meterTree')} bodyStyle={{ padding: 12 }}>
          <NodeTreePicker
            mode="multi"
            aria-label={t('meterTree')}
            tree={tree.data ?? []}
            max={Number.POSITIVE_INFINITY}
            value={picked}
            onChange={setPicked}
            renderExtra={renderPointCount}
            height={520}
          />
          <Space spacing={8} style={{ marginTop: 8 }}>
            <Typography.Text type={tooMany || noneUnder ? 'danger' : 'tertiary'} size="small">
              {picked.length === 0
                ? t('allMeters')
                : tooMany
                  ? t('tooManyMeters')
                  : noneUnder
                    ? t('noMeters')
                    : t('selectedMeters', { count: nodeIds.length })}
            </Typography.Text>
            {picked.length > 0 && (
              <Typography.Text link size="small" onClick={() => setPicked([])}>
                {t('clearSelection')}
              </Typography.Text>
            )}
          </Space>
        </Card>
      </Col>
      <Col span={17}>
        <div style={{ marginBottom: 12 }}>
          <TimeRange
            value={range}
            onChange={setRange}
            granularities={['day']}
            block="future"
            presets={['today', 'last7Days', 'thisMonth']}
          >
            <Button
              theme="solid"
              type="primary"
              disabled={!canQuery}
              onClick={() => {
                const next = { nodeIds: picked.length > 0 ? nodeIds : null, range };
                if (JSON.stringify(next) === JSON.stringify(applied)) void table.refetch();
                else setApplied(next);
              }}
            >
              {t('query')}
            </Button>
            <Button
              icon={<IconDownload />}
              disabled={!data}
              loading={exportFile.isPending}
              onClick={() =>
                exportFile.run({ body }).catch((error) => Toast.error(downloadErrorMessage(error)))
              }
            >
              {t('export')}
            </Button>
          </TimeRange>
        </div>
        {table.isPending && table.fetchStatus !== 'idle' ? (
          <Spin />
        ) : data && data.rows.length > 0 ? (
          <CompletenessHeatmap data={data} onCell={setCell} />
        ) : (
          <Empty description={t('noMeters')} />
        )}
        {cell && data && day !== undefined && (
          <CompletenessDetail
            nodeId={cell.nodeId}
            nodeName={cell.nodeName}
            timeZone={data.timeZone}
            {...dayRange(day, data.timeZone)}
            onClose={() => setCell(null)}
          />
        )}
      </Col>
    </Row>
  );
}
