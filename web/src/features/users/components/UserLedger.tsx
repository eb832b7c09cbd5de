/**
 * Users as a ledger (email and phone masked by the server): platform scope lists a tenant's
 * users with 'assign projects'; project scope lists the project's users and its dialog adds
 * the permission tabs (node: projects opened into their node trees, real-time monitoring,
 * reports, video and documents). A root user resets other users' passwords.
 */
import { Banner, Space, TabPane, Tabs, Tag, Typography } from '@douyinfe/semi-ui-19';
import { type Catalogue, type EndpointData, isUserEnabled, type Role, type UserRow } from '@eem/contract';
import { isProjectBound, ROLE_TYPE_LABELS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useMutations, useQueries } from '../../../app/client';
import { useSession } from '../../../app/session';
import { CrudLedger } from '../../../blocks/CrudLedger';
import type { DataColumn } from '../../../blocks/DataTable';
import type { FormFieldDef, FormMode } from '../../../blocks/FormFields';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { userTexts } from '../texts';
import { AssignProjectsDialog } from './AssignProjectsDialog';
import { GrantsEditor, type GrantValue } from './GrantsEditor';
import { ModelNodePermission, projectsOfNodes } from './ModelNodePermission';
import { PermissionTrees } from './PermissionTrees';
import { changedKinds, nodeRefs, type PermissionSnapshot, permissionSnapshot } from './permission-kinds';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import {
  createUserInput,
  emptyUserForm,
  type NotificationType,
  type UserForm,
  updateUserInput,
  userToForm,
  validateUser,
} from './user-form';

type UsersAnswer = EndpointData<Catalogue['users']['projectUsers']>;

interface UserFilters {
  [field: string]: unknown;
  keyword: string;
  roleId: number | null;
  status: number | null;
}

export type UserLedgerProps =
  | { scope: 'platform'; tenantId: number }
  | { scope: 'project'; projectId: number };

const NOTIFY: readonly NotificationType[] = ['web', 'sms', 'email', 'app'];

/** What the permission tabs held when the dialog opened (each saved only when changed). */
const opened = new WeakMap<object, PermissionSnapshot>();

