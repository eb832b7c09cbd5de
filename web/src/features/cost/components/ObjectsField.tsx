/**
 * The accounting objects of a scheme: nodes ticked in the project's tree (any number up to the
 * contract's bound), each keeping the basic quantity (kVA or kW) it had. Used in the scheme's
 * dialog and in its "Bind nodes" dialog.
 */
import { COST_LIMITS } from '@eem/core';
import { useMemo } from 'react';
import { NodeTreePicker } from '../../../blocks/NodeTreePicker';
import type { NodeRef } from '../../../blocks/node-tree-model';
import { useTexts } from '../../../i18n/texts';
import { nodePaths, useEnergyTree } from '../../energy/common/energy-data';
import { costTexts } from '../texts';

export interface ObjectValue {
  node: { id: number; modelLabel: string };
  basicQuantity: number | null;
}

const keyOf = (n: { id: number; modelLabel: string }) => `${n.modelLabel}_${n.id}`;

export function ObjectsPicker({
  value,
  onChange,
  height = 320,
}: {
  value: readonly ObjectValue[];
  onChange: (objects: ObjectValue[]) => void;
  height?: number;
}) {
  const t = useTexts(costTexts);
  const tree = useEnergyTree();
  const names = useMemo(() => new Map(nodePaths(tree.data).map((p) => [p.key, p.node.name])), [tree.data]);
  const picked: NodeRef[] = value.map((o) => ({ ...o.node, name: names.get(keyOf(o.node)) ?? '' }));
  const before = new Map(value.map((o) => [keyOf(o.node), o]));
  return (
    <div data-testid="objects-picker" style={{ width: '100%' }}>
      <NodeTreePicker
        mode="multi"
        aria-label={t('objects')}
        tree={tree.data ?? []}
        loading={tree.isPending}
        max={COST_LIMITS.objects}
        value={picked}
        onChange={(nodes) =>
          onChange(
            nodes.map(
              (n) =>
                before.get(keyOf(n)) ?? { node: { id: n.id, modelLabel: n.modelLabel }, basicQuantity: null },
            ),
          )
        }
        height={height}
      />
    </div>
  );
}
