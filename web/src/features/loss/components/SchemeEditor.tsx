/**
 * What the apportionment, public-area and loss-share scheme editors share (family SCH): the
 * method names, the periods as chips and the targets of the one in effect (columns), the
 * periods field of the dialog, the recomputation a save starts (its progress above the ledger)
 * and the side sheet of a scheme's stored results.
 */
import { Button, Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import { SHARE_LIMITS } from '@eem/core';
import { useMemo, useState } from 'react';
import { formatDate, useTimeZone } from '../../../app/format';
import type { FormValues } from '../../../blocks/FormFields';
import type { LedgerColumn, LedgerField } from '../../../blocks/ledger/ledger';
import { useTexts } from '../../../i18n/texts';
import { lossTexts } from '../texts';
import { type LossLedgerOptions, LossLedgerScreen } from './LossLedger';
import { RecomputationBar, useRecomputation } from './Recomputation';
import { type ResultsOf, ResultsSheet } from './ResultsSheet';
import { type MethodOption, VersionsField } from './VersionsField';
import { STATUS_COLORS, versionBody, versionsOfRow } from './version-model';

/** A saved scheme's periods, as the list answers them. */
type SavedVersions = Parameters<typeof versionsOfRow>[0];

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

/**
 * The state of a scheme editor besides its ledger: the names of the methods it offers, the
 * recomputation a save starts, and the scheme whose results are open.
 */
export function useSchemeEditor(offered: readonly string[]) {
  const methodLabel = useMethodLabel();
  const recomputation = useRecomputation();
  const [results, setResults] = useState<ResultsOf | null>(null);
  const methods: MethodOption[] = useMemo(
    () => offered.map((m) => ({ value: m, label: methodLabel(m) })),
    [offered, methodLabel],
  );
  return { methodLabel, methods, recomputation, results, setResults };
}

export type SchemeEditor = ReturnType<typeof useSchemeEditor>;

/** The dialog's periods with their methods and targets; no target may be `source` of the form. */
export function versionsField<R extends { versions: SavedVersions }>(
  label: string,
  methods: readonly MethodOption[],
  source: (values: FormValues) => unknown,
): LedgerField<R> {
  return {
    label,
    empty: [],
    fromRow: (r) => versionsOfRow(r.versions),
    toBody: (v) => (Array.isArray(v) ? v.map(versionBody) : v),
    render: (a) => (
      <VersionsField
        {...a}
        methods={methods}
        maxTargets={SHARE_LIMITS.targets}
        maxVersions={SHARE_LIMITS.versions}
        source={source(a.values)}
      />
    ),
  };
}

/** The columns of the periods (chips) and of the targets of the one in effect. */
export function versionColumns<R extends { versions: SavedVersions }>(
  targetsLabel: string,
  targetsWidth: number,
  methodLabel: (m: string) => string,
): LedgerColumn<R>[] {
  return [
    {
      key: 'versions',
      width: 360,
      render: (r) => <VersionChips versions={r.versions} methodLabel={methodLabel} />,
    },
    {
      key: 'targets',
      label: targetsLabel,
      width: targetsWidth,
      render: (r) => (
        <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: targetsWidth - 10 }}>
          {currentTargets(r.versions)}
        </Typography.Text>
      ),
    },
  ];
}

/** The button of a scheme's row that opens its stored results. */
export function ResultsButton({ onClick }: { onClick: () => void }) {
  const t = useTexts(lossTexts);
  return (
    <Button size="small" theme="borderless" onClick={onClick}>
      {t('results')}
    </Button>
  );
}

/** A scheme ledger: the recomputation's progress above it, the results sheet beside it. */
export function SchemeLedger<R extends object, F extends FormValues>({
  editor,
  description,
  options,
}: {
  editor: SchemeEditor;
  description: Parameters<typeof LossLedgerScreen<R, F>>[0]['description'];
  options: LossLedgerOptions;
}) {
  return (
    <>
      <LossLedgerScreen
        description={description}
        options={options}
        above={<RecomputationBar recomputation={editor.recomputation} />}
      />
      <ResultsSheet
        of={editor.results}
        onClose={() => editor.setResults(null)}
        methodLabel={editor.methodLabel}
      />
    </>
  );
}
