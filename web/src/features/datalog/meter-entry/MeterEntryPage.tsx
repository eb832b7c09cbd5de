/**
 * /meterEntry (screens.md, data repair): the user picks a meter (or device, pipe, pump) in the
 * meter tree, one of its points and a day range (≤ 31 days); the EntryWorkspace shows the
 * readings with gaps and abnormal jumps and lets users with datalog_update edit, delete, fill
 * gaps and import. Opened with ?nodeId=&modelLabel=&pointId=&startTime=&endTime= it starts on
 * that point and range (entry-link.ts).
 */
import { Card, Empty, Select, Space, Typography } from '@douyinfe/semi-ui-19';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../../app/session';
import { type NodeRef, NodeTreePicker } from '../../../blocks/NodeTreePicker';
import { initialTimeRange, type TimeRangeValue } from '../../../blocks/TimeRange';
import { useTexts } from '../../../i18n/texts';
import { DatalogWorkspace } from '../common/DatalogWorkspace';
import type { DatalogInterval } from '../common/datalog-range';
import { carriesPoints, pointNodesById, useMeterTree, usePoints } from '../common/queries';
import { RangeBar } from '../common/RangeBar';
import { pointCaption } from '../common/series-table';
import { datalogTexts } from '../common/texts';
import { EntryWorkspace } from './components/EntryWorkspace';
import { parseEntryLink } from './entry-link';
import { entryTexts } from './texts';

export const ENTRY_INTERVALS: readonly DatalogInterval[] = ['raw', '15m'];

export interface MeterEntryPageProps {
  /** Poll interval of an import task (default 5 s; tests pass less). */
  intervalMs?: number;
}

export function MeterEntryPage({ intervalMs }: MeterEntryPageProps = {}) {
  const t = useTexts(entryTexts);
  const d = useTexts(datalogTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('title')}</Typography.Title>
      {effectiveProjectId > 0 ? (
        <MeterEntry intervalMs={intervalMs} />
      ) : (
        <Empty description={d('noProject')} />
      )}
    </div>
  );
}

function MeterEntry({ intervalMs }: MeterEntryPageProps) {
  const t = useTexts(entryTexts);
  const d = useTexts(datalogTexts);
  const [params] = useSearchParams();
  const [link] = useState(() => parseEntryLink(params));
  const tree = useMeterTree('all');
  const byId = useMemo(() => pointNodesById(tree.data ?? []), [tree.data]);
  const [picked, setPicked] = useState<NodeRef | null>(link.node ? { ...link.node, name: '' } : null);
  const node = picked && picked.name === '' ? (byId.get(picked.id) ?? picked) : picked;
  const [pointId, setPointId] = useState<number | null>(link.pointId);
  const [range, setRange] = useState<TimeRangeValue>(() =>
    link.range ? { granularity: 'day', ...link.range } : initialTimeRange('day', 'today'),
  );
  const [interval, setDataInterval] = useState<DatalogInterval>('raw');
  const nodes = useMemo(() => (node ? [node] : []), [node]);
  const points = usePoints(nodes);
  const point = points.points.find((p) => p.id === pointId) ?? points.points[0] ?? null;

  return (
    <DatalogWorkspace
      side={
        <Card title={d('meterTree')} style={{ width: '100%' }} bodyStyle={{ padding: 8 }}>
          <NodeTreePicker
            mode="single"
            aria-label={d('meterTree')}
            tree={tree.data ?? []}
            loading={tree.isPending}
            value={node}
            onChange={(next) => {
              setPicked(next);
              setPointId(null);
            }}
            isSelectable={carriesPoints}
            height={560}
          />
        </Card>
      }
      bar={
        <RangeBar
          range={range}
          onRangeChange={setRange}
          interval={interval}
          onIntervalChange={setDataInterval}
          intervals={ENTRY_INTERVALS}
        >
          <Space spacing={4}>
            <Typography.Text type="tertiary">{t('point')}</Typography.Text>
            <Select
              className="eem-select-point"
              placeholder={t('choosePoint')}
              style={{ width: 220 }}
              value={point?.id}
              disabled={points.points.length === 0}
              loading={points.loading}
              optionList={points.points.map((p) => ({ value: p.id, label: pointCaption(p) }))}
              onChange={(v) => setPointId(typeof v === 'number' ? v : null)}
            />
          </Space>
        </RangeBar>
      }
    >
      {!node ? (
        <Card>
          <Empty description={t('chooseMeter')} />
        </Card>
      ) : !point ? (
        <Card>
          <Empty description={points.loading ? '' : t('noPoints')} />
        </Card>
      ) : (
        <EntryWorkspace
          point={point}
          range={range}
          interval={interval}
          {...(intervalMs === undefined ? {} : { importIntervalMs: intervalMs })}
        />
      )}
    </DatalogWorkspace>
  );
}
