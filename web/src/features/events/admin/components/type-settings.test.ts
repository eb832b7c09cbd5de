import type { EventTypeSetting } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { applyBatch, changedRows, saveBody, typeSettingErrors } from './type-settings';

const row = (logType: number, patch: Partial<EventTypeSetting> = {}): EventTypeSetting => ({
  logType,
  name: `type ${logType}`,
  level: 3,
  eventClass: 2,
  popup: true,
  sound: false,
  push: false,
  enabled: true,
  lowerLimit: null,
  upperLimit: null,
  ...patch,
});

describe('type settings', () => {
  it('applies a batch to the ticked types only, leaving unset attributes', () => {
    const rows = [row(701), row(704), row(716)];
    const out = applyBatch(rows, [701, 716], { level: 1, sound: true, popup: undefined });
    expect(out.map((r) => [r.level, r.sound, r.popup])).toEqual([
      [1, true, true],
      [3, false, true],
      [1, true, true],
    ]);
  });

  it('finds the changed rows and sends them without their names', () => {
    const original = [row(701), row(704)];
    const edited = [row(701, { level: 2 }), row(704)];
    const changed = changedRows(original, edited);
    expect(changed.map((r) => r.logType)).toEqual([701]);
    expect(saveBody(changed)[0]).not.toHaveProperty('name');
  });

  it('refuses an upper limit that is not over the lower, naming the type', () => {
    const rows = [row(701, { lowerLimit: 10, upperLimit: 20 }), row(712, { lowerLimit: 5, upperLimit: 5 })];
    expect(typeSettingErrors(rows)).toEqual({
      712: 'the upper limit must be greater than the lower',
    });
  });
});
