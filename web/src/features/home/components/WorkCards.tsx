/**
 * The project home's work cards (screens.md §2.1 /home): pending events by level over the event
 * list's default range (events.countByLevel, statuses [pending]) and the open work orders by
 * state (workorders.repairCount / maintenanceCount: every state but completed and discarded).
 * A card shows only when the user may read its calls; its numbers link to the screen that lists
 * them (/historyEventQuery?statuses=1&levels=…, /repairorder?status=…, /serviceOrder?status=…)
 * only when the route guard would let the user in. Asked again every POLLING.dashboardMs.
 */
import { Card, Typography } from '@douyinfe/semi-ui-19';
import {
  EVENT_LEVEL_LABELS,
  EVENT_LEVELS,
  FINAL_STATUSES,
  POLLING,
  WORK_ORDER_STATUS_LABELS,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TYPE_INFO,
  type WorkOrderType,
} from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQueries } from '../../../app/client';
import { useFormat } from '../../../app/format';
import { useMayOpen } from '../../../app/may-open';
import { useSession } from '../../../app/session';
import { initialEventFilter } from '../../../blocks/event-list/event-filter-model';
import { useCalendar } from '../../../blocks/use-calendar';
import { useTexts } from '../../../i18n/texts';
import { useAlarmColors } from '../../../theme/alarm-colors';
import { homeTexts } from '../texts';

const REFRESH = POLLING.dashboardMs;
const PENDING = 1;
const EVENT_SCREEN = '/historyEventQuery';
/** Open: every state an order can still leave (not completed, not discarded), board order. */
const OPEN_STATES = WORK_ORDER_STATUSES.filter((s) => !FINAL_STATUSES.includes(s));
const ORDER_READ: Record<WorkOrderType, string> = {
  repair: 'ops_repairorder',
  maintenance: 'ops_serviceOrder',
};

const LINK_STYLE = { color: 'var(--semi-color-link)', textDecoration: 'none' } as const;

/** `children` as a link to `to` when the user may open it, else as plain text. */
function MaybeLink({ to, allowed, children }: { to: string; allowed: boolean; children: ReactNode }) {
  return allowed ? (
    <Link to={to} style={LINK_STYLE}>
      {children}
    </Link>
  ) : (
    children
  );
}

/** A label above a big number. */
function Figure({ label, value, color, ...rest }: { label: ReactNode; value: ReactNode; color?: string }) {
  return (
    <div style={{ flex: 1, minWidth: 0, textAlign: 'center' }} {...rest}>
      <div style={{ fontSize: 24, fontWeight: 600, color }}>{value}</div>
      <Typography.Text type="tertiary" size="small" ellipsis={{ showTooltip: true }}>
        {label}
      </Typography.Text>
    </div>
  );
}

export function PendingEventsCard() {
  const t = useTexts(homeTexts);
  const fmt = useFormat();
  const colors = useAlarmColors();
  const queries = useQueries();
  const { permissions } = useSession();
  const mayOpen = useMayOpen();
  const { calendar, ready } = useCalendar();
  const readable = permissions.has('event_browser');
  // The event list's own default range, so a link shows the same events.
  const { range } = initialEventFilter(calendar);
  const counts = useQuery({
    ...queries.events.countByLevel({
      body: { startTime: range.start, endTime: range.end, statuses: [PENDING] },
    }),
    enabled: readable && ready,
    refetchInterval: REFRESH,
  });
  if (!readable) return null;
  const linked = mayOpen(EVENT_SCREEN);
  const href = (level?: number) =>
    `${EVENT_SCREEN}?statuses=${PENDING}${level === undefined ? '' : `&levels=${level}`}`;
  const total = (counts.data ?? []).reduce((sum, r) => sum + r.count, 0);
  return (
    <Card
      data-testid="home-pending-events"
      title={
        <MaybeLink to={href()} allowed={linked}>
          {t('pendingEvents')}
        </MaybeLink>
      }
      headerExtraContent={
        <Typography.Text type="tertiary" size="small">
          {t('range', {
            start: fmt.time(range.start, 'MM-DD'),
            end: fmt.time(range.end - 1, 'MM-DD'),
          })}
        </Typography.Text>
      }
      loading={counts.isPending}
      bodyStyle={{ padding: 12, display: 'flex', gap: 8 }}
      style={{ flex: '5 1 0', minWidth: 0 }}
    >
      <Figure
        label={t('total')}
        value={
          <MaybeLink to={href()} allowed={linked}>
            {total}
          </MaybeLink>
        }
        data-level="total"
      />
      {EVENT_LEVELS.map((level) => {
        const count = counts.data?.find((r) => r.key === level)?.count ?? 0;
        return (
          <Figure
            key={level}
            label={fmt.label(EVENT_LEVEL_LABELS[level])}
            color={count > 0 ? colors.event(level) : undefined}
            value={
              <MaybeLink to={href(level)} allowed={linked}>
                <span style={{ color: count > 0 ? colors.event(level) : undefined }}>{count}</span>
              </MaybeLink>
            }
            data-level={level}
          />
        );
      })}
    </Card>
  );
}

export function OpenOrdersCard() {
  const t = useTexts(homeTexts);
  const fmt = useFormat();
  const queries = useQueries();
  const { permissions } = useSession();
  const mayOpen = useMayOpen();
  const readable = (type: WorkOrderType) => permissions.has(ORDER_READ[type]);
  const repair = useQuery({
    ...queries.workorders.repairCount({ body: {} }),
    enabled: readable('repair'),
    refetchInterval: REFRESH,
  });
  const maintenance = useQuery({
    ...queries.workorders.maintenanceCount({ body: {} }),
    enabled: readable('maintenance'),
    refetchInterval: REFRESH,
  });
  const types = (['repair', 'maintenance'] as const).filter(readable);
  if (types.length === 0) return null;
  const answer = { repair, maintenance };
  const cell = { padding: '4px 8px', textAlign: 'right' } as const;
  return (
    <Card
      data-testid="home-open-orders"
      title={t('openOrders')}
      loading={types.some((type) => answer[type].isPending)}
      bodyStyle={{ padding: 12 }}
      style={{ flex: '7 1 0', minWidth: 0 }}
    >
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={{ ...cell, textAlign: 'left' }} />
            {OPEN_STATES.map((s) => (
              <th key={s} style={cell}>
                <Typography.Text type="tertiary" size="small">
                  {fmt.label(WORK_ORDER_STATUS_LABELS[s])}
                </Typography.Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {types.map((type) => {
            const info = WORK_ORDER_TYPE_INFO[type];
            const linked = mayOpen(info.route);
            const data = answer[type].data;
            return (
              <tr key={type} data-order-type={type}>
                <td style={{ ...cell, textAlign: 'left' }}>
                  <MaybeLink to={info.route} allowed={linked}>
                    {fmt.label(info.label)}
                  </MaybeLink>
                </td>
                {OPEN_STATES.map((s) => (
                  <td key={s} style={cell} data-status={s}>
                    <MaybeLink to={`${info.route}?status=${s}`} allowed={linked}>
                      <span style={{ fontWeight: 600 }}>{data?.byStatus[String(s)] ?? 0}</span>
                    </MaybeLink>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
