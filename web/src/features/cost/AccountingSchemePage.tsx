/**
 * /accountingscheme (screens.md §2.8, family SCH): accounting schemes: name (≤ 20), the
 * accounting objects (nodes of the tree, each in one scheme only), per energy type the rate
 * scheme and for electricity the basic and power-factor rates (components/SchemeRatesField),
 * the fee items included, other fees per object and month, an optional apportionment scheme
 * (the schemes of /shareSchemeConfig) and the cycle. Per row: "Bind nodes" replaces the objects
 * (cost.bindNodes) and "Preview" shows this month's results (cost.results: a preview when the
 * month is not calculated). The contract's rules and messages at their fields; a scheme with
 * objects is not deleted (the server's message). Writes need cost_update.
 */
import { Button, Input, InputNumber, Modal, Space, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { AccountingScheme, Rate } from '@eem/contract';
import {
  ACCOUNTING_CYCLES,
  COST_LIMITS,
  FEE_ITEM_NAMES,
  FEE_ITEMS,
  type FeeItem,
  PAGE_LIMIT_MAX,
} from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import { useTimeZone } from '../../app/format';
import { errorMessage } from '../../app/query-client';
import { useSession } from '../../app/session';
import { useEndpointMutation, useEndpointQuery } from '../../blocks/data';
import type { CustomFieldArgs, FormValues } from '../../blocks/FormFields';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { monthText } from '../demand/common';
import { CostResults } from './components/CostResults';
import { ObjectsPicker, type ObjectValue } from './components/ObjectsField';
import { SchemeRatesField } from './components/SchemeRatesField';
import { useShareSchemeOptions } from './share-schemes';
import { costTexts } from './texts';

type Filters = { keyword: string };

const objectsOf = (r: AccountingScheme): ObjectValue[] =>
  r.objects.map((o) => ({
    node: { id: o.node.id, modelLabel: o.node.modelLabel },
    basicQuantity: o.basicQuantity,
  }));

/** Other fees per object and month: name and amount (yuan). */
function OtherFeesField({ value, onChange }: CustomFieldArgs<FormValues>) {
  const t = useTexts(costTexts);
  const fees = (Array.isArray(value) ? value : []) as { name: string; amount: number }[];
  const set = (i: number, patch: Partial<(typeof fees)[number]>) =>
    onChange(fees.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <Space vertical align="start" spacing={4}>
      {fees.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fees are edited in place by position
        <Space key={i} spacing={6}>
          <Input
            aria-label={`${t('feeName')} ${i + 1}`}
            size="small"
            style={{ width: 180 }}
            value={f.name}
            placeholder={t('feeName')}
            onChange={(name) => set(i, { name })}
          />
          <InputNumber
            aria-label={`${t('amount')} ${i + 1}`}
            size="small"
            hideButtons
            min={0}
            max={COST_LIMITS.amountMax}
            precision={2}
            style={{ width: 140 }}
            value={f.amount}
            onChange={(n) => set(i, { amount: typeof n === 'number' ? n : Number(n) || 0 })}
          />
          <Button
            size="small"
            theme="borderless"
            type="danger"
            onClick={() => onChange(fees.filter((_f, j) => j !== i))}
          >
            {t('removeVersion')}
          </Button>
        </Space>
      ))}
      <Button
        size="small"
        disabled={fees.length >= COST_LIMITS.otherFees}
        onClick={() => onChange([...fees, { name: '', amount: 0 }])}
      >
        {t('addFee')}
      </Button>
    </Space>
  );
}

/** Replaces a scheme's objects (cost.bindNodes). */
function BindDialog({ scheme, onClose }: { scheme: AccountingScheme; onClose: () => void }) {
  const t = useTexts(costTexts);
  const [objects, setObjects] = useState<ObjectValue[]>(objectsOf(scheme));
  const bind = useEndpointMutation(endpointKey('cost', 'bindNodes'), { invalidates: [areaKey('cost')] });
  return (
    <Modal
      visible
      title={`${t('bindNodes')} · ${scheme.name}`}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={bind.isPending}
      onOk={() =>
        bind.mutate(
          { body: { id: scheme.id, objects } },
          {
            onSuccess: () => {
              Toast.success(t('saved'));
              onClose();
            },
            onError: (e) => Toast.error(errorMessage(e)),
          },
        )
      }
      width={520}
    >
      <Typography.Text type="tertiary">{t('objectsCount', { n: objects.length })}</Typography.Text>
      <ObjectsPicker value={objects} onChange={setObjects} height={420} />
    </Modal>
  );
}

/** This month's results of a scheme (a preview when not calculated). */
function PreviewDialog({ scheme, onClose }: { scheme: AccountingScheme; onClose: () => void }) {
  const t = useTexts(costTexts);
  const { timeZone } = useTimeZone();
  const month = monthText(Date.now(), timeZone);
  const results = useEndpointQuery(endpointKey('cost', 'results'), { body: { schemeId: scheme.id, month } });
  return (
    <Modal
      visible
      title={t('previewOf', { name: scheme.name, month })}
      onCancel={onClose}
      footer={null}
      width={1280}
    >
      <div data-testid="scheme-preview">
        {results.isError ? (
          <Typography.Text type="danger">
            {t('loadFailed', { message: errorMessage(results.error) })}
          </Typography.Text>
        ) : results.data ? (
          <CostResults data={results.data} />
        ) : (
          <Spin />
        )}
      </div>
    </Modal>
  );
}

