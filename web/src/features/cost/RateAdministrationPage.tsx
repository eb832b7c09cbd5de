/**
 * /rateadministration (screens.md §2.8, family SCH): the project's rate schemes: name (≤ 20),
 * energy type, rate type (single, time of use, tiered, seasonal, basic by capacity or demand,
 * power-factor adjustment), the time-of-use scheme a TOU rate prices (metering.schemes, the
 * schemes of /timesharingconfig), and effective-dated versions with their prices and status
 * chips (components/RateVersionsField.tsx). The rules are the contract's (the form is
 * validated with its schema, the server's refusals land at their field); a scheme still used
 * by an accounting scheme is not deleted (the server's message). Writes need cost_update.
 */
import { Space, Typography } from '@douyinfe/semi-ui-19';
import type { Rate } from '@eem/contract';
import { RATE_TYPE_NAMES, RATE_TYPES, type RateType } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, useTimeZone } from '../../app/format';
import { useMayOpen } from '../../app/may-open';
import { useEndpointQuery } from '../../blocks/data';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { StatusChip } from './common';
import { emptyRateVersion, RateVersionsField } from './components/RateVersionsField';
import { priceText } from './cost-model';
import { costTexts } from './texts';

type Filters = { keyword: string; rateType?: RateType };
type Version = Rate['versions'][number];

/** A version's prices in one line ('0.65', 'sharp 1.2 / peak 0.9 …', '≤1000: 0.5 / 0.8'). */
function pricesText(rateType: RateType, v: Version, band: (i: number) => string): string {
  switch (rateType) {
    case 'tou':
      return (v.bandPrices ?? []).map((b) => `${band(b.band - 1)} ${priceText(b.price)}`).join(' / ');
    case 'tiered':
      return (v.tiers ?? [])
        .map((x) => `${x.upTo === null ? '∞' : `≤${x.upTo}`}: ${priceText(x.price)}`)
        .join(' / ');
    case 'seasonal':
      return (v.seasons ?? []).map((s) => `${s.months.join(',')}: ${priceText(s.price)}`).join(' / ');
    case 'powerFactor':
      return v.pfStandard === null ? '--' : v.pfStandard.toFixed(2);
    default:
      return priceText(v.price);
  }
}

export function RateAdministrationPage() {
  const t = useTexts(costTexts);
  const { language } = useLanguage();
  const { timeZone } = useTimeZone();
  const mayOpen = useMayOpen();
  const tou = useEndpointQuery(endpointKey('metering', 'schemes'), {});
  const today = formatDate(Date.now(), 'YYYY-MM-DD', timeZone);

  const description = useMemo(() => {
    const touOptions = (tou.data ?? []).map((s) => ({ value: s.id, label: s.name }));
    const typeName = (type: string) => RATE_TYPE_NAMES[type as RateType]?.[language === 'zh' ? 0 : 1] ?? type;
    const band = (i: number) => t((['sharp', 'peak', 'flat', 'valley'] as const)[i] ?? 'flat');
    return defineLedger({
      title: t('rateTitle'),
      rowKey: (r: Rate) => r.id,
      rowName: (r) => r.name,
      list: {
        endpoint: endpointKey('cost', 'rates'),
        input: (f: Filters, page) => ({
          body: { keyword: f.keyword, ...(f.rateType ? { rateType: f.rateType } : {}), page },
        }),
      },
      filters: { fields: [{ field: 'keyword', label: t('name'), type: 'text' }, 'rateType'] },
      fields: {
        name: { label: t('name') },
        energyType: { label: t('energyType'), energyType: true },
        rateType: {
          label: t('rateType'),
          type: 'select',
          options: RATE_TYPES.map((r) => ({ value: r, label: typeName(r) })),
          optionLabel: (v) => typeName(String(v)),
          empty: 'flat',
        },
        touSchemeId: {
          label: t('touScheme'),
          type: 'select',
          options: touOptions,
          fromRow: (r) => r.touScheme?.id ?? null,
          help:
            touOptions.length === 0 ? (
              <Space>
                <Typography.Text type="tertiary" size="small">
                  {t('noTouSchemes')}
                </Typography.Text>
                {mayOpen('/timesharingconfig') && <Link to="/timesharingconfig">{t('openTouSchemes')}</Link>}
              </Space>
            ) : undefined,
        },
        versions: {
          label: t('versions'),
          empty: [emptyRateVersion('flat', today)],
          fromRow: (r) => r.versions.map(({ status: _status, id: _id, ...v }) => v),
          render: (a) => <RateVersionsField {...a} today={today} />,
        },
      },
      columns: [
        { key: 'name', width: 150 },
        { key: 'energyType', width: 110, render: (r) => r.energyTypeName },
        { key: 'rateType', width: 160, render: (r) => r.rateTypeName },
        { key: 'touSchemeId', width: 130, render: (r) => r.touScheme?.name ?? '--' },
        {
          key: 'versions',
          width: 580,
          render: (r) => (
            <div>
              {r.versions.map((v) => (
                <div key={v.id}>
                  <StatusChip status={v.status}>
                    {`${v.effectiveFrom} ~ ${v.effectiveTo ?? '--'} · ${pricesText(r.rateType, v, band)}`}
                  </StatusChip>
                </div>
              ))}
            </div>
          ),
        },
        {
          key: 'usedBy',
          label: t('usedBy'),
          width: 160,
          render: (r) => r.usedBy.map((u) => u.name).join(', ') || '--',
        },
      ],
      create: { endpoint: endpointKey('cost', 'createRate') },
      update: { endpoint: endpointKey('cost', 'updateRate') },
      remove: { endpoint: endpointKey('cost', 'deleteRate'), input: (r) => ({ query: { id: r.id } }) },
      writePermission: 'cost_update',
      invalidates: [areaKey('cost')],
      dialogWidth: 1100,
    });
  }, [t, language, tou.data, today, mayOpen]);
  return <LedgerScreen description={description} />;
}
