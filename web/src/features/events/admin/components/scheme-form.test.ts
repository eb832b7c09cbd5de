import { describe, expect, it } from 'vitest';
import {
  emptySchemeForm,
  nextLevel,
  type SchemeForm,
  schemeBody,
  validateScheme,
  withKind,
} from './scheme-form';

const valid = (): SchemeForm => ({
  ...withKind(emptySchemeForm(), 'demand'),
  name: 'Demand watch',
  thresholds: [{ level: 1, value: 500 }],
});

describe('scheme form', () => {
  it('takes the kind’s own event type when none is chosen', () => {
    expect(withKind(emptySchemeForm(), 'demand').logTypes).toEqual([704]);
    expect(withKind({ ...emptySchemeForm(), logTypes: [716] }, 'demand').logTypes).toEqual([716]);
  });

  it('accepts a complete scheme and sends node ids once', () => {
    const form = {
      ...valid(),
      nodes: [
        { id: 5, modelLabel: 'building', name: 'Hall' },
        { id: 5, modelLabel: 'building', name: 'Hall' },
      ],
    };
    expect(validateScheme(form, 'create')).toEqual({});
    expect(schemeBody(form)).toMatchObject({
      kind: 'demand',
      nodeIds: [5],
      activeFrom: null,
      activeTo: null,
    });
  });

  it('refuses a scheme without levels, types, name or kind, and a window that ends first', () => {
    expect(validateScheme({ ...valid(), thresholds: [] }, 'create')).toEqual({
      thresholds: 'choose at least one level',
    });
    expect(validateScheme({ ...valid(), logTypes: [] }, 'create')).toEqual({
      logTypes: 'choose at least one event type',
    });
    expect(validateScheme({ ...valid(), name: '' }, 'create').name).toBe('name is required');
    expect(validateScheme({ ...valid(), name: 'x'.repeat(256) }, 'create').name).toBe(
      'at most 255 characters',
    );
    expect(validateScheme({ ...valid(), kind: null }, 'create').kind).toBe('kind is required');
    expect(validateScheme({ ...valid(), activeFrom: '18:00', activeTo: '08:00' }, 'create')).toEqual({
      activeTo: 'the end time must be after the start time',
    });
    expect(
      validateScheme(
        {
          ...valid(),
          thresholds: [
            { level: 1, value: 1 },
            { level: 1, value: 2 },
          ],
        },
        'create',
      ),
    ).toEqual({ thresholds: 'a level is listed twice' });
  });

  it('offers the next free level', () => {
    expect(
      nextLevel([
        { level: 1, value: 1 },
        { level: 3, value: 1 },
      ]),
    ).toBe(2);
    expect(nextLevel([1, 2, 3, 4, 5].map((level) => ({ level, value: 0 })))).toBeNull();
  });
});
