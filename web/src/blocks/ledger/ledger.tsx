/**
 * A ledger screen (families LED and SCH, screens.md §1 CrudLedger) as a description: the list
 * endpoint and its filters, the write endpoints of the contract, and a small table of the
 * form's fields (label and order, plus adapters where the form holds something else than the
 * body) and of the columns. The rules come from the endpoints' body schemas (schema-fields.ts):
 * a required field is starred, an enum becomes a select of its values, an integer an integer
 * input; the form is validated with the same schema, so it refuses what the server refuses
 * with the same message at the field. `useLedger` turns the description into the CrudLedger's
 * props, reaching the server only through blocks/data.ts.
 */

import { Typography } from '@douyinfe/semi-ui-19';
import type { AnyEndpoint, EndpointData } from '@eem/contract';
import type { CallInput, Client } from '@eem/sdk';
import type { ReactNode } from 'react';
import { useSession } from '../../app/session';
import {
  CrudLedger,
  type CrudLedgerProps,
  type FilterFieldDef,
  type LedgerQuery,
  type PagedAnswer,
  pageLocally,
} from '../CrudLedger';
import type { DataColumn, PageState } from '../DataTable';
import { fetchDownload, useEndpointMutation, useEndpointQueries } from '../data';
import type { CustomFieldArgs, FormFieldDef, FormMode, FormValues, SelectOption } from '../FormFields';
import { type FieldErrors, validateWith } from '../form-issues';
import type { ImportDialogProps } from '../ImportDialog';
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

type Paged<L extends AnyEndpoint, R> = EndpointData<L> extends PagedAnswer<R> ? unknown : never;

export interface LedgerDescription<
  R extends object,
  F extends FormValues,
  L extends AnyEndpoint,
  C extends AnyEndpoint,
  U extends AnyEndpoint,
> {
  title: string;
  rowKey: (row: R) => number | string;
  rowName: (row: R) => string;
  list: {
    endpoint: L;
    input: (filters: F, page: PageState) => CallInput<L>;
    /**
     * For a list endpoint that answers every row: the rows the filters keep (paged here).
     * Without it the endpoint pages and answers `{ total, list }`.
     */
    rows?: (answer: EndpointData<L>, filters: F) => readonly R[];
  } & (Paged<L, R> | { rows: (answer: EndpointData<L>, filters: F) => readonly R[] });
  filters?: { initial: F; fields: readonly FilterFieldDef<F>[]; canQuery?: (draft: F) => boolean };
  /** The dialog's fields in order, keyed by the body's fields. */
  fields: Readonly<Record<string, LedgerField<R>>>;
  /** The table's columns in order. */
  columns: readonly LedgerColumn<R>[];
  create?: { endpoint: C };
  update?: { endpoint: U };
  remove?: { endpoint: AnyEndpoint; input: (row: R) => unknown };
  /** Export of every row the applied filters keep. */
  export?: { endpoint: AnyEndpoint; input: (filters: F) => unknown };
  /** Import with the ImportDialog (template, upload, task). */
  import?: Omit<ImportDialogProps, 'visible' | 'onClose'>;
  /** The permission of the writes (create, edit, delete, import): without it the ledger reads. */
  writePermission?: string;
  /** More endpoints whose queries a write refreshes. */
  invalidates?: readonly AnyEndpoint[];
  dialogTitle?: (mode: FormMode) => string;
  dialogWidth?: number;
  actionsWidth?: number;
}

/** Declares a ledger with its types inferred. */
export function defineLedger<
  R extends object,
  F extends FormValues,
  L extends AnyEndpoint,
  C extends AnyEndpoint,
  U extends AnyEndpoint,
>(description: LedgerDescription<R, F, L, C, U>): LedgerDescription<R, F, L, C, U> {
  return description;
}

const bodyOf = (endpoint: AnyEndpoint | undefined): SchemaLike | undefined =>
  endpoint?.body as SchemaLike | undefined;

/** The rules of the fields, from the create body (else the update body). */
export function ledgerRules(d: {
  create?: { endpoint: AnyEndpoint } | undefined;
  update?: { endpoint: AnyEndpoint } | undefined;
}): Record<string, FieldRule> {
  const schema = bodyOf(d.create?.endpoint) ?? bodyOf(d.update?.endpoint);
  return schema ? schemaFields(schema) : {};
}

function controlOf(rule: FieldRule | undefined, field: LedgerField<never>): FormFieldDef['type'] {
  if (field.type) return field.type;
  if (field.render) return 'custom';
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
      ...(field.help ? { help: field.help } : {}),
      ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    };
  });
}

