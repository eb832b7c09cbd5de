/**
 * A ledger screen (families LED and SCH, screens.md §1 CrudLedger) as a description: the list
 * endpoint and its filters, the write endpoints of the contract, and a small table of the
 * form's fields (label and order, plus adapters where the form holds something else than the
 * body) and of the columns. The rules come from the endpoints' body schemas (schema-fields.ts):
 * a required field is starred, an enum becomes a select of its values, an integer an integer
 * input; the form is validated with the same schema, so it refuses what the server refuses
 * with the same message at the field. Endpoints are named by their keys
 * (`endpointKey('users', 'createUserGroup')`); `useLedger` turns the description into the
 * CrudLedger's props, reaching the server only through blocks/data.ts (the query layer: writes
 * through the mutation factory, refreshing the list and `invalidates`; the export through the
 * endpoint's download member).
 */

import { IconClose } from '@douyinfe/semi-icons';
import { Button, Empty, Space, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { PermissionKey } from '@eem/core';
import type { Client, QueryScope } from '@eem/sdk';
import type { ReactNode } from 'react';
import { errorMessage } from '../../app/query-client';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import {
  CrudLedger,
  type CrudLedgerProps,
  type FilterFieldDef,
  type LedgerQuery,
  type PagedAnswer,
  pageLocally,
} from '../CrudLedger';
import type { DataColumn, PageState } from '../DataTable';
import {
  type DownloadRef,
  endpointDownload,
  type JsonRef,
  type RefData,
  type RefInput,
  useEndpointDefinitions,
  useEndpointMutation,
  useEndpointQueries,
} from '../data';
import { type EnergyTypeOption, EnergyTypeSelect, useEnergyTypeOptions } from '../EnergyTypeSelect';
import type { CustomFieldArgs, FormFieldDef, FormMode, FormValues, SelectOption } from '../FormFields';
import { type FieldErrors, validateWith } from '../form-issues';
import type { ImportDialogProps } from '../ImportDialog';
import { blockTexts } from '../texts';
import { emptyValue, type FieldRule, type SchemaLike, schemaFields } from './schema-fields';

/** One field of the dialog, keyed by its body field. */
export interface LedgerField<R> {
  label: string;
  /** The control; by default from the schema (text, integer or decimal, select of an enum, …). */
  type?: FormFieldDef['type'];
  /** The names of an enum's values (the select's options and the column's cells). */
  optionLabel?: (value: string | number) => string;
  /** Options the schema does not hold (ids of another list). */
  options?: readonly SelectOption[];
  /** Kept as created (a data id): disabled when editing. */
  fixedOnEdit?: boolean;
  /** The form's value of a row, when it is not the row's field. */
  fromRow?: (row: R) => unknown;
  /** The body's value of the form's, when they differ. */
  toBody?: (value: unknown) => unknown;
  /** The form's value when creating, when not the schema's default. */
  empty?: unknown;
  /** An energy type of the project (EnergyTypeSelect; cleared when the schema allows null). */
  energyType?: boolean;
  /** What the column shows for an empty value (e.g. 'Any'). */
  nullLabel?: string;
  render?: (args: CustomFieldArgs<FormValues>) => ReactNode;
  help?: ReactNode;
  placeholder?: string;
}

/** A column: a field of the row, its label from the fields table unless given. */
export type LedgerColumn<R> =
  | string
  | {
      key: string;
      label?: string;
      width?: number;
      align?: 'left' | 'right' | 'center';
      render?: (row: R) => ReactNode;
    };

type Paged<L, R> = RefData<L> extends PagedAnswer<R> ? unknown : never;

export interface LedgerDescription<
  R extends object,
  F extends FormValues,
  L extends JsonRef,
  C extends JsonRef = JsonRef,
  U extends JsonRef = JsonRef,
  D extends JsonRef = JsonRef,
  X extends DownloadRef = DownloadRef,
> {
  title: string;
  rowKey: (row: R) => number | string;
  rowName: (row: R) => string;
  list: {
    endpoint: L;
    input: (filters: F, page: PageState) => RefInput<L>;
    /**
     * A list endpoint that answers every row: the rows whose fields match the filters (text
     * contains, select equals) are paged here. Without it the endpoint filters and pages and
     * answers `{ total, list }`.
     */
    local?: boolean;
  } & (Paged<L, R> | { local: true });
  /**
   * The filter bar: a field of the form table by its key (a text filter, or a select of the
   * enum's values), or a filter of the list endpoint's own (a keyword).
   */
  filters?: {
    fields: readonly (string | FilterFieldDef<F>)[];
    initial?: Partial<F>;
    canQuery?: (draft: F) => boolean;
  };
  /** The dialog's fields in order, keyed by the body's fields. */
  fields: Readonly<Record<string, LedgerField<R>>>;
  /** The table's columns in order. */
  columns: readonly LedgerColumn<R>[];
  /** The body of a create is the form's fields; its schema holds the form's rules. */
  create?: { endpoint: C };
  /** The body of an update is the form's fields and the row's id (`rowKey`). */
  update?: { endpoint: U };
  remove?: { endpoint: D; input: (row: R) => RefInput<D> };
  /** Export of every row the applied filters keep (the endpoint's download member). */
  export?: { endpoint: X; input: (filters: F) => RefInput<X> };
  /** Import with the ImportDialog (template, upload, task). */
  import?: Omit<ImportDialogProps, 'visible' | 'onClose'>;
  /** The permission of the writes (create, edit, delete, import): without it the ledger reads. */
  writePermission?: PermissionKey;
  /** What a write or an import changes besides the list: areas or endpoints (`endpointKey`). */
  invalidates?: readonly QueryScope[];
  dialogTitle?: (mode: FormMode) => string;
  dialogWidth?: number;
  actionsWidth?: number;
  /** More buttons per row (enable, stock moves, a QR code…). */
  rowActions?: (row: R) => ReactNode;
  /** More buttons in the toolbar. */
  toolbar?: ReactNode;
  /** A panel left of the table that narrows the list (a location tree). */
  aside?: ReactNode;
  /** What narrows the list besides the filters (the aside's choice): a change shows page 1. */
  listKey?: string;
}

/** Declares a ledger with its types inferred. */
export function defineLedger<
  R extends object,
  F extends FormValues,
  L extends JsonRef,
  C extends JsonRef = JsonRef,
  U extends JsonRef = JsonRef,
  D extends JsonRef = JsonRef,
  X extends DownloadRef = DownloadRef,
>(description: LedgerDescription<R, F, L, C, U, D, X>): LedgerDescription<R, F, L, C, U, D, X> {
  return description;
}

/** A ledger of any endpoints (what the screen and its hook take). */
// biome-ignore lint/suspicious/noExplicitAny: the endpoints are the description's own
type AnyLedger<R extends object, F extends FormValues> = LedgerDescription<R, F, any, any, any, any, any>;

/** The body schemas of the writes: the create's and the update's (the form's rules). */
export interface LedgerSchemas {
  create?: SchemaLike | undefined;
  update?: SchemaLike | undefined;
}

const bodyOf = (endpoint: { body?: unknown } | undefined): SchemaLike | undefined =>
  endpoint?.body as SchemaLike | undefined;

/** The rules of the fields, from the create body (else the update body). */
export function ledgerRules(schemas: LedgerSchemas): Record<string, FieldRule> {
  const schema = schemas.create ?? schemas.update;
  return schema ? schemaFields(schema) : {};
}

function controlOf(rule: FieldRule | undefined, field: LedgerField<never>): FormFieldDef['type'] {
  if (field.type) return field.type;
  if (field.render || field.energyType) return 'custom';
  switch (rule?.kind) {
    case 'number':
      return 'number';
    case 'boolean':
      return 'switch';
    case 'enum':
      return 'select';
    case 'array':
      return 'multiSelect';
    case 'string':
      return (rule.maxLength ?? 0) > 255 ? 'textarea' : 'text';
    default:
      return field.options ? 'select' : 'text';
  }
}

/** The dialog's field definitions: the table's order and labels, the schema's rules. */
export function ledgerFormFields<R>(
  fields: Readonly<Record<string, LedgerField<R>>>,
  rules: Record<string, FieldRule>,
): FormFieldDef<FormValues>[] {
  return Object.entries(fields).map(([key, field]) => {
    const rule = rules[key];
    const type = controlOf(rule, field as LedgerField<never>);
    const options =
      field.options ??
      rule?.options?.map((value) => ({ value, label: field.optionLabel?.(value) ?? String(value) }));
    return {
      field: key,
      label: field.label,
      type,
      required: rule?.required ?? false,
      ...(options ? { options } : {}),
      ...(type === 'number' && rule?.integer ? { precision: 0 } : {}),
      ...(field.fixedOnEdit ? { disabled: (_v: FormValues, mode: FormMode) => mode === 'edit' } : {}),
      ...(field.render ? { render: field.render } : {}),
      ...(field.energyType && !field.render
        ? {
            render: (args: CustomFieldArgs<FormValues>) => (
              <EnergyTypeField {...args} clearable={rule?.nullable ?? false} nullLabel={field.nullLabel} />
            ),
          }
        : {}),
      ...(field.help ? { help: field.help } : {}),
      ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    };
  });
}

/** An energy type of the project, cleared with a button when the schema allows none. */
function EnergyTypeField({
  value,
  onChange,
  clearable,
  nullLabel,
}: CustomFieldArgs<FormValues> & { clearable: boolean; nullLabel: string | undefined }) {
  const t = useTexts(blockTexts);
  const chosen = typeof value === 'number' ? value : null;
  return (
    <Space spacing={4}>
      <EnergyTypeSelect value={chosen} onChange={(type) => onChange(type)} style={{ width: 380 }} />
      {clearable && chosen !== null && (
        <Button
          theme="borderless"
          icon={<IconClose />}
          aria-label={t('clear')}
          title={t('clear')}
          onClick={() => onChange(null)}
        />
      )}
      {chosen === null && nullLabel && <Typography.Text type="tertiary">{nullLabel}</Typography.Text>}
    </Space>
  );
}

/** The table's columns: the row's field, an enum's value by its label, numbers to the right. */
export function ledgerColumns<R extends object>(
  columns: readonly LedgerColumn<R>[],
  fields: Readonly<Record<string, LedgerField<R>>>,
  rules: Record<string, FieldRule>,
  energyTypes: readonly EnergyTypeOption[] = [],
): DataColumn<R>[] {
  return columns.map((column) => {
    const c = typeof column === 'string' ? { key: column } : column;
    const field = fields[c.key];
    const rule = rules[c.key];
    const numeric = rule?.kind === 'number';
    const value = (row: R) => (row as Record<string, unknown>)[c.key];
    const label = (v: unknown) =>
      field?.energyType
        ? (energyTypes.find((e) => e.energyType === v)?.name ?? `#${String(v)}`)
        : (field?.optionLabel?.(v as string | number) ??
          field?.options?.find((o) => o.value === v)?.label ??
          String(v));
    const labelled = field?.energyType || field?.optionLabel || field?.options;
    const render =
      c.render ??
      (labelled
        ? (row: R) => {
            const v = value(row);
            if (Array.isArray(v))
              return v.length === 0 ? (
                '--'
              ) : (
                <Space wrap spacing={4}>
                  {v.map((item) => (
                    <Tag key={String(item)} size="small">
                      {label(item)}
                    </Tag>
                  ))}
                </Space>
              );
            return v === null || v === undefined || v === '' ? (field?.nullLabel ?? '--') : label(v);
          }
        : undefined);
    return {
      key: c.key,
      title: c.label ?? field?.label ?? c.key,
      width: c.width ?? (numeric ? 100 : rule?.kind === 'enum' ? 130 : 160),
      // Numbers shown as they are sit to the right; a rendered or labelled cell (a name) where it is.
      ...(c.align
        ? { align: c.align }
        : numeric && !c.render && !labelled
          ? { align: 'right' as const }
          : {}),
      ...(render ? { render } : {}),
    };
  });
}

/** The filter bar's fields: a key of the form table becomes a text filter or an enum's select. */
export function ledgerFilters<R, F extends FormValues>(
  entries: readonly (string | FilterFieldDef<F>)[],
  fields: Readonly<Record<string, LedgerField<R>>>,
  rules: Record<string, FieldRule>,
): FilterFieldDef<F>[] {
  return entries.map((entry) => {
    if (typeof entry !== 'string') return entry;
    const field = fields[entry];
    const options = rules[entry]?.options?.map((value) => ({
      value,
      label: field?.optionLabel?.(value) ?? String(value),
    }));
    return options
      ? { field: entry, label: field?.label ?? entry, type: 'select', options }
      : { field: entry, label: field?.label ?? entry, type: 'text' };
  });
}

/** Whether a row's fields match the applied filters (text contains, select equals; empty: any). */
export function rowMatches<F extends FormValues>(
  row: object,
  filters: F,
  defs: readonly FilterFieldDef<F>[],
): boolean {
  return defs.every((def) => {
    const wanted = filters[def.field];
    if (wanted === null || wanted === undefined || wanted === '') return true;
    const value = (row as Record<string, unknown>)[def.field];
    return def.type === 'text'
      ? String(value ?? '')
          .toLowerCase()
          .includes(String(wanted).trim().toLowerCase())
      : value === wanted;
  });
}

/** The form's values for creating: each field's empty value or the schema's default. */
export function emptyForm<R>(
  fields: Readonly<Record<string, LedgerField<R>>>,
  rules: Record<string, FieldRule>,
): FormValues {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      'empty' in field ? structuredClone(field.empty) : rules[key] ? emptyValue(rules[key]) : null,
    ]),
  );
}

