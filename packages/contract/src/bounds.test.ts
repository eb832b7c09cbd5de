import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputSchema, unboundedIn, unboundedInputs } from './bounds.js';
import { listEndpoints } from './catalogue.js';
import { defineEndpoint } from './define-endpoint.js';
import { id, idOf } from './schemas.js';

describe('every string, array and open object a request accepts is bounded', () => {
  it('holds for every endpoint of every area of the catalogue', () => {
    expect(unboundedInputs(listEndpoints().map((e) => e.endpoint))).toEqual([]);
  });

  it('finds each kind of unbounded input, also nested, in unions, records and lazy schemas', () => {
    type Tree = { name: string; children?: Tree[] | undefined };
    const tree: z.ZodType<Tree> = z.lazy(() =>
      z.object({ name: z.string().max(10), children: z.array(tree).optional() }),
    );
    const endpoint = defineEndpoint({
      id: 'test.unbounded',
      method: 'POST',
      path: '/test/{id}',
      summary: 'planted problems',
      params: z.object({ id: z.string() }),
      query: z.object({ list: z.array(z.number()).max(3) }),
      body: z.object({
        text: z.string().optional(),
        nested: z.object({ items: z.array(z.string().max(5)) }),
        either: z.union([z.number(), z.string()]),
        map: z.record(z.string().max(3), z.number()),
        loose: z.object({ a: z.number() }).catchall(z.number()),
        anything: z.unknown(),
        tree,
        fine: z.enum(['a', 'b']),
        alsoFine: z.literal('x'),
      }),
      data: z.null(),
      permission: 'public',
    });
    expect(unboundedInputs([endpoint])).toEqual([
      'test.unbounded params.id: a string without maxLength',
      'test.unbounded body.text: a string without maxLength',
      'test.unbounded body.nested.items: an array without maxItems',
      'test.unbounded body.either: a string without maxLength',
      'test.unbounded body.map: an object of any keys without maxProperties',
      'test.unbounded body.loose: an object of any keys without maxProperties',
      'test.unbounded body.anything: any value (no type)',
      'test.unbounded body.tree.children: an array without maxItems',
    ]);
  });

  it('the id schema is bounded on both its branches', () => {
    expect(unboundedIn(inputSchema(z.object({ id, other: idOf('other') })), 'ids')).toEqual([]);
  });
});

describe('ids are positive safe integers, nothing else', () => {
  it('takes a number or its plain decimal text', () => {
    for (const [value, parsed] of [
      [1, 1],
      ['1', 1],
      ['42', 42],
      [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
      [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
    ] as const)
      expect(id.parse(value), String(value)).toBe(parsed);
  });

  it('refuses every other spelling, with the field named in the message', () => {
    for (const value of [
      '0x1',
      ' 1',
      '1 ',
      '1e0',
      '01',
      '+1',
      '1.0',
      '',
      '0',
      0,
      -1,
      1.5,
      Number.MAX_SAFE_INTEGER + 1,
      '9007199254740993',
      '99999999999999999',
      Number.NaN,
      null,
      true,
      [1],
    ]) {
      const result = idOf('taskId').safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('taskId must be a positive whole number');
    }
  });
});
