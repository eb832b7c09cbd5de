import { describe, expect, it } from 'vitest';
import { quantity } from '../test-fixtures';
import {
  createQuantityInput,
  emptyQuantityForm,
  quantityToForm,
  updateQuantityInput,
  validateQuantity,
} from './quantity-form';

describe('quantity form', () => {
  it('an empty form asks for the data id and the name', () => {
    const errors = validateQuantity(emptyQuantityForm(), 'create');
    expect(errors.dataId).toBe('dataId must be a number');
    expect(errors.name).toBe('name is required');
  });

  it('refuses a long name, decimals out of 0–6 or not whole, a data id out of range', () => {
    const form = { ...emptyQuantityForm(), dataId: 7001, name: 'x'.repeat(51), decimals: 7 };
    const errors = validateQuantity(form, 'create');
    expect(errors.name).toBe('name: at most 50 characters');
    expect(errors.decimals).toBe('decimals must be 0 to 6');
    expect(validateQuantity({ ...form, name: 'Ok', decimals: 2.5 }, 'create').decimals).toBe(
      'decimals must be an integer',
    );
    expect(validateQuantity({ ...form, name: 'Ok', decimals: 2, dataId: 0 }, 'create').dataId).toBe(
      'dataId must be 1 to 999999999',
    );
    expect(validateQuantity({ ...form, name: 'Ok', decimals: 2 }, 'create')).toEqual({});
  });

  it('edits keep the row id and data id', () => {
    const row = quantity({ id: 9, dataId: 4000 });
    const form = { ...quantityToForm(row), dataId: 1, name: 'Water' };
    expect(validateQuantity(form, 'edit')).toEqual({});
    expect(updateQuantityInput(row, form)).toMatchObject({ id: 9, dataId: 4000, name: 'Water' });
    expect(createQuantityInput({ ...emptyQuantityForm(), dataId: 7001, name: 'Flow' })).toEqual({
      dataId: 7001,
      name: 'Flow',
      enName: '',
      unit: '',
      energyType: null,
      kind: 'instantaneous',
      aggregation: 'avg',
      decimals: 2,
      deviceTypes: ['meter'],
    });
  });
});
