/**
 * The task log (node import, hierarchy or pipeline generation, production-data import,
 * deletion 722): range ≤ 31 days (default today), task type, keyword, order; 'view detail'
 * shows the task's processInfo; export of the same query (every matching row, xlsx). Used by
 * /platformLog (every project) and /log (one project).
 */
import { Descriptions, Modal, Progress, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { TaskLogRow } from '@eem/contract';
import { progressPercent, TASK_OPERATION_NAMES, taskPhase } from '@eem/core';
import { useMemo, useState } from 'react';
import { useQueries } from '../../../app/client';
import { useFormat } from '../../../app/format';
import { CrudLedger } from '../../../blocks/CrudLedger';
import type { DataColumn } from '../../../blocks/DataTable';
import { Select } from '../../../blocks/named-pickers';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { logTexts } from '../texts';
import { LogOrderField, LogRangeField } from './LogFilterFields';
import { LongText } from './LongText';
import { type BaseLogFilters, useLogFilters } from './log-filters';

interface TaskFilters extends BaseLogFilters {
  operationType: number | null;
}

const RESULT_COLORS = { running: 'blue', success: 'green', failure: 'red' } as const;

/** The query's body without the page (the export sends the same). */
function bodyOf(f: TaskFilters, projectId: number | undefined) {
  const keyWord = f.keyword.trim();
  return {
    startTime: f.range.start,
    endTime: f.range.end,
    order: f.order,
    ...(f.operationType === null ? {} : { operationType: f.operationType }),
    ...(keyWord ? { keyWord } : {}),
    ...(projectId ? { projectId } : {}),
  };
}

export function TaskLogList({ projectId, showProject }: { projectId?: number; showProject: boolean }) {
  const t = useTexts(logTexts);
  const { language } = useLanguage();
  const queries = useQueries();
  const [detail, setDetail] = useState<TaskLogRow | null>(null);
  const fmt = useFormat();
  const { defaults, fits } = useLogFilters();
  const initial = useMemo<TaskFilters>(() => ({ ...defaults, operationType: null }), [defaults]);

  const typeOptions = Object.entries(TASK_OPERATION_NAMES).map(([value, [zh, en]]) => ({
    value: Number(value),
    label: language === 'zh' ? zh : en,
  }));

  const columns: DataColumn<TaskLogRow>[] = [
    { key: 'time', title: t('time'), width: 190, render: (r) => fmt.time(r.time) },
    ...(showProject
      ? [{ key: 'projectName', title: t('project'), width: 150 } satisfies DataColumn<TaskLogRow>]
      : []),
    { key: 'typeName', title: t('logType'), width: 180 },
    { key: 'operator', title: t('operator'), width: 120 },
    {
      key: 'result',
      title: t('result'),
      width: 90,
      render: (r) => <Tag color={RESULT_COLORS[r.result]}>{t(r.result)}</Tag>,
    },
    {
      key: 'message',
      title: t('description'),
      render: (r) => <LongText text={r.message || r.processInfo.name} />,
    },
  ];

  return (
    <>
      <CrudLedger<TaskLogRow, Record<string, never>, TaskFilters>
        aria-label={t('taskLog')}
        initialFilters={initial}
        canQuery={fits}
        renderFilters={(draft, set) => (
          <>
            <LogRangeField value={draft.range} onChange={(range) => set({ range })} />
            <Select
              aria-label={t('operationType')}
              placeholder={t('allTypes')}
              motion={false}
              showClear
              style={{ width: 240 }}
              optionList={typeOptions}
              value={draft.operationType ?? undefined}
              onChange={(v) => set({ operationType: typeof v === 'number' ? v : null })}
            />
            <LogOrderField value={draft.order} onChange={(order) => set({ order })} />
          </>
        )}
        filters={[{ field: 'keyword', label: t('keyword'), type: 'text' }]}
        query={(f, page) => queries.logs.taskLog({ body: { ...bodyOf(f, projectId), page } })}
        columns={columns}
        rowKey={(r) => r.id}
        exporter={(client, f) => client.logs.taskLogExport.download({ body: bodyOf(f, projectId) })}
        rowActions={(r) => (
          <Typography.Text link onClick={() => setDetail(r)}>
            {t('viewDetail')}
          </Typography.Text>
        )}
      />
      <Modal
        visible={detail !== null}
        title={t('detail')}
        onCancel={() => setDetail(null)}
        footer={null}
        width={520}
      >
        {detail && (
          <Descriptions
            align="left"
            data={[
              { key: t('taskName'), value: detail.processInfo.name || '--' },
              { key: t('logType'), value: detail.typeName },
              {
                key: t('status'),
                value: (
                  <Tag color={RESULT_COLORS[taskPhase(detail.processInfo.status)]}>
                    {t(taskPhase(detail.processInfo.status))}
                  </Tag>
                ),
              },
              {
                key: t('progress'),
                value: (
                  <Progress
                    percent={progressPercent(detail.processInfo.ratio)}
                    showInfo
                    aria-label={t('progress')}
                    style={{ width: 240 }}
                  />
                ),
              },
              { key: t('time'), value: fmt.time(detail.time) },
              { key: t('endTime'), value: fmt.time(detail.endTime) },
              { key: t('description'), value: detail.message || '--' },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
