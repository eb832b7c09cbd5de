/**
 * /treeConfig: per tree context (energy, power quality, devices, reports) the node types shown
 * and their order (at least one) and the room types shown (none: all), read with
 * nodes.treeConfig and saved with nodes.saveTreeConfig (checked first by the contract's own
 * schema, so the form refuses what the server refuses with the same message). The types and
 * room types offered are those of the server's node-type tree (projects.nodeTreeLabels; core's
 * model when it cannot be read).
 */
import { IconArrowDown, IconArrowUp, IconClose } from '@douyinfe/semi-icons';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Row,
  Space,
  Spin,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { TREE_CONTEXTS, type TreeContextConfig } from '@eem/contract';
import { nodes } from '@eem/contract/areas/nodes';
import { NODE_ENUMS, NODE_TYPES, nodeType } from '@eem/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMutations, useQueries } from '../../app/client';
import { useSession } from '../../app/session';
import { FieldFrame } from '../../blocks/FormFields';
import { type FieldErrors, validateWith } from '../../blocks/form-issues';
import { Select } from '../../blocks/named-pickers';
import { errorMessage } from '../../blocks/save-file';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { labelIn } from './components/node-form';
import { labelsIn, type NodeTypeShape, roomTypesIn, treeName } from './components/node-type-tree';
import { useNodeTypeTree } from './components/use-node-type-tree';
import { nodeTexts } from './texts';

type Context = TreeContextConfig['context'];

const ROOM_TYPES = Object.entries(NODE_ENUMS.roomtype).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** Every context, in the fixed order, from the server's answer (a missing one empty). */
function byContext(answer: readonly TreeContextConfig[]): TreeContextConfig[] {
  return TREE_CONTEXTS.map(
    (context) => answer.find((c) => c.context === context) ?? { context, nodeTypes: [], roomTypes: [] },
  );
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function TreeConfigPage() {
  const t = useTexts(nodeTexts);
  const queries = useQueries();
  const mutations = useMutations();
  const { effectiveProjectId, permissions } = useSession();
  const canEdit = permissions.has('nodeconfig_update');
  const config = useQuery({ ...queries.nodes.treeConfig(), enabled: effectiveProjectId > 0 });
  // The contexts decide what the node trees hold: the save refreshes the nodes area.
  const save = useMutation(mutations.nodes.saveTreeConfig());
  const typeTree = useNodeTypeTree();
  const [draft, setDraft] = useState<TreeContextConfig[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (config.data) setDraft(byContext(config.data));
  }, [config.data]);
  useEffect(() => {
    if (config.error) Toast.error(errorMessage(config.error, t('treeTitle')));
  }, [config.error, t]);
  useEffect(() => {
    if (typeTree.error) Toast.warning(errorMessage(typeTree.error, t('noTypeTree')));
  }, [typeTree.error, t]);

  const header = <Typography.Title heading={4}>{t('treeTitle')}</Typography.Title>;
  if (effectiveProjectId <= 0) {
    return (
      <div className="eem-page">
        {header}
        <Empty description={t('noProject')} />
      </div>
    );
  }
  if (config.isPending || typeTree.pending) return <Spin size="large" />;
  if (!draft) {
    return (
      <div className="eem-page">
        {header}
        <Empty description={errorMessage(config.error, t('noNodes'))} />
      </div>
    );
  }

  const change = (context: Context, patch: Partial<TreeContextConfig>) => {
    setDraft(draft.map((c) => (c.context === context ? { ...c, ...patch } : c)));
    setErrors((e) => {
      const { [context]: _, ...rest } = e;
      return rest;
    });
  };

  const submit = async () => {
    const schema = nodes.saveTreeConfig.body;
    const found = schema
      ? validateWith(schema, draft, (path) =>
          typeof path[0] === 'number' ? (draft[path[0]]?.context ?? '') : '',
        )
      : {};
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ body: draft });
      Toast.success(t('saved'));
    } catch (error) {
      Toast.error(errorMessage(error, t('save')));
    }
  };

  return (
    <div className="eem-page">
      {header}
      <Space style={{ marginBottom: 12 }}>
        <Button
          theme="solid"
          type="primary"
          disabled={!canEdit}
          loading={save.isPending}
          onClick={() => void submit()}
        >
          {t('save')}
        </Button>
        <Button
          onClick={() => {
            setDraft(byContext(config.data ?? []));
            setErrors({});
          }}
        >
          {t('reset')}
        </Button>
      </Space>
      <Row gutter={[16, 16]}>
        {draft.map((c) => (
          <Col span={12} key={c.context}>
            <ContextCard
              config={c}
              canEdit={canEdit}
              typeTree={typeTree.tree}
              error={errors[c.context]}
              onChange={(p) => change(c.context, p)}
            />
          </Col>
        ))}
      </Row>
    </div>
  );
}

