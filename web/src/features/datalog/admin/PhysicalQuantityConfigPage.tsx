/**
 * /physicalQuantityConfig: the tenant's physical quantities as a ledger (datalog.quantities,
 * keyword on name, English name or unit, paged): data id, names, unit, energy type,
 * cumulative or instantaneous, aggregation, decimals and the node types linked to it
 * (datalog.models). Add, edit (the data id stays) and delete (the server refuses a quantity
 * that points measure, and the toast says so) need nodeconfig_update; without it the ledger
 * only reads. A ledger description: the rules are the contract's quantity body.
 */
import type { PhysicalQuantity } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatLabel } from '../../../app/format';
import { useEndpointQuery } from '../../../blocks/data';
import { defineLedger, LedgerScreen } from '../../../blocks/ledger/ledger';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { adminTexts } from './texts';

export function PhysicalQuantityConfigPage() {
  const t = useTexts(adminTexts);
  const { language } = useLanguage();
  const models = useEndpointQuery(endpointKey('datalog', 'models'), {});
  const description = useMemo(() => {
    const modelName = new Map((models.data ?? []).map((m) => [m.modelLabel, formatLabel(m, language)]));
    return defineLedger({
      title: t('quantityTitle'),
      rowKey: (r: PhysicalQuantity) => r.id,
      rowName: (r) => r.name,
      list: {
        endpoint: endpointKey('datalog', 'quantities'),
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
        energyType: { label: t('energyType'), energyType: true, nullLabel: t('anyEnergyType') },
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
        { key: 'dataId', width: 80 },
        { key: 'name', width: 120 },
        { key: 'enName', width: 130, render: (r) => r.enName || '--' },
        { key: 'unit', width: 70, render: (r) => r.unit || '--' },
        { key: 'energyType', width: 110 },
        { key: 'kind', width: 120 },
        { key: 'aggregation', width: 110 },
        { key: 'decimals', width: 90 },
        { key: 'deviceTypes', width: 150 },
        { key: 'pointCount', label: t('pointCount'), width: 70, align: 'right' },
      ],
      create: { endpoint: endpointKey('datalog', 'createQuantity') },
      update: { endpoint: endpointKey('datalog', 'updateQuantity') },
      remove: { endpoint: endpointKey('datalog', 'deleteQuantity'), input: (r) => ({ query: { id: r.id } }) },
      writePermission: 'nodeconfig_update',
      invalidates: [endpointKey('datalog', 'models'), endpointKey('datalog', 'points')],
      dialogTitle: (mode) => (mode === 'create' ? t('createQuantity') : t('editQuantity')),
      actionsWidth: 120,
    });
  }, [t, language, models.data]);
  return <LedgerScreen description={description} />;
}