export function formOfRow<R>(fields: Readonly<Record<string, LedgerField<R>>>, row: R): FormValues {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      field.fromRow ? field.fromRow(row) : structuredClone((row as Record<string, unknown>)[key]),
    ]),
  );
}

/** The body of a write: each field as the body holds it (the schema checks and trims). */
export function bodyOfForm<R>(
  fields: Readonly<Record<string, LedgerField<R>>>,
  values: FormValues,
): FormValues {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      field.toBody ? field.toBody(values[key]) : values[key],
    ]),
  );
}

/** The CrudLedger's props of a description, given its write schemas (`LedgerScreen` loads them). */
export function useLedger<R extends object, F extends FormValues>(
  d: AnyLedger<R, F>,
  schemas: LedgerSchemas,
): CrudLedgerProps<R, FormValues, F> {
  const { permissions } = useSession();
  const queries = useEndpointQueries();
  // A write refreshes the list and what the description names, before it settles.
  const changes = { invalidates: [d.list.endpoint, ...(d.invalidates ?? [])] as QueryScope[] };
  const create = useEndpointMutation<JsonRef>(d.create?.endpoint ?? d.list.endpoint, changes);
  const update = useEndpointMutation<JsonRef>(d.update?.endpoint ?? d.list.endpoint, changes);
  const remove = useEndpointMutation<JsonRef>(d.remove?.endpoint ?? d.list.endpoint, changes);
  const rules = ledgerRules(schemas);
  const canWrite = d.writePermission === undefined || permissions.has(d.writePermission);

  const { options: energyTypes } = useEnergyTypeOptions();
  const filterDefs = ledgerFilters(d.filters?.fields ?? [], d.fields, rules);
  const initialFilters = {
    ...Object.fromEntries(filterDefs.map((f) => [f.field, f.type === 'text' ? '' : null])),
    ...d.filters?.initial,
  } as F;

  const query = (filters: F, page: PageState): LedgerQuery<R> => {
    const base = queries<JsonRef>(d.list.endpoint, d.list.input(filters, page) as never);
    if (!d.list.local) return base as LedgerQuery<R>;
    const rows = (answer: unknown) => answer as readonly R[];
    return pageLocally(base, rows, page, (row) => rowMatches(row, filters, filterDefs), filters);
  };
  const validate = (values: FormValues, mode: FormMode, row: R | null): FieldErrors => {
    const schema = mode === 'create' ? schemas.create : schemas.update;
    if (!schema) return {};
    const body = bodyOfForm(d.fields, values);
    return validateWith(schema as never, mode === 'edit' && row ? { ...body, id: d.rowKey(row) } : body);
  };
  const exported = d.export;
  const send = (mutation: typeof create, input: unknown) => mutation.mutateAsync(input as RefInput<JsonRef>);

  return {
    'aria-label': d.title,
    initialFilters,
    ...(d.filters ? { filters: filterDefs } : {}),
    ...(d.filters?.canQuery ? { canQuery: d.filters.canQuery } : {}),
    query,
    columns: ledgerColumns(d.columns, d.fields, rules, energyTypes),
    rowKey: d.rowKey,
    rowName: d.rowName,
    canWrite,
    ...(d.actionsWidth ? { actionsWidth: d.actionsWidth } : {}),
    ...(d.rowActions ? { rowActions: d.rowActions } : {}),
    ...(d.toolbar ? { toolbar: d.toolbar } : {}),
    ...(d.listKey !== undefined ? { listKey: d.listKey } : {}),
    form: {
      fields: ledgerFormFields(d.fields, rules),
      empty: () => emptyForm(d.fields, rules),
      fromRow: (row) => formOfRow(d.fields, row),
      validate,
      ...(d.dialogTitle ? { title: d.dialogTitle } : {}),
      ...(d.dialogWidth ? { width: d.dialogWidth } : {}),
    },
    ...(d.create
      ? { onCreate: (values: FormValues) => send(create, { body: bodyOfForm(d.fields, values) }) }
      : {}),
    ...(d.update
      ? {
          onUpdate: (row: R, values: FormValues) =>
            send(update, { body: { ...bodyOfForm(d.fields, values), id: d.rowKey(row) } }),
        }
      : {}),
    ...(d.remove ? { onDelete: (row: R) => send(remove, d.remove?.input(row)) } : {}),
    ...(exported
      ? {
          exporter: (client: Client, filters: F) =>
            endpointDownload<DownloadRef>(client, exported.endpoint, exported.input(filters) as never),
        }
      : {}),
    ...(d.import ? { importer: d.import } : {}),
    ...(d.invalidates ? { invalidates: d.invalidates } : {}),
  };
}

