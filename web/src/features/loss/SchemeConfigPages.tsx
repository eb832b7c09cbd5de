/**
 * /shareschemeconfig and /publicSchemeConfig (screens.md §2.11, family SCH): apportionment
 * schemes ('share': a shared node's energy split to receivers) and public-area schemes
 * ('public': shared lighting, lifts, HVAC split to tenants or departments), one editor: name
 * (≤ 20), energy type, the apportioning (source) node, and effective periods, each with its
 * method (fixed ratio, by area, by headcount, by output, by metered share) and its apportioned
 * nodes with ratios (summing to 1, shown live) or weights; a target is never the source. A save
 * recomputes the months it touches as a task whose progress shows under the heading; each
 * scheme's stored results open in a side sheet (share.schemes, saveScheme, deleteSchemes,
 * results).
 */
import { Button, Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { ShareScheme } from '@eem/contract';
import { SHARE_LIMITS, SHARE_METHODS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import { formatDate, useTimeZone } from '../../app/format';
import type { PageState } from '../../blocks/DataTable';
import type { FormValues } from '../../blocks/FormFields';
import { defineLedger } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { ELECTRICITY } from '../energy/common/energy-data';
import { LossLedgerScreen } from './components/LossLedger';
import { NodeField, nodeBody } from './components/NodeField';
import { RecomputationBar, useRecomputation } from './components/Recomputation';
import { type ResultsOf, ResultsSheet } from './components/ResultsSheet';
import { schemeIssues } from './components/scheme-form';
import { type MethodOption, VersionsField } from './components/VersionsField';
import { versionBody, versionsOfRow } from './components/version-model';
import { lossTexts } from './texts';

type Filters = { keyword: string };

export const STATUS_COLORS: Record<string, 'green' | 'blue' | 'grey'> = {
  inEffect: 'green',
  notInEffect: 'blue',
  expired: 'grey',
};

/** The method names of both kinds of scheme. */
export function useMethodLabel() {
  const t = useTexts(lossTexts);
  return useMemo(() => {
    const labels: Record<string, string> = {
      fixedRatio: t('methodFixed'),
      area: t('methodArea'),
      headcount: t('methodPeople'),
      output: t('methodOutput'),
      metered: t('methodMetered'),
      consumption: t('methodConsumption'),
    };
    return (m: string) => labels[m] ?? m;
  }, [t]);
}

/** A period as a chip: its days in the project's zone, its method and status. */
export function VersionChips({
  versions,
  methodLabel,
}: {
  versions: readonly { from: number; to: number | null; method: string; status: string }[];
  methodLabel: (m: string) => string;
}) {
  const t = useTexts(lossTexts);
  const { timeZone } = useTimeZone();
  return (
    <Space wrap spacing={4}>
      {versions.map((v) => (
        <Tag
          key={v.from}
          color={STATUS_COLORS[v.status] ?? 'grey'}
          data-status={v.status}
          style={{ height: 'auto', whiteSpace: 'normal', lineHeight: '18px', padding: '2px 8px' }}
        >
          {`${formatDate(v.from, 'YYYY-MM-DD', timeZone)} ~ ${
            v.to === null ? t('openEnded') : formatDate(v.to - 1, 'YYYY-MM-DD', timeZone)
          } · ${methodLabel(v.method)} · ${t(v.status as 'inEffect')}`}
        </Tag>
      ))}
    </Space>
  );
}

/** The targets of the period in effect (else the last), with their ratios or weights. */
export function currentTargets(
  versions: readonly {
    status: string;
    targets: readonly { node: { name: string }; ratio: number | null; weight: number | null }[];
  }[],
): string {
  const v = versions.find((x) => x.status === 'inEffect') ?? versions[versions.length - 1];
  if (!v) return '--';
  return v.targets
    .map((x) =>
      x.ratio !== null
        ? `${x.node.name} ${x.ratio}`
        : x.weight !== null
          ? `${x.node.name} (${x.weight})`
          : x.node.name,
    )
    .join(', ');
}

function SchemeScreen({ type }: { type: 'share' | 'public' }) {
  const t = useTexts(lossTexts);
  const methodLabel = useMethodLabel();
  const recomputation = useRecomputation();
  const [results, setResults] = useState<ResultsOf | null>(null);
  const methods: MethodOption[] = useMemo(
    () => SHARE_METHODS.map((m) => ({ value: m, label: methodLabel(m) })),
    [methodLabel],
  );
  const description = useMemo(
    () =>
      defineLedger({
        title: type === 'share' ? t('shareTitle') : t('publicTitle'),
        rowKey: (r: ShareScheme) => r.id,
        rowName: (r) => r.name,
        list: {
          endpoint: endpointKey('share', 'schemes'),
          input: (f: Filters, page: PageState) => ({ body: { type, keyword: f.keyword, page } }),
        },
        filters: { fields: [{ field: 'keyword', label: t('schemeName'), type: 'text' }] },
        fields: {
          name: { label: t('schemeName') },
          energyType: { label: t('energyType'), energyType: true, empty: ELECTRICITY },
          source: {
            label: t('source'),
            empty: null,
            fromRow: (r) => ({ id: r.source.id, modelLabel: r.source.modelLabel, name: r.source.name }),
            toBody: nodeBody,
            render: (a) => (
              <NodeField value={a.value} onChange={a.onChange} label={t('source')} testId="source-field" />
            ),
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
                source={a.values.source}
              />
            ),
          },
          remark: { label: t('remark'), empty: '' },
        },
        columns: [
          { key: 'name', width: 150 },
          { key: 'energyType', width: 110, render: (r) => r.energyTypeName },
          { key: 'source', width: 180, render: (r) => r.source.path || r.source.name },
          {
            key: 'versions',
            width: 360,
            render: (r) => <VersionChips versions={r.versions} methodLabel={methodLabel} />,
          },
          {
            key: 'targets',
            label: t('targets'),
            width: 240,
            render: (r) => (
              <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: 230 }}>
                {currentTargets(r.versions)}
              </Typography.Text>
            ),
          },
        ],
        create: { endpoint: endpointKey('share', 'saveScheme') },
        update: { endpoint: endpointKey('share', 'saveScheme') },
        remove: {
          endpoint: endpointKey('share', 'deleteSchemes'),
          input: (r) => ({ body: { type, ids: [r.id] } }),
        },
        writePermission: 'energyshareconfig_update',
        invalidates: [endpointKey('share', 'results')],
        rowActions: (r) => (
          <Button
            size="small"
            theme="borderless"
            onClick={() => setResults({ type, schemeId: r.id, name: r.name })}
          >
            {t('results')}
          </Button>
        ),
        actionsWidth: 210,
        dialogWidth: 900,
      }),
    [t, type, methods, methodLabel],
  );
  const options = useMemo(
    () => ({
      constants: { type },
      check: (values: FormValues) => schemeIssues(values, SHARE_METHODS, values.source),
      fallbackField: 'versions',
      onSaved: recomputation.follow,
    }),
    [type, recomputation.follow],
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

export function ShareSchemeConfigPage() {
  return <SchemeScreen type="share" />;
}

export function PublicSchemeConfigPage() {
  return <SchemeScreen type="public" />;
}
