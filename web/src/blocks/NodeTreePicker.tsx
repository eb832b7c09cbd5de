/**
 * NodeTreePicker: a searchable tree of nodes in single or multi mode. Multi mode is capped
 * at 6 nodes (SELECTION_LIMITS.nodes) unless the caller says otherwise: the tick past the
 * cap is refused with a toast. The tree comes from the caller (the project tree today; the
 * node tree endpoint later). In single mode the selected node is scrolled into view whenever the
 * selection changes (a node picked elsewhere, or one just added); the search box stays above
 * the scrolling list (global.css, .eem-node-tree). Given a `favourites` source (the user's
 * favourite nodes, screens.md §1 NodeTreePicker), each node gets a star that adds or removes it
 * and a 'Favourites' view lists them for picking.
 */
import { IconStar, IconStarStroked } from '@douyinfe/semi-icons';
import { Button, Empty, Radio, RadioGroup, Spin, Toast, Tree, Typography } from '@douyinfe/semi-ui-19';
import { SELECTION_LIMITS } from '@eem/core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTexts } from '../i18n/texts';
import {
  acceptSelection,
  indexTree,
  type NodeRef,
  nodeKey,
  type TreeNodeLike,
  toRef,
} from './node-tree-model';
import { blockTexts } from './texts';

export type { NodeRef, TreeNodeLike };

interface SemiTreeNode {
  key: string;
  value: string;
  label: ReactNode;
  disabled?: boolean;
  children?: SemiTreeNode[];
}

/**
 * Where the user's favourite nodes come from and go to (the favorites-node endpoints when they
 * exist). The picker never keeps favourites of its own.
 */
export interface FavouriteSource {
  nodes: readonly NodeRef[];
  loading?: boolean;
  add: (node: NodeRef) => unknown;
  remove: (node: NodeRef) => unknown;
  /** Which nodes take a star (default: all). */
  starrable?: (node: TreeNodeLike) => boolean;
}

interface CommonProps {
  tree: readonly TreeNodeLike[];
  /** The user's favourite nodes: a star per node and a Favourites view. */
  favourites?: FavouriteSource;
  loading?: boolean;
  /** A search box above the tree (default on). */
  searchable?: boolean;
  /** The search box's hint when the tree holds something else than nodes (e.g. users). */
  searchPlaceholder?: string;
  /** Nodes that cannot be picked (e.g. tenants in a project tree). */
  isSelectable?: (node: TreeNodeLike) => boolean;
  /** Extra content after a node's name. */
  renderExtra?: (node: TreeNodeLike) => ReactNode;
  height?: number | string;
  'aria-label'?: string;
}

export interface SingleNodeTreePickerProps extends CommonProps {
  mode: 'single';
  value: NodeRef | null;
  onChange: (node: NodeRef | null) => void;
}

export interface MultiNodeTreePickerProps extends CommonProps {
  mode: 'multi';
  value: readonly NodeRef[];
  onChange: (nodes: NodeRef[]) => void;
  /** Default 6; Infinity for no cap. */
  max?: number;
  /** The toast shown when the cap is reached (default: the node cap message). */
  limitMessage?: string;
}

export type NodeTreePickerProps = SingleNodeTreePickerProps | MultiNodeTreePickerProps;

function toSemi(
  nodes: readonly TreeNodeLike[],
  isSelectable: ((node: TreeNodeLike) => boolean) | undefined,
  renderExtra: ((node: TreeNodeLike) => ReactNode) | undefined,
): SemiTreeNode[] {
  return nodes.map((node) => {
    const key = nodeKey(node);
    const children = node.children?.length ? toSemi(node.children, isSelectable, renderExtra) : undefined;
    const extra = renderExtra?.(node);
    return {
      key,
      value: key,
      label: extra ? (
        <span>
          {node.name} {extra}
        </span>
      ) : (
        node.name
      ),
      ...(isSelectable && !isSelectable(node) ? { disabled: true } : {}),
      ...(children ? { children } : {}),
    };
  });
}

