/**
 * /lossSchemeConfig (screens.md §2.11, family SCH; lossshareconfig_browser): loss-share
 * schemes: the loss of a loss object split to downstream nodes by their consumption share or
 * by fixed ratios (summing to 1, shown live), per effective period; a target is never the
 * object's supply node. A save recomputes the months it touches as a task with progress; the
 * stored results open per scheme (share.lossSchemes, saveLossScheme, deleteLossSchemes,
 * results type 'loss').
 */
import { Button, Typography } from '@douyinfe/semi-ui-19';
import type { LossShareScheme } from '@eem/contract';
import { LOSS_SHARE_METHODS, SHARE_LIMITS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import type { PageState } from '../../blocks/DataTable';
import type { FormValues } from '../../blocks/FormFields';
import { defineLedger } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { useLossObjects } from './common';
import { LossLedgerScreen } from './components/LossLedger';
import { RecomputationBar, useRecomputation } from './components/Recomputation';
import { type ResultsOf, ResultsSheet } from './components/ResultsSheet';
import { schemeIssues } from './components/scheme-form';
import { type MethodOption, VersionsField } from './components/VersionsField';
import { versionBody, versionsOfRow } from './components/version-model';
import { currentTargets, useMethodLabel, VersionChips } from './SchemeConfigPages';
import { lossTexts } from './texts';

type Filters = { keyword: string };

export function LossSchemeConfigPage() {
  const t = useTexts(lossTexts);
  const methodLabel = useMethodLabel();
  const recomputation = useRecomputation();
  const objects = useLossObjects();
  const [results, setResults] = useState<ResultsOf | null>(null);
  const methods: MethodOption[] = useMemo(
    () => LOSS_SHARE_METHODS.map((m) => ({ value: m, label: methodLabel(m) })),
    [methodLabel],
  );
  const list = objects.data?.list;
  const description = useMemo(() => {
    const supplyOf = (id: unknown) => list?.find((o) => o.id === id)?.supply ?? null;
    return defineLedger({
      title: t('lossSchemeTitle'),
      rowKey: (r: LossShareScheme) => r.id,
      rowName: (r) => r.name,
      list: {
        endpoint: endpointKey('share', 'lossSchemes'),
        input: (f: Filters, page: PageState) => ({ body: { keyword: f.keyword, page } }),
      },
      filters: { fields: [{ field: 'keyword', label: t('schemeName'), type: 'text' }] },
      fields: {
        name: { label: t('schemeName') },
        lossObjectId: {
          label: t('lossObject'),
          type: 'select',
          options: (list ?? []).map((o) => ({ value: o.id, label: o.name })),
          empty: null,
          fromRow: (r) => r.lossObject.id,
        },
        versions: {
          label: t('versions'),
          empty: [],
          fromRow: (r) => versionsOfRow(r.versions),
          toBody: (v) => (Array.isArray(v) ? v.map(versionBody) : v),
          render: (a) => (
            <VersionsField
              {...a}
              methods={methods}
              maxTargets={SHARE_LIMITS.targets}
              maxVersions={SHARE_LIMITS.versions}
              source={supplyOf(a.values.lossObjectId)}
            />
          ),
        },
        remark: { label: t('remark'), empty: '' },
      },
      columns: [
        { key: 'name', width: 150 },
        { key: 'lossObjectId', width: 160, render: (r) => r.lossObject.name },
        {
          key: 'versions',
          width: 360,
          render: (r) => <VersionChips versions={r.versions} methodLabel={methodLabel} />,
        },
        {
          key: 'targets',
          label: t('targets'),
          width: 260,
          render: (r) => (
            <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: 250 }}>
              {currentTargets(r.versions)}
            </Typography.Text>
          ),
        },
      ],
      create: { endpoint: endpointKey('share', 'saveLossScheme') },
      update: { endpoint: endpointKey('share', 'saveLossScheme') },
      remove: {
        endpoint: endpointKey('share', 'deleteLossSchemes'),
        input: (r) => ({ body: { ids: [r.id] } }),
      },
      writePermission: 'lossshareconfig_update',
      invalidates: [endpointKey('share', 'results'), endpointKey('loss', 'configs')],
      rowActions: (r) => (
        <Button
          size="small"
          theme="borderless"
          onClick={() => setResults({ type: 'loss', schemeId: r.id, name: r.name })}
        >
          {t('results')}
        </Button>
      ),
      actionsWidth: 210,
      dialogWidth: 900,
    });
  }, [t, methods, methodLabel, list]);
  const options = useMemo(
    () => ({
      check: (values: FormValues) =>
        schemeIssues(
          values,
          LOSS_SHARE_METHODS,
          list?.find((o) => o.id === values.lossObjectId)?.supply ?? null,
        ),
      fallbackField: 'versions',
      onSaved: recomputation.follow,
    }),
    [list, recomputation.follow],
  );
  return (
    <>
      <LossLedgerScreen
        description={description}
        options={options}
        above={<RecomputationBar recomputation={recomputation} />}
      />
      <ResultsSheet of={results} onClose={() => setResults(null)} methodLabel={methodLabel} />
    </>
  );
}
