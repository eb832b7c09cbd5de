/**
 * The permission part of the role dialog, from the function permission tree: page access as
 * a tree (groups and their pages), operation keys as checkboxes per group, and a mobile
 * access toggle per group of ticked pages. Keys the editor may not grant are disabled.
 */
import { Checkbox, Empty, Space, Switch, Tabs, Tree, Typography } from '@douyinfe/semi-ui-19';
import type { Catalogue, EndpointData } from '@eem/contract';
import { useMemo } from 'react';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { roleTexts } from '../texts';
import { isOperationKey } from './role-form';

export type PermissionNodeShape = EndpointData<Catalogue['shell']['permissionTree']>[number];

export interface PermissionValue {
  pages: string[];
  operations: string[];
  mobileGroups: string[];
}

export interface PermissionEditorProps {
  tree: readonly PermissionNodeShape[];
  /** Group keys offered (the module's groups). */
  groups: ReadonlySet<string>;
  value: PermissionValue;
  onChange: (patch: Partial<PermissionValue>) => void;
  /** Keys the editor may grant; undefined means all (root). */
  grantable?: ReadonlySet<string> | undefined;
  error?: string | undefined;
}

export function PermissionEditor({ tree, groups, value, onChange, grantable, error }: PermissionEditorProps) {
  const t = useTexts(roleTexts);
  const { language } = useLanguage();
  const label = (n: PermissionNodeShape) => (language === 'zh' ? n.label : n.enLabel);
  const shown = useMemo(() => tree.filter((g) => groups.has(g.key)), [tree, groups]);
  const may = (key: string) => grantable === undefined || grantable.has(key);

  const treeData = shown
    .map((g) => ({
      key: g.key,
      value: g.key,
      label: label(g),
      children: (g.children ?? [])
        .filter((c) => !isOperationKey(c.key))
        .map((c) => ({ key: c.key, value: c.key, label: label(c), disabled: !may(c.key) })),
    }))
    .filter((g) => g.children.length > 0);
  const pageGroups = new Set(
    shown.filter((g) => (g.children ?? []).some((c) => value.pages.includes(c.key))).map((g) => g.key),
  );
  const operationGroups = shown
    .map((g) => ({ group: g, ops: (g.children ?? []).filter((c) => isOperationKey(c.key)) }))
    .filter((x) => x.ops.length > 0);

  return (
    <div>
      <Tabs type="line" size="small" keepDOM>
        <Tabs.TabPane tab={t('pageAccess')} itemKey="pages">
          {treeData.length === 0 ? (
            <Empty description={t('noPages')} />
          ) : (
            <Tree
              aria-label={t('pageAccess')}
              treeData={treeData}
              multiple
              leafOnly
              disableStrictly
              motion={false}
              value={value.pages}
              onChange={(next) =>
                onChange({
                  pages: Array.isArray(next) ? next.filter((k): k is string => typeof k === 'string') : [],
                })
              }
              style={{ maxHeight: 320, overflow: 'auto' }}
            />
          )}
        </Tabs.TabPane>
        <Tabs.TabPane tab={t('operations')} itemKey="operations">
          {operationGroups.length === 0 ? (
            <Empty description={t('noPages')} />
          ) : (
            <Space
              vertical
              align="start"
              spacing={8}
              style={{ maxHeight: 320, overflow: 'auto', width: '100%' }}
            >
              {operationGroups.map(({ group, ops }) => (
                <div key={group.key}>
                  <Typography.Text strong>{label(group)}</Typography.Text>
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', marginTop: 4 }}>
                    {ops.map((op) => (
                      <Checkbox
                        key={op.key}
                        disabled={!may(op.key)}
                        checked={value.operations.includes(op.key)}
                        onChange={(e) =>
                          onChange({
                            operations: e.target.checked
                              ? [...value.operations, op.key]
                              : value.operations.filter((k) => k !== op.key),
                          })
                        }
                      >
                        {label(op)}
                      </Checkbox>
                    ))}
                  </div>
                </div>
              ))}
            </Space>
          )}
        </Tabs.TabPane>
        <Tabs.TabPane tab={t('mobileAccess')} itemKey="mobile">
          <Typography.Text type="tertiary" size="small">
            {t('mobileHint')}
          </Typography.Text>
          <Space vertical align="start" spacing={8} style={{ marginTop: 8 }}>
            {shown
              .filter((g) => pageGroups.has(g.key))
              .map((g) => (
                <div key={g.key} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <Switch
                    size="small"
                    aria-label={label(g)}
                    checked={value.mobileGroups.includes(g.key)}
                    onChange={(on) =>
                      onChange({
                        mobileGroups: on
                          ? [...value.mobileGroups, g.key]
                          : value.mobileGroups.filter((k) => k !== g.key),
                      })
                    }
                  />
                  {label(g)}
                </div>
              ))}
          </Space>
        </Tabs.TabPane>
      </Tabs>
      {error && (
        <Typography.Text type="danger" size="small" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
