/**
 * AnalysisWorkspace (family AN): the page of an analysis screen drawn from its description
 * (analysis-model.ts). Left: the node tree (search, cap, favourites when the screen has a
 * source) and the screen's side cards. Right: the query bar (energy type, the time range on
 * the project's calendar with the YoY/MoM switch, the screen's controls, the span problems
 * inline), then the result: cards, the chart (VChart loaded on demand), the table with its
 * summary rows and the export through the endpoint's download twin. The query runs whenever
 * the selection can be queried; otherwise the reason stands in the result's place, as do
 * loading, the server's refusal and 'no data'.
 */
import { Card, Col, Empty, Row, Space, Spin, Typography } from '@douyinfe/semi-ui-19';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/query-client';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import { type DownloadRef, type JsonRef, type RefInput, useEndpointQuery } from '../data';
import { EnergyTypeSelect } from '../EnergyTypeSelect';
import { type FavouriteSource, NodeTreePicker } from '../NodeTreePicker';
import type { NodeRef } from '../node-tree-model';
import { type CompareMode, TimeRange, useTimeRangeState } from '../TimeRange';
import { blockTexts } from '../texts';
import { compareRange, compareShift, spanError } from '../time-range-model';
import { AnalysisResult, EmptyResult } from './AnalysisResult';
import {
  type AnalysisAnswer,
  type AnalysisContext,
  type AnalysisDescription,
  type AnalysisSelection,
  type Idle,
  isIdle,
} from './analysis-model';

export interface AnalysisWorkspaceProps<X, Y, E extends JsonRef, D extends DownloadRef> {
  description: AnalysisDescription<X, Y, E, D>;
}

/** The whole screen: heading, then the workspace (or 'choose a project first'). */
export function AnalysisScreen<X, Y, E extends JsonRef, D extends DownloadRef>({
  description,
}: AnalysisWorkspaceProps<X, Y, E, D>) {
  const t = useTexts(blockTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{description.title}</Typography.Title>
      {effectiveProjectId > 0 ? (
        <AnalysisWorkspace description={description} />
      ) : (
        <Empty description={t('noProject')} />
      )}
    </div>
  );
}

const noTree = () => ({ data: undefined, isPending: false });
const noFavourites = (): FavouriteSource | undefined => undefined;

