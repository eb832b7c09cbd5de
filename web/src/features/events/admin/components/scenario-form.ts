/**
 * The fault-scenario dialog's values and bodies, validated by the contract's own schemas
 * (name 1–255, causes and checks one per line, at most 5 attachments). Causes and checks are
 * edited as text, one per line; blank lines are dropped.
 */
import type { FaultScenario } from '@eem/contract';
import { expert } from '@eem/contract/areas/expert';
import type { FormMode } from '../../../../blocks/FormFields';
import { type FieldErrors, validateWith } from '../../../../blocks/form-issues';

export interface ScenarioForm {
  [field: string]: unknown;
  id: number | null;
  name: string;
  deviceClassified: string;
  eventClassified: number | null;
  logTypes: number[];
  causes: string;
  checks: string;
  attachments: string[];
}

export function emptyScenarioForm(): ScenarioForm {
  return {
    id: null,
    name: '',
    deviceClassified: '',
    eventClassified: null,
    logTypes: [],
    causes: '',
    checks: '',
    attachments: [],
  };
}

export function scenarioToForm(row: FaultScenario): ScenarioForm {
  return {
    id: row.id,
    name: row.name,
    deviceClassified: row.deviceClassified,
    eventClassified: row.eventClassified,
    logTypes: [...row.logTypes],
    causes: row.causes.join('\n'),
    checks: row.checks.join('\n'),
    attachments: [...row.attachments],
  };
}

export function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

export function scenarioBody(form: ScenarioForm) {
  return {
    name: form.name,
    deviceClassified: form.deviceClassified.trim(),
    eventClassified: form.eventClassified,
    logTypes: form.logTypes,
    causes: lines(form.causes),
    checks: lines(form.checks),
    attachments: form.attachments,
  };
}

const createBody = expert.createScenario.body;

export function validateScenario(form: ScenarioForm, _mode: FormMode): FieldErrors {
  return createBody ? validateWith(createBody, scenarioBody(form)) : {};
}
