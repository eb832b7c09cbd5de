/**
 * EntryWorkspace: one point over a range: the chart (its raw readings, or the server's
 * 15-minute values, with gaps left open and abnormal readings marked), the table of readings on
 * the 15-minute grid with gaps, falling counters and jumps tagged, and for datalog_update: edit
 * a reading, delete it, fill a gap (or all) by linear interpolation (datalog.edit), import a
 * workbook (datalog.import followed as a task). After a change a banner offers the
 * recalculation of the changed range. The point's edit audit is the second tab.
 */
import { IconUpload } from '@douyinfe/semi-icons';
import { Button, Checkbox, Space, TabPane, Tabs, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { DatalogPoint } from '@eem/contract';
import { DATALOG_LIMITS, NODE_IMPORT_LIMITS, TASK_OPERATION_TYPE } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useInvalidate, useMutations } from '../../../../app/client';
import { useFormat } from '../../../../app/format';
import { errorMessage } from '../../../../app/query-client';
import { useSession } from '../../../../app/session';
import { TrendChart } from '../../../../blocks/chart/TrendChart';
import type { Highlight, TrendLine } from '../../../../blocks/chart/trend-spec';
import { ImportDialog } from '../../../../blocks/ImportDialog';
import type { TimeRangeValue } from '../../../../blocks/TimeRange';
import { useTexts } from '../../../../i18n/texts';
import { ImportProblems } from '../../../nodes/components/ImportProblems';
import { type DatalogInterval, intervalPattern, rangeProblem } from '../../common/datalog-range';
import { useReadings } from '../../common/queries';
import { datalogTexts } from '../../common/texts';
import { type EntryRow, entryRows, expectedSteps, interpolateGap, type Reading } from '../reading-checks';
import { entryTexts } from '../texts';
import { EditDialog } from './EditDialog';
import { EditLog } from './EditLog';
import { EntryTable } from './EntryTable';
import { FillDialog } from './FillDialog';
import { type ChangedRange, mergeRanges, RecalcBanner } from './RecalcBanner';

export interface EntryWorkspaceProps {
  point: DatalogPoint;
  range: TimeRangeValue;
  interval: DatalogInterval;
  /** Poll interval of an import task (tests pass less). */
  importIntervalMs?: number;
}

/** Abnormal readings marked on the chart (the table lists every one). */
const MARKED = 100;

/** What an edit or an import changes on this screen: the readings and the point's edit audit. */
const CHANGED = [endpointKey('datalog', 'query'), endpointKey('datalog', 'editLog')];

