import { describe, expect, it } from 'vitest';
import { nodeTypeTree } from '../test-fixtures';
import {
  childLabelsIn,
  holdRules,
  labelsIn,
  type NodeTypeShape,
  roomTypesIn,
  treeName,
} from './node-type-tree';

const entry = (modelLabel: string, children?: NodeTypeShape[], roomType?: number[]): NodeTypeShape => ({
  modelLabel,
  name: `${modelLabel}-zh`,
  enName: `${modelLabel}-en`,
  nodeTypes: [modelLabel],
  ...(children ? { children } : {}),
  ...(roomType ? { roomType } : {}),
});

const tree = [
  entry('project', [
    entry('building', [
      entry('room', [entry('device')], [1]),
      entry('floor', [entry('room', [entry('meter')], [4])]),
    ]),
    entry('pipenetwork', [entry('meter')]),
  ]),
];

describe('node-type tree', () => {
  it('joins the children of a label wherever it appears, each once', () => {
    expect(childLabelsIn(tree, 'room')).toEqual(['device', 'meter']);
    expect(childLabelsIn(tree, 'project')).toEqual(['building', 'pipenetwork']);
    expect(childLabelsIn(tree, 'meter')).toEqual([]);
    expect(childLabelsIn(tree, 'unknown')).toEqual([]);
  });

  it('lists every label, the room types and the names', () => {
    expect(labelsIn(tree)).toEqual([
      'project',
      'building',
      'room',
      'device',
      'floor',
      'meter',
      'pipenetwork',
    ]);
    expect(roomTypesIn(tree)).toEqual([1, 4]);
    expect(treeName(tree, 'floor')).toEqual(['floor-zh', 'floor-en']);
    expect(treeName(tree, 'valve')).toBeUndefined();
  });

  it("decides holding by the tree, or by core's model without one", () => {
    const rules = holdRules(tree);
    expect(rules.childTypes('room').map((t) => t.modelLabel)).toEqual(['device', 'meter']);
    expect(rules.canHold('room', 'cabinet')).toBe(false);
    expect(rules.canHold('pipenetwork', 'meter')).toBe(true);
    const core = holdRules(undefined);
    expect(core.canHold('room', 'cabinet')).toBe(true);
    // The server's tree, derived from the same model, agrees with core's.
    const served = holdRules(nodeTypeTree());
    for (const label of ['project', 'building', 'floor', 'room', 'cabinet', 'pipe']) {
      expect(
        served
          .childTypes(label)
          .map((t) => t.modelLabel)
          .sort(),
      ).toEqual(
        core
          .childTypes(label)
          .map((t) => t.modelLabel)
          .sort(),
      );
    }
  });
});
