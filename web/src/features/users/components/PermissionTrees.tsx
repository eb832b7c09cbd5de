/**
 * One permission tab made of one or more trees (real-time monitoring: the graph tree; reports:
 * the mReport and pecReport trees) sharing one tick list: each tree shows and changes only
 * its own nodes.
 */
import { Typography } from '@douyinfe/semi-ui-19';
import { type NodeRef, NodeTreePicker, type TreeNodeLike } from '../../../blocks/NodeTreePicker';
import { nodesIn, replaceIn } from './permission-kinds';

export interface PermissionTree {
  key: string;
  /** A heading above the tree (when the tab has several). */
  title?: string;
  label: string;
  tree: readonly TreeNodeLike[];
  loading: boolean;
}

export function PermissionTrees({
  trees,
  value,
  onChange,
  height = 360,
}: {
  trees: readonly PermissionTree[];
  value: readonly NodeRef[];
  onChange: (nodes: NodeRef[]) => void;
  height?: number;
}) {
  return (
    <>
      {trees.map((t) => (
        <section key={t.key} data-tree={t.key}>
          {t.title && <Typography.Title heading={6}>{t.title}</Typography.Title>}
          <NodeTreePicker
            aria-label={t.label}
            mode="multi"
            max={Number.POSITIVE_INFINITY}
            tree={t.tree}
            loading={t.loading}
            value={nodesIn(t.tree, value)}
            onChange={(next) => onChange(replaceIn(t.tree, value, next))}
            height={height}
          />
        </section>
      ))}
    </>
  );
}
