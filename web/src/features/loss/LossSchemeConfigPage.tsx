/**
 * /lossSchemeConfig (screens.md §2.11, family SCH; lossshareconfig_browser): loss-share
 * schemes: the loss of a loss object split to downstream nodes by their consumption share or
 * by fixed ratios (summing to 1, shown live), per effective period; a target is never the
 * object's supply node. A save recomputes the months it touches as a task with progress; the
 * stored results open per scheme (share.lossSchemes, saveLossScheme, deleteLossSchemes,
 * results type 'loss').
 */
import type { LossShareScheme } from '@eem/contract';
import { LOSS_SHARE_METHODS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import type { PageState } from '../../blocks/DataTable';
import type { FormValues } from '../../blocks/FormFields';
import { defineLedger } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { useLossObjects } from './common';
import {
  ResultsButton,
  SchemeLedger,
  useSchemeEditor,
  versionColumns,
  versionsField,
} from './components/SchemeEditor';
import { schemeIssues } from './components/scheme-form';
import { lossTexts } from './texts';

type Filters = { keyword: string };

export function LossSchemeConfigPage() {
  const t = useTexts(lossTexts);
  const editor = useSchemeEditor(LOSS_SHARE_METHODS);
  const { methods, methodLabel, recomputation, setResults } = editor;
  const objects = useLossObjects();
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
        versions: versionsField<LossShareScheme>(t('versions'), methods, (values) =>
          supplyOf(values.lossObjectId),
        ),
        remark: { label: t('remark'), empty: '' },
      },
      columns: [
        { key: 'name', width: 150 },
        { key: 'lossObjectId', width: 160, render: (r) => r.lossObject.name },
        ...versionColumns<LossShareScheme>(t('targets'), 260, methodLabel),
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
        <ResultsButton onClick={() => setResults({ type: 'loss', schemeId: r.id, name: r.name })} />
      ),
      actionsWidth: 210,
      dialogWidth: 900,
    });
  }, [t, methods, methodLabel, list, setResults]);
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
  return <SchemeLedger editor={editor} description={description} options={options} />;
}