export function UserLedger(props: UserLedgerProps) {
  const t = useTexts(userTexts);
  const { language } = useLanguage();
  const queries = useQueries();
  const mutations = useMutations();
  const createUser = useMutation(mutations.users.createUser());
  const updateUser = useMutation(mutations.users.updateUser());
  const deleteUser = useMutation(mutations.users.deleteUser());
  // The permission tabs: each write refreshes only what it changes (the dialog reads them fresh).
  const assignModelNodes = useMutation(
    mutations.users.assignModelNodes({ invalidates: [endpointKey('users', 'modelNodes')] }),
  );
  const assignGraphNodes = useMutation(
    mutations.users.assignGraphNodes({ invalidates: [endpointKey('users', 'graphNodes')] }),
  );
  const assignPecstarNodes = useMutation(
    mutations.users.assignPecstarNodes({ invalidates: [endpointKey('users', 'pecstarNodes')] }),
  );
  const saveGrants = useMutation(
    mutations.users.saveGrants({ invalidates: [endpointKey('users', 'videoKnowledgeGrants')] }),
  );
  const session = useSession();
  const queryClient = useQueryClient();
  const me = session.user;
  const canWrite = session.permissions.has('user_update');
  const tenantId = props.scope === 'platform' ? props.tenantId : undefined;
  const [assigning, setAssigning] = useState<UserRow | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [groups, setGroups] = useState<UsersAnswer['groups']>([]);

  const roles = useQuery<Role[]>(
    props.scope === 'platform'
      ? queries.users.tenantRoles({ query: { tenantId: props.tenantId } })
      : queries.users.projectRoles(),
  );
  const projectList = useQuery({
    ...queries.projects.cloudProjects({
      ...(tenantId ? { query: { tenantId } } : {}),
      body: { treeReturnEnable: false },
    }),
  });
  const projectTree = useQuery({
    ...queries.projects.cloudProjects({ body: { treeReturnEnable: true } }),
    enabled: props.scope === 'project',
  });
  const graphTree = useQuery({ ...queries.users.graphTree(), enabled: props.scope === 'project' });
  const mReportTree = useQuery({ ...queries.users.mReportTree(), enabled: props.scope === 'project' });
  const pecReportTree = useQuery({ ...queries.users.pecReportTree(), enabled: props.scope === 'project' });

  const projectName = new Map((projectList.data ?? []).map((p) => [p.id, p.name]));
  const projectOptions =
    props.scope === 'project'
      ? (projectList.data ?? [])
          .filter((p) => p.id === props.projectId)
          .map((p) => ({ value: p.id, label: p.name }))
      : (projectList.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const roleList = roles.data ?? [];
  const roleOf = (id: number | null) => roleList.find((r) => r.id === id);
  const roleTypeName = (n: number | null) => {
    const names = n === null ? undefined : ROLE_TYPE_LABELS[n];
    return names ? (language === 'zh' ? names[0] : names[1]) : '';
  };
  const usertypeName = (n: number) => t(n === 3 ? 'usertype.3' : n === 4 ? 'usertype.4' : 'usertype.0');

  const columns: DataColumn<UserRow>[] = [
    { key: 'name', title: t('account'), width: 140 },
    { key: 'nicName', title: t('nicName'), width: 130 },
    { key: 'mobilePhone', title: t('phone'), width: 130 },
    { key: 'email', title: t('email'), width: 190 },
    {
      key: 'roleName',
      title: t('role'),
      width: 170,
      render: (r) => <span title={roleTypeName(r.roleType)}>{r.roleName ?? '--'}</span>,
    },
    { key: 'usertype', title: t('usertype'), width: 120, render: (r) => usertypeName(r.usertype) },
    ...(props.scope === 'project'
      ? [
          {
            key: 'userGroups',
            title: t('userGroup'),
            width: 160,
            render: (r: UserRow) => r.userGroups.map((g) => g.name).join(', ') || '--',
          },
        ]
      : [
          {
            key: 'projectIds',
            title: t('projects'),
            width: 170,
            render: (r: UserRow) =>
              r.projectIds.map((id) => projectName.get(id) ?? `#${id}`).join(', ') || '--',
          },
        ]),
    {
      key: 'status',
      title: t('status'),
      width: 80,
      render: (r) => (
        <Tag color={isUserEnabled(r) ? 'green' : 'grey'}>{t(isUserEnabled(r) ? 'enabled' : 'disabled')}</Tag>
      ),
    },
    {
      key: 'notificationTypes',
      title: t('notificationType'),
      width: 130,
      render: (r) =>
        r.notificationTypes
          .map((n) => (NOTIFY.includes(n as NotificationType) ? t(`notify.${n as NotificationType}`) : n))
          .join(', ') || '--',
    },
  ];

  const basicFields: FormFieldDef<UserForm>[] = [
    { field: 'name', label: t('account'), type: 'text', required: true },
    { field: 'nicName', label: t('nicName'), type: 'text' },
    {
      field: 'password',
      label: t('password'),
      type: 'password',
      required: true,
      visible: (_v, m) => m === 'create',
    },
    {
      field: 'checkPassword',
      label: t('checkPassword'),
      type: 'password',
      required: true,
      visible: (_v, m) => m === 'create',
    },
    { field: 'mobilePhone', label: t('phone'), type: 'text' },
    { field: 'email', label: t('email'), type: 'text' },
    {
      field: 'roleId',
      label: t('role'),
      type: 'select',
      required: true,
      options: roleList.map((r) => ({ value: r.id, label: r.name })),
    },
    {
      field: 'inspectionPassword',
      label: t('inspectionPassword'),
      type: 'password',
      required: true,
      visible: (v, m) => {
        const role = roleOf(v.roleId);
        return (
          m === 'create' &&
          role !== undefined &&
          role.customConfig.roletype === 5 &&
          role.customConfig.dutyType !== 'none'
        );
      },
    },
    {
      field: 'usertype',
      label: t('usertype'),
      type: 'select',
      required: true,
      options: [0, 3, 4].map((n) => ({ value: n, label: usertypeName(n) })),
    },
    {
      field: 'projectIds',
      label: t('projects'),
      type: 'multiSelect',
      options: projectOptions,
      help: t('noProjectWarning'),
    },
    ...(props.scope === 'project'
      ? [
          {
            field: 'userGroupIds' as const,
            label: t('userGroup'),
            type: 'multiSelect' as const,
            options: groups.map((g) => ({ value: g.id, label: g.name })),
          },
        ]
      : []),
    {
      field: 'notificationTypes',
      label: t('notificationType'),
      type: 'multiSelect',
      options: NOTIFY.map((n) => ({ value: n, label: t(`notify.${n}`) })),
    },
    { field: 'enabled', label: t('enabled'), type: 'switch' },
  ];

  const fromRow = async (row: UserRow): Promise<UserForm> => {
    const form = userToForm(row);
    if (props.scope !== 'project') return form;
    const body = { body: { userId: row.id } };
    const [nodes, graphNodes, reportNodes, grants] = await Promise.all([
      queryClient.fetchQuery({ ...queries.users.modelNodes(body), staleTime: 0 }),
      queryClient.fetchQuery({ ...queries.users.graphNodes(body), staleTime: 0 }),
      queryClient.fetchQuery({ ...queries.users.pecstarNodes(body), staleTime: 0 }),
      queryClient.fetchQuery({
        ...queries.users.videoKnowledgeGrants({ query: { userId: row.id } }),
        staleTime: 0,
      }),
    ]);
    const full: UserForm = {
      ...form,
      nodes: nodes.nodes,
      nodeProjects: projectsOfNodes(nodes.nodes),
      graphNodes: graphNodes.nodes,
      reportNodes: reportNodes.nodes,
      cameras: grants.cameras.filter((c) => c.granted).map((c) => c.id),
      folders: grants.folders.filter((f) => f.granted).map((f) => f.id),
    };
    opened.set(row, permissionSnapshot(full));
    return full;
  };

  const saveUpdate = async (row: UserRow, form: UserForm) => {
    await updateUser.mutateAsync({ body: updateUserInput(row.id, form, me?.root ? tenantId : undefined) });
    if (props.scope !== 'project') return;
    // Each changed tab through its own call; the first refusal stops the save and shows the
    // server's message (the dialog stays open with the ticks; saving again sends what is left).
    const now = permissionSnapshot(form);
    for (const kind of changedKinds(opened.get(row), form)) {
      if (kind === 'model')
        await assignModelNodes.mutateAsync({ body: { userId: row.id, nodes: nodeRefs(form.nodes) } });
      else if (kind === 'graph')
        await assignGraphNodes.mutateAsync({ body: { userId: row.id, nodes: nodeRefs(form.graphNodes) } });
      else if (kind === 'reports')
        await assignPecstarNodes.mutateAsync({
          body: { userId: row.id, nodes: nodeRefs(form.reportNodes) },
        });
      else
        await saveGrants.mutateAsync({
          body: { userId: row.id, cameras: form.cameras, folders: form.folders },
        });
      const saved = opened.get(row);
      if (saved) opened.set(row, { ...saved, [kind]: now[kind] });
    }
  };

  return (
    <>
      <CrudLedger<UserRow, UserForm, UserFilters>
        aria-label={props.scope === 'platform' ? t('platformUsers') : t('projectUsers')}
        initialFilters={{ keyword: '', roleId: null, status: null }}
        filters={[
          { field: 'keyword', label: t('keyword'), type: 'text' },
          {
            field: 'roleId',
            label: t('role'),
            type: 'select',
            options: roleList.map((r) => ({ value: r.id, label: r.name })),
          },
          {
            field: 'status',
            label: t('status'),
            type: 'select',
            width: 120,
            options: [
              { value: 1, label: t('enabled') },
              { value: 0, label: t('disabled') },
            ],
          },
        ]}
        query={(f, page) => {
          const base = queries.users.projectUsers({
            body: {
              page,
              ...(f.keyword.trim() ? { keyword: f.keyword.trim() } : {}),
              filters: [
                ...(f.roleId === null
                  ? []
                  : [{ prop: 'roleId' as const, operator: 'EQ' as const, limit: f.roleId }]),
                ...(f.status === null
                  ? []
                  : [{ prop: 'status' as const, operator: 'EQ' as const, limit: f.status }]),
              ],
              ...(tenantId ? { tenantId } : {}),
            },
          });
          return {
            queryKey: base.queryKey,
            queryFn: async (context) => {
              const answer = await base.queryFn(context);
              setGroups(answer.groups);
              return answer;
            },
          };
        }}
        columns={columns}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        canWrite={canWrite}
        canDeleteRow={(r) => !r.root && r.id !== me?.id}
        actionsWidth={props.scope === 'platform' ? 330 : me?.root ? 250 : 150}
        rowActions={(r) => (
          <Space spacing={8} wrap>
            {props.scope === 'platform' && canWrite && (
              <Typography.Text link onClick={() => setAssigning(r)}>
                {t('assignProjects')}
              </Typography.Text>
            )}
            {me?.root && r.id !== me.id && (
              <Typography.Text link onClick={() => setResetting(r)}>
                {t('resetPassword')}
              </Typography.Text>
            )}
          </Space>
        )}
        form={{
          width: props.scope === 'project' ? 760 : 560,
          title: (mode) => (mode === 'create' ? t('createUser') : t('editUser')),
          empty: () =>
            emptyUserForm(props.scope === 'project' ? { usertype: 3, projectIds: [props.projectId] } : {}),
          fromRow,
          validate: (v: UserForm, mode: FormMode) => validateUser(v, mode, roleOf(v.roleId)),
          render: ({ values, mode, set, fields }) => {
            const warn = isProjectBound(values.usertype) && values.projectIds.length === 0;
            const basic = (
              <>
                {warn && <Banner type="warning" description={t('noProjectWarning')} closeIcon={null} />}
                {fields(basicFields)}
              </>
            );
            if (props.scope !== 'project') return basic;
            return (
              <Tabs type="line" keepDOM={false}>
                <TabPane tab={t('basic')} itemKey="basic">
                  {basic}
                </TabPane>
                <TabPane tab={t('nodePermission')} itemKey="nodes" disabled={mode === 'create'}>
                  <ModelNodePermission
                    tree={projectTree.data ?? []}
                    loading={projectTree.isPending}
                    value={values.nodes}
                    onChange={(nodes) => set('nodes', nodes)}
                    openProjects={values.nodeProjects}
                    onOpenProjects={(projects) => set('nodeProjects', projects)}
                  />
                </TabPane>
                <TabPane tab={t('graphPermission')} itemKey="graph" disabled={mode === 'create'}>
                  <PermissionTrees
                    trees={[
                      {
                        key: 'graph',
                        label: t('graphPermission'),
                        tree: graphTree.data ?? [],
                        loading: graphTree.isPending,
                      },
                    ]}
                    value={values.graphNodes}
                    onChange={(nodes) => set('graphNodes', nodes)}
                  />
                </TabPane>
                <TabPane tab={t('reportPermission')} itemKey="reports" disabled={mode === 'create'}>
                  <PermissionTrees
                    height={240}
                    trees={[
                      {
                        key: 'mReport',
                        title: t('mReport'),
                        label: t('mReport'),
                        tree: mReportTree.data ?? [],
                        loading: mReportTree.isPending,
                      },
                      {
                        key: 'pecReport',
                        title: t('pecReport'),
                        label: t('pecReport'),
                        tree: pecReportTree.data ?? [],
                        loading: pecReportTree.isPending,
                      },
                    ]}
                    value={values.reportNodes}
                    onChange={(nodes) => set('reportNodes', nodes)}
                  />
                </TabPane>
                <TabPane tab={t('videoDocs')} itemKey="grants" disabled={mode === 'create'}>
                  <GrantsPane
                    userId={values.userId}
                    value={{ cameras: values.cameras, folders: values.folders }}
                    onChange={(v) => {
                      set('cameras', v.cameras);
                      set('folders', v.folders);
                    }}
                  />
                </TabPane>
              </Tabs>
            );
          },
        }}
        onCreate={(v) =>
          createUser.mutateAsync({ body: createUserInput(v, me?.root ? tenantId : undefined) })
        }
        onUpdate={saveUpdate}
        onDelete={(r) => deleteUser.mutateAsync({ query: { id: r.id } })}
      />
      {assigning && tenantId !== undefined && (
        <AssignProjectsDialog user={assigning} tenantId={tenantId} onClose={() => setAssigning(null)} />
      )}
      {resetting && <ResetPasswordDialog userName={resetting.name} onClose={() => setResetting(null)} />}
    </>
  );
}

/** The video and document tab: the user's grant list (cached by the dialog's loading). */
function GrantsPane({
  userId,
  value,
  onChange,
}: {
  userId: number | null;
  value: GrantValue;
  onChange: (value: GrantValue) => void;
}) {
  const queries = useQueries();
  const grants = useQuery({
    ...queries.users.videoKnowledgeGrants({ query: { userId: userId ?? 0 } }),
    enabled: userId !== null,
  });
  return <GrantsEditor grants={grants.data} value={value} onChange={onChange} />;
}