export function AccountingSchemePage() {
  const t = useTexts(costTexts);
  const { language } = useLanguage();
  const { permissions } = useSession();
  const canWrite = permissions.has('cost_update');
  const rates = useEndpointQuery(endpointKey('cost', 'rates'), {
    body: { keyword: '', page: { index: 0, limit: PAGE_LIMIT_MAX } },
  });
  const shareOptions = useShareSchemeOptions();
  const [binding, setBinding] = useState<AccountingScheme | null>(null);
  const [previewing, setPreviewing] = useState<AccountingScheme | null>(null);

  const description = useMemo(() => {
    const rateList: readonly Rate[] = rates.data?.list ?? [];
    const feeName = (f: string) => FEE_ITEM_NAMES[f as FeeItem]?.[language === 'zh' ? 0 : 1] ?? f;
    return defineLedger({
      title: t('schemeTitle'),
      rowKey: (r: AccountingScheme) => r.id,
      rowName: (r) => r.name,
      list: {
        endpoint: endpointKey('cost', 'schemes'),
        input: (f: Filters, page) => ({ body: { keyword: f.keyword, page } }),
      },
      filters: { fields: [{ field: 'keyword', label: t('name'), type: 'text' }] },
      fields: {
        name: { label: t('name') },
        rates: {
          label: t('rates'),
          empty: [],
          fromRow: (r) =>
            r.rates.map((x) => ({
              energyType: x.energyType,
              rateId: x.rate.id,
              basicRateId: x.basicRate?.id ?? null,
              pfRateId: x.pfRate?.id ?? null,
            })),
          render: (a) => <SchemeRatesField {...a} rates={rateList} />,
        },
        feeItems: {
          label: t('feeItems'),
          type: 'multiSelect',
          options: FEE_ITEMS.map((f) => ({ value: f, label: feeName(f) })),
          optionLabel: (v) => feeName(String(v)),
          empty: ['energy', 'basic', 'powerFactor'],
        },
        otherFees: {
          label: t('otherFees'),
          empty: [],
          render: (a) => <OtherFeesField {...a} />,
        },
        shareSchemeId: {
          label: t('shareScheme'),
          type: 'select',
          options: shareOptions,
          fromRow: (r) => r.shareScheme?.id ?? null,
        },
        cycle: {
          label: t('cycle'),
          type: 'select',
          options: ACCOUNTING_CYCLES.map((c) => ({ value: c, label: t(`cycle_${c}`) })),
          optionLabel: (v) => t(`cycle_${v as (typeof ACCOUNTING_CYCLES)[number]}`),
          empty: 'month',
        },
        objects: {
          label: t('objects'),
          empty: [],
          fromRow: objectsOf,
          render: (a) => (
            <ObjectsPicker
              value={(Array.isArray(a.value) ? a.value : []) as ObjectValue[]}
              onChange={a.onChange}
            />
          ),
        },
        remark: { label: t('remark') },
      },
      columns: [
        { key: 'name', width: 150 },
        {
          key: 'objects',
          width: 220,
          render: (r) =>
            r.objects.length === 0
              ? '--'
              : `${r.objects
                  .slice(0, 3)
                  .map((o) => o.node.name)
                  .join(', ')}${r.objects.length > 3 ? ` … (${r.objects.length})` : ''}`,
        },
        {
          key: 'rates',
          width: 320,
          render: (r) => (
            <div>
              {r.rates.map((x) => (
                <div key={x.energyType}>
                  {`${x.energyTypeName}: ${[x.rate.name, x.basicRate?.name, x.pfRate?.name].filter(Boolean).join(' / ')}`}
                </div>
              ))}
            </div>
          ),
        },
        { key: 'feeItems', width: 200 },
        { key: 'shareSchemeId', width: 140, render: (r) => r.shareScheme?.name ?? '--' },
        { key: 'cycle', width: 90 },
        { key: 'lastMonth', label: t('lastCalculated'), width: 110, render: (r) => r.lastMonth ?? '--' },
      ],
      create: { endpoint: endpointKey('cost', 'createScheme') },
      update: { endpoint: endpointKey('cost', 'updateScheme') },
      remove: { endpoint: endpointKey('cost', 'deleteScheme'), input: (r) => ({ query: { id: r.id } }) },
      writePermission: 'cost_update',
      invalidates: [areaKey('cost')],
      dialogWidth: 1000,
      actionsWidth: 240,
      rowActions: (r) => (
        <>
          {canWrite && (
            <Button size="small" theme="borderless" onClick={() => setBinding(r)}>
              {t('bindNodes')}
            </Button>
          )}
          <Button size="small" theme="borderless" onClick={() => setPreviewing(r)}>
            {t('preview')}
          </Button>
        </>
      ),
    });
  }, [t, language, rates.data, shareOptions, canWrite]);
  return (
    <>
      <LedgerScreen description={description} />
      {binding && <BindDialog scheme={binding} onClose={() => setBinding(null)} />}
      {previewing && <PreviewDialog scheme={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}
