/**
 * /usergroupmanage: user groups (operations team or ordinary group) with a logo and members
 * picked from the user tree. A ledger description: the rules are the contract's group body; the
 * form holds the logo's file name and the member nodes where the body holds customConfig and
 * user ids.
 */
import type { UserGroup } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { useFormat } from '../../app/format';
import { useSession } from '../../app/session';
import { useEndpointQuery } from '../../blocks/data';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { NodeTreePicker } from '../../blocks/NodeTreePicker';
import type { NodeRef } from '../../blocks/node-tree-model';
import { useTexts } from '../../i18n/texts';
import { logoOf } from './components/group-form';
import { GroupLogo, LogoField } from './components/LogoField';
import { userPickerTree } from './components/user-tree';
import { userTexts } from './texts';

export function UserGroupManagePage() {
  const t = useTexts(userTexts);
  const fmt = useFormat();
  const tenantId = useSession().user?.tenantId ?? 0;
  const tree = useEndpointQuery(
    endpointKey('users', 'userTree'),
    tenantId > 0 ? { params: { id: tenantId } } : null,
  );
  const description = useMemo(() => {
    const members = (count: number) =>
      fmt.count(count, { one: t('memberCount.one'), other: t('memberCount') });
    const typeName = (type: string | number) =>
      t(type === 'operations' ? 'group.operations' : 'group.ordinary');
    return defineLedger({
      title: t('userGroups'),
      rowKey: (g: UserGroup) => g.id,
      rowName: (g) => g.name,
      // Every group comes at once: filtered by name and type and paged here.
      list: { endpoint: endpointKey('users', 'userGroups'), input: () => ({}), local: true },
      filters: { fields: ['name', 'groupType'] },
      fields: {
        name: { label: t('groupName') },
        groupType: { label: t('groupType'), optionLabel: typeName },
        customConfig: {
          label: t('logo'),
          fromRow: logoOf,
          toBody: (logo) => ({ fileName: logo }),
          empty: null,
          render: ({ value, onChange }) => (
            <LogoField value={typeof value === 'string' ? value : null} onChange={onChange} />
          ),
        },
        users: {
          label: t('members'),
          fromRow: (g) => g.users.map((u) => ({ id: u.id, modelLabel: 'user', name: u.nicName || u.name })),
          toBody: (members) => (members as NodeRef[]).map((m) => m.id),
          render: ({ value, onChange }) => (
            <NodeTreePicker
              aria-label={t('members')}
              searchPlaceholder={t('searchUser')}
              mode="multi"
              max={Number.POSITIVE_INFINITY}
              tree={userPickerTree(tree.data ?? [])}
              loading={tree.isPending && tenantId > 0}
              isSelectable={(n) => n.modelLabel === 'user'}
              value={value as NodeRef[]}
              onChange={onChange}
              height={260}
            />
          ),
        },
      },
      columns: [
        { key: 'customConfig', width: 90, render: (g) => <GroupLogo group={g} /> },
        { key: 'name', width: 220 },
        { key: 'groupType', width: 140 },
        {
          key: 'users',
          width: 420,
          render: (g) =>
            g.users.length
              ? `${g.users.map((u) => u.nicName || u.name).join(', ')} (${members(g.users.length)})`
              : '--',
        },
      ],
      create: { endpoint: endpointKey('users', 'createUserGroup') },
      update: { endpoint: endpointKey('users', 'updateUserGroup') },
      remove: { endpoint: endpointKey('users', 'deleteUserGroup'), input: (g) => ({ query: { id: g.id } }) },
      writePermission: 'usergroup_update',
      invalidates: [endpointKey('users', 'userTree')],
      dialogTitle: (mode) => (mode === 'create' ? t('createGroup') : t('editGroup')),
      dialogWidth: 620,
    });
  }, [t, fmt, tree.data, tree.isPending, tenantId]);
  return <LedgerScreen description={description} />;
}
