/**
 * /energyLossConfig (screens.md §2.4, family LED): the project's loss objects: name (1–50),
 * energy type, the supply node, the consumer nodes (≥ 1, never the supply node), the lower and
 * upper limits of the loss rate (upper > lower: event 707 outside them), 1 to 4 warning levels
 * ascending (event 706), enabled, the deadband and repeat of warnings; per row the latest day's
 * rate and level, the open warnings and a link to its loss curve. Add, edit, delete with
 * lossconfig_update (loss.configs, loss.saveConfig, loss.deleteConfig); the rules and their
 * messages are core's and the contract's, shown at the field.
 */
import { Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import { checkLossObject, LOSS_LIMITS, ruleOf } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import type { PageState } from '../../blocks/DataTable';
import type { FormValues } from '../../blocks/FormFields';
import { defineLedger } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { ELECTRICITY } from '../energy/common/energy-data';
import { OpenLinkButton } from '../events/list/components/OpenLinkButton';
import { LevelTag, type LossObject, pct } from './common';
import { asLevels, LevelsField } from './components/LevelsField';
import { LossLedgerScreen } from './components/LossLedger';
import { isNodeValue, NodeField, NodesField, nodeBody } from './components/NodeField';
import { lossTexts } from './texts';

type Filters = { keyword: string };

const nodeOfRow = (n: { id: number; modelLabel: string; name: string }) => ({
  id: n.id,
  modelLabel: n.modelLabel,
  name: n.name,
});

/** core's rules of a loss object on the dialog's values, at their fields (as the server refuses). */
export function lossObjectIssues(values: FormValues): Record<string, string> {
  const supply = values.supply;
  const consumers = (Array.isArray(values.consumers) ? values.consumers : []).filter(isNodeValue);
  const lower = typeof values.lowerLimitPct === 'number' ? values.lowerLimitPct : null;
  const upper = typeof values.upperLimitPct === 'number' ? values.upperLimitPct : null;
  const levels = asLevels(values.levels);
  if (!isNodeValue(supply) || lower === null || upper === null || levels.some((l) => l.ratePct === null))
    return {};
  const key = (n: { id: number; modelLabel: string }) => `${n.modelLabel}_${n.id}`;
  const ids = new Map([supply, ...consumers].map((n, i) => [key(n), i + 1]));
  const message = checkLossObject({
    supplyId: ids.get(key(supply)) ?? 0,
    consumerIds: consumers.map((c) => ids.get(key(c)) ?? 0),
    lowerLimitPct: lower,
    upperLimitPct: upper,
    levels: levels.map((l) => ({ level: l.level, ratePct: l.ratePct ?? 0 })),
  });
  if (message === null) return {};
  const field = message.split(':')[0] ?? 'name';
  return { [field]: ruleOf(message) };
}

export function EnergyLossConfigPage() {
  const t = useTexts(lossTexts);
  const description = useMemo(
    () =>
      defineLedger({
        title: t('configTitle'),
        rowKey: (r: LossObject) => r.id,
        rowName: (r) => r.name,
        list: {
          endpoint: endpointKey('loss', 'configs'),
          input: (f: Filters, page: PageState) => ({ body: { keyword: f.keyword, page } }),
        },
        filters: { fields: [{ field: 'keyword', label: t('name'), type: 'text' }] },
        fields: {
          name: { label: t('name') },
          energyType: { label: t('energyType'), energyType: true, empty: ELECTRICITY },
          supply: {
            label: t('supplyNode'),
            empty: null,
            fromRow: (r) => nodeOfRow(r.supply),
            toBody: nodeBody,
            render: (a) => (
              <NodeField
                value={a.value}
                onChange={a.onChange}
                label={t('supplyNode')}
                testId="supply-field"
              />
            ),
          },
          consumers: {
            label: t('consumerNodes'),
            empty: [],
            fromRow: (r) => r.consumers.map(nodeOfRow),
            toBody: (v) => (Array.isArray(v) ? v.map(nodeBody) : v),
            render: (a) => (
              <NodesField
                value={a.value}
                onChange={a.onChange}
                label={t('consumerNodes')}
                max={LOSS_LIMITS.consumers}
                testId="consumers-field"
              />
            ),
          },
          lowerLimitPct: { label: t('lowerLimit'), empty: -5 },
          upperLimitPct: { label: t('upperLimit'), empty: 10 },
          levels: {
            label: t('thresholds'),
            help: t('thresholdsHelp'),
            empty: [{ level: 1, ratePct: 5 }],
            fromRow: (r) => r.levels.map((l) => ({ ...l })),
            render: (a) => <LevelsField {...a} max={LOSS_LIMITS.levels} />,
          },
          enabled: { label: t('enabled'), empty: true },
          deadbandPct: { label: t('deadband'), empty: 0.5 },
          repeatMinutes: { label: t('repeatMinutes'), empty: 0 },
          remark: { label: t('remark'), empty: '' },
        },
        columns: [
          { key: 'name', width: 160 },
          { key: 'energyType', width: 110, render: (r) => r.energyTypeName },
          { key: 'supply', width: 180, render: (r) => r.supply.path || r.supply.name },
          {
            key: 'consumers',
            width: 180,
            render: (r) => (
              <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: 170 }}>
                {r.consumers.map((c) => c.name).join(', ')}
              </Typography.Text>
            ),
          },
          {
            key: 'levels',
            width: 200,
            render: (r) => (
              <Space wrap spacing={4}>
                {r.levels.map((l) => (
                  <Tag key={l.level} size="small">
                    {`${t('levelN', { n: l.level })} ≥ ${l.ratePct}%`}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'upperLimitPct',
            label: t('limits'),
            width: 120,
            render: (r) => `${r.lowerLimitPct}% ~ ${r.upperLimitPct}%`,
          },
          {
            key: 'enabled',
            width: 80,
            render: (r) => (
              <Tag color={r.enabled ? 'green' : 'grey'}>{r.enabled ? t('enabled') : t('disabled')}</Tag>
            ),
          },
          {
            key: 'lastRatePct',
            label: t('lastRate'),
            width: 150,
            render: (r) => (
              <Space spacing={4}>
                <span>{pct(r.lastRatePct)}</span>
                {r.lastRatePct !== null && <LevelTag level={r.lastLevel} />}
              </Space>
            ),
          },
          { key: 'openWarnings', label: t('openWarnings'), width: 110, align: 'right' },
        ],
        create: { endpoint: endpointKey('loss', 'saveConfig') },
        update: { endpoint: endpointKey('loss', 'saveConfig') },
        remove: {
          endpoint: endpointKey('loss', 'deleteConfig'),
          input: (r) => ({ body: { ids: [r.id] } }),
        },
        writePermission: 'lossconfig_update',
        invalidates: [endpointKey('loss', 'overview'), endpointKey('loss', 'analysis')],
        rowActions: (r) => (
          <OpenLinkButton borderless href={`/energyLossAnalysis?lossObjectId=${r.id}`}>
            {t('lossCurve')}
          </OpenLinkButton>
        ),
        actionsWidth: 200,
        dialogWidth: 720,
      }),
    [t],
  );
  return (
    <LossLedgerScreen
      description={description}
      options={{ check: lossObjectIssues, fallbackField: 'name' }}
    />
  );
}
