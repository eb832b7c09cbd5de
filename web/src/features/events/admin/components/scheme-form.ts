/**
 * The alarm-scheme dialog's values and bodies, validated by the contract's own schemas: name
 * 1–255, at least one event type and one level (a level once), thresholds as numbers, an
 * active window with both ends 'HH:mm' and the end after the start, repeat 0–1440 minutes.
 * The node scope is picked in the tree; the scheme keeps node ids.
 */
import type { AlarmScheme } from '@eem/contract';
import { events } from '@eem/contract/areas/events';
import { alarmKind, type NotifyChannel } from '@eem/core';
import type { FormMode } from '../../../../blocks/FormFields';
import { type FieldErrors, validateWith } from '../../../../blocks/form-issues';
import type { NodeRef } from '../../../../blocks/node-tree-model';

export interface ThresholdRow {
  level: number | null;
  value: number | null;
}

export interface SchemeForm {
  [field: string]: unknown;
  id: number | null;
  name: string;
  enabled: boolean;
  kind: string | null;
  logTypes: number[];
  thresholds: ThresholdRow[];
  nodes: NodeRef[];
  receiverUserIds: number[];
  receiverGroupIds: number[];
  channels: NotifyChannel[];
  activeFrom: string | null;
  activeTo: string | null;
  repeatMinutes: number | null;
}

export function emptySchemeForm(): SchemeForm {
  return {
    id: null,
    name: '',
    enabled: true,
    kind: null,
    logTypes: [],
    thresholds: [{ level: 1, value: null }],
    nodes: [],
    receiverUserIds: [],
    receiverGroupIds: [],
    channels: ['web', 'sound'],
    activeFrom: null,
    activeTo: null,
    repeatMinutes: 0,
  };
}

/** The form of a scheme; its node ids become the tree's nodes (`nodeOf`), unknown ids kept by id. */
export function schemeToForm(row: AlarmScheme, nodeOf: (id: number) => NodeRef | undefined): SchemeForm {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    kind: row.kind,
    logTypes: [...row.logTypes],
    thresholds: row.thresholds.map((t) => ({ level: t.level, value: t.value })),
    nodes: row.nodeIds.map((id) => nodeOf(id) ?? { id, modelLabel: '', name: `#${id}` }),
    receiverUserIds: [...row.receiverUserIds],
    receiverGroupIds: [...row.receiverGroupIds],
    channels: [...row.channels],
    activeFrom: row.activeFrom,
    activeTo: row.activeTo,
    repeatMinutes: row.repeatMinutes,
  };
}

/** The fields as the form holds them (the schema refuses the empty ones). */
function draft(form: SchemeForm) {
  return {
    name: form.name,
    enabled: form.enabled,
    kind: form.kind ?? '',
    logTypes: form.logTypes,
    thresholds: form.thresholds.map((t) => ({ level: t.level, value: t.value })),
    nodeIds: [...new Set(form.nodes.map((n) => n.id))],
    receiverUserIds: form.receiverUserIds,
    receiverGroupIds: form.receiverGroupIds,
    channels: form.channels,
    activeFrom: form.activeFrom || null,
    activeTo: form.activeTo || null,
    repeatMinutes: form.repeatMinutes,
  };
}

/** The body sent (after validateScheme passed; the server checks again). */
export function schemeBody(form: SchemeForm) {
  const fields = draft(form);
  return {
    ...fields,
    thresholds: form.thresholds.map((t) => ({ level: t.level ?? 0, value: t.value ?? 0 })),
    repeatMinutes: form.repeatMinutes ?? 0,
  };
}

const createBody = events.createScheme.body;

export function validateScheme(form: SchemeForm, _mode: FormMode): FieldErrors {
  const errors = createBody ? validateWith(createBody, draft(form)) : {};
  if (form.kind === null) errors.kind = 'kind is required';
  return errors;
}

/** A new kind brings its own event type when none is chosen yet. */
export function withKind(form: SchemeForm, kind: string | null): SchemeForm {
  const own = kind ? alarmKind(kind)?.logType : undefined;
  return {
    ...form,
    kind,
    logTypes: form.logTypes.length === 0 && own !== undefined ? [own] : form.logTypes,
  };
}

/** The next level not yet listed (1 to 5), or null when all five are. */
export function nextLevel(rows: readonly ThresholdRow[]): number | null {
  for (let level = 1; level <= 5; level++) if (!rows.some((r) => r.level === level)) return level;
  return null;
}
