/**
 * The service providers (tenants) as a tree: name, hosted projects and hosting end time;
 * create, edit and delete with tenant_manage (delete asks first; the server refuses a tenant
 * that still has projects, users or child tenants).
 */
import { IconDelete, IconEdit, IconPlus } from '@douyinfe/semi-icons';
import { Button, Empty, Modal, Space, Spin, Toast, Tree, Typography } from '@douyinfe/semi-ui-19';
import { createTenantBody, type Tenant } from '@eem/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useMutations, useQueries } from '../../../app/client';
import { useFormat } from '../../../app/format';
import { useSession } from '../../../app/session';
import { type FormFieldDef, FormFields, type FormMode } from '../../../blocks/FormFields';
import { type FieldErrors, validateWith } from '../../../blocks/form-issues';
import { errorMessage } from '../../../blocks/save-file';
import { useTexts } from '../../../i18n/texts';
import { userTexts } from '../texts';

interface TenantForm {
  [field: string]: unknown;
  name: string;
  hostingEndTime: number | null;
  parentId: number | null;
}

interface SemiNode {
  key: string;
  value: string;
  label: ReactNode;
  children?: SemiNode[];
}

export function tenantTree(tenants: readonly Tenant[], render: (t: Tenant) => ReactNode): SemiNode[] {
  const ids = new Set(tenants.map((t) => t.id));
  const build = (parentId: number | null): SemiNode[] =>
    tenants
      .filter((t) =>
        parentId === null ? t.parentId === null || !ids.has(t.parentId) : t.parentId === parentId,
      )
      .map((t) => {
        const children = build(t.id);
        return {
          key: String(t.id),
          value: String(t.id),
          label: render(t),
          ...(children.length ? { children } : {}),
        };
      });
  return build(null);
}

const validateTenant = (form: TenantForm): FieldErrors => validateWith(createTenantBody, form);

export function TenantTree({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (tenant: Tenant | null) => void;
}) {
  const t = useTexts(userTexts);
  const fmt = useFormat();
  const queries = useQueries();
  const mutations = useMutations();
  // A tenant's change refreshes the users area (the tenant tree, its users and roles).
  const createTenant = useMutation(mutations.users.createTenant());
  const updateTenant = useMutation(mutations.users.updateTenant());
  const deleteTenant = useMutation(mutations.users.deleteTenant());
  const session = useSession();
  const canManage = session.permissions.has('tenant_manage');
  const root = session.user?.root ?? false;
  const tenants = useQuery(queries.users.tenants());
  const [dialog, setDialog] = useState<{ mode: FormMode; id: number | null; values: TenantForm } | null>(
    null,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const saving = createTenant.isPending || updateTenant.isPending;
  const list = tenants.data ?? [];
  const current = list.find((x) => x.id === selected) ?? null;

  const fields: FormFieldDef<TenantForm>[] = [
    { field: 'name', label: t('tenantName'), type: 'text', required: true },
    { field: 'hostingEndTime', label: t('hostingEndTime'), type: 'date' },
    {
      field: 'parentId',
      label: t('parentTenant'),
      type: 'select',
      disabled: () => !root,
      options: [...list.filter((x) => x.id !== dialog?.id).map((x) => ({ value: x.id, label: x.name }))],
      placeholder: t('topLevel'),
    },
  ];

  const save = async () => {
    if (!dialog) return;
    const found = validateTenant(dialog.values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = {
        name: dialog.values.name,
        hostingEndTime: dialog.values.hostingEndTime,
        parentId: dialog.values.parentId,
      };
      const saved =
        dialog.mode === 'create' || dialog.id === null
          ? await createTenant.mutateAsync({ body })
          : await updateTenant.mutateAsync({ body: { id: dialog.id, ...body } });
      Toast.success(t('saved'));
      setDialog(null);
      onSelect(saved);
    } catch (error) {
      Toast.error(errorMessage(error, t('saved')));
    }
  };

  const remove = () => {
    if (!current) return;
    Modal.confirm({
      title: t('deleteTenant'),
      content: t('deleteTenantConfirm', { name: current.name }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { type: 'danger' },
      onOk: async () => {
        try {
          await deleteTenant.mutateAsync({ query: { id: current.id } });
          onSelect(null);
        } catch (error) {
          Toast.error(errorMessage(error, t('deleteTenant')));
        }
      },
    });
  };

  const label = (x: Tenant) => (
    <span style={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.35 }}>
      <span>{x.name}</span>
      <Typography.Text type="tertiary" size="small">
        {t('projectsUntil', { count: x.hostedProjects, date: fmt.time(x.hostingEndTime, 'YYYY-MM-DD') })}
      </Typography.Text>
    </span>
  );

  return (
    <div>
      {canManage && (
        <Space wrap spacing={4} style={{ marginBottom: 8 }}>
          <Button
            size="small"
            icon={<IconPlus />}
            onClick={() => {
              setErrors({});
              setDialog({
                mode: 'create',
                id: null,
                values: {
                  name: '',
                  hostingEndTime: null,
                  parentId: root ? (current?.id ?? null) : (current?.id ?? session.user?.tenantId ?? null),
                },
              });
            }}
          >
            {t('add')}
          </Button>
          <Button
            size="small"
            icon={<IconEdit />}
            disabled={!current}
            onClick={() => {
              if (!current) return;
              setErrors({});
              setDialog({
                mode: 'edit',
                id: current.id,
                values: {
                  name: current.name,
                  hostingEndTime: current.hostingEndTime,
                  parentId: current.parentId,
                },
              });
            }}
          >
            {t('edit')}
          </Button>
          <Button size="small" type="danger" icon={<IconDelete />} disabled={!current} onClick={remove}>
            {t('delete')}
          </Button>
        </Space>
      )}
      {tenants.isPending ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t('noData')} />
      ) : (
        <Tree
          aria-label={t('tenants')}
          treeData={tenantTree(list, label)}
          expandAll
          motion={false}
          value={selected === null ? undefined : String(selected)}
          onChange={(key) => onSelect(list.find((x) => String(x.id) === key) ?? null)}
        />
      )}
      {dialog && (
        <Modal
          visible
          title={dialog.mode === 'create' ? t('addTenant') : t('editTenant')}
          okText={t('save')}
          cancelText={t('cancel')}
          confirmLoading={saving}
          onOk={() => void save()}
          onCancel={() => setDialog(null)}
          maskClosable={false}
        >
          <FormFields
            idPrefix="eem-tenant"
            fields={fields}
            values={dialog.values}
            mode={dialog.mode}
            errors={errors}
            onChange={(field, value) =>
              setDialog({ ...dialog, values: { ...dialog.values, [field]: value } })
            }
          />
        </Modal>
      )}
    </div>
  );
}
