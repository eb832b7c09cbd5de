/**
 * The ledger screens of loss objects and schemes: the shared ledger (blocks/ledger) for the
 * list, filters, columns, delete and the dialog's fields, with what their one `save` call
 * (add without id, replace with id) needs besides: constant body fields (a scheme's `type`),
 * checks the schema cannot make while the user types (core's rules), the rule messages that
 * name no field of the dialog shown at a given one, and the answer of a save (a
 * recomputation task) handed on.
 */
import { Empty, Spin, Typography } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../app/query-client';
import { CrudLedger } from '../../../blocks/CrudLedger';
import { type JsonRef, useEndpointDefinitions, useEndpointMutation } from '../../../blocks/data';
import type { FormMode, FormValues } from '../../../blocks/FormFields';
import { type FieldErrors, mergeErrors, type SafeParser, validateWith } from '../../../blocks/form-issues';
import { bodyOfForm, type LedgerDescription, useLedger } from '../../../blocks/ledger/ledger';

export interface LossLedgerOptions {
  /** Fields every save body carries (not in the dialog). */
  constants?: Readonly<Record<string, unknown>>;
  /** Field errors of core's rules, shown as the user types after the first save attempt. */
  check?: (values: FormValues) => FieldErrors;
  /** The dialog field where a message naming no field of the dialog is shown. */
  fallbackField: string;
  /** The answer of a save. */
  onSaved?: (answer: unknown) => void;
}

// biome-ignore lint/suspicious/noExplicitAny: the endpoints are the description's own
type AnyLedger<R extends object, F extends FormValues> = LedgerDescription<R, F, any, any, any, any, any>;

export function LossLedgerScreen<R extends object, F extends FormValues>({
  description,
  options,
  above,
}: {
  description: AnyLedger<R, F>;
  options: LossLedgerOptions;
  /** What shows between the heading and the ledger (a task's progress). */
  above?: ReactNode;
}) {
  const d = description;
  const save = (d.create?.endpoint ?? d.list.endpoint) as JsonRef;
  const loaded = useEndpointDefinitions([save]);
  let body: ReactNode;
  if (loaded.state === 'ready') {
    const [definition] = loaded.definitions as readonly { body?: unknown }[];
    body = <Ledger description={d} options={options} schema={definition?.body as SafeParser | undefined} />;
  } else if (loaded.state === 'failed') {
    body = <Empty description={errorMessage(loaded.error)} />;
  } else {
    body = <Spin />;
  }
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{d.title}</Typography.Title>
      {above}
      {body}
    </div>
  );
}

function Ledger<R extends object, F extends FormValues>({
  description: d,
  options,
  schema,
}: {
  description: AnyLedger<R, F>;
  options: LossLedgerOptions;
  schema: SafeParser | undefined;
}) {
  const schemas = { create: schema as never, update: schema as never };
  const props = useLedger(d, schemas);
  const save = useEndpointMutation((d.create?.endpoint ?? d.list.endpoint) as JsonRef, {
    invalidates: [d.list.endpoint, ...(d.invalidates ?? [])],
  });
  const fields = Object.keys(d.fields);
  const bodyOf = (values: FormValues, row: R | null) => ({
    ...bodyOfForm(d.fields, values),
    ...options.constants,
    ...(row ? { id: d.rowKey(row) } : {}),
  });
  const validate = (values: FormValues, mode: FormMode, row: R | null): FieldErrors => {
    const found = mergeErrors(
      schema ? validateWith(schema, bodyOf(values, mode === 'edit' ? row : null)) : {},
      options.check?.(values) ?? {},
    );
    // A message of no dialog field (the whole body, a constant) shows at the fallback field.
    const out: FieldErrors = {};
    for (const [field, message] of Object.entries(found)) {
      const at = fields.includes(field) ? field : options.fallbackField;
      if (!(at in out)) out[at] = message;
    }
    return out;
  };
  const write = async (values: FormValues, row: R | null) => {
    const answer = await save.mutateAsync({ body: bodyOf(values, row) } as never);
    options.onSaved?.(answer);
    return answer;
  };
  const form = props.form && { ...props.form, validate };
  return (
    <CrudLedger<R, FormValues, F>
      {...props}
      {...(form ? { form } : {})}
      {...(d.create ? { onCreate: (values: FormValues) => write(values, null) } : {})}
      {...(d.update ? { onUpdate: (row: R, values: FormValues) => write(values, row) } : {})}
    />
  );
}
