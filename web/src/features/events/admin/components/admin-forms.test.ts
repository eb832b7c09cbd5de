import { describe, expect, it } from 'vitest';
import { emptyPlanForm, moveStep, planBody, validatePlan } from './plan-form';
import { emptyScenarioForm, scenarioBody, validateScenario } from './scenario-form';

describe('scenario form', () => {
  it('sends causes and checks one per line and refuses a missing or long name', () => {
    const form = {
      ...emptyScenarioForm(),
      name: 'Breaker trip',
      causes: 'overload\n\n short circuit ',
      checks: 'a',
    };
    expect(scenarioBody(form)).toMatchObject({ causes: ['overload', 'short circuit'], checks: ['a'] });
    expect(validateScenario(form, 'create')).toEqual({});
    expect(validateScenario({ ...form, name: ' ' }, 'create')).toEqual({ name: 'name is required' });
    expect(validateScenario({ ...form, name: 'x'.repeat(256) }, 'create')).toEqual({
      name: 'at most 255 characters',
    });
    expect(
      validateScenario({ ...form, attachments: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'create').attachments,
    ).toBe('at most 5 documents');
  });
});

describe('plan form', () => {
  it('names the step whose text is missing and needs at least one step', () => {
    const form = {
      ...emptyPlanForm(),
      name: 'Trip plan',
      steps: [
        { text: 'isolate', role: 'duty' },
        { text: '', role: '' },
      ],
    };
    expect(validatePlan(form, 'create')).toEqual({ 'steps.1': 'a step needs its text' });
    expect(validatePlan({ ...form, steps: [] }, 'create')).toEqual({
      steps: 'a plan needs at least one step',
    });
    expect(planBody({ ...form, steps: [{ text: 'isolate', role: ' duty ' }] }).steps).toEqual([
      { text: 'isolate', role: 'duty' },
    ]);
  });

  it('moves steps up and down within the list', () => {
    const steps = [
      { text: 'a', role: '' },
      { text: 'b', role: '' },
    ];
    expect(moveStep(steps, 1, -1).map((s) => s.text)).toEqual(['b', 'a']);
    expect(moveStep(steps, 0, -1).map((s) => s.text)).toEqual(['a', 'b']);
  });
});
