/**
 * The handling-plan dialog's values and bodies: a name (1–255), ordered steps each with its
 * text and responsible role (at least one step), and the linked scenarios; validated by the
 * contract's own schema. Step errors name the step: 'steps.1' is the second step's text.
 */
import type { EventPlan } from '@eem/contract';
import { expert } from '@eem/contract/areas/expert';
import type { FormMode } from '../../../../blocks/FormFields';
import { type FieldErrors, validateWith } from '../../../../blocks/form-issues';

export interface PlanStep {
  text: string;
  role: string;
}

export interface PlanForm {
  [field: string]: unknown;
  id: number | null;
  name: string;
  steps: PlanStep[];
  scenarioIds: number[];
}

export function emptyPlanForm(): PlanForm {
  return { id: null, name: '', steps: [{ text: '', role: '' }], scenarioIds: [] };
}

export function planToForm(row: EventPlan): PlanForm {
  return {
    id: row.id,
    name: row.name,
    steps: row.steps.map((s) => ({ text: s.text, role: s.role })),
    scenarioIds: [...row.scenarioIds],
  };
}

export function planBody(form: PlanForm) {
  return {
    name: form.name,
    steps: form.steps.map((s) => ({ text: s.text, role: s.role.trim() })),
    scenarioIds: form.scenarioIds,
  };
}

const createBody = expert.createPlan.body;

/** `steps.N` for an issue of one step, else the first segment. */
const fieldOf = (path: readonly PropertyKey[]) =>
  path[0] === 'steps' && typeof path[1] === 'number' ? `steps.${path[1]}` : String(path[0] ?? '');

export function validatePlan(form: PlanForm, _mode: FormMode): FieldErrors {
  return createBody ? validateWith(createBody, planBody(form), fieldOf) : {};
}

/** Moves step `index` by `delta` (−1 up, +1 down); out of range leaves the list as it is. */
export function moveStep(steps: readonly PlanStep[], index: number, delta: number): PlanStep[] {
  const target = index + delta;
  const out = [...steps];
  const a = out[index];
  const b = out[target];
  if (a === undefined || b === undefined) return out;
  out[index] = b;
  out[target] = a;
  return out;
}
