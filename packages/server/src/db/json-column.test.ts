import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonColumnError, jsonColumn } from './json-column.js';
import { JSON_COLUMNS } from './json-columns.js';

describe('JSON columns', () => {
  const keys = jsonColumn('roles', 'permissions', z.array(z.string()));

  it('reads what it writes', () => {
    expect(keys.read(keys.write(['user_update', 'event_confirm']), 1)).toEqual([
      'user_update',
      'event_confirm',
    ]);
    const steps = JSON_COLUMNS.planSteps;
    expect(steps.read(steps.write([{ text: 'Check the breaker', role: 'operator' }]), 7)).toEqual([
      { text: 'Check the breaker', role: 'operator' },
    ]);
  });

  it('fails loudly on text that is not JSON, naming table, column and row', () => {
    expect(() => keys.read('["user_update"', 42)).toThrow(JsonColumnError);
    expect(() => keys.read('["user_update"', 42)).toThrow(/^bad JSON in roles\.permissions of row 42: /);
  });

  it('fails loudly on JSON the schema refuses, with the path of the problem', () => {
    let error: unknown;
    try {
      keys.read('["user_update", 7]', 'SH-01');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JsonColumnError);
    const { table, column, row, message } = error as JsonColumnError;
    expect({ table, column, row }).toEqual({ table: 'roles', column: 'permissions', row: 'SH-01' });
    expect(message).toMatch(/^bad JSON in roles\.permissions of row SH-01: 1: /);
    // Not an empty list in disguise: an object where a list belongs is refused too.
    expect(() => keys.read('{}', 1)).toThrow(JsonColumnError);
    expect(() => JSON_COLUMNS.schemeChannels.read('["web","pigeon"]', 3)).toThrow(
      /alarm_schemes\.channels of row 3/,
    );
    expect(() => JSON_COLUMNS.nodeAttributes.read('{"voltagelevel":true}', 9)).toThrow(
      /nodes\.attributes of row 9: voltagelevel/,
    );
  });
});
