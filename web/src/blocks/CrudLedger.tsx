/**
 * CrudLedger (families LED, SCH): a filter bar with Query and Reset, a paged DataTable (index
 * 0, limit 50), a create/edit dialog validated by the same rules as the server, delete with
 * confirmation and batch delete when given, export of the applied filters and import through
 * the ImportDialog. Server refusals show as toasts with the server's message (no field paths),
 * and one that names a field of the dialog also at that field (a duplicate name). Until the user
 * edits or queries, the filters follow `initialFilters` (a default range on the project's
 * calendar arrives after the first render). A screen that is a plain resource describes
 * itself with `defineLedger` (ledger/ledger.tsx) and passes `useLedger(description)` here.
 */
import { IconDelete, IconPlus, IconUpload } from '@douyinfe/semi-icons';
import { Button, Modal, Space, Toast, Tooltip } from '@douyinfe/semi-ui-19';
import {
  type AnyQueryKey,
  type Client,
  type DownloadResult,
  EemError,
  invalidate,
  type QueryScope,
  SessionExpiredError,
} from '@eem/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useFormat } from '../app/format';
import { useTexts } from '../i18n/texts';
import { type DataColumn, DataTable, type DataTableProps, FIRST_PAGE, type PageState } from './DataTable';
import { FilterBar, type FilterFieldDef } from './FilterBar';
import { type FormFieldDef, FormFields, type FormMode, type FormValues } from './FormFields';
import { type FieldErrors, serverFieldErrors } from './form-issues';
import { ImportDialog, type ImportDialogProps } from './ImportDialog';
import { errorMessage } from './save-file';
import { blockTexts } from './texts';

export type { FilterFieldDef, FormFieldDef, FormMode, FormValues, PageState };

/** A row's `lockedReason` (roles, quantities, fault scenarios, plans), or null. */
function lockedReasonOf(row: unknown): string | null {
  if (typeof row !== 'object' || row === null || !('lockedReason' in row)) return null;
  return typeof row.lockedReason === 'string' ? row.lockedReason : null;
}

export interface PagedAnswer<R> {
  total: number;
  list: R[];
}

/** TanStack options of the page query (from useQueries()). */
export interface LedgerQuery<R> {
  queryKey: AnyQueryKey;
  queryFn: (context: { signal?: AbortSignal }) => Promise<PagedAnswer<R>>;
}

export interface LedgerForm<R, V extends FormValues> {
  fields?: readonly FormFieldDef<V>[];
  /** A free layout instead of `fields` (tabs, trees). */
  render?: (ctx: LedgerFormContext<V>) => ReactNode;
  empty: () => V;
  fromRow: (row: R) => V | Promise<V>;
  /** Field errors; an empty object lets the save go ahead (`row`: the row edited). */
  validate: (values: V, mode: FormMode, row: R | null) => FieldErrors;
  width?: number;
  title?: (mode: FormMode) => string;
}

export interface LedgerFormContext<V extends FormValues> {
  values: V;
  mode: FormMode;
  errors: FieldErrors;
  set: (field: keyof V & string, value: unknown) => void;
  /** Renders field definitions with labels and errors. */
  fields: (defs: readonly FormFieldDef<V>[]) => ReactNode;
}

