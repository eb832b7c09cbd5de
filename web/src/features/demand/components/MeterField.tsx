/** The meter of an inlet: a node of the project's tree ({ id, modelLabel }), picked in a popover. */
import { Button, Popover } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { NodeTreePicker } from '../../../blocks/NodeTreePicker';
import type { TreeNodeLike } from '../../../blocks/node-tree-model';
import { useEnergyTree } from '../../energy/common/energy-data';

type Ref = { id: number; modelLabel: string; name?: string };

function find(nodes: readonly TreeNodeLike[], ref: Ref): TreeNodeLike | undefined {
  for (const node of nodes) {
    if (node.id === ref.id && node.modelLabel === ref.modelLabel) return node;
    const below = find(node.children ?? [], ref);
    if (below) return below;
  }
  return undefined;
}

const isRef = (v: unknown): v is Ref =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Ref).id === 'number' &&
  typeof (v as Ref).modelLabel === 'string';

export function MeterField({ value, onChange, label }: CustomFieldArgs<FormValues> & { label: string }) {
  const [open, setOpen] = useState(false);
  const tree = useEnergyTree();
  const nodes = (tree.data ?? []) as readonly TreeNodeLike[];
  const ref = isRef(value) ? value : null;
  const chosen = ref ? find(nodes, ref) : undefined;
  return (
    <Popover
      visible={open}
      trigger="custom"
      onClickOutSide={() => setOpen(false)}
      content={
        <div style={{ width: 360, padding: 8 }}>
          <NodeTreePicker
            mode="single"
            aria-label={label}
            tree={nodes}
            loading={tree.isPending}
            isSelectable={(n) => n.modelLabel !== 'project'}
            value={chosen ? { id: chosen.id, modelLabel: chosen.modelLabel, name: chosen.name } : null}
            onChange={(node) => {
              onChange(node ? { id: node.id, modelLabel: node.modelLabel } : null);
              setOpen(false);
            }}
            height={320}
          />
        </div>
      }
    >
      <Button data-testid="meter-field" onClick={() => setOpen(!open)}>
        {chosen?.name ?? ref?.name ?? '--'}
      </Button>
    </Popover>
  );
}
