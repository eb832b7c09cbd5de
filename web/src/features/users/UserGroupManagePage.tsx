/**
 * /usergroupmanage: user groups (operations team or ordinary group) with a logo and members
 * picked from the user tree.
 */
import { Avatar, Typography } from '@douyinfe/semi-ui-19';
import type { UserGroup } from '@eem/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMutations, useQueries } from '../../app/client';
import { useSession } from '../../app/session';
import { CrudLedger, pageLocally } from '../../blocks/CrudLedger';
import type { DataColumn } from '../../blocks/DataTable';
import { FileImage } from '../../blocks/FileImage';
import type { FormFieldDef } from '../../blocks/FormFields';
import { NodeTreePicker } from '../../blocks/NodeTreePicker';
import { useTexts } from '../../i18n/texts';
import {
  emptyGroupForm,
  type GroupForm,
  groupBody,
  groupToForm,
  logoOf,
  validateGroup,
} from './components/group-form';
import { LogoField } from './components/LogoField';
import { userPickerTree } from './components/user-tree';
import { userTexts } from './texts';

interface GroupFilters {
  [field: string]: unknown;
  keyword: string;
  groupType: string | null;
}

export function UserGroupManagePage() {
  const t = useTexts(userTexts);
  const queries = useQueries();
  const mutations = useMutations();
  // Each write refreshes the users area (the groups, the user tree).
  const createGroup = useMutation(mutations.users.createUserGroup());
  const updateGroup = useMutation(mutations.users.updateUserGroup());
  const deleteGroup = useMutation(mutations.users.deleteUserGroup());
  const session = useSession();
  const tenantId = session.user?.tenantId ?? 0;
  const tree = useQuery({ ...queries.users.userTree({ params: { id: tenantId } }), enabled: tenantId > 0 });
  const typeName = (type: string) => t(type === 'operations' ? 'group.operations' : 'group.ordinary');

  const columns: DataColumn<UserGroup>[] = [
    {
      key: 'logo',
      title: t('logo'),
      width: 90,
      render: (g) => {
        const logo = logoOf(g);
        return logo ? (
          <FileImage fileName={logo} alt={g.name} style={{ width: 32, height: 32, borderRadius: 4 }} />
        ) : (
          <Avatar size="small">{g.name.slice(0, 1)}</Avatar>
        );
      },
    },
    { key: 'name', title: t('groupName'), width: 220 },
    { key: 'groupType', title: t('groupType'), width: 140, render: (g) => typeName(g.groupType) },
    {
      key: 'users',
      title: t('members'),
      render: (g) =>
        g.users.length
          ? `${g.users.map((u) => u.nicName || u.name).join(', ')} (${t('memberCount', { count: g.users.length })})`
          : '--',
    },
  ];

  const fields: FormFieldDef<GroupForm>[] = [
    { field: 'name', label: t('groupName'), type: 'text', required: true },
    {
      field: 'groupType',
      label: t('groupType'),
      type: 'select',
      required: true,
      options: [
        { value: 'operations', label: t('group.operations') },
        { value: 'ordinary', label: t('group.ordinary') },
      ],
    },
    {
      field: 'logo',
      label: t('logo'),
      type: 'custom',
      render: ({ value, onChange }) => (
        <LogoField value={typeof value === 'string' ? value : null} onChange={onChange} />
      ),
    },
    {
      field: 'members',
      label: t('members'),
      type: 'custom',
      render: ({ values, onChange }) => (
        <NodeTreePicker
          aria-label={t('members')}
          mode="multi"
          max={Number.POSITIVE_INFINITY}
          tree={userPickerTree(tree.data ?? [])}
          loading={tree.isPending && tenantId > 0}
          isSelectable={(n) => n.modelLabel === 'user'}
          value={values.members}
          onChange={onChange}
          height={260}
        />
      ),
    },
  ];

  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('userGroups')}</Typography.Title>
      <CrudLedger<UserGroup, GroupForm, GroupFilters>
        aria-label={t('userGroups')}
        initialFilters={{ keyword: '', groupType: null }}
        filters={[
          { field: 'keyword', label: t('groupName'), type: 'text' },
          {
            field: 'groupType',
            label: t('groupType'),
            type: 'select',
            options: [
              { value: 'operations', label: t('group.operations') },
              { value: 'ordinary', label: t('group.ordinary') },
            ],
          },
        ]}
        query={(f, page) => {
          const keyword = f.keyword.trim().toLowerCase();
          return pageLocally(
            queries.users.userGroups(),
            (groups) => groups,
            page,
            (g) =>
              (!keyword || g.name.toLowerCase().includes(keyword)) &&
              (!f.groupType || g.groupType === f.groupType),
            [keyword, f.groupType],
          );
        }}
        columns={columns}
        rowKey={(g) => g.id}
        rowName={(g) => g.name}
        canWrite={session.permissions.has('usergroup_update')}
        form={{
          width: 620,
          title: (mode) => (mode === 'create' ? t('createGroup') : t('editGroup')),
          empty: emptyGroupForm,
          fromRow: groupToForm,
          validate: validateGroup,
          fields,
        }}
        onCreate={(v) => createGroup.mutateAsync({ body: groupBody(v) })}
        onUpdate={(g, v) => updateGroup.mutateAsync({ body: { id: g.id, ...groupBody(v) } })}
        onDelete={(g) => deleteGroup.mutateAsync({ query: { id: g.id } })}
      />
    </div>
  );
}
