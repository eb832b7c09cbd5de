/**
 * /eventDiagByConvergence: converged incidents (events.incidents; repeats of one scheme and
 * node in a window) over a range of at most 31 days, newest first: the primary event with its
 * level, member count, start, duration and affected nodes. Expanding a row lists the members
 * (events.incidentDetail); Diagnose matches the primary against the fault scenarios and
 * confirms every member at once with a processing result.
 */
import { Button, Empty, Space, Table, Tag, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import type { Incident } from '@eem/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useQueries } from '../../../app/client';
import { useFormat } from '../../../app/format';
import { FIRST_PAGE, PAGE_SIZES, type PageState } from '../../../blocks/DataTable';
import { LevelTag, StatusTag } from '../../../blocks/event-list/EventTags';
import { Pagination } from '../../../blocks/named-pickers';
import { TimeRange } from '../../../blocks/TimeRange';
import { useTexts } from '../../../i18n/texts';
import { DiagnoseDialog } from './components/DiagnoseDialog';
import { EventScreen } from './components/EventScreen';
import { shortNodeName, useEventLabels } from './components/event-labels';
import { formatDuration, rangeBody, useEventRange } from './components/event-range';
import { IncidentMembers } from './components/IncidentMembers';
import { eventAdminTexts } from './texts';

export function EventDiagByConvergencePage() {
  const t = useTexts(eventAdminTexts);
  return (
    <EventScreen title={t('convergenceTitle')}>
      <Incidents />
    </EventScreen>
  );
}

function Incidents() {
  const t = useTexts(eventAdminTexts);
  const fmt = useFormat();
  const labels = useEventLabels();
  const queries = useQueries();
  const { range: draft, setRange: setDraft, applied: range, apply: setRange } = useEventRange();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [diagnosed, setDiagnosed] = useState<Incident | null>(null);
  const list = useQuery({
    ...queries.events.incidents({ body: { ...rangeBody(range), page } }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;

  const columns = [
    {
      title: t('level'),
      dataIndex: 'level',
      width: 90,
      render: (_: unknown, r: Incident) => <LevelTag level={r.primary.level} />,
    },
    {
      title: t('primaryEvent'),
      dataIndex: 'primary',
      width: 360,
      render: (_: unknown, r: Incident) => (
        <div>
          <Typography.Text strong>
            {r.primary.logTypeName || labels.logType(r.primary.logType)}
          </Typography.Text>
          <br />
          <Typography.Text type="tertiary" size="small">
            {r.primary.description}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('members'),
      dataIndex: 'memberCount',
      width: 90,
      align: 'right' as const,
      render: (_: unknown, r: Incident) => <span data-testid="member-count">{r.memberCount}</span>,
    },
    { title: t('start'), dataIndex: 'startTime', width: 170, render: (v: number) => fmt.time(v) },
    {
      title: t('duration'),
      dataIndex: 'lastTime',
      width: 120,
      render: (_: unknown, r: Incident) => formatDuration(r.lastTime - r.startTime, fmt.language),
    },
    {
      title: t('affectedNodes'),
      dataIndex: 'nodes',
      width: 220,
      render: (nodes: string[]) => (
        <Space wrap spacing={4}>
          {nodes.map((n) => (
            <Tooltip key={n} content={n}>
              <span>
                <Tag size="small">{shortNodeName(n)}</Tag>
              </span>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 150,
      render: (_: unknown, r: Incident) => <StatusTag status={r.status} />,
    },
    {
      title: '',
      dataIndex: 'actions',
      width: 100,
      render: (_: unknown, r: Incident) => (
        <Button theme="borderless" size="small" onClick={() => setDiagnosed(r)}>
          {t('diagnose')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <TimeRange
          value={draft}
          onChange={setDraft}
          granularities={['day']}
          block="future"
          presets={['today', 'last7Days', 'thisMonth']}
          onQuery={(value) => {
            setRange(value);
            setPage(FIRST_PAGE);
            if (value.start === range.start && value.end === range.end) void list.refetch();
          }}
        />
      </div>
      <Table<Incident>
        aria-label={t('incidents')}
        size="small"
        columns={columns}
        dataSource={rows}
        rowKey="id"
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 1300 }}
        expandedRowRender={(r) => (r ? <IncidentMembers incidentId={r.id} /> : null)}
        rowExpandable={() => true}
        empty={<Empty description={t('noData')} />}
      />
      {total > 0 && (
        <div
          style={{
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 12,
            marginTop: 12,
          }}
        >
          <span>{t('totalRows', { total })}</span>
          {total > PAGE_SIZES[0] && (
            <Pagination
              total={total}
              currentPage={page.index + 1}
              pageSize={page.limit}
              pageSizeOpts={[...PAGE_SIZES]}
              showSizeChanger
              onChange={(current, size) =>
                setPage(size !== page.limit ? { index: 0, limit: size } : { index: current - 1, limit: size })
              }
            />
          )}
        </div>
      )}
      {diagnosed && <DiagnoseDialog incident={diagnosed} onClose={() => setDiagnosed(null)} />}
    </>
  );
}