export function NodeTreePicker(props: NodeTreePickerProps) {
  const t = useTexts(blockTexts);
  const { tree, loading, searchable = true, isSelectable, height = 420, favourites } = props;
  const [view, setView] = useState<'all' | 'favourites'>('all');
  const index = useMemo(() => indexTree(tree), [tree]);
  const favouriteKeys = useMemo(() => new Set((favourites?.nodes ?? []).map(nodeKey)), [favourites?.nodes]);
  const renderExtra = useMemo(() => {
    if (!favourites) return props.renderExtra;
    const own = props.renderExtra;
    return (node: TreeNodeLike) => {
      const starred = favouriteKeys.has(nodeKey(node));
      if (favourites.starrable && !favourites.starrable(node)) return own?.(node);
      return (
        <>
          {own?.(node)}
          <Button
            size="small"
            theme="borderless"
            className="eem-node-star"
            data-starred={starred ? 'true' : 'false'}
            aria-label={t(starred ? 'unstar' : 'star', { name: node.name })}
            icon={starred ? <IconStar style={{ color: 'var(--semi-color-warning)' }} /> : <IconStarStroked />}
            onClick={(click) => {
              click.stopPropagation();
              void (starred ? favourites.remove(toRef(node)) : favourites.add(toRef(node)));
            }}
          />
        </>
      );
    };
  }, [favourites, favouriteKeys, props.renderExtra, t]);
  // The Favourites view: the starred nodes the tree holds, as a flat list.
  const shownTree = useMemo(
    () =>
      view === 'favourites'
        ? (favourites?.nodes ?? []).flatMap((n) => {
            const node = index.get(nodeKey(n));
            return node ? [{ ...node, children: undefined }] : [];
          })
        : tree,
    [view, favourites?.nodes, index, tree],
  );
  const treeData = useMemo(
    () => toSemi(shownTree, isSelectable, renderExtra),
    [shownTree, isSelectable, renderExtra],
  );
  const names = useMemo(() => new Map([...index].map(([key, node]) => [key, node.name])), [index]);
  const box = useRef<HTMLDivElement>(null);
  const selectedKey = props.mode === 'single' && props.value ? nodeKey(props.value) : null;

  useEffect(() => {
    if (selectedKey === null) return;
    box.current?.querySelector('.semi-tree-option-selected')?.scrollIntoView({ block: 'nearest' });
  }, [selectedKey]);

  if (loading) return <Spin />;
  if (tree.length === 0) return <Empty description={t('noData')} />;

  const viewSwitch = favourites && (
    <RadioGroup
      type="button"
      buttonSize="small"
      value={view}
      onChange={(e) => setView(e.target.value === 'favourites' ? 'favourites' : 'all')}
      style={{ marginBottom: 8 }}
    >
      <Radio value="all">{t('allNodes')}</Radio>
      <Radio value="favourites">{t('favourites', { count: favourites.nodes.length })}</Radio>
    </RadioGroup>
  );
  const noFavourites = view === 'favourites' && shownTree.length === 0 && (
    <Empty description={favourites?.loading ? '' : t('noFavourites')} />
  );

  const common = {
    treeData,
    expandAll: true,
    filterTreeNode: searchable
      ? (input: string, _text: string, data?: { key?: string }) =>
          (names.get(data?.key ?? '') ?? '').toLowerCase().includes(input.trim().toLowerCase())
      : false,
    showFilteredOnly: true,
    searchPlaceholder: props.searchPlaceholder ?? t('searchNode'),
    emptyContent: t('noData'),
    className: 'eem-node-tree',
    style: { height, overflow: 'auto' as const },
    'aria-label': props['aria-label'],
  };

  if (props.mode === 'single') {
    const { value, onChange } = props;
    return (
      <div ref={box}>
        {viewSwitch}
        {noFavourites}
        <Tree
          {...common}
          value={value ? nodeKey(value) : undefined}
          onChange={(next) => {
            const node = typeof next === 'string' ? index.get(next) : undefined;
            onChange(node ? toRef(node) : null);
          }}
        />
      </div>
    );
  }

  const { value, onChange, max = SELECTION_LIMITS.nodes, limitMessage } = props;
  const current = value.map(nodeKey);
  return (
    <div>
      {viewSwitch}
      {noFavourites}
      <Tree
        {...common}
        multiple
        checkRelation="unRelated"
        value={current}
        onChange={(next) => {
          const keys = Array.isArray(next) ? next.filter((k): k is string => typeof k === 'string') : [];
          if (!acceptSelection(current, keys, max)) {
            Toast.warning(limitMessage ?? t('maxNodes'));
            return;
          }
          onChange(
            keys.flatMap((k) => {
              const node = index.get(k);
              return node ? [toRef(node)] : [];
            }),
          );
        }}
      />
      {Number.isFinite(max) && (
        <Typography.Text type="tertiary" size="small">
          {t('selectedCount', { count: value.length, max })}
        </Typography.Text>
      )}
    </div>
  );
}
