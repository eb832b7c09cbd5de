/**
 * The operation log (audit trail): time, account, module, operation, object, result, client
 * IP and description; filters range (≤ 31 days, default today), account, operation, keyword
 * and order; export of the same query. /platformOperationlog shows platform-mode actions,
 * /operationlog those of one project.
 */
import { Tag } from '@douyinfe/semi-ui-19';
import type { OperationLogRow } from '@eem/contract';
import { OPERATION_TYPE_KEYS, type OperationType, operationName } from '@eem/core';
import { useMemo } from 'react';
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
import { type BaseLogFilters, keywordOf, useLogFilters } from './log-filters';

interface OperationFilters extends BaseLogFilters {
  account: string;
  operation: OperationType | null;
}

export interface OperationLogListProps {
  module: 'pf' | 'fw';
  projectId?: number;
  showProject: boolean;
}

function bodyOf(f: OperationFilters, module: 'pf' | 'fw', projectId: number | undefined) {
  const account = f.account.trim();
  return {
    startTime: f.range.start,
    endTime: f.range.end,
    order: f.order,
    module,
    ...(account ? { account } : {}),
    ...(f.operation ? { operation: f.operation } : {}),
    ...keywordOf(f),
    ...(projectId ? { projectId } : {}),
  };
}

export function OperationLogList({ module, projectId, showProject }: OperationLogListProps) {
  const t = useTexts(logTexts);
  const { language } = useLanguage();
  const queries = useQueries();
  const fmt = useFormat();
  const { defaults, fits } = useLogFilters();
  const initial = useMemo<OperationFilters>(
    () => ({ ...defaults, account: '', operation: null }),
    [defaults],
  );

  const columns: DataColumn<OperationLogRow>[] = [
    { key: 'time', title: t('time'), width: 190, render: (r) => fmt.time(r.time) },
    { key: 'account', title: t('account'), width: 120 },
    ...(showProject
      ? [{ key: 'projectName', title: t('project'), width: 140 } satisfies DataColumn<OperationLogRow>]
      : []),
    {
      key: 'module',
      title: t('module'),
      width: 80,
      render: (r) => (r.module === 'pf' ? t('platform') : t('projectModule')),
    },
    {
      key: 'operation',
      title: t('operation'),
      width: 110,
      render: (r) => operationName(r.operation, language),
    },
    { key: 'object', title: t('object'), width: 160, render: (r) => <LongText text={r.object} /> },
    {
      key: 'result',
      title: t('result'),
      width: 80,
      render: (r) => <Tag color={r.result === 'success' ? 'green' : 'red'}>{t(r.result)}</Tag>,
    },
    { key: 'clientIp', title: t('clientIp'), width: 120 },
    { key: 'description', title: t('description'), render: (r) => <LongText text={r.description} /> },
  ];

  return (
    <CrudLedger<OperationLogRow, Record<string, never>, OperationFilters>
      aria-label={t('operationLog')}
      initialFilters={initial}
      canQuery={fits}
      renderFilters={(draft, set) => (
        <>
          <LogRangeField value={draft.range} onChange={(range) => set({ range })} />
          <Select
            aria-label={t('operation')}
            placeholder={t('operation')}
            motion={false}
            showClear
            style={{ width: 150 }}
            optionList={OPERATION_TYPE_KEYS.map((k) => ({ value: k, label: operationName(k, language) }))}
            value={draft.operation ?? undefined}
            onChange={(v) => set({ operation: OPERATION_TYPE_KEYS.find((k) => k === v) ?? null })}
          />
          <LogOrderField value={draft.order} onChange={(order) => set({ order })} />
        </>
      )}
      filters={[
        { field: 'account', label: t('account'), type: 'text', width: 140 },
        { field: 'keyword', label: t('keyword'), type: 'text' },
      ]}
      query={(f, page) => queries.logs.operationLog({ body: { ...bodyOf(f, module, projectId), page } })}
      columns={columns}
      rowKey={(r) => r.id}
      exporter={(client, f) =>
        client.logs.exportOperationLog.download({ body: bodyOf(f, module, projectId) })
      }
    />
  );
}
