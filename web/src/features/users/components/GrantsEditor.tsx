/**
 * Video and document grants: a camera tree (project → cameras) and a knowledge-folder tree
 * (project → folders by parent) with checkboxes. 'no data' when the projects have none.
 */
import { Col, Empty, Row, Tree, Typography } from '@douyinfe/semi-ui-19';
import type { Catalogue, EndpointData } from '@eem/contract';
import { useTexts } from '../../../i18n/texts';
import { userTexts } from '../texts';

export type GrantList = EndpointData<Catalogue['users']['videoKnowledgeGrants']>;

export interface GrantValue {
  cameras: number[];
  folders: number[];
}

interface Node {
  key: string;
  value: string;
  label: string;
  disabled?: boolean;
  children?: Node[];
}

function byProject<T extends { projectId: number; projectName: string }>(
  items: readonly T[],
): Map<number, { name: string; items: T[] }> {
  const out = new Map<number, { name: string; items: T[] }>();
  for (const item of items) {
    const entry = out.get(item.projectId) ?? { name: item.projectName, items: [] };
    entry.items.push(item);
    out.set(item.projectId, entry);
  }
  return out;
}

export function cameraTree(grants: GrantList): Node[] {
  return [...byProject(grants.cameras)].map(([projectId, p]) => ({
    key: `project_${projectId}`,
    value: `project_${projectId}`,
    label: p.name,
    children: p.items.map((c) => ({
      key: `camera_${c.id}`,
      value: `camera_${c.id}`,
      label: c.location ? `${c.name} (${c.location})` : c.name,
    })),
  }));
}

export function folderTree(grants: GrantList): Node[] {
  return [...byProject(grants.folders)].map(([projectId, p]) => {
    const childrenOf = (parentId: number | null): Node[] =>
      p.items
        .filter((f) => f.parentId === parentId)
        .map((f) => {
          const children = childrenOf(f.id);
          return {
            key: `folder_${f.id}`,
            value: `folder_${f.id}`,
            label: f.name,
            ...(children.length ? { children } : {}),
          };
        });
    const ids = new Set(p.items.map((f) => f.id));
    // Folders whose parent is not listed hang under the project.
    const roots = p.items.filter((f) => f.parentId === null || !ids.has(f.parentId));
    return {
      key: `project_${projectId}`,
      value: `project_${projectId}`,
      label: p.name,
      disabled: true,
      children: roots.map((f) => {
        const children = childrenOf(f.id);
        return {
          key: `folder_${f.id}`,
          value: `folder_${f.id}`,
          label: f.name,
          ...(children.length ? { children } : {}),
        };
      }),
    };
  });
}

const idsOf = (keys: unknown, prefix: string) =>
  (Array.isArray(keys) ? keys : [])
    .filter((k): k is string => typeof k === 'string' && k.startsWith(prefix))
    .map((k) => Number(k.slice(prefix.length)));

export function GrantsEditor({
  grants,
  value,
  onChange,
}: {
  grants: GrantList | undefined;
  value: GrantValue;
  onChange: (value: GrantValue) => void;
}) {
  const t = useTexts(userTexts);
  const cameras = grants ? cameraTree(grants) : [];
  const folders = grants ? folderTree(grants) : [];
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Typography.Title heading={6}>{t('cameras')}</Typography.Title>
        {cameras.length === 0 ? (
          <Empty description={t('noData')} />
        ) : (
          <Tree
            aria-label={t('cameras')}
            treeData={cameras}
            multiple
            leafOnly
            expandAll
            motion={false}
            value={value.cameras.map((id) => `camera_${id}`)}
            onChange={(keys) => onChange({ ...value, cameras: idsOf(keys, 'camera_') })}
            style={{ maxHeight: 360, overflow: 'auto' }}
          />
        )}
      </Col>
      <Col span={12}>
        <Typography.Title heading={6}>{t('folders')}</Typography.Title>
        {folders.length === 0 ? (
          <Empty description={t('noData')} />
        ) : (
          <Tree
            aria-label={t('folders')}
            treeData={folders}
            multiple
            checkRelation="unRelated"
            expandAll
            motion={false}
            value={value.folders.map((id) => `folder_${id}`)}
            onChange={(keys) => onChange({ ...value, folders: idsOf(keys, 'folder_') })}
            style={{ maxHeight: 360, overflow: 'auto' }}
          />
        )}
      </Col>
    </Row>
  );
}
