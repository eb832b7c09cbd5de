/**
 * TreeConfigurator (screens.md §1): the project's node tree on the left (nodes.nodeTree with
 * rootID = the project, searchable) and the selected node's detail form on the right, driven
 * by its type in @eem/core: edit (projects.updateNode), add a child of a type the node may hold
 * by the server's node-type tree (projects.nodeTreeLabels; core's model only when it cannot be
 * read), delete (refused by the server while it has children) and move under a node that may
 * hold it by the same tree (nodes.manageNode). Holders of nodeconfig_update change; others look.
 */
import { IconDelete, IconPlus, IconTreeTriangleRight } from '@douyinfe/semi-icons';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Modal,
  Row,
  Space,
  Spin,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import type { NodeTreeItem } from '@eem/contract';
import { type NodeTypeDefinition, nodeType, nodeTypeName } from '@eem/core';
import { areaKey, endpointKey, type QueryScope } from '@eem/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useInvalidate, useMutations, useQueries } from '../../../app/client';
import { useFormat } from '../../../app/format';
import { FieldFrame, FormFields } from '../../../blocks/FormFields';
import type { FieldErrors } from '../../../blocks/form-issues';
import { type NodeRef, NodeTreePicker } from '../../../blocks/NodeTreePicker';
import { Select } from '../../../blocks/named-pickers';
import { flattenTree, indexTree, nodeKey } from '../../../blocks/node-tree-model';
import { errorMessage } from '../../../blocks/save-file';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { nodeTexts } from '../texts';
import {
  labelIn,
  type NodeForm,
  nodeFormBody,
  nodeFormFields,
  nodeToForm,
  validateNodeForm,
} from './node-form';
import { type HoldRules, holdRules, NO_HOLDING } from './node-type-tree';
import { useNodeTypeTree } from './use-node-type-tree';

export interface TreeConfiguratorProps {
  projectId: number;
  canEdit: boolean;
  /** The node types handled here (all by default); the tree is limited to them (subLayerConditions). */
  types?: readonly NodeTypeDefinition[];
  /** Extra actions above the tree (an import button). */
  toolbar?: ReactNode;
}

/** What changes when a node changes: the node trees and topology, and a node's data. */
export const NODE_SCOPES: readonly QueryScope[] = [areaKey('nodes'), endpointKey('projects', 'nodeData')];

/** Refreshes what a node change outside a mutation (an import, a generation) touched. */
export function useRefreshNodes(): () => Promise<void> {
  const invalidate = useInvalidate();
  return () => invalidate(...NODE_SCOPES);
}

/** The types a parent may hold among those handled here. */
function allowedChildren(
  rules: HoldRules,
  parentLabel: string,
  types: readonly NodeTypeDefinition[] | undefined,
) {
  const labels = types ? new Set(types.map((t) => t.modelLabel)) : null;
  return rules.childTypes(parentLabel).filter((t) => !labels || labels.has(t.modelLabel));
}

