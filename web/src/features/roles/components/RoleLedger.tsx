/**
 * Roles as a ledger: name, role type, duty type, home page, user count; a dialog with name,
 * role type and duty type, home page, page access, operations and mobile access; delete with
 * confirmation. Platform scope lists a tenant's roles (root picks the tenant), project scope
 * the project roles.
 */
import { Col, Row, Tag } from '@douyinfe/semi-ui-19';
import type { Role } from '@eem/contract';
import { DUTY_TYPE, findRoute, ROLE_TYPE_LABELS, ROUTE_GROUPS, ROUTES } from '@eem/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMutations, useQueries } from '../../../app/client';
import { useSession } from '../../../app/session';
import { CrudLedger, pageLocally } from '../../../blocks/CrudLedger';
import type { DataColumn } from '../../../blocks/DataTable';
import { FieldFrame, type FormFieldDef } from '../../../blocks/FormFields';
import { Select } from '../../../blocks/named-pickers';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { roleTexts } from '../texts';
import { PermissionEditor } from './PermissionEditor';
import { emptyRoleForm, type RoleForm, roleBody, roleToForm, validateRole } from './role-form';

interface RoleFilters {
  [field: string]: unknown;
  keyword: string;
  tenantId: number | null;
}

export function RoleLedger({ scope }: { scope: 'platform' | 'project' }) {
  const t = useTexts(roleTexts);
  const { language } = useLanguage();
  const queries = useQueries();
  const mutations = useMutations();
  const createRole = useMutation(mutations.users.createRole());
  const updateRole = useMutation(mutations.users.updateRole());
  const deleteRole = useMutation(mutations.users.deleteRole());
  const session = useSession();
  const root = session.user?.root ?? false;
  const canWrite = session.permissions.has('role_update');

  const tree = useQuery({ ...queries.shell.permissionTree(), staleTime: Number.POSITIVE_INFINITY });
  const tenants = useQuery({ ...queries.users.tenants(), enabled: scope === 'platform' && root });
  const groups = useMemo(
    () => new Set(ROUTE_GROUPS.filter((g) => scope === 'platform' || g.module === 'fw').map((g) => g.key)),
    [scope],
  );
  const grantable = root ? undefined : session.permissions;

  const roleTypeName = (n: number) => {
    const names = ROLE_TYPE_LABELS[n];
    return names ? (language === 'zh' ? names[0] : names[1]) : String(n);
  };
  const routeName = (path: string | null) => {
    if (!path) return '--';
    const route = findRoute(path);
    return route ? (language === 'zh' ? route.label : route.enLabel) : path;
  };
  const dutyName = (duty: string) =>
    duty === DUTY_TYPE.inspect
      ? t('duty.inspect')
      : duty === DUTY_TYPE.repair
        ? t('duty.repair')
        : t('duty.none');

  const columns: DataColumn<Role>[] = [
    { key: 'name', title: t('name'), width: 200 },
    {
      key: 'roletype',
      title: t('roleType'),
      width: 180,
      render: (r) => roleTypeName(r.customConfig.roletype),
    },
    { key: 'dutyType', title: t('dutyType'), width: 100, render: (r) => dutyName(r.customConfig.dutyType) },
    { key: 'homePage', title: t('homePage'), width: 160, render: (r) => routeName(r.homePage) },
    { key: 'userCount', title: t('userCount'), width: 90, align: 'right' },
    ...(scope === 'platform'
      ? [
          {
            key: 'projectRole',
            title: t('projectRole'),
            width: 110,
            render: (r: Role) => (r.projectRole ? <Tag color="blue">{t('projectRole')}</Tag> : null),
          },
        ]
      : []),
  ];

  const roleTypeOptions = Object.keys(ROLE_TYPE_LABELS).map((k) => ({
    value: Number(k),
    label: roleTypeName(Number(k)),
  }));
  const dutyOptions = [DUTY_TYPE.none, DUTY_TYPE.inspect, DUTY_TYPE.repair].map((d) => ({
    value: d,
    label: dutyName(d),
  }));

  const homeOptions = (pages: readonly string[]) => {
    const ticked = new Set(pages);
    const paths = [
      '/home',
      ...ROUTES.filter((r) => ticked.has(r.menuKey) && !r.hidden && r.path !== '/home').map((r) => r.path),
    ];
    return paths.map((p) => ({ value: p, label: routeName(p) }));
  };

  const headFields = (values: RoleForm): FormFieldDef<RoleForm>[] => [
    { field: 'name', label: t('name'), type: 'text', required: true },
    { field: 'roletype', label: t('roleType'), type: 'select', required: true, options: roleTypeOptions },
    {
      field: 'dutyType',
      label: t('dutyType'),
      type: 'select',
      options: dutyOptions,
      visible: (v) => v.roletype === 5,
      help: t('inspectionNote'),
    },
    { field: 'homePage', label: t('homePage'), type: 'select', options: homeOptions(values.pages) },
  ];

  return (
    <CrudLedger<Role, RoleForm, RoleFilters>
      aria-label={scope === 'platform' ? t('platformRoles') : t('projectRoles')}
      initialFilters={{ keyword: '', tenantId: null }}
      filters={[{ field: 'keyword', label: t('keyword'), type: 'text' }]}
      renderFilters={
        scope === 'platform' && root
          ? (draft, set) => (
              <Select
                aria-label={t('tenant')}
                placeholder={t('allTenants')}
                motion={false}
                showClear
                style={{ width: 220 }}
                optionList={(tenants.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
                value={draft.tenantId ?? undefined}
                onChange={(v) => set({ tenantId: typeof v === 'number' ? v : null })}
              />
            )
          : undefined
      }
      query={(f, page) => {
        const keyword = f.keyword.trim().toLowerCase();
        const base =
          scope === 'platform'
            ? queries.users.tenantRoles({ query: f.tenantId ? { tenantId: f.tenantId } : {} })
            : queries.users.projectRoles();
        return pageLocally(
          base,
          (roles) => roles,
          page,
          (r) => !keyword || r.name.toLowerCase().includes(keyword),
          keyword,
        );
      }}
      columns={columns}
      rowKey={(r) => r.id}
      rowName={(r) => r.name}
      canWrite={canWrite}
      form={{
        width: 820,
        title: (mode) => (mode === 'create' ? t('createRole') : t('editRole')),
        empty: emptyRoleForm,
        fromRow: roleToForm,
        validate: validateRole,
        render: ({ values, set, errors, fields }) => (
          <>
            <Row gutter={16}>
              {headFields(values)
                .filter((f) => f.visible?.(values, 'create') ?? true)
                .map((f) => (
                  <Col span={12} key={f.field}>
                    {fields([f])}
                  </Col>
                ))}
            </Row>
            <FieldFrame field="permissions" label={t('permissions')} required={false}>
              <PermissionEditor
                tree={tree.data ?? []}
                groups={groups}
                grantable={grantable}
                value={{
                  pages: values.pages,
                  operations: values.operations,
                  mobileGroups: values.mobileGroups,
                }}
                onChange={(patch) => {
                  for (const [field, v] of Object.entries(patch)) set(field, v);
                }}
                error={errors.pages}
              />
            </FieldFrame>
          </>
        ),
      }}
      onCreate={(v, f) =>
        createRole.mutateAsync({
          body: roleBody(v, scope === 'platform' && root ? (f.tenantId ?? undefined) : undefined),
        })
      }
      onUpdate={(row, v) => updateRole.mutateAsync({ body: { id: row.id, ...roleBody(v, row.tenantId) } })}
      onDelete={(row) => deleteRole.mutateAsync({ query: { id: row.id } })}
    />
  );
}
