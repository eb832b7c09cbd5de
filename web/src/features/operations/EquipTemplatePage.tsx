/**
 * /equiptemplate: device templates (a device type, its parameter definitions and default
 * maintenance items) as a ledger; a device of the type is edited with these parameters.
 */
import type { DeviceTemplate } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { useItemOptions } from './components/options';
import { TemplateParametersField } from './components/TemplateParametersField';
import { opsTexts } from './texts';

export function EquipTemplatePage() {
  const t = useTexts(opsTexts);
  const items = useItemOptions();
  const description = useMemo(
    () =>
      defineLedger({
        title: t('templates'),
        rowKey: (x: DeviceTemplate) => x.id,
        rowName: (x) => x.name,
        // Every template comes at once: filtered by name and paged here.
        list: {
          endpoint: endpointKey('devices', 'templates'),
          input: () => ({ body: { keyword: '' } }),
          local: true,
        },
        filters: { fields: ['name'] },
        fields: {
          name: { label: t('deviceType') },
          parameters: {
            label: t('parameters'),
            empty: [],
            render: (a) => <TemplateParametersField {...a} t={t} />,
          },
          itemIds: { label: t('defaultItems'), options: items },
        },
        columns: [
          { key: 'name', width: 180 },
          {
            key: 'parameters',
            width: 460,
            render: (x) =>
              x.parameters.map((p) => `${p.name}${p.unit ? ` (${p.unit})` : ''}`).join(', ') || '--',
          },
          {
            key: 'itemIds',
            width: 260,
            render: (x) =>
              x.itemIds.map((id) => items.find((i) => i.value === id)?.label ?? `#${id}`).join(', ') || '--',
          },
          { key: 'deviceCount', label: t('deviceCount'), width: 90, align: 'right' },
        ],
        create: { endpoint: endpointKey('devices', 'createTemplate') },
        update: { endpoint: endpointKey('devices', 'updateTemplate') },
        remove: {
          endpoint: endpointKey('devices', 'deleteTemplate'),
          input: (x) => ({ query: { id: x.id } }),
        },
        writePermission: 'device_update',
        invalidates: [endpointKey('devices', 'devices')],
        dialogWidth: 860,
      }),
    [t, items],
  );
  return <LedgerScreen description={description} />;
}