/** The table's columns: the row's field, an enum's value by its label, numbers to the right. */
export function ledgerColumns<R extends object>(
  columns: readonly LedgerColumn<R>[],
  fields: Readonly<Record<string, LedgerField<R>>>,
  rules: Record<string, FieldRule>,
): DataColumn<R>[] {
  return columns.map((column) => {
    const c = typeof column === 'string' ? { key: column } : column;
    const field = fields[c.key];
    const rule = rules[c.key];
    const numeric = rule?.kind === 'number';
    const value = (row: R) => (row as Record<string, unknown>)[c.key];
    const render =
      c.render ??
      (field?.optionLabel
        ? (row: R) => {
            const v = value(row);
            return typeof v === 'string' || typeof v === 'number'
              ? (field.optionLabel?.(v) ?? String(v))
              : '--';
          }
        : undefined);
    return {
      key: c.key,
      title: c.label ?? field?.label ?? c.key,
      width: c.width ?? (numeric ? 100 : rule?.kind === 'enum' ? 130 : 160),
      ...(c.align ? { align: c.align } : numeric ? { align: 'right' as const } : {}),
      ...(render ? { render } : {}),
    };
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

/** The CrudLedger's props of a description. */
export function useLedger<
  R extends object,
  F extends FormValues,
  L extends AnyEndpoint,
  C extends AnyEndpoint,
  U extends AnyEndpoint,
>(d: LedgerDescription<R, F, L, C, U>): CrudLedgerProps<R, FormValues, F> {
  const { permissions } = useSession();
  const queries = useEndpointQueries();
  const changes = { invalidates: [d.list.endpoint, ...(d.invalidates ?? [])] };
  const create = useEndpointMutation(d.create?.endpoint ?? d.list.endpoint, changes);
  const update = useEndpointMutation(d.update?.endpoint ?? d.list.endpoint, changes);
  const remove = useEndpointMutation(d.remove?.endpoint ?? d.list.endpoint, changes);
  const rules = ledgerRules(d);
  const canWrite = d.writePermission === undefined || permissions.has(d.writePermission);

  const query = (filters: F, page: PageState): LedgerQuery<R> => {
    const base = queries(d.list.endpoint, d.list.input(filters, page));
    const rows = d.list.rows;
    if (!rows) return base as unknown as LedgerQuery<R>;
    return pageLocally(
      base,
      (answer) => rows(answer, filters),
      page,
      () => true,
      filters,
    );
  };
  const validate = (values: FormValues, mode: FormMode, row: R | null): FieldErrors => {
    const schema = mode === 'create' ? bodyOf(d.create?.endpoint) : bodyOf(d.update?.endpoint);
    if (!schema) return {};
    const body = bodyOfForm(d.fields, values);
    return validateWith(schema as never, mode === 'edit' && row ? { ...body, id: d.rowKey(row) } : body);
  };

  return {
    'aria-label': d.title,
    initialFilters: d.filters?.initial ?? ({} as F),
    ...(d.filters ? { filters: d.filters.fields } : {}),
    ...(d.filters?.canQuery ? { canQuery: d.filters.canQuery } : {}),
    query,
    columns: ledgerColumns(d.columns, d.fields, rules),
    rowKey: d.rowKey,
    rowName: d.rowName,
    canWrite,
    ...(d.actionsWidth ? { actionsWidth: d.actionsWidth } : {}),
    form: {
      fields: ledgerFormFields(d.fields, rules),
      empty: () => emptyForm(d.fields, rules),
      fromRow: (row) => formOfRow(d.fields, row),
      validate,
      ...(d.dialogTitle ? { title: d.dialogTitle } : {}),
      ...(d.dialogWidth ? { width: d.dialogWidth } : {}),
    },
    ...(d.create
      ? {
          onCreate: (values: FormValues) =>
            create.mutateAsync({ body: bodyOfForm(d.fields, values) } as unknown as CallInput<C>),
        }
      : {}),
    ...(d.update
      ? {
          onUpdate: (row: R, values: FormValues) =>
            update.mutateAsync({
              body: { ...bodyOfForm(d.fields, values), id: d.rowKey(row) },
            } as unknown as CallInput<U>),
        }
      : {}),
    ...(d.remove ? { onDelete: (row: R) => remove.mutateAsync(d.remove?.input(row) as never) } : {}),
    ...(d.export
      ? {
          exporter: (client: Client, filters: F) =>
            fetchDownload(client, d.export?.endpoint as AnyEndpoint, d.export?.input(filters)),
        }
      : {}),
    ...(d.import ? { importer: d.import } : {}),
    invalidates: changes.invalidates.map((e) => e.id),
  };
}

/** The whole screen of a ledger: its heading and the CrudLedger. */
export function LedgerScreen<
  R extends object,
  F extends FormValues,
  L extends AnyEndpoint,
  C extends AnyEndpoint,
  U extends AnyEndpoint,
>({ description }: { description: LedgerDescription<R, F, L, C, U> }) {
  const props = useLedger(description);
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{description.title}</Typography.Title>
      <CrudLedger<R, FormValues, F> {...props} />
    </div>
  );
}
