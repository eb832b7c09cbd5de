/**
 * /serviceProject: the maintenance item library (item, device type, content, method, acceptance
 * standard, estimated hours, typical spare parts) as a ledger; plans and templates name items.
 */
import type { MaintenanceItem } from '@eem/contract';
import { msToHours } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { HoursField } from './components/fields';
import { useParts } from './components/options';
import { PartsField } from './components/work-form';
import { opsTexts } from './texts';

export function ServiceProjectPage() {
  const t = useTexts(opsTexts);
  const parts = useParts();
  const description = useMemo(
    () =>
      defineLedger({
        title: t('serviceItems'),
        rowKey: (i: MaintenanceItem) => i.id,
        rowName: (i) => i.name,
        list: {
          endpoint: endpointKey('maintenance', 'items'),
          input: (f: { keyword: string; deviceType: string }, page) => ({
            body: { keyword: f.keyword, deviceType: f.deviceType, page },
          }),
        },
        filters: { fields: [{ field: 'keyword', label: t('keyword'), type: 'text' }, 'deviceType'] },
        fields: {
          name: { label: t('name') },
          deviceType: { label: t('deviceType') },
          content: { label: t('content') },
          method: { label: t('method') },
          standard: { label: t('standard') },
          hours: { label: t('hours'), render: (a) => <HoursField {...a} /> },
          spareParts: { label: t('typicalParts'), render: (a) => <PartsField {...a} t={t} /> },
        },
        columns: [
          { key: 'name', width: 180 },
          { key: 'deviceType', width: 130 },
          { key: 'content', width: 260 },
          { key: 'standard', width: 200 },
          { key: 'hours', width: 110, align: 'right', render: (i) => String(msToHours(i.hours)) },
          {
            key: 'spareParts',
            width: 200,
            render: (i) =>
              i.spareParts
                .map((s) => `${parts.find((p) => p.id === s.partId)?.name ?? `#${s.partId}`} × ${s.quantity}`)
                .join(', ') || '--',
          },
          { key: 'planCount', label: t('planCount'), width: 80, align: 'right' },
        ],
        create: { endpoint: endpointKey('maintenance', 'createItem') },
        update: { endpoint: endpointKey('maintenance', 'updateItem') },
        remove: {
          endpoint: endpointKey('maintenance', 'deleteItem'),
          input: (i) => ({ query: { id: i.id } }),
        },
        writePermission: 'maintenance_update',
        dialogWidth: 640,
      }),
    [t, parts],
  );
  return <LedgerScreen description={description} />;
}