export function EntryWorkspace({ point, range, interval, importIntervalMs }: EntryWorkspaceProps) {
  const t = useTexts(entryTexts);
  const d = useTexts(datalogTexts);
  const edit = useMutation(useMutations().datalog.edit({ invalidates: CHANGED }));
  const invalidate = useInvalidate();
  const canEdit = useSession().permissions.has('datalog_update');
  const fmt = useFormat();
  const problem = rangeProblem(range, interval, fmt.timeZone);
  const base = problem === null ? { pointIds: [point.id], startTime: range.start, endTime: range.end } : null;
  const raw = useReadings(base && { ...base, interval: 'raw' });
  const quarter = useReadings(base && { ...base, interval: '15m' });
  const rawAnswer = base ? raw.data : undefined;
  const quarterAnswer = base ? quarter.data : undefined;
  const timeZone = rawAnswer?.timeZone ?? fmt.timeZone;
  const formatTime = useCallback((ms: number) => fmt.time(ms, intervalPattern('15m')), [fmt]);

  const fetchedAt = raw.dataUpdatedAt;
  const rows = useMemo(
    () =>
      entryRows(rawAnswer?.series[0]?.data ?? [], {
        start: range.start,
        end: range.end,
        now: fetchedAt || Date.now(),
        kind: point.kind,
      }),
    [rawAnswer, range.start, range.end, fetchedAt, point.kind],
  );
  const intervalValues = useMemo(
    () => new Map((quarterAnswer?.series[0]?.data ?? []).map((v) => [v.time, v.value] as const)),
    [quarterAnswer],
  );
  const gaps = rows.filter((r) => r.flag === 'gap').length;
  const jumps = rows.filter((r) => r.flag === 'falls' || r.flag === 'jump').length;
  const [onlyProblems, setOnlyProblems] = useState(false);
  const shown = onlyProblems ? rows.filter((r) => r.flag !== null) : rows;

  const lines = useMemo<TrendLine[]>(() => {
    const points =
      interval === 'raw'
        ? rows.map((r) => ({ time: r.time, value: r.value }))
        : expectedSteps(range.start, range.end, fetchedAt || Date.now()).map((time) => ({
            time,
            value: intervalValues.get(time) ?? null,
          }));
    return [{ id: String(point.id), name: point.name, unit: point.unit, decimals: point.decimals, points }];
  }, [interval, rows, intervalValues, range.start, range.end, fetchedAt, point]);
  const highlights = useMemo<Highlight[]>(
    () =>
      interval !== 'raw'
        ? []
        : rows
            .filter((r) => (r.flag === 'falls' || r.flag === 'jump') && r.value !== null)
            .slice(0, MARKED)
            .map((r) => ({
              lineId: String(point.id),
              time: r.time,
              value: r.value ?? 0,
              text: t(`flag.${r.flag === 'falls' ? 'falls' : 'jump'}`),
            })),
    [interval, rows, point.id, t],
  );

  const [editing, setEditing] = useState<EntryRow | null>(null);
  const [filling, setFilling] = useState<Reading[] | null>(null);
  const [changed, setChanged] = useState<ChangedRange | null>(null);
  const [importing, setImporting] = useState(false);

  const save = async (items: { time: number; value: number | null }[], reason = '') => {
    try {
      const answer = await edit.mutateAsync({ body: { pointId: point.id, items, reason } });
      Toast.success(
        items.every((i) => i.value === null) ? t('deleted') : t('saved', { count: answer.changed }),
      );
      setChanged((c) =>
        mergeRanges(c, { pointId: point.id, startTime: answer.startTime, endTime: answer.endTime }),
      );
      setEditing(null);
      setFilling(null);
    } catch (error) {
      Toast.error(errorMessage(error));
    }
  };

  const indexOf = (row: EntryRow) => rows.findIndex((r) => r.time === row.time);
  const fillOf = (row: EntryRow) => interpolateGap(rows, indexOf(row), point.decimals);
  const fillAll = () => {
    const items: Reading[] = [];
    const done = new Set<number>();
    rows.forEach((row, i) => {
      if (row.value !== null || done.has(row.time)) return;
      for (const r of interpolateGap(rows, i, point.decimals) ?? []) {
        done.add(r.time);
        items.push(r);
      }
    });
    if (items.length === 0) Toast.info(t('nothingToFill'));
    else setFilling(items.slice(0, DATALOG_LIMITS.maxEditItems));
  };

  const toolbar = (
    <Space spacing={12} wrap>
      <Typography.Text type={gaps + jumps > 0 ? 'warning' : 'tertiary'} data-testid="problem-count">
        {t('problems', { gaps, jumps })}
      </Typography.Text>
      <Checkbox checked={onlyProblems} onChange={(e) => setOnlyProblems(Boolean(e.target.checked))}>
        {t('onlyProblems')}
      </Checkbox>
      {canEdit && (
        <>
          <Button disabled={gaps === 0} onClick={fillAll}>
            {t('fillAll')}
          </Button>
          <Button icon={<IconUpload />} onClick={() => setImporting(true)}>
            {t('import')}
          </Button>
        </>
      )}
    </Space>
  );

  const loading = base !== null && (raw.isFetching || quarter.isFetching);
  const emptyText = problem
    ? d('fixRange')
    : raw.isError
      ? d('loadFailed', { message: errorMessage(raw.error) })
      : d('noData');

  return (
    // A plain column: Semi's Space keys its wrappers by position, so the banner appearing above
    // would remount everything below it (an import dialog would lose its task).
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, width: '100%' }}>
      {changed && (
        <div style={{ width: '100%' }}>
          <RecalcBanner range={changed} timeZone={timeZone} onClose={() => setChanged(null)} />
        </div>
      )}
      {!canEdit && <Typography.Text type="warning">{t('noEditPermission')}</Typography.Text>}
      <div style={{ width: '100%' }}>
        <TrendChart
          title={`${point.nodeName} · ${point.name}`}
          lines={lines}
          formatTime={formatTime}
          highlights={highlights}
          gaps="break"
          loading={loading}
          empty={emptyText}
          height={300}
          fileName={`${point.nodeName} ${point.name}`}
        />
      </div>
      <div style={{ width: '100%' }}>
        <Tabs type="line" keepDOM={false}>
          <TabPane tab={t('readings')} itemKey="readings">
            <EntryTable
              rows={shown}
              decimals={point.decimals}
              unit={point.unit}
              formatTime={formatTime}
              intervalValues={intervalValues}
              canEdit={canEdit}
              loading={loading}
              canFill={(row) => fillOf(row) !== null}
              onEdit={setEditing}
              onDelete={(row) => void save([{ time: row.time, value: null }])}
              onFill={(row) => setFilling(fillOf(row))}
              toolbar={toolbar}
            />
            <Typography.Text type="tertiary" size="small">
              {t('flagHelp')}
            </Typography.Text>
          </TabPane>
          <TabPane tab={t('editLog')} itemKey="log">
            <EditLog pointId={point.id} decimals={point.decimals} timeZone={timeZone} />
          </TabPane>
        </Tabs>
      </div>
      <EditDialog
        reading={editing}
        kind={point.kind}
        decimals={point.decimals}
        formatTime={formatTime}
        busy={edit.isPending}
        onSave={(value, reason) => {
          if (editing) void save([{ time: editing.time, value }], reason);
        }}
        onCancel={() => setEditing(null)}
      />
      <FillDialog
        readings={filling}
        decimals={point.decimals}
        unit={point.unit}
        formatTime={formatTime}
        busy={edit.isPending}
        onSave={() => {
          if (filling) void save(filling, t('fillTitle'));
        }}
        onCancel={() => setFilling(null)}
      />
      {canEdit && (
        <ImportDialog
          visible={importing}
          title={t('importTitle')}
          onClose={() => setImporting(false)}
          template={(c) => c.datalog.importTemplate.download()}
          upload={async (c, file) => {
            const task = await c.datalog.import.upload({
              body: { dryRun: false },
              files: [{ name: file.name, data: file }],
            });
            return { operationType: TASK_OPERATION_TYPE.datalogImport, taskId: task.id };
          }}
          report={(c, taskId) => c.nodes.importReport.download({ query: { taskId } })}
          failure={(progress) => (
            <ImportProblems
              taskId={progress.refused ? undefined : progress.task?.id}
              message={progress.message}
            />
          )}
          maxBytes={NODE_IMPORT_LIMITS.maxBytes}
          showOutcome
          onSuccess={() => {
            setChanged((c) =>
              mergeRanges(c, { pointId: point.id, startTime: range.start, endTime: range.end }),
            );
            void invalidate(...CHANGED);
          }}
          {...(importIntervalMs === undefined ? {} : { intervalMs: importIntervalMs })}
        />
      )}
    </div>
  );
}
