/**
 * The message centre (platform-core §2.4): the user's messages of today, this week or this
 * month (default today) in a table of time, type and description, 500 px high, paged.
 */

import { Modal, Radio, RadioGroup, Table } from '@douyinfe/semi-ui-19';
import type { Notice } from '@eem/contract';
import { DEFAULT_PAGE, logTypeName, NOTICE_MODE } from '@eem/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useQueries } from '../../app/client';
import { useFormat } from '../../app/format';
import { useSession } from '../../app/session';
import { type CalendarLike, startOfPeriod } from '../../blocks/time-range-model';
import { useCalendar } from '../../blocks/use-calendar';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { noticeTexts } from './texts';

export type MessageRange = 'day' | 'week' | 'month';

/** Start of today, of this week or of this month on the screen's calendar. */
export function rangeStart(range: MessageRange, now: number, calendar: CalendarLike): number {
  return startOfPeriod(now, range, calendar);
}

type Row = Notice & { recordTime: number };

export function MessageCentre({ onClose }: { onClose: () => void }) {
  const t = useTexts(noticeTexts);
  const { language } = useLanguage();
  const { user } = useSession();
  const queries = useQueries();
  const [range, setRange] = useState<MessageRange>('day');
  const [page, setPage] = useState(1);
  const [now] = useState(() => Date.now());
  const fmt = useFormat();
  const { calendar } = useCalendar();
  const input = useMemo(
    () => ({
      body: {
        noticeMode: NOTICE_MODE as typeof NOTICE_MODE,
        receiver: user?.id ?? 0,
        startTime: rangeStart(range, now, calendar),
        endTime: now + 1,
        page: { index: page - 1, limit: DEFAULT_PAGE.limit },
      },
    }),
    [user?.id, range, now, page, calendar],
  );
  const log = useQuery({
    ...queries.notices.messageLog(input),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
  const columns = [
    {
      title: t('time'),
      dataIndex: 'recordTime',
      width: 200,
      render: (value: number) => fmt.time(value),
    },
    {
      title: t('type'),
      dataIndex: 'logTypeName',
      width: 180,
      render: (_: string, row: Row) => logTypeName(row.logType, language),
    },
    { title: t('description'), dataIndex: 'description' },
  ];
  return (
    <Modal
      visible
      title={t('messageCentre')}
      width={960}
      footer={null}
      onCancel={onClose}
      className="eem-message-centre"
      bodyStyle={{ paddingBottom: 24 }}
    >
      <RadioGroup
        type="button"
        className="eem-message-centre-filter"
        value={range}
        onChange={(e) => {
          setRange(e.target.value as MessageRange);
          setPage(1);
        }}
      >
        <Radio value="day">{t('day')}</Radio>
        <Radio value="week">{t('week')}</Radio>
        <Radio value="month">{t('month')}</Radio>
      </RadioGroup>
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={log.data?.list ?? []}
        loading={log.isFetching}
        scroll={{ y: 500 }}
        style={{ minHeight: 500 }}
        empty={t('noData')}
        pagination={{
          currentPage: page,
          pageSize: DEFAULT_PAGE.limit,
          total: log.data?.total ?? 0,
          onPageChange: setPage,
          showTotal: true,
        }}
      />
    </Modal>
  );
}