function ContextCard({
  config,
  canEdit,
  typeTree,
  error,
  onChange,
}: {
  config: TreeContextConfig;
  canEdit: boolean;
  /** The server's node-type tree (undefined: core's model). */
  typeTree: readonly NodeTypeShape[] | undefined;
  error: string | undefined;
  onChange: (patch: Partial<TreeContextConfig>) => void;
}) {
  const t = useTexts(nodeTexts);
  const { language } = useLanguage();
  const types = config.nodeTypes;
  const typeName = (label: string) => {
    const name = nodeType(label)?.label ?? (typeTree ? treeName(typeTree, label) : undefined);
    return name ? labelIn(name, language) : label;
  };
  const offered = typeTree
    ? labelsIn(typeTree).filter((label) => label !== 'project')
    : NODE_TYPES.map((type) => type.modelLabel);
  const rest = offered.filter((label) => !types.includes(label));
  const listedRooms = typeTree ? new Set(roomTypesIn(typeTree)) : new Set<number>();
  const rooms =
    listedRooms.size === 0
      ? ROOM_TYPES
      : ROOM_TYPES.filter((r) => listedRooms.has(r.value) || config.roomTypes.includes(r.value));
  return (
    <Card title={t(`context.${config.context}`)} data-testid={`context-${config.context}`}>
      <FieldFrame label={t('shownTypes')} required error={error}>
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          {types.map((label, i) => (
            <li key={label} style={{ lineHeight: '32px' }}>
              <Space>
                <Typography.Text style={{ display: 'inline-block', minWidth: 120 }}>
                  {typeName(label)}
                </Typography.Text>
                <Button
                  size="small"
                  theme="borderless"
                  icon={<IconArrowUp />}
                  aria-label={`${t('moveUp')} ${typeName(label)}`}
                  disabled={!canEdit || i === 0}
                  onClick={() => onChange({ nodeTypes: move(types, i, i - 1) })}
                />
                <Button
                  size="small"
                  theme="borderless"
                  icon={<IconArrowDown />}
                  aria-label={`${t('moveDown')} ${typeName(label)}`}
                  disabled={!canEdit || i === types.length - 1}
                  onClick={() => onChange({ nodeTypes: move(types, i, i + 1) })}
                />
                <Button
                  size="small"
                  theme="borderless"
                  type="danger"
                  icon={<IconClose />}
                  aria-label={`${t('remove')} ${typeName(label)}`}
                  disabled={!canEdit}
                  onClick={() => onChange({ nodeTypes: types.filter((l) => l !== label) })}
                />
              </Space>
            </li>
          ))}
        </ol>
        <Select
          style={{ width: 240, marginTop: 8 }}
          motion={false}
          placeholder={t('addType')}
          aria-label={t('addType')}
          disabled={!canEdit || rest.length === 0}
          value={undefined}
          optionList={rest.map((label) => ({ value: label, label: typeName(label) }))}
          onChange={(v) => {
            if (typeof v === 'string') onChange({ nodeTypes: [...types, v] });
          }}
        />
      </FieldFrame>
      <FieldFrame label={t('roomTypes')}>
        <Checkbox.Group
          direction="horizontal"
          disabled={!canEdit}
          value={config.roomTypes}
          options={rooms.map((r) => ({ value: r.value, label: labelIn(r.label, language) }))}
          onChange={(values) =>
            onChange({ roomTypes: values.filter((v): v is number => typeof v === 'number') })
          }
        />
      </FieldFrame>
    </Card>
  );
}
