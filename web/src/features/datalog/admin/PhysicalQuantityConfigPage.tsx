/**
 * /physicalQuantityConfig: the tenant's physical quantities as a ledger (datalog.quantities,
 * keyword on name, English name or unit, paged): data id, names, unit, energy type,
 * cumulative or instantaneous, aggregation, decimals and the node types linked to it
 * (datalog.models). Add, edit (the data id stays) and delete (the server refuses a quantity
 * that points measure, and the toast says so) need nodeconfig_update; without it the ledger
 * only reads. A ledger description: the rules are the contract's quantity body.
 */
import { Typography } from '@douyinfe/semi-ui-19';
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
      // Fits 1440 px without squeezing a header: the English name under the name.
      columns: [
        { key: 'dataId', width: 80 },
        {
          key: 'name',
          width: 160,
          render: (r) => (
            <span>
              {r.name}
              {r.enName && (
                <>
                  <br />
                  <Typography.Text type="tertiary" size="small">
                    {r.enName}
                  </Typography.Text>
                </>
              )}
            </span>
          ),
        },
        { key: 'unit', width: 70, render: (r) => r.unit || '--' },
        { key: 'energyType', width: 110 },
        { key: 'kind', width: 130 },
        { key: 'aggregation', width: 130 },
        { key: 'decimals', width: 110 },
        { key: 'deviceTypes', width: 130 },
        { key: 'pointCount', label: t('pointCount'), width: 80, align: 'right' },
      ],
      create: { endpoint: endpointKey('datalog', 'createQuantity') },
      update: { endpoint: endpointKey('datalog', 'updateQuantity') },
      remove: { endpoint: endpointKey('datalog', 'deleteQuantity'), input: (r) => ({ query: { id: r.id } }) },
      writePermission: 'nodeconfig_update',
      invalidates: [endpointKey('datalog', 'models'), endpointKey('datalog', 'points')],
      dialogTitle: (mode) => (mode === 'create' ? t('createQuantity') : t('editQuantity')),
    });
  }, [t, language, models.data]);
  return <LedgerScreen description={description} />;
}