export function TreeConfigurator({ projectId, canEdit, types, toolbar }: TreeConfiguratorProps) {
  const t = useTexts(nodeTexts);
  const queries = useQueries();
  const tree = useQuery(
    queries.nodes.nodeTree({
      body: {
        rootID: projectId,
        rootLabel: 'project',
        ...(types
          ? { subLayerConditions: types.map((type) => ({ modelLabel: type.modelLabel, filters: [] })) }
          : {}),
      },
    }),
  );
  const typeTree = useNodeTypeTree();
  const rules = useMemo(
    () => (typeTree.pending ? NO_HOLDING : holdRules(typeTree.tree)),
    [typeTree.pending, typeTree.tree],
  );
  const [selected, setSelected] = useState<NodeRef | null>(null);
  /**
   * Bumped when a node is added or moved: the tree starts again (search cleared, all expanded)
   * with the node selected and scrolled into view.
   */
  const [revision, setRevision] = useState(0);
  const nodes = tree.data ?? [];
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const current = selected ? index.get(nodeKey(selected)) : undefined;
  const projectName = nodes.find((n) => n.modelLabel === 'project')?.name ?? '';
  const reveal = (node: NodeRef) => {
    setSelected(node);
    setRevision((r) => r + 1);
  };

  useEffect(() => {
    if (tree.error) Toast.error(errorMessage(tree.error, t('noNodes')));
  }, [tree.error, t]);
  useEffect(() => {
    if (typeTree.error) Toast.warning(errorMessage(typeTree.error, t('noTypeTree')));
  }, [typeTree.error, t]);

  return (
    <Row gutter={16}>
      <Col span={8}>
        <Card title={t('nodeTree')} headerExtraContent={toolbar}>
          {tree.isPending ? (
            <Spin />
          ) : (
            <NodeTreePicker
              key={revision}
              mode="single"
              tree={nodes}
              value={current ? { id: current.id, modelLabel: current.modelLabel, name: current.name } : null}
              onChange={setSelected}
              height={560}
              aria-label={t('nodeTree')}
            />
          )}
        </Card>
      </Col>
      <Col span={16}>
        <Card>
          {!current ? (
            <Empty description={t('selectNode')} />
          ) : current.modelLabel === 'project' ? (
            <ProjectPanel project={current} canEdit={canEdit} types={types} rules={rules} onAdded={reveal} />
          ) : (
            <NodeDetail
              key={nodeKey(current)}
              node={current}
              projectName={projectName}
              tree={nodes}
              canEdit={canEdit}
              types={types}
              rules={rules}
              onSelect={setSelected}
              onReveal={reveal}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}

function ProjectPanel({
  project,
  canEdit,
  types,
  rules,
  onAdded,
}: {
  project: NodeTreeItem;
  canEdit: boolean;
  types: readonly NodeTypeDefinition[] | undefined;
  rules: HoldRules;
  onAdded: (node: NodeRef) => void;
}) {
  const t = useTexts(nodeTexts);
  const [adding, setAdding] = useState(false);
  const children = allowedChildren(rules, 'project', types);
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Typography.Title heading={5}>
        {t('project')}: {project.name}
      </Typography.Title>
      <Typography.Text type="tertiary">{t('projectHint')}</Typography.Text>
      <Button
        icon={<IconPlus />}
        theme="solid"
        type="primary"
        disabled={!canEdit || children.length === 0}
        onClick={() => setAdding(true)}
      >
        {t('addChild')}
      </Button>
      {adding && (
        <AddNodeDialog
          parent={project}
          choices={children}
          onClose={() => setAdding(false)}
          onAdded={onAdded}
        />
      )}
    </Space>
  );
}

/** The names from the project down to the node's parent (the server's path leaves the project out). */
export function parentPath(projectName: string, path: unknown): string {
  return [projectName, typeof path === 'string' ? path : ''].filter((p) => p !== '').join(' / ') || '--';
}

function NodeDetail({
  node,
  projectName,
  tree,
  canEdit,
  types,
  rules,
  onSelect,
  onReveal,
}: {
  node: NodeTreeItem;
  projectName: string;
  tree: readonly NodeTreeItem[];
  canEdit: boolean;
  types: readonly NodeTypeDefinition[] | undefined;
  rules: HoldRules;
  onSelect: (node: NodeRef | null) => void;
  /** Selects a node just added or moved and shows it in the tree. */
  onReveal: (node: NodeRef) => void;
}) {
  const t = useTexts(nodeTexts);
  const fmt = useFormat();
  const { language } = useLanguage();
  const queries = useQueries();
  const mutations = useMutations();
  const type = nodeType(node.modelLabel);
  const detail = useQuery(queries.projects.nodeData({ body: { id: node.id, modelLabel: node.modelLabel } }));
  const update = useMutation(mutations.projects.updateNode({ invalidates: NODE_SCOPES }));
  const manage = useMutation(mutations.nodes.manageNode({ invalidates: NODE_SCOPES }));
  const [form, setForm] = useState<NodeForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState(false);

  const data = detail.data as Record<string, unknown> | undefined;
  useEffect(() => {
    if (type && data) setForm(nodeToForm(type, data));
  }, [type, data]);
  useEffect(() => {
    if (detail.error) Toast.error(errorMessage(detail.error, t('selectNode')));
  }, [detail.error, t]);

  if (!type) return <Empty description={nodeTypeName(node.modelLabel, language)} />;
  if (detail.isPending || !form) return <Spin />;

  const children = allowedChildren(rules, node.modelLabel, types);
  const save = async () => {
    const found = validateNodeForm(type, form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync({
        body: { id: node.id, modelLabel: node.modelLabel, ...nodeFormBody(type, form) },
      });
      Toast.success(t('saved'));
    } catch (error) {
      Toast.error(errorMessage(error, t('save')));
    }
  };

  const remove = () => {
    Modal.confirm({
      title: t('deleteConfirm', { name: node.name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await manage.mutateAsync({
            body: { op: 'delete', node: { id: node.id, modelLabel: node.modelLabel } },
          });
          Toast.success(t('deleted'));
          onSelect(null);
        } catch (error) {
          Toast.error(errorMessage(error, t('delete')));
        }
      },
    });
  };

  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Typography.Title heading={5}>
        {labelIn(type.label, language)}: {node.name}
      </Typography.Title>
      <Descriptions
        row
        size="small"
        data={[
          { key: t('path'), value: parentPath(projectName, data?.path) },
          { key: t('childCount'), value: typeof data?.childCount === 'number' ? data.childCount : '--' },
          {
            key: t('updatedAt'),
            value: typeof data?.updatedAt === 'number' ? fmt.time(data.updatedAt) : '--',
          },
        ]}
      />
      <div style={{ width: '100%', maxWidth: 520 }}>
        <FormFields
          fields={nodeFormFields(type, language, t('name')).map((f) => ({ ...f, disabled: () => !canEdit }))}
          values={form}
          mode="edit"
          errors={errors}
          idPrefix="node"
          onChange={(field, value) => setForm({ ...form, [field]: value as string | number | null })}
        />
      </div>
      {canEdit && (
        <Space wrap>
          <Button theme="solid" type="primary" loading={update.isPending} onClick={() => void save()}>
            {t('save')}
          </Button>
          <Button icon={<IconPlus />} disabled={children.length === 0} onClick={() => setAdding(true)}>
            {t('addChild')}
          </Button>
          <Button icon={<IconTreeTriangleRight />} onClick={() => setMoving(true)}>
            {t('move')}
          </Button>
          <Button icon={<IconDelete />} type="danger" onClick={remove}>
            {t('delete')}
          </Button>
        </Space>
      )}
      {adding && (
        <AddNodeDialog parent={node} choices={children} onClose={() => setAdding(false)} onAdded={onReveal} />
      )}
      {moving && (
        <MoveNodeDialog
          node={node}
          tree={tree}
          rules={rules}
          onClose={() => setMoving(false)}
          onMoved={onReveal}
        />
      )}
    </Space>
  );
}

function AddNodeDialog({
  parent,
  choices,
  onClose,
  onAdded,
}: {
  parent: NodeTreeItem;
  choices: readonly NodeTypeDefinition[];
  onClose: () => void;
  onAdded: (node: NodeRef) => void;
}) {
  const t = useTexts(nodeTexts);
  const { language } = useLanguage();
  const mutations = useMutations();
  const manage = useMutation(mutations.nodes.manageNode({ invalidates: NODE_SCOPES }));
  const [label, setLabel] = useState<string | null>(
    choices.length === 1 ? (choices[0]?.modelLabel ?? null) : null,
  );
  const type = label ? nodeType(label) : undefined;
  const [form, setForm] = useState<NodeForm>({ name: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async () => {
    if (!type) {
      setErrors({ modelLabel: t('required') });
      return;
    }
    const values = { ...nodeToForm(type, null), ...form };
    const found = validateNodeForm(type, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const made = await manage.mutateAsync({
        body: {
          op: 'add',
          parent: { id: parent.id, modelLabel: parent.modelLabel },
          node: { modelLabel: type.modelLabel, ...nodeFormBody(type, values) },
        },
      });
      Toast.success(t('added'));
      if (made) onAdded({ id: made.id, modelLabel: made.modelLabel, name: made.name });
      onClose();
    } catch (error) {
      Toast.error(errorMessage(error, t('addChild')));
    }
  };

  return (
    <Modal
      visible
      title={t('addChildTitle', { name: parent.name })}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={manage.isPending}
      maskClosable={false}
    >
      <FieldFrame
        field="modelLabel"
        label={t('type')}
        labelId="eem-tree-node-type"
        required
        error={errors.modelLabel}
      >
        <Select
          style={{ width: '100%' }}
          motion={false}
          aria-labelledby="eem-tree-node-type"
          value={label ?? undefined}
          optionList={choices.map((c) => ({ value: c.modelLabel, label: labelIn(c.label, language) }))}
          onChange={(v) => {
            setLabel(typeof v === 'string' ? v : null);
            setErrors({});
          }}
        />
      </FieldFrame>
      {type && (
        <FormFields
          fields={nodeFormFields(type, language, t('name'))}
          values={{ ...nodeToForm(type, null), ...form }}
          mode="create"
          errors={errors}
          idPrefix="add-node"
          onChange={(field, value) => setForm({ ...form, [field]: value as string | number | null })}
        />
      )}
    </Modal>
  );
}

function MoveNodeDialog({
  node,
  tree,
  rules,
  onClose,
  onMoved,
}: {
  node: NodeTreeItem;
  tree: readonly NodeTreeItem[];
  rules: HoldRules;
  onClose: () => void;
  onMoved: (node: NodeRef) => void;
}) {
  const t = useTexts(nodeTexts);
  const mutations = useMutations();
  const manage = useMutation(mutations.nodes.manageNode({ invalidates: NODE_SCOPES }));
  const [parent, setParent] = useState<NodeRef | null>(null);
  /** The node and its subtree cannot become its own parent. */
  const own = useMemo(() => new Set(flattenTree([node]).map(nodeKey)), [node]);
  const currentParent = useMemo(
    () => flattenTree(tree).find((n) => n.children?.some((c) => nodeKey(c) === nodeKey(node))),
    [tree, node],
  );
  const selectable = useMemo(
    () => (candidate: { id: number; modelLabel: string }) =>
      rules.canHold(candidate.modelLabel, node.modelLabel) &&
      !own.has(nodeKey(candidate)) &&
      (!currentParent || nodeKey(candidate) !== nodeKey(currentParent)),
    [node, own, currentParent, rules],
  );

  const submit = async () => {
    if (!parent) return;
    try {
      await manage.mutateAsync({
        body: {
          op: 'move',
          node: { id: node.id, modelLabel: node.modelLabel },
          parent: { id: parent.id, modelLabel: parent.modelLabel },
        },
      });
      Toast.success(t('moved'));
      onMoved({ id: node.id, modelLabel: node.modelLabel, name: node.name });
      onClose();
    } catch (error) {
      Toast.error(errorMessage(error, t('move')));
    }
  };

  return (
    <Modal
      visible
      title={t('moveTitle', { name: node.name })}
      okText={t('confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !parent }}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={manage.isPending}
      maskClosable={false}
    >
      <Typography.Text type="tertiary">{t('newParent')}</Typography.Text>
      <NodeTreePicker
        mode="single"
        tree={tree}
        value={parent}
        onChange={(next) => setParent(next && selectable(next) ? next : null)}
        isSelectable={selectable}
        height={360}
        aria-label={t('newParent')}
      />
    </Modal>
  );
}
