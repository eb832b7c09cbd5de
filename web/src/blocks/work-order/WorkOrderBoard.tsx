/**
 * WorkOrderBoard (family WO): status tabs with counts, a filter bar, a paged table with ticks,
 * and a detail drawer (fields, the actions of the order's state, timeline, attachments,
 * results). Which actions an order is offered comes from the state machine given as
 * `actionsOf` and the user's permissions; a chosen set of orders is offered only the batch
 * actions every one of them allows, and print for fewer than `print.max` orders. An action may
 * ask for input first (a form validated by the contract's schema) or a confirmation; after it
 * runs, the counts, the list and the open order are read again.
 */
import { IconDownload, IconPrint } from '@douyinfe/semi-icons';
import {
  Button,
  Descriptions,
  Empty,
  Modal,
  SideSheet,
  Space,
  Spin,
  TabPane,
  Tabs,
  Tag,
  Timeline,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { type AnyQueryKey, invalidate, type QueryScope } from '@eem/sdk';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useClient } from '../../app/client';
import { useFormat } from '../../app/format';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import { type DataColumn, DataTable, FIRST_PAGE, type PageState } from '../DataTable';
import { FilterBar } from '../FilterBar';
import { FormFields, type FormValues } from '../FormFields';
import type { FieldErrors } from '../form-issues';
import { downloadErrorMessage, errorMessage, saveDownload } from '../save-file';
import { blockTexts } from '../texts';
import type { WorkOrderAction, WorkOrderBoardProps } from './work-order-model';

interface Running<O> {
  key: string;
  orders: readonly O[];
  values: FormValues;
  errors: FieldErrors;
}

export function WorkOrderBoard<
  O extends object,
  F extends FormValues,
  D,
  S extends string | number,
  A extends string,
