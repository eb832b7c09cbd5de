/**
 * EventList (screens.md §1): the event screens' shared block.
 *
 * Filters: a range of whole days (≤ 31), nodes (NodeTreePicker), event types, levels 1–5 in the
 * alarm colours, statuses (pending, processing, confirmed) and a keyword; Query applies them,
 * Refresh reloads. A paged table (index 0, limit 50, sizes 50/100) shows level, time (in the
 * project's time zone), node, type, description, the screen's extra columns, status ("confirmed
 * (solved)") and who confirmed when, with detail, confirm and related-events actions per row and
 * ticks for a batch confirm. Confirming needs event_confirm (hidden otherwise): normal with a
 * processing result, or simple with the default text. Export downloads the applied filters.
 * Opened with ?eventId=… (a notice), the table shows that event only until "show all"; with
 * ?levels=…&statuses=… (the home's pending events) the filters start with those.
 *
 * Props a screen gives:
 * - `fetcher`: which events call fills the table (EVENT_FETCHERS: eventLog (default),
 *   eventLogNoCount, energyEvents, efficiencyEvents, lossEvents, or your own EventFetcher);
 * - `logTypes`: the screen's fixed event types (the type filter offers only these; none chosen
 *   asks for all of them);
 * - `extraColumns`: columns after the description (EventColumn: key, title, render);
 * - `rowActions`: more buttons per row, after the built-in ones;
 * - `exports`: the export buttons (EVENT_EXPORTS: summary (default), detail, loss; [] for none);
 * - `onOpen` / `activeId`: a detail pane of the screen (a row click and "detail" call onOpen
 *   instead of the detail dialog; the open row is marked);
 * - `toolbar`: more controls left of the export buttons; `onConfirmed`: after a confirm.
 */
import { IconRefresh } from '@douyinfe/semi-icons';
import { Button, Space, Tag, Toast } from '@douyinfe/semi-ui-19';
import type { EventFilter, EventItem } from '@eem/contract';
import { DEFAULT_PAGE } from '@eem/core';
import { areaKey, type Client, endpointKey, SessionExpiredError } from '@eem/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useClient, useInvalidate, useQueries } from '../app/client';
import { useSession } from '../app/session';
import { useTexts } from '../i18n/texts';
import { ConfirmDialog } from './event-list/ConfirmDialog';
import { isConfirmable } from './event-list/confirm-model';
import { EventDetailDialog, RelatedEventsDialog } from './event-list/EventDialogs';
import { EventFilters } from './event-list/EventFilters';
import { type EventColumn, EventTable, useEventTableColumns } from './event-list/EventTable';
import {
  EVENT_EXPORTS,
  EVENT_FETCHERS,
  type EventExport,
  type EventFetcher,
} from './event-list/event-fetchers';
import {
  EVENT_LOG_TYPES,
  type EventPageState,
  eventFilterBody,
  eventIdFromSearch,
  filterError,
  filterFromSearch,
  initialEventFilter,
} from './event-list/event-filter-model';
import { eventListTexts } from './event-list/texts';
import { downloadErrorMessage, errorMessage, saveDownload } from './save-file';
import { ColumnPicker, useHiddenColumns } from './table-layout';
import type { Calendar } from './time-range-model';
import { useCalendarState } from './use-calendar';

export type { EventColumn } from './event-list/EventTable';
export type { EventExport, EventFetcher, EventPage } from './event-list/event-fetchers';
export { EVENT_EXPORTS, EVENT_FETCHERS };

export interface EventListProps {
  fetcher?: EventFetcher;
  logTypes?: readonly number[];
  extraColumns?: readonly EventColumn[];
  rowActions?: (event: EventItem) => ReactNode;
  /** Width of the actions column in px (default fits the built-in buttons). */
  actionsWidth?: number;
  exports?: readonly EventExport[];
  toolbar?: ReactNode;
  activeId?: number | null;
  onOpen?: (event: EventItem) => void;
  onConfirmed?: (ids: number[]) => void;
  /** Fewer columns beside a detail pane (type above the description, no confirmed-by; the
   * detail and related events are the pane's). */
  compact?: boolean;
  /** The filters the table shows (after Query), e.g. for counts beside it. */
  onApplied?: (filter: EventFilter) => void;
  'aria-label'?: string;
}

