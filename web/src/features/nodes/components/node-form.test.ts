import { nodeType } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { nodeFormBody, nodeFormFields, nodeToForm, validateNodeForm } from './node-form';

const room = nodeType('room');
const pipe = nodeType('pipe');
if (!room || !pipe) throw new Error('node types missing');

describe('node form', () => {
  it('offers the fields of the type with the enumeration in the language', () => {
    const fields = nodeFormFields(room, 'zh', '名称');
    expect(fields.map((f) => f.field)).toEqual(['name', 'code', 'roomtype']);
    expect(fields[2]?.options?.[0]).toEqual({ value: 1, label: '配电室' });
    expect(fields[2]?.required).toBe(true);
    expect(nodeFormFields(pipe, 'en', 'Name')[2]).toMatchObject({ type: 'number', precision: 0 });
  });

  it('refuses what the server refuses, with its messages', () => {
    expect(validateNodeForm(room, { name: ' ', code: null, roomtype: null })).toEqual({
      name: 'name cannot be empty',
      roomtype: 'roomtype cannot be empty',
    });
    expect(validateNodeForm(room, { name: 'x'.repeat(51), code: null, roomtype: 1 }).name).toBe(
      '1 to 50 characters in length',
    );
    expect(validateNodeForm(room, { name: 'Room 2', code: ' ', roomtype: 1 })).toEqual({});
  });

  it('sends trimmed values with empty fields as null', () => {
    const form = nodeToForm(room, { name: 'Room', roomtype: 2 });
    expect(form).toEqual({ name: 'Room', code: null, roomtype: 2 });
    expect(nodeFormBody(room, { name: ' Room 2 ', code: ' ', roomtype: 2 })).toEqual({
      name: 'Room 2',
      code: null,
      roomtype: 2,
    });
  });
});