>(props: WorkOrderBoardProps<O, F, D, S, A>) {
  const t = useTexts(blockTexts);
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const client = useClient();
  const { permissions } = useSession();
  const { states, source, rowKey, stateOf } = props;
  const initialFilters = props.filters?.initial ?? ({} as F);
  const [draft, setDraft] = useState<F>(initialFilters);
  const [applied, setApplied] = useState<F>(initialFilters);
  const [tab, setTab] = useState<S | null>(() =>
    props.initialState !== undefined && states.some((s) => s.value === props.initialState)
      ? props.initialState
      : props.allLabel
        ? null
        : (states[0]?.value ?? null),
  );
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [selected, setSelected] = useState<string[]>([]);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [opened, setOpened] = useState<O | null>(null);
  const [running, setRunning] = useState<Running<O> | null>(null);
  const open = props.open ?? null;
  const openedKey = open === null ? null : String(rowKey(open));
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens when another order is named
  useEffect(() => {
    if (open === null) return;
    setOpenKey(openedKey);
    setOpened(open);
  }, [openedKey]);

  const countsQuery = source.counts(applied);
  const listQuery = source.list(applied, tab, page);
  const counts = useQuery({ ...countsQuery, placeholderData: keepPreviousData });
  const list = useQuery({ ...listQuery, placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const keyOf = (order: O) => String(rowKey(order));
  // The open order: its latest row when the list still holds it.
  const listed = (openKey !== null ? rows.find((o) => keyOf(o) === openKey) : undefined) ?? opened;
  const detailQuery = listed && source.detail ? source.detail(listed) : null;
  // No order open: a query under the list's key that never runs.
  const detail = useQuery(
    detailQuery ?? { queryKey: [...listQuery.queryKey, 'detail'] as AnyQueryKey, queryFn: skipToken },
  ) as {
    data: D | undefined;
    isPending: boolean;
  };
  const current = (detail.data !== undefined && props.detail.order?.(detail.data)) || listed;

  const stateInfo = (state: S) => states.find((s) => s.value === state);
  const permitted = (key: A) => {
    const permission = props.actions[key]?.permission;
    return permission === undefined || permissions.has(permission);
  };
  /** The actions the machine allows the order and the user may take. */
  const allowed = (order: O): A[] => props.actionsOf(stateOf(order), order).filter(permitted);
  const chosen = rows.filter((o) => selected.includes(keyOf(o)));
  /** Batch actions every chosen order allows. */
  const batch = (Object.keys(props.actions) as A[]).filter(
    (key) => props.actions[key].batch && chosen.length > 0 && chosen.every((o) => allowed(o).includes(key)),
  );

  /** The board's own queries (by endpoint, whatever their input), after an action. */
  const refresh = () =>
    invalidate(
      queryClient,
      [countsQuery, listQuery, ...(detailQuery ? [detailQuery] : [])].map(
        (q) => q.queryKey.slice(0, 2) as unknown as QueryScope,
      ),
    );
  const act = useMutation({
    mutationFn: ({
      action,
      orders,
      values,
    }: {
      action: WorkOrderAction<O>;
      orders: readonly O[];
      values: FormValues;
    }) => action.run(orders, values),
    onSuccess: async (_answer, { action }) => {
      Toast.success(t('actionDone', { action: action.label }));
      setRunning(null);
      setSelected([]);
      await refresh();
    },
    onError: (error) => Toast.error(errorMessage(error, t('noData'))),
  });

  const start = (key: A, orders: readonly O[]) => {
    const action = props.actions[key];
    if (action.form) {
      setRunning({ key, orders, values: action.form.empty(orders), errors: {} });
      return;
    }
    const run = () => act.mutateAsync({ action, orders, values: {} }).catch(() => undefined);
    if (!action.confirm) {
      void run();
      return;
    }
    Modal.confirm({
      title: action.label,
      content: action.confirm(orders),
      okText: t('confirm'),
      cancelText: t('cancel'),
      ...(action.danger ? { okButtonProps: { type: 'danger' as const } } : {}),
      onOk: run,
    });
  };
  const submitForm = () => {
    if (!running) return;
    const action = props.actions[running.key as A];
    const errors = action.form?.validate(running.values) ?? {};
    setRunning({ ...running, errors });
    if (Object.keys(errors).length === 0)
      act.mutate({ action, orders: running.orders, values: running.values });
  };

  const actionButtons = (keys: readonly A[], orders: readonly O[]) =>
    keys.map((key) => (
      <Button
        key={key}
        data-action={key}
        type={props.actions[key].danger ? 'danger' : 'primary'}
        theme={props.actions[key].danger ? 'light' : 'solid'}
        onClick={() => start(key, orders)}
      >
        {props.actions[key].label}
      </Button>
    ));

  const stateTag = (state: S) => {
    const info = stateInfo(state);
    return (
      <Tag color={info?.color ?? 'grey'} data-state={String(state)}>
        {info?.label ?? String(state)}
      </Tag>
    );
  };
  const columns: DataColumn<O>[] = [
    ...props.columns,
    { key: '__state', title: t('state'), width: 120, render: (o) => stateTag(stateOf(o)) },
    {
      key: '__open',
      title: t('actions'),
      width: 90,
      fixed: 'right',
      render: (o) => (
        <Button
          theme="borderless"
          size="small"
          onClick={() => {
            setOpenKey(keyOf(o));
            setOpened(o);
          }}
        >
          {t('detail')}
        </Button>
      ),
    },
  ];

  const count = (state: S | null) => {
    const all = (counts.data ?? {}) as Readonly<Partial<Record<S, number>>>;
    if (state !== null) return all[state] ?? 0;
    return states.reduce((sum, s) => sum + (all[s.value] ?? 0), 0);
  };
  const tabs = [
    ...(props.allLabel ? [{ key: '__all', label: props.allLabel, state: null }] : []),
    ...states.map((s) => ({ key: String(s.value), label: s.label, state: s.value as S | null })),
  ];
  const printTooMany = props.print && chosen.length >= props.print.max;

  const exporter = props.exporter;
  const exporting = useMutation({
    mutationFn: async () => (exporter ? saveDownload(await exporter(client, applied, tab)) : ''),
    onSuccess: (name) => Toast.success(t('exported', { name })),
    onError: (error) => Toast.error(downloadErrorMessage(error)),
  });

  const patchDraft = (patch: Partial<F>) => setDraft((d) => ({ ...d, ...patch }));
  const action = running ? props.actions[running.key as A] : null;

  return (
    <section className="eem-work-order-board" aria-label={props['aria-label']}>
      {props.filters && (
        <FilterBar<F>
          fields={props.filters.fields}
          render={props.filters.render}
          draft={draft}
          onChange={patchDraft}
          onQuery={() => {
            setApplied(draft);
            setPage(FIRST_PAGE);
            setSelected([]);
          }}
          onReset={() => {
            setDraft(initialFilters);
            setApplied(initialFilters);
            setPage(FIRST_PAGE);
            setSelected([]);
          }}
        />
      )}
      <Tabs
        type="line"
        activeKey={tab === null ? '__all' : String(tab)}
        onChange={(key) => {
          setTab(tabs.find((x) => x.key === key)?.state ?? null);
          setPage(FIRST_PAGE);
          setSelected([]);
        }}
      >
        {tabs.map((x) => (
          <TabPane
            key={x.key}
            itemKey={x.key}
            tab={
              <span data-tab={x.key}>
                {x.label} <Tag size="small">{count(x.state)}</Tag>
              </span>
            }
          />
        ))}
      </Tabs>
      <DataTable<O>
        aria-label={props['aria-label']}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        loading={list.isFetching}
        total={list.data?.total ?? 0}
        page={page}
        onPageChange={(next) => {
          setPage(next);
          setSelected([]);
        }}
        selectedKeys={selected}
        onSelect={setSelected}
        toolbar={
          <>
            {chosen.length > 0 && (
              <Typography.Text type="tertiary">
                {fmt.count(chosen.length, { one: t('chosen.one'), other: t('chosen') })}
              </Typography.Text>
            )}
            {actionButtons(batch, chosen)}
            {props.print && (
              <Button
                icon={<IconPrint />}
                disabled={chosen.length === 0 || printTooMany}
                title={printTooMany ? t('printLimit', { max: props.print.max }) : undefined}
                onClick={() => props.print?.run(chosen)}
              >
                {t('print')}
              </Button>
            )}
            {props.exporter && (
              <Button
                icon={<IconDownload />}
                loading={exporting.isPending}
                onClick={() => exporting.mutate()}
              >
                {t('export')}
              </Button>
            )}
          </>
        }
      />
      {printTooMany && (
        <Typography.Text type="warning" size="small" data-testid="print-limit">
          {t('printLimit', { max: props.print?.max ?? 0 })}
        </Typography.Text>
      )}
      <SideSheet
        visible={current !== null && openKey !== null}
        title={current ? props.detail.title(current) : ''}
        width={560}
        onCancel={() => {
          setOpenKey(null);
          setOpened(null);
          props.onClose?.();
        }}
      >
        {current && (
          <DetailBody
            board={props}
            order={current}
            detail={detail.data}
            loading={source.detail !== undefined && detail.isPending}
            state={stateTag(stateOf(current))}
            actions={actionButtons(
              allowed(current).filter((key) => !props.actions[key].batchOnly),
              [current],
            )}
          />
        )}
      </SideSheet>
      {running && action?.form && (
        <Modal
          visible
          title={action.label}
          width={action.form.width ?? 520}
          okText={t('confirm')}
          cancelText={t('cancel')}
          confirmLoading={act.isPending}
          onOk={submitForm}
          onCancel={() => setRunning(null)}
          maskClosable={false}
        >
          <FormFields
            idPrefix="eem-action"
            fields={action.form.fields}
            values={running.values}
            mode="edit"
            errors={running.errors}
            onChange={(field, value) => {
              const values = { ...running.values, [field]: value };
              const errors =
                Object.keys(running.errors).length > 0 ? (action.form?.validate(values) ?? {}) : {};
              setRunning({ ...running, values, errors });
            }}
          />
        </Modal>
      )}
    </section>
  );
}

function DetailBody<O extends object, F extends FormValues, D, S extends string | number, A extends string>({
  board,
  order,
  detail,
  loading,
  state,
  actions,
}: {
  board: WorkOrderBoardProps<O, F, D, S, A>;
  order: O;
  detail: D | undefined;
  loading: boolean;
  state: React.ReactNode;
  actions: React.ReactNode[];
}) {
  const t = useTexts(blockTexts);
  const fmt = useFormat();
  const fields = board.detail.fields?.(order, detail) ?? [];
  const timeline = board.detail.timeline?.(order, detail) ?? [];
  const attachments = board.detail.attachments?.(order, detail) ?? [];
  return (
    <Space vertical align="start" spacing={16} style={{ width: '100%' }} data-testid="work-order-detail">
      <Space spacing={8} wrap>
        {state}
        {actions.length > 0 ? (
          <Space spacing={8} wrap data-testid="work-order-actions">
            {actions}
          </Space>
        ) : (
          <Typography.Text type="tertiary">{t('noActions')}</Typography.Text>
        )}
      </Space>
      {fields.length > 0 && (
        <Descriptions
          data={fields.map((f) => ({ key: f.label, value: f.value }))}
          style={{ width: '100%' }}
        />
      )}
      {loading ? (
        <Spin />
      ) : (
        <>
          {timeline.length > 0 && (
            <div style={{ width: '100%' }}>
              <Typography.Title heading={6}>{t('timeline')}</Typography.Title>
              <Timeline data-testid="work-order-timeline">
                {timeline.map((e) => (
                  <Timeline.Item key={`${e.time}-${String(e.label)}`} time={fmt.time(e.time)}>
                    {e.label}
                    {e.by ? ` · ${e.by}` : ''}
                    {e.note ? (
                      <div>
                        <Typography.Text type="tertiary">{e.note}</Typography.Text>
                      </div>
                    ) : null}
                  </Timeline.Item>
                ))}
              </Timeline>
            </div>
          )}
          {attachments.length > 0 && (
            <div>
              <Typography.Title heading={6}>{t('attachments')}</Typography.Title>
              <Space vertical align="start" spacing={4}>
                {attachments.map((a) => (
                  <Typography.Text key={a.name} link onClick={a.open}>
                    {a.name}
                  </Typography.Text>
                ))}
              </Space>
            </div>
          )}
          {board.detail.extra?.(order, detail)}
        </>
      )}
      {!loading &&
        fields.length === 0 &&
        timeline.length === 0 &&
        attachments.length === 0 &&
        !board.detail.extra && <Empty description={t('noData')} />}
    </Space>
  );
}
