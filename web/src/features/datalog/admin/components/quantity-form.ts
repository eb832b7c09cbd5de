/**
 * The physical-quantity dialog's values and the quantity bodies, validated by the contract's
 * own schemas (data id 1–999999999, name 1–50, English name ≤ 50, unit ≤ 20, decimals an
 * integer 0–6, kind and aggregation from @eem/core), so the form refuses what the server
 * refuses with the same message. The data id is kept when editing.
 */
import { catalogue, type PhysicalQuantity } from '@eem/contract';
import type { Aggregation, QuantityKind } from '@eem/core';
import type { FormMode } from '../../../../blocks/FormFields';
import { type FieldErrors, validateWith } from '../../../../blocks/form-issues';

export interface QuantityForm {
  [field: string]: unknown;
  /** The quantity edited (null when creating). */
  id: number | null;
  dataId: number | null;
  name: string;
  enName: string;
  unit: string;
  energyType: number | null;
  kind: QuantityKind | null;
  aggregation: Aggregation | null;
  decimals: number | null;
  deviceTypes: string[];
}

export function emptyQuantityForm(): QuantityForm {
  return {
    id: null,
    dataId: null,
    name: '',
    enName: '',
    unit: '',
    energyType: null,
    kind: 'instantaneous',
    aggregation: 'avg',
    decimals: 2,
    deviceTypes: ['meter'],
  };
}

export function quantityToForm(row: PhysicalQuantity): QuantityForm {
  return {
    id: row.id,
    dataId: row.dataId,
    name: row.name,
    enName: row.enName,
    unit: row.unit,
    energyType: row.energyType,
    kind: row.kind,
    aggregation: row.aggregation,
    decimals: row.decimals,
    deviceTypes: [...row.deviceTypes],
  };
}

/** The fields of both writes as the form holds them (the schema checks the empty ones). */
function fields(form: QuantityForm) {
  return {
    dataId: form.dataId,
    name: form.name,
    enName: form.enName,
    unit: form.unit,
    energyType: form.energyType,
    kind: form.kind,
    aggregation: form.aggregation,
    decimals: form.decimals,
    deviceTypes: form.deviceTypes,
  };
}

/** The endpoints' own body schemas (the same the server parses with). */
const createBody = catalogue.datalog.createQuantity.body;
const updateBody = catalogue.datalog.updateQuantity.body;

export function validateQuantity(form: QuantityForm, mode: FormMode): FieldErrors {
  const schema = mode === 'create' ? createBody : updateBody;
  const values = mode === 'create' ? fields(form) : { ...fields(form), id: form.id };
  return schema ? validateWith(schema, values) : {};
}

/** The create body (sent after validateQuantity passed; the server checks again). */
export function createQuantityInput(form: QuantityForm) {
  return {
    dataId: form.dataId ?? 0,
    name: form.name,
    enName: form.enName,
    unit: form.unit,
    energyType: form.energyType,
    kind: form.kind ?? 'instantaneous',
    aggregation: form.aggregation ?? 'avg',
    decimals: form.decimals ?? 0,
    deviceTypes: form.deviceTypes,
  };
}

/** The update body: the row's id and data id, the form's other fields. */
export function updateQuantityInput(row: PhysicalQuantity, form: QuantityForm) {
  return { ...createQuantityInput(form), id: row.id, dataId: row.dataId };
}
