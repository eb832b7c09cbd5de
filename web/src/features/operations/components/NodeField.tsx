/** A node of the current project (where a device is), picked in the project's tree. */
import { Button, Popover, Space, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useState } from 'react';
import { useSession } from '../../../app/session';
import { useEndpointQuery } from '../../../blocks/data';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { NodeTreePicker } from '../../../blocks/NodeTreePicker';
import type { TreeNodeLike } from '../../../blocks/node-tree-model';

function find(nodes: readonly TreeNodeLike[], id: number): TreeNodeLike | undefined {
  for (const node of nodes) {
    if (node.id === id && node.modelLabel !== 'project') return node;
    const below = find(node.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}

/** The current project's node tree (the project at its root). */
export function useProjectNodes(): { nodes: readonly TreeNodeLike[]; loading: boolean } {
  const { effectiveProjectId } = useSession();
  const tree = useEndpointQuery(
    endpointKey('nodes', 'nodeTree'),
    effectiveProjectId > 0 ? { body: { rootID: effectiveProjectId, rootLabel: 'project' } } : null,
  );
  return { nodes: (tree.data ?? []) as readonly TreeNodeLike[], loading: tree.isPending };
}

export function NodeField({ value, onChange, label }: CustomFieldArgs<FormValues> & { label: string }) {
  const [open, setOpen] = useState(false);
  const tree = useProjectNodes();
  const nodes = tree.nodes;
  const chosen = typeof value === 'number' ? find(nodes, value) : undefined;
  return (
    <Space>
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
              loading={tree.loading}
              isSelectable={(n) => n.modelLabel !== 'project'}
              value={chosen ? { id: chosen.id, modelLabel: chosen.modelLabel, name: chosen.name } : null}
              onChange={(node) => {
                onChange(node?.id ?? null);
                setOpen(false);
              }}
              height={320}
            />
          </div>
        }
      >
        <Button onClick={() => setOpen(!open)}>
          {chosen?.name ?? (typeof value === 'number' ? `#${value}` : '--')}
        </Button>
      </Popover>
      {typeof value === 'number' && (
        <Typography.Text link onClick={() => onChange(null)}>
          ×
        </Typography.Text>
      )}
    </Space>
  );
}
