/**
 * /physicalQuantityConfig: the tenant's physical quantities as a ledger (datalog.quantities,
 * keyword on name, English name or unit, paged): data id, names, unit, energy type,
 * cumulative or instantaneous, aggregation, decimals and the node types linked to it
 * (datalog.models). Add, edit (the data id stays) and delete (the server refuses a quantity
 * that points measure, and the toast says so) need nodeconfig_update; without it the ledger
 * only reads. A ledger description: the rules are the contract's quantity body.
 */
import { IconClose } from '@douyinfe/semi-icons';
import { Button, Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import { catalogue, type PhysicalQuantity } from '@eem/contract';
import { useMemo } from 'react';
import { formatLabel } from '../../../app/format';
import { useEndpointQuery } from '../../../blocks/data';
import { EnergyTypeSelect, useEnergyTypeOptions } from '../../../blocks/EnergyTypeSelect';
import { defineLedger, LedgerScreen } from '../../../blocks/ledger/ledger';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { adminTexts } from './texts';

export function PhysicalQuantityConfigPage() {
  const t = useTexts(adminTexts);
  const { language } = useLanguage();
  const models = useEndpointQuery(catalogue.datalog.models, {});
  const { options: energyTypes } = useEnergyTypeOptions();
  const description = useMemo(() => {
    const modelName = new Map((models.data ?? []).map((m) => [m.modelLabel, formatLabel(m, language)]));
    const energyName = (type: number | null) =>
      type === null
        ? t('anyEnergyType')
        : (energyTypes.find((e) => e.energyType === type)?.name ?? `#${type}`);
    return defineLedger({
      title: t('quantityTitle'),
      rowKey: (r: PhysicalQuantity) => r.id,
      rowName: (r) => r.name,
      list: {
        endpoint: catalogue.datalog.quantities,
        input: (f: { keyword: string }, page) => ({ body: { keyword: f.keyword.trim(), page } }),
      },
      filters: {
        initial: { keyword: '' },
        fields: [{ field: 'keyword', label: t('keyword'), type: 'text', width: 240 }],
      },
      fields: {
        dataId: { label: t('dataId'), fixedOnEdit: true },
        name: { label: t('name') },
        enName: { label: t('enName') },
        unit: { label: t('unit') },
        energyType: {
          label: t('energyType'),
          render: ({ value, onChange }) => (
            <Space spacing={4}>
              <EnergyTypeSelect
                value={typeof value === 'number' ? value : null}
                onChange={(type) => onChange(type)}
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
        kind: {
          label: t('kind'),
          optionLabel: (k) => t(`kind.${k as PhysicalQuantity['kind']}`),
          empty: 'instantaneous',
        },
        aggregation: {
          label: t('aggregation'),
          optionLabel: (a) => t(`aggregation.${a as PhysicalQuantity['aggregation']}`),
          empty: 'avg',
        },
        decimals: { label: t('decimals'), empty: 2 },
        deviceTypes: {
          label: t('deviceTypes'),
          options: [...modelName].map(([value, label]) => ({ value, label })),
          empty: ['meter'],
        },
      },
      columns: [
        { key: 'dataId', width: 90 },
        { key: 'name', width: 140 },
        { key: 'enName', render: (r) => r.enName || '--' },
        { key: 'unit', width: 80, render: (r) => r.unit || '--' },
        { key: 'energyType', width: 120, render: (r) => energyName(r.energyType) },
        { key: 'kind', width: 150 },
        'aggregation',
        'decimals',
        {
          key: 'deviceTypes',
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
        { key: 'pointCount', label: t('pointCount'), width: 80 },
      ],
      create: { endpoint: catalogue.datalog.createQuantity },
      update: { endpoint: catalogue.datalog.updateQuantity },
      remove: { endpoint: catalogue.datalog.deleteQuantity, input: (r) => ({ query: { id: r.id } }) },
      writePermission: 'nodeconfig_update',
      invalidates: [catalogue.datalog.models, catalogue.datalog.points],
      dialogTitle: (mode) => (mode === 'create' ? t('createQuantity') : t('editQuantity')),
      actionsWidth: 160,
    });
  }, [t, language, models.data, energyTypes]);
  return <LedgerScreen description={description} />;
}
