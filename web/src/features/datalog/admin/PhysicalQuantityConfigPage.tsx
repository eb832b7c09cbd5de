/**
 * /physicalQuantityConfig: the tenant's physical quantities as a ledger (datalog.quantities,
 * keyword on name, English name or unit, paged): data id, names, unit, energy type,
 * cumulative or instantaneous, aggregation, decimals and the node types linked to it
 * (datalog.models). Add, edit (the data id stays) and delete (the server refuses a quantity
 * that points measure, and the toast says so) need nodeconfig_update; without it the ledger
 * only reads.
 */
import { IconClose } from '@douyinfe/semi-icons';
import { Button, Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { PhysicalQuantity } from '@eem/contract';
import { AGGREGATIONS, QUANTITY_KINDS } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useClient, useQueries } from '../../../app/client';
import { useSession } from '../../../app/session';
import { CrudLedger } from '../../../blocks/CrudLedger';
import type { DataColumn } from '../../../blocks/DataTable';
import { EnergyTypeSelect, useEnergyTypeOptions } from '../../../blocks/EnergyTypeSelect';
import type { FormFieldDef } from '../../../blocks/FormFields';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import {
  createQuantityInput,
  emptyQuantityForm,
  type QuantityForm,
  quantityToForm,
  updateQuantityInput,
  validateQuantity,
} from './components/quantity-form';
import { adminTexts } from './texts';

interface QuantityFilters {
  [field: string]: unknown;
  keyword: string;
}

export function PhysicalQuantityConfigPage() {
  const t = useTexts(adminTexts);
  const { language } = useLanguage();
  const queries = useQueries();
  const client = useClient();
  const { permissions } = useSession();
  const canWrite = permissions.has('nodeconfig_update');
  const models = useQuery(queries.datalog.models());
  const { options: energyTypes } = useEnergyTypeOptions();

  const modelName = new Map(
    (models.data ?? []).map((m) => [m.modelLabel, language === 'zh' ? m.label : m.enLabel || m.label]),
  );
  const energyName = new Map(energyTypes.map((e) => [e.energyType, e.name]));
  const kindOptions = QUANTITY_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }));
  const aggregationOptions = AGGREGATIONS.map((a) => ({ value: a, label: t(`aggregation.${a}`) }));

  const columns: DataColumn<PhysicalQuantity>[] = [
    { key: 'dataId', title: t('dataId'), width: 90 },
    { key: 'name', title: t('name'), width: 140 },
    { key: 'enName', title: t('enName'), width: 160, render: (r) => r.enName || '--' },
    { key: 'unit', title: t('unit'), width: 80, render: (r) => r.unit || '--' },
    {
      key: 'energyType',
      title: t('energyType'),
      width: 120,
      render: (r) =>
        r.energyType === null ? t('anyEnergyType') : (energyName.get(r.energyType) ?? `#${r.energyType}`),
    },
    { key: 'kind', title: t('kind'), width: 150, render: (r) => t(`kind.${r.kind}`) },
    {
      key: 'aggregation',
      title: t('aggregation'),
      width: 130,
      render: (r) => t(`aggregation.${r.aggregation}`),
    },
    { key: 'decimals', title: t('decimals'), width: 100, align: 'right' },
    {
      key: 'deviceTypes',
      title: t('deviceTypes'),
      width: 170,
      render: (r) =>
        r.deviceTypes.length === 0 ? (
          '--'
        ) : (
          <Space wrap spacing={4}>
            {r.deviceTypes.map((label) => (
              <Tag key={label} size="small">
                {modelName.get(label) ?? label}
              </Tag>
            ))}
          </Space>
        ),
    },
    { key: 'pointCount', title: t('pointCount'), width: 80, align: 'right' },
  ];

  const fields: FormFieldDef<QuantityForm>[] = [
    {
      field: 'dataId',
      label: t('dataId'),
      type: 'number',
      required: true,
      precision: 0,
      disabled: (_v, mode) => mode === 'edit',
    },
    { field: 'name', label: t('name'), type: 'text', required: true },
    { field: 'enName', label: t('enName'), type: 'text' },
    { field: 'unit', label: t('unit'), type: 'text' },
    {
      field: 'energyType',
      label: t('energyType'),
      type: 'custom',
      render: ({ value, onChange }) => (
        <Space spacing={4}>
          <EnergyTypeSelect
            value={typeof value === 'number' ? value : null}
            onChange={(energyType) => onChange(energyType)}
            style={{ width: 380 }}
          />
          {typeof value === 'number' ? (
            <Button
              theme="borderless"
              icon={<IconClose />}
              aria-label={t('clearEnergyType')}
              title={t('clearEnergyType')}
              onClick={() => onChange(null)}
            />
          ) : (
            <Typography.Text type="tertiary">{t('anyEnergyType')}</Typography.Text>
          )}
        </Space>
      ),
    },
    { field: 'kind', label: t('kind'), type: 'select', required: true, options: kindOptions },
    {
      field: 'aggregation',
      label: t('aggregation'),
      type: 'select',
      required: true,
      options: aggregationOptions,
    },
    { field: 'decimals', label: t('decimals'), type: 'number', required: true },
    {
      field: 'deviceTypes',
      label: t('deviceTypes'),
      type: 'multiSelect',
      options: (models.data ?? []).map((m) => ({
        value: m.modelLabel,
        label: modelName.get(m.modelLabel) ?? m.modelLabel,
      })),
    },
  ];

  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('quantityTitle')}</Typography.Title>
      <CrudLedger<PhysicalQuantity, QuantityForm, QuantityFilters>
        aria-label={t('quantityTitle')}
        initialFilters={{ keyword: '' }}
        filters={[{ field: 'keyword', label: t('keyword'), type: 'text', width: 240 }]}
        query={(f, page) => queries.datalog.quantities({ body: { keyword: f.keyword.trim(), page } })}
        columns={columns}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        canWrite={canWrite}
        actionsWidth={160}
        form={{
          width: 560,
          title: (mode) => (mode === 'create' ? t('createQuantity') : t('editQuantity')),
          empty: emptyQuantityForm,
          fromRow: quantityToForm,
          validate: validateQuantity,
          fields,
        }}
        onCreate={(v) => client.datalog.createQuantity({ body: createQuantityInput(v) })}
        onUpdate={(row, v) => client.datalog.updateQuantity({ body: updateQuantityInput(row, v) })}
        onDelete={(r) => client.datalog.deleteQuantity({ query: { id: r.id } })}
        invalidates={[
          ['datalog', 'models'],
          ['datalog', 'points'],
        ]}
      />
    </div>
  );
}
