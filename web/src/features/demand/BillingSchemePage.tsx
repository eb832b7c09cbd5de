/**
 * /billingscheme (screens.md §2.6, family SCH): basic-charge billing schemes: name (≤ 20), the
 * power-factor standard, the time-of-use scheme that splits the kWh, effective-dated versions
 * (methods, capacity and demand prices, over-declaration threshold and multiplier, band
 * prices; status chips) and the bound inlets; below, the advice (diagnosis.billingAdvice): per
 * inlet the last 12 months costed both ways, the recommended method and its saving, each
 * figure with the totals it comes from.
 */
import { Card, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { BillingScheme } from '@eem/contract';
import { areaKey, endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { useTimeZone } from '../../app/format';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { errorMessage } from '../../blocks/save-file';
import { useTexts } from '../../i18n/texts';
import { monthText, useInlets, yuan } from './common';
import { emptyVersion, VersionsField } from './components/VersionsField';
import { demandTexts } from './texts';

type Filters = { keyword: string };

const STATUS_COLORS = { inEffect: 'green', notInEffect: 'blue', expired: 'grey' } as const;

export function BillingSchemePage() {
  const t = useTexts(demandTexts);
  const { timeZone } = useTimeZone();
  const inlets = useInlets();
  const tou = useEndpointQuery(endpointKey('metering', 'schemes'), {});
  const thisMonth = monthText(Date.now(), timeZone);

  const description = useMemo(() => {
    const inletOptions = (inlets.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }));
    const touOptions = (tou.data ?? []).map((s) => ({ value: s.id, label: s.name }));
    const pfOptions = [
      { value: 0.9, label: '0.90' },
      { value: 0.85, label: '0.85' },
      { value: 0.8, label: '0.80' },
    ];
    const methodText = (m: string) => (m === 'capacity' ? t('capacityMethod') : t('demandMethod'));
    return defineLedger({
      title: t('schemeTitle'),
      rowKey: (r: BillingScheme) => r.id,
      rowName: (r) => r.name,
      list: {
        endpoint: endpointKey('demand', 'billingSchemes'),
        input: (f: Filters) => ({ body: { keyword: f.keyword } }),
        local: true,
      },
      filters: { fields: [{ field: 'keyword', label: t('name'), type: 'text' }] },
      fields: {
        name: { label: t('name') },
        pfStandard: {
          label: t('standard'),
          type: 'select',
          options: pfOptions,
          nullLabel: t('pfStandardNone'),
          empty: 0.9,
        },
        touSchemeId: {
          label: t('touScheme'),
          type: 'select',
          options: touOptions,
          fromRow: (r) => r.touScheme?.id ?? null,
        },
        versions: {
          label: t('versions'),
          empty: [emptyVersion(thisMonth)],
          fromRow: (r) =>
            r.versions.map(({ status: _status, ...v }) => ({ ...v, energyPrices: { ...v.energyPrices } })),
          render: (a) => <VersionsField {...a} thisMonth={thisMonth} />,
        },
        inletIds: {
          label: t('inlets'),
          type: 'multiSelect',
          options: inletOptions,
          empty: [],
          fromRow: (r) => r.inlets.map((i) => i.id),
        },
      },
      columns: [
        { key: 'name', width: 150 },
        {
          key: 'pfStandard',
          width: 100,
          render: (r) => (r.pfStandard === null ? t('pfStandardNone') : r.pfStandard.toFixed(2)),
        },
        { key: 'touSchemeId', width: 130, render: (r) => r.touScheme?.name ?? '--' },
        {
          key: 'versions',
          width: 420,
          render: (r) => (
            <span>
              {r.versions.map((v) => (
                <Tag
                  key={v.from}
                  color={STATUS_COLORS[v.status]}
                  style={{ marginRight: 4 }}
                  data-status={v.status}
                >
                  {`${v.from} ~ ${v.to ?? '--'} · ${v.methods.map(methodText).join('/')} · ${t(v.status)}`}
                </Tag>
              ))}
            </span>
          ),
        },
        { key: 'inletIds', width: 220, render: (r) => r.inlets.map((i) => i.name).join(', ') || '--' },
      ],
      create: { endpoint: endpointKey('demand', 'createBillingScheme') },
      update: { endpoint: endpointKey('demand', 'updateBillingScheme') },
      remove: {
        endpoint: endpointKey('demand', 'deleteBillingScheme'),
        input: (r) => ({ query: { id: r.id } }),
      },
      writePermission: 'demandconfig_update',
      invalidates: [endpointKey('demand', 'inlets'), areaKey('bills')],
      dialogWidth: 1100,
    });
  }, [t, inlets.data, tou.data, thisMonth]);
  return (
    <>
      <LedgerScreen description={description} />
      <div className="eem-page" style={{ paddingTop: 0 }}>
        <BillingAdvice />
      </div>
    </>
  );
}

/** Per inlet: the last 12 months both ways and the recommendation (diagnosis.billingAdvice). */
function BillingAdvice() {
  const t = useTexts(demandTexts);
  const advice = useEndpointQuery(endpointKey('bills', 'billingAdvice'), { body: {} });
  const rows = advice.data ?? [];
  type Row = (typeof rows)[number];
  const method = (m: string) => (m === 'capacity' ? t('byCapacity') : t('byDemand'));
  return (
    <Card title={t('advice')} style={{ width: '100%' }} data-testid="billing-advice">
      {advice.isError ? (
        <Typography.Text type="danger">
          {t('loadFailed', { message: errorMessage(advice.error, '') })}
        </Typography.Text>
      ) : (
        <DataTable<Row>
          aria-label={t('advice')}
          loading={advice.isPending}
          rows={rows}
          rowKey={(r) => r.inlet.id}
          columns={[
            { key: 'inlet', title: t('inlets'), width: 160, render: (r) => r.inlet.name },
            {
              key: 'months',
              title: t('month'),
              width: 150,
              render: (r) => monthSpan(r.months.map((m) => m.month)),
            },
            {
              key: 'capacityTotal',
              title: t('capacityTotal'),
              align: 'right',
              render: (r) => yuan(r.capacityTotal),
            },
            {
              key: 'demandTotal',
              title: t('demandTotal'),
              align: 'right',
              render: (r) => yuan(r.demandTotal),
            },
            { key: 'currentMethod', title: t('billingMethod'), render: (r) => method(r.currentMethod) },
            {
              key: 'recommendedMethod',
              title: t('recommend'),
              render: (r) => (
                <Tag color={r.recommendedMethod === r.currentMethod ? 'green' : 'orange'}>
                  {method(r.recommendedMethod)}
                </Tag>
              ),
            },
            { key: 'saving', title: t('savingYuan'), align: 'right', render: (r) => yuan(r.saving) },
          ]}
        />
      )}
    </Card>
  );
}

function monthSpan(months: readonly string[]): string {
  if (months.length === 0) return '--';
  return `${months[0]} ~ ${months[months.length - 1]}`;
}