/** The whole screen of a ledger: its heading and the CrudLedger, once the write schemas are loaded. */
export function LedgerScreen<R extends object, F extends FormValues>({
  description,
}: {
  description: AnyLedger<R, F>;
}) {
  const d = description;
  // Their areas load with the list's first call; until then the form's rules are unknown.
  const loaded = useEndpointDefinitions([
    d.create?.endpoint ?? d.list.endpoint,
    d.update?.endpoint ?? d.list.endpoint,
  ]);
  let body: ReactNode;
  if (loaded.state === 'ready') {
    const [create, update] = loaded.definitions as readonly { body?: unknown }[];
    const schemas = {
      create: d.create ? bodyOf(create) : undefined,
      update: d.update ? bodyOf(update) : undefined,
    };
    body = <Ledger description={d} schemas={schemas} />;
  } else if (loaded.state === 'failed') {
    body = <Empty description={errorMessage(loaded.error)} />;
  } else {
    body = <Spin />;
  }
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{d.title}</Typography.Title>
      {d.aside ? (
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          <aside style={{ width: 200, flex: 'none' }}>{d.aside}</aside>
          <div style={{ flex: 1, minWidth: 0 }}>{body}</div>
        </div>
      ) : (
        body
      )}
    </div>
  );
}

function Ledger<R extends object, F extends FormValues>({
  description,
  schemas,
}: {
  description: AnyLedger<R, F>;
  schemas: LedgerSchemas;
}) {
  return <CrudLedger<R, FormValues, F> {...useLedger(description, schemas)} />;
}