export function AnalysisWorkspace<X, Y, E extends JsonRef, D extends DownloadRef>({
  description: d,
}: AnalysisWorkspaceProps<X, Y, E, D>) {
  const t = useTexts(blockTexts);
  const [params] = useSearchParams();
  const [start] = useState(() => d.initial(params));
  const time = useTimeRangeState(
    d.range.granularity,
    d.range.preset,
    start.range && { ...start.range, granularity: start.range.granularity ?? d.range.granularity },
  );
  const [nodes, setNodes] = useState<NodeRef[]>(start.nodes ?? []);
  const [energyType, setEnergyType] = useState<number | null>(start.energyType ?? null);
  const [compare, setCompare] = useState<CompareMode>(start.compare ?? 'none');
  const [extra, setExtraState] = useState<X>(start.extra);

  const useTree = d.nodes?.useTree ?? noTree;
  const tree = useTree();
  const useFavourites = d.nodes?.useFavourites ?? noFavourites;
  const favourites = useFavourites();

  const selection = useMemo<AnalysisSelection<X>>(
    () => ({ nodes, energyType, range: time.range, compare, extra }),
    [nodes, energyType, time.range, compare, extra],
  );
  const data = d.useData(selection);
  const { setRange } = time;
  // Stable while nothing changes, so the result (chart specs, tables) is built once per change.
  const ctx = useMemo<AnalysisContext<X, Y>>(
    () => ({
      selection,
      data,
      calendar: time.calendar,
      select: (patch) => {
        if (patch.nodes) setNodes(patch.nodes);
        if (patch.energyType !== undefined) setEnergyType(patch.energyType);
        if (patch.range) setRange(patch.range);
        if (patch.compare) setCompare(patch.compare);
        if (patch.extra) setExtraState(patch.extra);
      },
      setExtra: (patch) => setExtraState((x) => ({ ...x, ...patch })),
    }),
    [selection, data, time.calendar, setRange],
  );

  const spanRefused = spanError(time.range, time.calendar) !== null;
  const problem = d.problem?.(ctx) ?? null;
  const blocked = !time.ready ? t('loadingCalendar') : spanRefused ? t('fixRange') : problem;
  // What the screen has to say first (nothing chosen), then what blocks the call.
  const input: RefInput<E> | Idle | null = d.query ? d.query.input(ctx) : null;
  const asked = input !== null && !isIdle(input) && blocked === null ? input : null;
  const compareInput =
    d.query && asked !== null && compare !== 'none' && d.range.compare
      ? d.query.input({
          ...ctx,
          selection: {
            ...selection,
            range: { ...time.range, ...compareRange(time.range, compare, time.calendar) },
          },
        })
      : null;

  const againstInput = compareInput !== null && !isIdle(compareInput) ? compareInput : null;
  const reason: ReactNode = input !== null && isIdle(input) ? input.reason : blocked;
  let result: ReactNode;
  if (d.render) {
    const own = d.render(ctx);
    result =
      isIdle(own) || blocked !== null ? (
        <EmptyResult title={d.title} reason={isIdle(own) ? own.reason : blocked} />
      ) : (
        own
      );
  } else if (d.query) {
    result = (
      <QueriedResult
        description={d}
        endpoint={d.query.endpoint}
        ctx={ctx}
        asked={asked}
        against={againstInput}
        reason={reason}
      />
    );
  } else {
    result = <EmptyResult title={d.title} reason={reason} />;
  }

  const pickNodes = (next: NodeRef[]) => {
    const patch = d.onNodes?.(next, ctx);
    setNodes(next);
    if (patch) ctx.setExtra(patch);
  };
  const picker = d.nodes;
  const side = (
    <>
      {picker && (
        <Card title={picker.title} style={{ width: '100%' }} bodyStyle={{ padding: 8 }}>
          {picker.mode === 'single' ? (
            <NodeTreePicker
              mode="single"
              aria-label={picker.title}
              tree={tree.data ?? []}
              loading={tree.isPending}
              value={nodes[0] ?? null}
              onChange={(node) => pickNodes(node ? [node] : [])}
              {...(picker.selectable ? { isSelectable: picker.selectable } : {})}
              {...(favourites ? { favourites } : {})}
              height={picker.height ?? 560}
            />
          ) : (
            <NodeTreePicker
              mode="multi"
              aria-label={picker.title}
              tree={tree.data ?? []}
              loading={tree.isPending}
              value={nodes}
              onChange={pickNodes}
              {...(picker.max === undefined ? {} : { max: picker.max })}
              {...(picker.limitMessage ? { limitMessage: picker.limitMessage } : {})}
              {...(picker.selectable ? { isSelectable: picker.selectable } : {})}
              {...(favourites ? { favourites } : {})}
              height={picker.height ?? 560}
            />
          )}
        </Card>
      )}
      {d.side?.(ctx)}
    </>
  );

  const bar = (
    <div data-testid="range-bar">
      <TimeRange
        value={time.range}
        onChange={time.setRange}
        granularities={d.range.granularities}
        block={d.range.block ?? 'future'}
        presets={d.range.presets ?? ['today', 'last7Days', 'thisMonth']}
        calendar={time.calendar}
        {...(d.range.compare ? { compare, onCompareChange: setCompare } : {})}
      >
        {d.energyType && <EnergyTypeSelect value={energyType} onChange={(type) => setEnergyType(type)} />}
        {d.bar?.(ctx)}
      </TimeRange>
      {problem !== null && (
        <div role="alert" data-testid="span-problem">
          <Typography.Text type="danger" size="small">
            {problem}
          </Typography.Text>
        </div>
      )}
    </div>
  );

  return (
    <Row gutter={16} className="eem-analysis" data-time-zone={time.calendar.timeZone}>
      <Col span={6}>
        <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
          {side}
        </Space>
      </Col>
      <Col span={18}>
        <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
          <Card style={{ width: '100%' }} bodyStyle={{ padding: 12 }}>
            {bar}
          </Card>
          <div style={{ width: '100%' }}>{result}</div>
        </Space>
      </Col>
    </Row>
  );
}

/** The result of the description's query (and its compare twin): loading, refused, or drawn. */
function QueriedResult<X, Y, E extends JsonRef, D extends DownloadRef>({
  description: d,
  endpoint,
  ctx,
  asked,
  against: againstInput,
  reason,
}: {
  description: AnalysisDescription<X, Y, E, D>;
  endpoint: E;
  ctx: AnalysisContext<X, Y>;
  /** The query's input; null while nothing can be asked. */
  asked: RefInput<E> | null;
  /** The compare range's input; null without compare. */
  against: RefInput<E> | null;
  /** Why nothing is asked. */
  reason: ReactNode;
}) {
  const t = useTexts(blockTexts);
  const main = useEndpointQuery(endpoint, asked, { keepPrevious: true });
  const against = useEndpointQuery(endpoint, againstInput, { keepPrevious: true });
  const { compare, range } = ctx.selection;
  const { calendar } = ctx;

  const answer = useMemo<AnalysisAnswer<E> | null>(() => {
    if (asked === null || main.data === undefined) return null;
    const mode = compare === 'none' ? null : compare;
    const compareData = mode && againstInput !== null ? against.data : undefined;
    return {
      data: main.data,
      compare:
        mode && compareData !== undefined
          ? {
              mode,
              data: compareData,
              range: compareRange(range, mode, calendar),
              shift: compareShift(range, mode, calendar),
            }
          : null,
    };
  }, [asked, main.data, against.data, againstInput, compare, range, calendar]);

  const title = d.view?.title ?? d.title;
  if (asked === null)
    return <EmptyResult title={title} reason={reason} exportable={d.export !== undefined} />;
  if (main.isError)
    return (
      <EmptyResult
        title={title}
        reason={t('loadFailed', { message: errorMessage(main.error) })}
        exportable={d.export !== undefined}
      />
    );
  if (answer === null)
    return (
      <Card title={title} style={{ width: '100%' }}>
        <div style={{ height: 240, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spin />
        </div>
      </Card>
    );
  return (
    <AnalysisResult
      description={d}
      ctx={ctx}
      answer={answer}
      query={asked}
      loading={main.isFetching || against.isFetching}
    />
  );
}
