/**
 * The board of one type of work order (/serviceOrder, /repairorder): the WorkOrderBoard block
 * with core's state machine. `workOrderActions(order, viewer)` (the server's own rule: state,
 * permission, team, executor) decides what an order is offered; each action is the type's
 * endpoint through the query layer, its form validated by that endpoint's body schema. Opened
 * with ?code=… it shows that order; with ?eventId=… (the event screens' "create repair order")
 * it opens the create dialog prefilled with the event; with ?status=… (the home's open orders)
 * it opens on that state's tab.
 */
import { Button, Checkbox, Space, Spin, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { WorkOrder, WorkOrderDetail } from '@eem/contract';
import {
  isWorkOrderStatus,
  TASK_LEVEL_LABELS,
  WORK_ORDER_ACTION_INFO,
  WORK_ORDER_STATUS_LABELS,
  WORK_ORDER_STATUSES,
  type WorkOrderAction,
  type WorkOrderType,
  workOrderActions,
} from '@eem/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useClient } from '../../../app/client';
import { useFormat } from '../../../app/format';
import { useMayOpen } from '../../../app/may-open';
import { useSession } from '../../../app/session';
import {
  endpointDownload,
  useEndpointDefinitions,
  useEndpointMutation,
  useEndpointQueries,
} from '../../../blocks/data';

import { type FieldErrors, validateWith } from '../../../blocks/form-issues';
import { WorkOrderBoard } from '../../../blocks/work-order/WorkOrderBoard';
import type {
  WorkOrderAction as BoardAction,
  WorkOrderState,
} from '../../../blocks/work-order/work-order-model';
import { useTexts } from '../../../i18n/texts';
import { opsTexts } from '../texts';
import { CreateOrderDialog } from './CreateOrderDialog';
import { labelOptions } from './fields';
import { AttachmentList, describe } from './OrderAttachments';
import { ORDER_REFS } from './order-refs';
import { type PrintedFile, printOrders } from './print-orders';
import { WorkRecord } from './WorkRecord';
import { workForm } from './work-form';

type Filters = {
  keyword: string;
  tasklevel: number | null;
  teamId: number | null;
  overTimeOnly: boolean;
};
const NO_FILTERS: Filters = { keyword: '', tasklevel: null, teamId: null, overTimeOnly: false };
type BoardKey = WorkOrderAction | 'submitDrafts';

const STATE_COLORS: Record<number, WorkOrderState<number>['color']> = {
  1: 'amber',
  2: 'blue',
  3: 'violet',
  4: 'orange',
  5: 'green',
  6: 'red',
  8: 'grey',
};

/** The filters as the endpoints take them (no empty ones). */
function filterBody(filters: Filters) {
  return {
    keyword: filters.keyword,
    overTimeOnly: filters.overTimeOnly,
    ...(filters.tasklevel !== null ? { tasklevel: filters.tasklevel } : {}),
    ...(filters.teamId !== null ? { teamId: filters.teamId } : {}),
  };
}

/** The tab a link names (?status=2, the home's open orders), or none. */
function statusFromSearch(params: URLSearchParams): number | null {
  const status = Number(params.get('status'));
  return isWorkOrderStatus(status) ? status : null;
}

/** Field errors of a body schema, the work's fields named without their `work.` prefix. */
const fieldOf = (path: readonly PropertyKey[]) =>
  String(path[0] === 'work' ? (path[1] ?? '') : (path[0] ?? ''));

export function OrderBoard({ type }: { type: WorkOrderType }) {
  const t = useTexts(opsTexts);
  const fmt = useFormat();
  const { user, permissions } = useSession();
  const mayOpen = useMayOpen();
  const queries = useEndpointQueries();
  const queryClient = useQueryClient();
  const client = useClient();
  const refs = ORDER_REFS[type];
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(() => params.has('eventId'));

  const teams = useQuery(queries(['workorders', 'teams'], {}));
  const people = teams.data?.people ?? [];
  const teamIds = people.find((p) => p.id === user?.id)?.teamIds ?? [];
  const schemas = useEndpointDefinitions([refs.assign, refs.stash, refs.submit, refs.review, refs.discard]);

  // An order named in the address (a notice, an event's order).
  const code = params.get('code');
  const named = useQuery({
    ...queries(refs.detail, { params: { code: code ?? '' } }),
    enabled: code !== null && code !== '',
  });

  const mutate = {
    assign: useEndpointMutation(refs.assign),
    take: useEndpointMutation(refs.take),
    stash: useEndpointMutation(refs.stash),
    submit: useEndpointMutation(refs.submit),
    submitBatch: useEndpointMutation(refs.submitBatch),
    review: useEndpointMutation(refs.review),
    discard: useEndpointMutation(refs.discard),
  };

  const label = (pair: readonly [string, string]) => fmt.label(pair);
  /** An order's attachments for the print page (photos read as data URLs). */
  const printedFiles = async (order: WorkOrder): Promise<PrintedFile[]> => {
    const d = await queryClient.fetchQuery(queries(refs.detail, { params: { code: order.code } }));
    const files = describe([...order.attachments, ...d.work.attachments], d.files);
    return Promise.all(
      files.map(async (f) => {
        if (!f.contentType.startsWith('image/')) return { name: f.originalName, picture: null };
        const data = await client.files.downloadFile.download({ query: { fileName: f.fileName } });
        const blob = new Blob([await data.arrayBuffer()], { type: data.contentType });
        const picture = await new Promise<string>((done, fail) => {
          const reader = new FileReader();
          reader.onload = () => done(String(reader.result));
          reader.onerror = () => fail(reader.error);
          reader.readAsDataURL(blob);
        });
        return { name: f.originalName, picture };
      }),
    );
  };
  const detailOf = (order: WorkOrder) =>
    queryClient.getQueryData<WorkOrderDetail>(
      queries(refs.detail, { params: { code: order.code } }).queryKey,
    );

  // The actions and the machine (cheap; rebuilt with each render).
  const board = (() => {
    const bodyOf = (i: number) => {
      if (schemas.state !== 'ready') return undefined;
      return (schemas.definitions[i] as { body?: { safeParse(v: unknown): never } }).body;
    };
    const check = (i: number, value: unknown): FieldErrors => {
      const schema = bodyOf(i);
      return schema ? validateWith(schema, value, fieldOf) : {};
    };
    const viewer = { userId: user?.id ?? 0, permissions, teamIds };
    const peopleOptions = people.map((p) => ({ value: p.id, label: p.nicName || p.name }));
    const teamOptions = (teams.data?.teams ?? []).map((x) => ({ value: x.id, label: x.name }));
    const work = workForm(type, t, detailOf);
    const first = (orders: readonly WorkOrder[]) => orders[0]?.code ?? '';

    const review = (key: 'audit' | 'technicianReview' | 'shiftLeaderReview'): BoardAction<WorkOrder> => ({
      label: label(WORK_ORDER_ACTION_INFO[key].label),
      permission: WORK_ORDER_ACTION_INFO[key].permission,
      form: {
        fields: [
          {
            field: 'outcome',
            label: t('outcome'),
            type: 'select',
            required: true,
            options: [
              { value: 'pass', label: t('pass') },
              { value: 'fail', label: t('fail') },
            ],
          },
          { field: 'comment', label: t('comment'), type: 'textarea' },
        ],
        empty: (orders) => ({
          code: first(orders),
          outcome: 'pass',
          comment: detailOf(orders[0] as WorkOrder)?.reviewDraft?.comment ?? '',
        }),
        validate: (values) => check(3, values),
      },
      run: (orders, values) =>
        mutate.review.mutateAsync({ body: { ...values, code: first(orders) } as never }),
    });

    const actions: Record<BoardKey, BoardAction<WorkOrder>> = {
      assign: {
        label: label(WORK_ORDER_ACTION_INFO.assign.label),
        permission: 'workorder_assign',
        form: {
          fields: [
            {
              field: 'executorId',
              label: t('executor'),
              type: 'select',
              required: true,
              options: peopleOptions,
            },
            { field: 'teamId', label: t('team'), type: 'select', options: teamOptions },
          ],
          empty: (orders) => ({ code: first(orders), executorId: null, teamId: orders[0]?.teamId ?? null }),
          validate: (values) => check(0, values),
        },
        run: (orders, values) =>
          mutate.assign.mutateAsync({ body: { ...values, code: first(orders) } as never }),
      },
      take: {
        label: label(WORK_ORDER_ACTION_INFO.take.label),
        permission: 'workorder_take',
        confirm: (orders) => t('confirmTake', { code: first(orders) }),
        run: (orders) => mutate.take.mutateAsync({ body: { code: first(orders) } }),
      },
      stash: {
        label: label(WORK_ORDER_ACTION_INFO.stash.label),
        permission: 'workorder_take',
        form: { ...work, validate: (values) => check(1, { code: values.code, work: work.toBody(values) }) },
        run: (orders, values) =>
          mutate.stash.mutateAsync({ body: { code: first(orders), work: work.toBody(values) } as never }),
      },
      submit: {
        label: label(WORK_ORDER_ACTION_INFO.submit.label),
        permission: 'workorder_take',
        form: {
          ...work,
          validate: (values) => ({
            ...check(2, { code: values.code, work: work.toBody(values) }),
            ...work.required(values),
          }),
        },
        run: (orders, values) =>
          mutate.submit.mutateAsync({ body: { code: first(orders), work: work.toBody(values) } as never }),
      },
      submitDrafts: {
        label: t('submitDrafts'),
        permission: 'workorder_take',
        batch: true,
        batchOnly: true,
        confirm: (orders) => t('confirmSubmitDrafts', { n: orders.length }),
        run: async (orders) => {
          const answer = await mutate.submitBatch.mutateAsync({ body: { codes: orders.map((o) => o.code) } });
          for (const refused of answer.refused) Toast.warning(t('batchRefused', refused));
          return answer;
        },
      },
      audit: review('audit'),
      technicianReview: review('technicianReview'),
      shiftLeaderReview: review('shiftLeaderReview'),
      discard: {
        label: label(WORK_ORDER_ACTION_INFO.discard.label),
        permission: 'workorder_discard',
        danger: true,
        form: {
          fields: [{ field: 'reason', label: t('reason'), type: 'textarea', required: true }],
          empty: (orders) => ({ code: first(orders), reason: '' }),
          validate: (values) => check(4, values),
        },
        run: (orders, values) =>
          mutate.discard.mutateAsync({ body: { ...values, code: first(orders) } as never }),
      },
    };

    const actionsOf = (_state: number, order: WorkOrder): BoardKey[] => {
      const allowed: BoardKey[] = workOrderActions({ ...order, status: order.workSheetStatus, type }, viewer);
      return allowed.includes('submit') ? [...allowed, 'submitDrafts'] : allowed;
    };
    return { actions, actionsOf };
  })();

  const states = WORK_ORDER_STATUSES.map((s) => ({
    value: s as number,
    label: label(WORK_ORDER_STATUS_LABELS[s]),
    color: STATE_COLORS[s],
  }));
  const levelOptions = labelOptions(TASK_LEVEL_LABELS, label);
  const teamOptions = (teams.data?.teams ?? []).map((x) => ({ value: x.id, label: x.name }));
  const eventScreen = mayOpen('/eventDiagnosis');
  const field = (key: string, name: string, value: ReactNode) => ({ key, label: name, value });

  return (
    <div className="eem-page">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title heading={4}>
          {t(type === 'repair' ? 'repairOrders' : 'serviceOrders')}
        </Typography.Title>
        <Button theme="solid" type="primary" onClick={() => setCreating(true)} data-testid="create-order">
          {t('create')}
        </Button>
      </Space>
      {code && named.isPending && <Spin />}
      <WorkOrderBoard<WorkOrder, Filters, WorkOrderDetail, number, BoardKey>
        aria-label={t(type === 'repair' ? 'repairOrders' : 'serviceOrders')}
        states={states}
        allLabel={t('all')}
        initialState={statusFromSearch(params)}
        stateOf={(o) => o.workSheetStatus}
        actionsOf={board.actionsOf}
        actions={board.actions}
        open={named.data?.order ?? null}
        onClose={() => {
          if (params.has('code')) setParams({}, { replace: true });
        }}
        source={{
          counts: (filters) => {
            const q = queries(refs.count, { body: filterBody(filters) });
            return {
              queryKey: [...q.queryKey, 'byStatus'] as unknown as typeof q.queryKey,
              queryFn: async (ctx) => {
                const answer = await q.queryFn(ctx);
                return Object.fromEntries(Object.entries(answer.byStatus).map(([k, v]) => [Number(k), v]));
              },
            };
          },
          list: (filters, state, page) =>
            queries(refs.query, {
              body: { ...filterBody(filters), ...(state !== null ? { workSheetStatus: state } : {}), page },
            }),
          detail: (order) => queries(refs.detail, { params: { code: order.code } }),
        }}
        filters={{
          initial: NO_FILTERS,
          fields: [
            { field: 'keyword', label: t('keyword'), type: 'text' },
            { field: 'tasklevel', label: t('level'), type: 'select', options: levelOptions },
            { field: 'teamId', label: t('team'), type: 'select', options: teamOptions },
          ],
          render: (draft, set) => (
            <Checkbox
              checked={draft.overTimeOnly}
              onChange={(e) => set({ overTimeOnly: Boolean(e.target.checked) })}
            >
              {t('overTimeOnly')}
            </Checkbox>
          ),
        }}
        rowKey={(o) => o.code}
        columns={[
          { key: 'code', title: t('code'), width: 150 },
          { key: 'tasklevel', title: t('level'), width: 100, render: (o) => o.tasklevelName },
          {
            key: 'description',
            title: t(type === 'repair' ? 'description' : 'content'),
            width: 200,
            render: (o) => (
              <Typography.Text ellipsis={{ showTooltip: true }} style={{ width: 184 }}>
                {o.description}
              </Typography.Text>
            ),
          },
          { key: 'device', title: t('device'), width: 140, render: (o) => o.deviceName || '--' },
          { key: 'executor', title: t('executor'), width: 110, render: (o) => o.executorName || '--' },
          {
            key: 'plannedStart',
            title: t('plannedStart'),
            width: 150,
            render: (o) => (
              <Space spacing={4} wrap>
                {fmt.time(o.executetimeplan, 'YYYY-MM-DD HH:mm')}
                {o.overdue && (
                  <Tag color="red" size="small">
                    {t('overdue')}
                  </Tag>
                )}
              </Space>
            ),
          },
        ]}
        detail={{
          title: (o) => o.code,
          order: (d) => d.order,
          fields: (o, d) => [
            field('description', t(type === 'repair' ? 'description' : 'content'), o.description),
            field('device', t('device'), o.deviceName ? `${o.deviceName} (${o.deviceCode})` : '--'),
            field('location', t('location'), o.location || '--'),
            field('level', t('level'), o.tasklevelName),
            field('team', t('team'), o.teamName || '--'),
            field('executor', t('executor'), o.executorName || '--'),
            field(
              'source',
              t('source'),
              o.source === 'plan'
                ? `${t('source.plan')}: ${o.planName}`
                : `${t(`source.${o.source}`)} · ${o.creatorName}`,
            ),
            field('plannedStart', t('plannedStart'), fmt.time(o.executetimeplan, 'YYYY-MM-DD HH:mm')),
            field(
              'deadline',
              t('deadline'),
              <Space spacing={4}>
                {fmt.time(o.deadline, 'YYYY-MM-DD HH:mm')}
                {o.overdue && (
                  <Tag color="red" size="small">
                    {t('overdue')}
                  </Tag>
                )}
              </Space>,
            ),
            ...(d?.event
              ? [
                  field(
                    'event',
                    t('event'),
                    <span data-testid="order-event">
                      {eventScreen ? (
                        <Link to={`/eventDiagnosis?eventId=${d.event.id}`}>
                          {t('eventLink', { id: d.event.id })}
                        </Link>
                      ) : (
                        t('eventLink', { id: d.event.id })
                      )}{' '}
                      {fmt.time(d.event.time)} · {d.event.nodeName} · {d.event.description}
                    </span>,
                  ),
                ]
              : []),
            ...(o.attachments.length > 0
              ? [
                  field(
                    'attachments',
                    t('attachments'),
                    <AttachmentList files={describe(o.attachments, d?.files ?? [])} />,
                  ),
                ]
              : []),
          ],
          timeline: (_o, d) =>
            (d?.timeline ?? []).map((e) => ({
              time: e.time,
              label: e.actionName,
              by: e.userName,
              ...(e.note ? { note: e.note } : {}),
            })),
          extra: (_o, d) => (d ? <WorkRecord type={type} detail={d} /> : null),
        }}
        print={{ max: 10, run: (orders) => void printOrders(orders, fmt, t, printedFiles) }}
        exporter={(client, filters, state) =>
          endpointDownload(client, refs.export, {
            body: { ...filterBody(filters), ...(state !== null ? { workSheetStatus: state } : {}) },
          })
        }
      />
      {creating && (
        <CreateOrderDialog
          type={type}
          teams={teamOptions}
          prefill={params}
          onClose={(created) => {
            setCreating(false);
            if (created) {
              Toast.success(t('created', { code: created.code }));
              setParams({ code: created.code }, { replace: true });
            } else if (params.has('eventId')) setParams({}, { replace: true });
          }}
        />
      )}
    </div>
  );
}
