/**
 * A node of the project's tree as a form field ({ id, modelLabel }), picked in a tree that opens
 * under the button (inside a dialog, where a popover would sit under its mask): one
 * node (the supply node, the apportioning node) or several (the consumer nodes, at most `max`).
 * The button names what is picked by the tree's names; a node the tree no longer holds shows
 * by the name it was saved with, else by its id.
 */
import { Button, Space, Tag } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { NodeTreePicker } from '../../../blocks/NodeTreePicker';
import { indexTree, type NodeRef, nodeKey, type TreeNodeLike } from '../../../blocks/node-tree-model';
import { useTexts } from '../../../i18n/texts';
import { useEnergyTree } from '../../energy/common/energy-data';
import { lossTexts } from '../texts';

export interface NodeValue {
  id: number;
  modelLabel: string;
  name?: string | undefined;
}

export const isNodeValue = (v: unknown): v is NodeValue =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as NodeValue).id === 'number' &&
  typeof (v as NodeValue).modelLabel === 'string';

/** A node as a body takes it (without its name). */
export const nodeBody = (v: unknown) => (isNodeValue(v) ? { id: v.id, modelLabel: v.modelLabel } : v);

const notProject = (n: TreeNodeLike) => n.modelLabel !== 'project';

function useNodeNames() {
  const tree = useEnergyTree();
  const nodes = (tree.data ?? []) as readonly TreeNodeLike[];
  const index = useMemo(() => indexTree(nodes), [nodes]);
  return { nodes, index, loading: tree.isPending };
}

export function NodeField({
  value,
  onChange,
  label,
  testId,
}: {
  value: unknown;
  onChange: (value: NodeValue | null) => void;
  label: string;
  testId?: string;
}) {
  const t = useTexts(lossTexts);
  const [open, setOpen] = useState(false);
  const { nodes, index, loading } = useNodeNames();
  const ref = isNodeValue(value) ? value : null;
  const chosen = ref ? index.get(nodeKey(ref)) : undefined;
  const name = chosen?.name ?? ref?.name ?? (ref ? t('unknownNode', { id: ref.id }) : t('pickNode'));
  return (
    <Opening
      open={open}
      button={
        <Button data-testid={testId} aria-label={label} onClick={() => setOpen(!open)}>
          {name}
        </Button>
      }
    >
      <NodeTreePicker
        mode="single"
        aria-label={label}
        tree={nodes}
        loading={loading}
        isSelectable={notProject}
        value={chosen ? { id: chosen.id, modelLabel: chosen.modelLabel, name: chosen.name } : null}
        onChange={(node) => {
          onChange(node ? { id: node.id, modelLabel: node.modelLabel, name: node.name } : null);
          setOpen(false);
        }}
        height={260}
      />
    </Opening>
  );
}

/** A button and, while open, what it opens below it. */
function Opening({ open, button, children }: { open: boolean; button: ReactNode; children: ReactNode }) {
  return (
    <div style={{ display: 'inline-block', verticalAlign: 'top' }}>
      {button}
      {open && (
        <div
          className="eem-node-field-tree"
          style={{
            width: 340,
            marginTop: 6,
            padding: 8,
            border: '1px solid var(--semi-color-border)',
            borderRadius: 6,
            background: 'var(--semi-color-bg-2)',
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}

export function NodesField({
  value,
  onChange,
  label,
  max,
  testId,
}: {
  value: unknown;
  onChange: (value: NodeValue[]) => void;
  label: string;
  max: number;
  testId?: string;
}) {
  const t = useTexts(lossTexts);
  const [open, setOpen] = useState(false);
  const { nodes, index, loading } = useNodeNames();
  const refs = (Array.isArray(value) ? value : []).filter(isNodeValue);
  const picked: NodeRef[] = refs.map((r) => ({
    id: r.id,
    modelLabel: r.modelLabel,
    name: index.get(nodeKey(r))?.name ?? r.name ?? t('unknownNode', { id: r.id }),
  }));
  return (
    <Space wrap spacing={4} data-testid={testId}>
      {picked.map((n) => (
        <Tag
          key={nodeKey(n)}
          closable
          onClose={() => onChange(picked.filter((p) => nodeKey(p) !== nodeKey(n)))}
        >
          {n.name}
        </Tag>
      ))}
      <Opening
        open={open}
        button={
          <Button size="small" aria-label={label} onClick={() => setOpen(!open)}>
            {t('pickNodes')}
          </Button>
        }
      >
        <NodeTreePicker
          mode="multi"
          aria-label={label}
          tree={nodes}
          loading={loading}
          isSelectable={notProject}
          value={picked}
          max={max}
          onChange={(next) => onChange(next.map((n) => ({ ...n })))}
          height={260}
        />
      </Opening>
    </Space>
  );
}
