/**
 * The node permission tab of the project user dialog: the tenant and project tree, where each
 * project can be opened into its own node tree (nodes.nodeTreeSimple with that project as
 * root, sent with that project's projectId header) so that single buildings, floors, rooms,
 * ... can be ticked. A ticked project grants its whole tree; ticked nodes limit the user to
 * their subtrees (and the path down to them). The dialog opens the projects holding granted
 * nodes at once (projectsOfNodes); ticks of trees not open are kept.
 */
import { Typography } from '@douyinfe/semi-ui-19';
import { useQueries as useQueryList } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useQueries } from '../../../app/client';
import { type NodeRef, NodeTreePicker, type TreeNodeLike } from '../../../blocks/NodeTreePicker';
import { useTexts } from '../../../i18n/texts';
import { userTexts } from '../texts';
import { nodesIn, replaceIn } from './permission-kinds';

/**
 * The tree with the node trees of some projects hung under them: `nodeTrees` maps a project
 * id to the answer of its tree call (the project itself with its children).
 */
export function graftNodeTrees(
  tree: readonly TreeNodeLike[],
  nodeTrees: ReadonlyMap<number, readonly TreeNodeLike[]>,
): TreeNodeLike[] {
  return tree.map((node) => {
    const children = node.children ? graftNodeTrees(node.children, nodeTrees) : [];
    const answer = node.modelLabel === 'project' ? nodeTrees.get(node.id) : undefined;
    if (!answer) return node.children ? { ...node, children } : node;
    // The answer is the project with its children (or, flat, the nodes themselves).
    const grafted = answer.flatMap((n) =>
      n.modelLabel === 'project' && n.id === node.id ? (n.children ?? []) : [n],
    );
    return { ...node, children: [...children, ...grafted] };
  });
}

/** The projects whose node trees hold granted nodes (they open with the tab). */
export function projectsOfNodes(
  nodes: readonly { modelLabel: string; projectId: number | null }[],
): number[] {
  const ids = nodes
    .filter((n) => n.modelLabel !== 'tenant' && n.modelLabel !== 'project' && n.projectId !== null)
    .map((n) => n.projectId as number);
  return [...new Set(ids)];
}

export function ModelNodePermission({
  tree,
  loading,
  value,
  onChange,
  openProjects: open,
  onOpenProjects,
  height = 360,
}: {
  /** Tenants and projects (projects.cloudProjects as a tree). */
  tree: readonly TreeNodeLike[];
  loading: boolean;
  value: readonly NodeRef[];
  onChange: (nodes: NodeRef[]) => void;
  /** The projects opened into their node trees (kept by the dialog while it is open). */
  openProjects: readonly number[];
  onOpenProjects: (projects: number[]) => void;
  height?: number;
}) {
  const t = useTexts(userTexts);
  const queries = useQueries();
  const answers = useQueryList({
    queries: open.map((projectId) =>
      queries.nodes.nodeTreeSimple(
        { body: { rootID: projectId, rootLabel: 'project' } },
        // The node calls work in the project of the header: this project's.
        { projectId },
      ),
    ),
  });
  const nodeTrees = new Map<number, readonly TreeNodeLike[]>();
  const state = new Map<number, 'loading' | 'error' | 'ready'>();
  open.forEach((projectId, i) => {
    const answer = answers[i];
    if (answer?.data) nodeTrees.set(projectId, answer.data);
    state.set(projectId, answer?.isError ? 'error' : answer?.data ? 'ready' : 'loading');
  });
  const full = graftNodeTrees(tree, nodeTrees);

  const toggle = (event: MouseEvent, projectId: number) => {
    // The link sits in the node's row: it must not tick the project.
    event.stopPropagation();
    onOpenProjects(open.includes(projectId) ? open.filter((id) => id !== projectId) : [...open, projectId]);
  };

  const renderExtra = (node: TreeNodeLike) => {
    if (node.modelLabel !== 'project') return null;
    const status = state.get(node.id);
    return (
      <span data-project-nodes={node.id}>
        <Typography.Text link size="small" onClick={(e: MouseEvent) => toggle(e, node.id)}>
          {status === undefined ? t('showNodes') : t('hideNodes')}
        </Typography.Text>
        {status === 'loading' && (
          <Typography.Text type="tertiary" size="small">
            {' '}
            {t('loadingNodes')}
          </Typography.Text>
        )}
        {status === 'error' && (
          <Typography.Text type="danger" size="small">
            {' '}
            {t('nodesFailed')}
          </Typography.Text>
        )}
      </span>
    );
  };

  return (
    <div>
      <Typography.Paragraph type="tertiary" size="small">
        {t('nodePermissionHelp')}
      </Typography.Paragraph>
      <NodeTreePicker
        aria-label={t('nodePermission')}
        mode="multi"
        max={Number.POSITIVE_INFINITY}
        tree={full}
        loading={loading}
        value={nodesIn(full, value)}
        onChange={(next) => onChange(replaceIn(full, value, next))}
        renderExtra={renderExtra}
        height={height}
      />
    </div>
  );
}