type Dialog =
  | { kind: 'confirm'; events: EventItem[] }
  | { kind: 'detail'; event: EventItem }
  | { kind: 'related'; event: EventItem };

const FIRST: EventPageState = { index: 0, limit: DEFAULT_PAGE.limit };

export function EventList(props: EventListProps) {
  const t = useTexts(eventListTexts);
  const client = useClient();
  const queries = useQueries();
  const invalidate = useInvalidate();
  const { permissions } = useSession();
  const canConfirm = permissions.has('event_confirm');
  const fetcher = props.fetcher ?? EVENT_FETCHERS.eventLog;
  const fixedTypes = props.logTypes ?? [];
  const exports: readonly EventExport[] = props.exports ?? [EVENT_EXPORTS.summary];

  // The defaults follow the screen's calendar until the user edits or queries; a link may
  // narrow the levels and statuses (?levels=…&statuses=…).
  const location = useLocation();
  const initial = (calendar: Calendar) => filterFromSearch(initialEventFilter(calendar), location.search);
  const [draft, setDraft, { calendar, ready }] = useCalendarState(initial);
  const [applied, setApplied] = useCalendarState(initial);
  const [page, setPage] = useState<EventPageState>(FIRST);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  // A notice opens the screen with ?eventId=…: show that event (each navigation once).
  const noticeId = eventIdFromSearch(location.search);
  const [focusId, setFocusId] = useState<number | null>(noticeId);
  const lastKey = useRef<string | null>(noticeId === null ? null : location.key);
  useEffect(() => {
    if (noticeId === null || lastKey.current === location.key) return;
    lastKey.current = location.key;
    setFocusId(noticeId);
    setSelected([]);
  }, [noticeId, location.key]);

  const body = eventFilterBody(applied, fixedTypes);
  const list = useQuery({
    queryKey: [...endpointKey('events', fetcher.endpoint), { ...body, page }, fetcher.variant ?? null],
    queryFn: ({ signal }) => fetcher.fetch(client, body, page, signal),
    placeholderData: keepPreviousData,
    enabled: focusId === null && ready,
  });
  const focus = useQuery({
    ...queries.events.event({ params: { id: focusId ?? 0 } }),
    enabled: focusId !== null,
  });
  const error = focusId === null ? list.error : focus.error;
  useEffect(() => {
    if (error && !(error instanceof SessionExpiredError)) Toast.error(errorMessage(error, t('noData')));
  }, [error, t]);

  const { onOpen, onApplied } = props;
  const focused = focus.data;
  useEffect(() => {
    if (focused && focusId === focused.id) onOpen?.(focused);
  }, [focused, focusId, onOpen]);
  const appliedKey = JSON.stringify(body);
  useEffect(() => {
    onApplied?.(JSON.parse(appliedKey) as EventFilter);
  }, [appliedKey, onApplied]);

  const rows: EventItem[] =
    focusId === null ? (list.data?.list ?? []) : focused && focused.id === focusId ? [focused] : [];
  const canQuery = filterError(draft, calendar) === null;

  const query = () => {
    if (!canQuery) return;
    setFocusId(null);
    setApplied(draft);
    setPage(FIRST);
    setSelected([]);
    if (JSON.stringify(draft) === JSON.stringify(applied)) void list.refetch();
  };
  const reset = () => {
    const fresh = initialEventFilter(calendar);
    setFocusId(null);
    setDraft(fresh);
    setApplied(fresh);
    setPage(FIRST);
    setSelected([]);
  };
  /** Everything the events area answered: the list, counts, details, incidents. */
  const refresh = () => invalidate(areaKey('events'));

  const runExport = async (item: EventExport) => {
    setExporting(item.key);
    try {
      const name = await saveDownload(await item.run(client as Client, body));
      Toast.success(t('exported', { name }));
    } catch (failure) {
      Toast.error(downloadErrorMessage(failure));
    } finally {
      setExporting(null);
    }
  };

  const open = (event: EventItem) => (onOpen ? onOpen(event) : setDialog({ kind: 'detail', event }));
  const compact = Boolean(props.compact);
  const actions = (event: EventItem) => (
    <Space spacing={2}>
      {!compact && (
        <Button size="small" theme="borderless" onClick={() => open(event)}>
          {t('detail')}
        </Button>
      )}
      {canConfirm && isConfirmable(event) && (
        <Button
          size="small"
          theme="borderless"
          type="warning"
          onClick={() => setDialog({ kind: 'confirm', events: [event] })}
        >
          {t('confirm')}
        </Button>
      )}
      {!compact && (
        <Button size="small" theme="borderless" onClick={() => setDialog({ kind: 'related', event })}>
          {t('related')}
        </Button>
      )}
      {props.rowActions?.(event)}
    </Space>
  );
  const columns = useEventTableColumns({
    extraColumns: props.extraColumns ?? [],
    actions,
    actionsWidth: props.actionsWidth ?? (compact ? 100 : props.rowActions ? 360 : 250),
    compact,
  });
  const [hidden, setHidden] = useHiddenColumns(compact ? 'events-compact' : 'events');

  const selectedEvents = rows.filter((e) => selected.includes(e.id));
  return (
    <div className="eem-event-list" data-testid="event-list">
      <EventFilters
        value={draft}
        onChange={setDraft}
        onQuery={query}
        onReset={reset}
        logTypes={fixedTypes.length > 0 ? fixedTypes : EVENT_LOG_TYPES}
      />
      <div
        className="eem-event-toolbar"
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 8,
          margin: '12px 0 8px',
          flexWrap: 'wrap',
        }}
      >
        <Space spacing={8} wrap>
          {focusId !== null && (
            <Tag size="large" color="blue" data-testid="notice-focus">
              {t('noticeFocus', { id: focusId })}
            </Tag>
          )}
          {focusId !== null && focus.isError && (
            <Tag size="large" color="red">
              {t('eventMissing', { id: focusId })}
            </Tag>
          )}
          {focusId !== null && <Button onClick={() => setFocusId(null)}>{t('showAll')}</Button>}
          {canConfirm && (
            <Button
              type="warning"
              disabled={selectedEvents.length === 0}
              onClick={() => setDialog({ kind: 'confirm', events: selectedEvents })}
            >
              {t('confirmSelected', { count: selectedEvents.length })}
            </Button>
          )}
        </Space>
        <Space spacing={8} wrap>
          {props.toolbar}
          {!compact && <ColumnPicker columns={columns} hidden={hidden} onChange={setHidden} />}
          <Button icon={<IconRefresh />} aria-label={t('refresh')} onClick={() => void refresh()}>
            {t('refresh')}
          </Button>
          {exports.map((item) => (
            <Button
              key={item.key}
              loading={exporting === item.key}
              disabled={exporting !== null}
              onClick={() => void runExport(item)}
            >
              {item.label ?? t('export')}
            </Button>
          ))}
        </Space>
      </div>
      <EventTable
        aria-label={props['aria-label']}
        rows={rows}
        loading={focusId === null ? list.isFetching : focus.isFetching}
        columns={columns}
        hidden={hidden}
        {...(canConfirm ? { selected, onSelect: setSelected } : {})}
        activeId={props.activeId ?? null}
        {...(onOpen ? { onRowClick: onOpen } : {})}
        page={page}
        total={focusId === null ? (list.data?.total ?? null) : null}
        hasMore={focusId === null && Boolean(list.data?.hasMore)}
        onPage={(next) => {
          setPage(next);
          setSelected([]);
        }}
        pager={focusId === null}
      />
      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          events={dialog.events}
          onClose={() => setDialog(null)}
          onDone={(ids) => {
            setDialog(null);
            setSelected([]);
            props.onConfirmed?.(ids);
          }}
        />
      )}
      {dialog?.kind === 'detail' && (
        <EventDetailDialog event={dialog.event} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'related' && (
        <RelatedEventsDialog event={dialog.event} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
