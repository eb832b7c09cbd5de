/**
 * The notice log (screens.md /platformLog, notice tab): the current user's notices from
 * notices.messageLog (noticeMode 4, receiver = the user) in a range of at most 31 days
 * (default today), newest first, paged; time, type name and description, a description over
 * 60 characters highlighted and expandable.
 */
import type { Notice } from '@eem/contract';
import { logTypeName, NOTICE_MODE } from '@eem/core';
import { useMemo } from 'react';
import { useQueries } from '../../../app/client';
import { useFormat } from '../../../app/format';
import { useSession } from '../../../app/session';
import { CrudLedger } from '../../../blocks/CrudLedger';
import type { DataColumn } from '../../../blocks/DataTable';
import type { TimeRangeValue } from '../../../blocks/TimeRange';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { logTexts } from '../texts';
import { LogRangeField } from './LogFilterFields';
import { LongText } from './LongText';
import { useLogFilters } from './log-filters';

type NoticeRow = Notice & { recordTime: number };

interface NoticeFilters {
  [field: string]: unknown;
  range: TimeRangeValue;
}

/** The type's name in the console's language; the server's name for a type the console does not know. */
function typeName(row: NoticeRow, language: 'zh' | 'en'): string {
  const name = logTypeName(row.logType, language);
  return name === String(row.logType) && row.logTypeName ? row.logTypeName : name;
}

export function NoticeLogList() {
  const t = useTexts(logTexts);
  const { language } = useLanguage();
  const queries = useQueries();
  const { user } = useSession();
  const fmt = useFormat();
  const { defaults, fits } = useLogFilters();
  const initial = useMemo<NoticeFilters>(() => ({ range: defaults.range }), [defaults]);

  const columns: DataColumn<NoticeRow>[] = [
    { key: 'recordTime', title: t('time'), width: 190, render: (r) => fmt.time(r.recordTime) },
    { key: 'logTypeName', title: t('noticeType'), width: 180, render: (r) => typeName(r, language) },
    { key: 'description', title: t('description'), render: (r) => <LongText text={r.description} /> },
  ];

  return (
    <CrudLedger<NoticeRow, Record<string, never>, NoticeFilters>
      aria-label={t('noticeLog')}
      initialFilters={initial}
      canQuery={fits}
      renderFilters={(draft, set) => (
        <LogRangeField value={draft.range} onChange={(range) => set({ range })} />
      )}
      query={(f, page) => {
        const base = queries.notices.messageLog({
          body: {
            noticeMode: NOTICE_MODE as typeof NOTICE_MODE,
            receiver: user?.id ?? 0,
            startTime: f.range.start,
            endTime: f.range.end,
            page,
          },
        });
        // Signed out (the page is about to leave): nothing to ask for.
        if (!user) return { queryKey: base.queryKey, queryFn: async () => ({ total: 0, list: [] }) };
        return base;
      }}
      columns={columns}
      rowKey={(r) => r.id}
    />
  );
}