export interface CrudLedgerProps<R, V extends FormValues, F extends FormValues> {
  filters?: readonly FilterFieldDef<F>[];
  /** Free filter controls (time range…), before the simple ones. */
  renderFilters?: (draft: F, set: (patch: Partial<F>) => void) => ReactNode;
  initialFilters: F;
  /** Whether the draft filters may be queried (e.g. a span within its limit). */
  canQuery?: (draft: F) => boolean;
  query: (filters: F, page: PageState) => LedgerQuery<R>;
  columns: readonly DataColumn<R>[];
  rowKey: (row: R) => number | string;
  /** Named in the delete confirmation. */
  rowName?: (row: R) => string;
  form?: LedgerForm<R, V>;
  /**
   * Creates a row; the applied filters tell e.g. the tenant it belongs to. Writes go through
   * the query layer's mutations (useMutations), which invalidate what they change; the ledger
   * refreshes its own list after a write only when the write did not.
   */
  onCreate?: (values: V, filters: F) => Promise<unknown>;
  onUpdate?: (row: R, values: V) => Promise<unknown>;
  onDelete?: (row: R) => Promise<unknown>;
  /** Batch delete of the ticked rows. */
  onDeleteMany?: (rows: R[]) => Promise<unknown>;
  /** Whether the user may write (hides create, edit and delete). */
  canWrite?: boolean;
  canEditRow?: (row: R) => boolean;
  canDeleteRow?: (row: R) => boolean;
  /**
   * Why the server would refuse a change of the row (an object shared with projects the user
   * does not manage, issue 11): its Edit and Delete show disabled, the reason as their tooltip,
   * and it cannot be ticked for a batch delete. By default the row's own `lockedReason`, which
   * the server answers by the rule it enforces (core's sharedObjectRefusal).
   */
  rowLock?: (row: R) => string | null;
  /** More buttons per row. */
  rowActions?: (row: R) => ReactNode;
  /** Width of the actions column in px. */
  actionsWidth?: number;
  /** More buttons in the toolbar. */
  toolbar?: ReactNode;
  /** What narrows the list besides the filters (a tree beside it): a change shows page 1. */
  listKey?: string;
  /** Export of the applied filters (every matching row). */
  exporter?: (client: Client, filters: F) => Promise<DownloadResult>;
  /** Import (needs write access): an Import button opening the ImportDialog. */
  importer?: Omit<ImportDialogProps, 'visible' | 'onClose'>;
  summary?: DataTableProps<R>['summary'];
  /**
   * Areas or endpoints refreshed with the ledger's own list after an import, and after a write
   * whose mutation did not refresh the list itself.
   */
  invalidates?: readonly QueryScope[];
  'aria-label'?: string;
}

interface DialogState<R, V> {
  mode: FormMode;
  row: R | null;
  values: V;
}

