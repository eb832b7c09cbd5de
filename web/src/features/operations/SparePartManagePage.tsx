/**
 * /sparepartManage: spare parts (name, model, unit, type, supplier, phone, safety stock, price,
 * devices they fit) as a ledger with stock in and out per part, and the stock moves.
 */
import { Button, TabPane, Tabs, Tag } from '@douyinfe/semi-ui-19';
import type { SparePart } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import { useFormat } from '../../app/format';
import { useSession } from '../../app/session';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { useDeviceOptions, useTemplateOptions } from './components/options';
import { StockDialog } from './components/StockDialog';
import { StockMoves } from './components/StockMoves';
import { opsTexts } from './texts';

export function SparePartManagePage() {
  const t = useTexts(opsTexts);
  const fmt = useFormat();
  const { permissions } = useSession();
  const devices = useDeviceOptions();
  const templates = useTemplateOptions();
  const [moving, setMoving] = useState<{ part: SparePart; kind: 'in' | 'out' } | null>(null);
  const canWrite = permissions.has('sparepart_update');

  const description = useMemo(
    () =>
      defineLedger({
        title: t('spareParts'),
        rowKey: (p: SparePart) => p.id,
        rowName: (p) => p.name,
        list: {
          endpoint: endpointKey('devices', 'spareParts'),
          input: (f: { keyword: string; templateId: number | null }, page) => ({
            body: {
              keyword: f.keyword,
              belowSafetyOnly: false,
              ...(f.templateId !== null ? { templateId: f.templateId } : {}),
              page,
            },
          }),
        },
        filters: {
          fields: [
            { field: 'keyword', label: t('keyword'), type: 'text' },
            { field: 'templateId', label: t('deviceType'), type: 'select', options: templates },
          ],
        },
        fields: {
          name: { label: t('name') },
          model: { label: t('model') },
          unit: { label: t('unit') },
          templateId: { label: t('deviceType'), options: templates },
          supplier: { label: t('supplier') },
          contactPhone: { label: t('contactPhone') },
          safetyStock: { label: t('safetyStock') },
          price: { label: t('price') },
          stock: { label: t('initialStock'), fixedOnEdit: true, empty: 0 },
          deviceIds: { label: t('fits'), options: devices, fromRow: (p) => p.devices.map((d) => d.id) },
        },
        columns: [
          { key: 'name', width: 150 },
          { key: 'model', width: 120 },
          { key: 'templateId', label: t('deviceType'), width: 120, render: (p) => p.templateName || '--' },
          { key: 'supplier', width: 140 },
          {
            key: 'stock',
            label: t('stock'),
            width: 150,
            render: (p) => (
              <span>
                {p.stock} {p.unit}{' '}
                {p.belowSafety && (
                  <Tag color="red" size="small">
                    {t('belowSafety')}
                  </Tag>
                )}
              </span>
            ),
          },
          { key: 'safetyStock', width: 100 },
          { key: 'price', width: 90, render: (p) => fmt.number(p.price) },
          { key: 'value', label: t('value'), width: 110, align: 'right', render: (p) => fmt.number(p.value) },
          { key: 'deviceIds', width: 180, render: (p) => p.devices.map((d) => d.name).join(', ') || '--' },
        ],
        create: { endpoint: endpointKey('devices', 'createSparePart') },
        update: { endpoint: endpointKey('devices', 'updateSparePart') },
        remove: {
          endpoint: endpointKey('devices', 'deleteSparePart'),
          input: (p) => ({ query: { id: p.id } }),
        },
        writePermission: 'sparepart_update',
        invalidates: [endpointKey('devices', 'stockMoves')],
        dialogWidth: 640,
        actionsWidth: 230,
        ...(canWrite
          ? {
              rowActions: (p: SparePart) => (
                <>
                  <Button size="small" theme="borderless" onClick={() => setMoving({ part: p, kind: 'in' })}>
                    {t('stockIn')}
                  </Button>
                  <Button
                    size="small"
                    theme="borderless"
                    disabled={p.stock === 0}
                    onClick={() => setMoving({ part: p, kind: 'out' })}
                  >
                    {t('stockOut')}
                  </Button>
                </>
              ),
            }
          : {}),
      }),
    [t, fmt, devices, templates, canWrite],
  );
  return (
    <>
      <Tabs type="line" keepDOM={false}>
        <TabPane tab={t('spareParts')} itemKey="parts">
          <LedgerScreen description={description} />
        </TabPane>
        {permissions.has('ops_sparepartManage') && (
          <TabPane tab={t('stockMoves')} itemKey="moves">
            <div className="eem-page">
              <StockMoves t={t} />
            </div>
          </TabPane>
        )}
      </Tabs>
      {moving && <StockDialog part={moving.part} kind={moving.kind} t={t} onClose={() => setMoving(null)} />}
    </>
  );
}
