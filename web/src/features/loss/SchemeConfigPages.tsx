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
import type { ShareScheme } from '@eem/contract';
import { SHARE_METHODS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import type { PageState } from '../../blocks/DataTable';
import type { FormValues } from '../../blocks/FormFields';
import { defineLedger } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { ELECTRICITY } from '../energy/common/energy-data';
import { NodeField, nodeBody } from './components/NodeField';
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

function SchemeScreen({ type }: { type: 'share' | 'public' }) {
  const t = useTexts(lossTexts);
  const editor = useSchemeEditor(SHARE_METHODS);
  const { methods, methodLabel, recomputation, setResults } = editor;
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
          versions: versionsField<ShareScheme>(t('versions'), methods, (values) => values.source),
          remark: { label: t('remark'), empty: '' },
        },
        columns: [
          { key: 'name', width: 150 },
          { key: 'energyType', width: 110, render: (r) => r.energyTypeName },
          { key: 'source', width: 180, render: (r) => r.source.path || r.source.name },
          ...versionColumns<ShareScheme>(t('targets'), 240, methodLabel),
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
          <ResultsButton onClick={() => setResults({ type, schemeId: r.id, name: r.name })} />
        ),
        actionsWidth: 210,
        dialogWidth: 900,
      }),
    [t, type, methods, methodLabel, setResults],
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
  return <SchemeLedger editor={editor} description={description} options={options} />;
}

export function ShareSchemeConfigPage() {
  return <SchemeScreen type="share" />;
}

export function PublicSchemeConfigPage() {
  return <SchemeScreen type="public" />;
}