export function CrudLedger<R extends object, V extends FormValues, F extends FormValues>(
  props: CrudLedgerProps<R, V, F>,
) {
  const t = useTexts(blockTexts);
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const { form, canWrite = true } = props;
  const [draft, setDraftState] = useState<F>(props.initialFilters);
  const [applied, setApplied] = useState<F>(props.initialFilters);
  // The filters follow the given defaults until the user edits or queries them.
  const touched = useRef(false);
  const setDraft = (next: F | ((previous: F) => F)) => {
    touched.current = true;
    setDraftState(next);
  };
  const initialKey = JSON.stringify(props.initialFilters);
  const seenKey = useRef(initialKey);
  useEffect(() => {
    if (seenKey.current === initialKey) return;
    seenKey.current = initialKey;
    if (touched.current) return;
    const next = JSON.parse(initialKey) as F;
    setDraftState(next);
    setApplied(next);
  }, [initialKey]);
  const [importing, setImporting] = useState(false);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [selected, setSelected] = useState<string[]>([]);
  const listKey = useRef(props.listKey);
  useEffect(() => {
    if (listKey.current === props.listKey) return;
    listKey.current = props.listKey;
    setPage(FIRST_PAGE);
    setSelected([]);
  }, [props.listKey]);
  const [dialog, setDialog] = useState<DialogState<R, V> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);

  const options = props.query(applied, page);
  const exportAll = props.exporter;
  const exporter = (client: Client, filters: F) =>
    exportAll ? exportAll(client, filters) : Promise.reject(new Error('no export'));
  const list = useQuery({ ...options, placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  // A refused list shows the server's message (an expired session has its own modal).
  useEffect(() => {
    if (list.error && !(list.error instanceof SessionExpiredError))
      Toast.error(errorMessage(list.error, t('noData')));
  }, [list.error, t]);

  /** The list and what the screen names: refreshed after an import, or a write that did not. */
  const refresh = () => invalidate(queryClient, [listScope(options.queryKey), ...(props.invalidates ?? [])]);
  /**
   * Runs a write (a mutation of the query layer, which refreshes what it changes), then
   * refreshes the list and `invalidates` when the write's mutation did not: the list's answer is
   * older than the write's start (a batch that failed half way, a write invalidating nothing).
   */
  const write = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => {
      const started = Date.now();
      try {
        await run();
      } finally {
        const listed = queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? 0;
        if (listed < started) await refresh();
      }
    },
  });

  const canQuery = props.canQuery?.(draft) ?? true;
  const runQuery = () => {
    touched.current = true;
    setApplied(draft);
    setPage(FIRST_PAGE);
    setSelected([]);
    if (JSON.stringify(draft) === JSON.stringify(applied)) void list.refetch();
  };
  const reset = () => {
    touched.current = false;
    setDraftState(props.initialFilters);
    setApplied(props.initialFilters);
    setPage(FIRST_PAGE);
    setSelected([]);
  };
  const patchDraft = (patch: Partial<F>) => setDraft((d) => ({ ...d, ...patch }));

  const openCreate = () => {
    if (!form) return;
    setErrors({});
    setTried(false);
    setDialog({ mode: 'create', row: null, values: form.empty() });
  };
  const openEdit = async (row: R) => {
    if (!form) return;
    setErrors({});
    setTried(false);
    try {
      setDialog({ mode: 'edit', row, values: await form.fromRow(row) });
    } catch (error) {
      Toast.error(errorMessage(error, t('noData')));
    }
  };
  const setValue = (field: keyof V & string, value: unknown) =>
    setDialog((d) => (d ? { ...d, values: { ...d.values, [field]: value } as V } : d));
  // After a first save attempt, errors follow the values as the user corrects them.
  const dialogValues = dialog?.values;
  const dialogMode = dialog?.mode;
  const dialogRow = dialog?.row ?? null;
  useEffect(() => {
    if (tried && form && dialogValues && dialogMode)
      setErrors(form.validate(dialogValues, dialogMode, dialogRow));
  }, [tried, form, dialogValues, dialogMode, dialogRow]);

  const save = async () => {
    if (!dialog || !form) return;
    const found = form.validate(dialog.values, dialog.mode, dialog.row);
    setTried(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { mode, row, values } = dialog;
    try {
      await write.mutateAsync(async () => {
        if (mode === 'create') await props.onCreate?.(values, applied);
        else if (row !== null) await props.onUpdate?.(row, values);
      });
      Toast.success(t('saved'));
      setDialog(null);
    } catch (error) {
      // A refusal naming a field of the form (a duplicate name, a rule) shows at that field.
      const atFields =
        error instanceof EemError ? serverFieldErrors(error.msg, Object.keys(values as object)) : {};
      if (Object.keys(atFields).length > 0) setErrors((shown) => ({ ...shown, ...atFields }));
      Toast.error(errorMessage(error, t('saved')));
    }
  };

  const confirmDelete = (row: R) => {
    const name = props.rowName?.(row) ?? String(props.rowKey(row));
    Modal.confirm({
      title: t('deleteConfirm', { name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { type: 'danger' },
      onOk: async () => {
        try {
          await write.mutateAsync(async () => props.onDelete?.(row));
          Toast.success(t('deleted'));
          setSelected((keys) => keys.filter((k) => k !== String(props.rowKey(row))));
        } catch (error) {
          Toast.error(errorMessage(error, t('delete')));
        }
      },
    });
  };

  const confirmDeleteMany = () => {
    const picked = rows.filter((r) => selected.includes(String(props.rowKey(r))));
    if (picked.length === 0) return;
    Modal.confirm({
      title: fmt.count(picked.length, {
        one: t('batchDeleteConfirm.one', { count: picked.length }),
        other: t('batchDeleteConfirm', { count: picked.length }),
      }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { type: 'danger' },
      onOk: async () => {
        try {
          await write.mutateAsync(async () => props.onDeleteMany?.(picked));
          Toast.success(t('deleted'));
          setSelected([]);
        } catch (error) {
          Toast.error(errorMessage(error, t('delete')));
        }
      },
    });
  };

  const writable = canWrite && form !== undefined;
  const lockOf = props.rowLock ?? lockedReasonOf;
  /** A row's Edit or Delete: disabled, with the reason, when the server would refuse it. */
  const action = (row: R, label: string, danger: boolean, onClick: () => void) => {
    const reason = lockOf(row);
    const button = (
      <Button
        theme="borderless"
        size="small"
        {...(danger ? { type: 'danger' as const } : {})}
        disabled={reason !== null}
        onClick={onClick}
      >
        {label}
      </Button>
    );
    return reason === null ? (
      button
    ) : (
      <Tooltip content={reason} position="topRight">
        {button}
      </Tooltip>
    );
  };
  const hasActions =
    props.rowActions !== undefined ||
    (canWrite && (props.onUpdate !== undefined || props.onDelete !== undefined));
  const columns: DataColumn<R>[] = hasActions
    ? [
        ...props.columns,
        {
          key: '__actions',
          title: t('actions'),
          fixed: 'right',
          width: props.actionsWidth ?? (props.rowActions ? 240 : 140),
          render: (row) => (
            // Buttons that do not fit the column wrap to a second line instead of being cut.
            <Space spacing={4} wrap>
              {props.rowActions?.(row)}
              {writable &&
                props.onUpdate &&
                (props.canEditRow?.(row) ?? true) &&
                action(row, t('edit'), false, () => void openEdit(row))}
              {canWrite &&
                props.onDelete &&
                (props.canDeleteRow?.(row) ?? true) &&
                action(row, t('delete'), true, () => confirmDelete(row))}
            </Space>
          ),
        },
      ]
    : [...props.columns];

  const filterBar = (props.filters?.length ?? 0) > 0 || props.renderFilters;
  const batch = canWrite && props.onDeleteMany !== undefined;

  return (
    <div className="eem-crud-ledger">
      {filterBar && (
        <FilterBar<F>
          fields={props.filters}
          render={props.renderFilters}
          draft={draft}
          onChange={patchDraft}
          canQuery={canQuery}
          onQuery={runQuery}
          onReset={reset}
        />
      )}
      <DataTable<R>
        aria-label={props['aria-label']}
        columns={columns}
        rows={rows}
        rowKey={props.rowKey}
        loading={list.isFetching}
        total={list.data?.total ?? 0}
        page={page}
        onPageChange={(next) => {
          setPage(next);
          setSelected([]);
        }}
        {...(props.exporter ? { exporter: (client: Client) => exporter(client, applied) } : {})}
        {...(props.summary ? { summary: props.summary } : {})}
        {...(batch
          ? {
              selectedKeys: selected,
              onSelect: (keys: string[]) =>
                setSelected(
                  keys.filter((key) => {
                    const row = rows.find((r) => String(props.rowKey(r)) === key);
                    return row === undefined || lockOf(row) === null;
                  }),
                ),
            }
          : {})}
        toolbar={
          <>
            {props.toolbar}
            {batch && (
              <Button
                icon={<IconDelete />}
                type="danger"
                disabled={selected.length === 0}
                onClick={confirmDeleteMany}
              >
                {t('batchDelete')}
              </Button>
            )}
            {canWrite && props.importer && (
              <Button icon={<IconUpload />} onClick={() => setImporting(true)}>
                {t('import')}
              </Button>
            )}
            {writable && props.onCreate && (
              <Button icon={<IconPlus />} theme="solid" type="primary" onClick={openCreate}>
                {t('create')}
              </Button>
            )}
          </>
        }
      />
      {form && dialog && (
        <Modal
          visible
          title={form.title?.(dialog.mode) ?? t(dialog.mode === 'create' ? 'create' : 'edit')}
          width={form.width ?? 560}
          okText={t('save')}
          cancelText={t('cancel')}
          confirmLoading={write.isPending}
          onOk={() => void save()}
          onCancel={() => setDialog(null)}
          maskClosable={false}
        >
          {form.render
            ? form.render({
                values: dialog.values,
                mode: dialog.mode,
                errors,
                set: setValue,
                fields: (defs) => (
                  <FormFields
                    fields={defs}
                    values={dialog.values}
                    mode={dialog.mode}
                    errors={errors}
                    onChange={setValue}
                  />
                ),
              })
            : form.fields && (
                <FormFields
                  fields={form.fields}
                  values={dialog.values}
                  mode={dialog.mode}
                  errors={errors}
                  onChange={setValue}
                />
              )}
        </Modal>
      )}
      {props.importer && (
        <ImportDialog
          {...props.importer}
          visible={importing}
          onClose={() => setImporting(false)}
          onSuccess={() => {
            props.importer?.onSuccess?.();
            void refresh();
          }}
        />
      )}
    </div>
  );
}

/** The area and endpoint of a list's key: what refreshes it whatever its input and page. */
function listScope(queryKey: AnyQueryKey): QueryScope {
  return queryKey.slice(0, 2) as unknown as QueryScope;
}

/**
 * Pages a whole-list answer in the browser (for endpoints that return every row): the query
 * key keeps the area and endpoint first, so a write refreshes it.
 */
export function pageLocally<T, R>(
  options: { queryKey: AnyQueryKey; queryFn: (context: { signal?: AbortSignal }) => Promise<T> },
  rowsOf: (answer: T) => readonly R[],
  page: PageState,
  keep: (row: R) => boolean = () => true,
  key: unknown = null,
): LedgerQuery<R> {
  return {
    queryKey: [...options.queryKey, 'paged', key, page] as unknown as AnyQueryKey,
    queryFn: async (context) => {
      const all = rowsOf(await options.queryFn(context)).filter(keep);
      return { total: all.length, list: all.slice(page.index * page.limit, (page.index + 1) * page.limit) };
    },
  };
}
