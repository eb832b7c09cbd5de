/**
 * /unitTransition (screens.md §2.11): per energy type the display unit and its multiplier
 * (metering.units / saveUnits), and the standard-coal factors: the GB/T 2589 value, the
 * platform default and the project's override, which the user sets or removes
 * (metering.coalFactors, createCoalFactor, updateCoalFactor, deleteCoalFactor).
 */
import { Button, Card, InputNumber, Space, Tag, Toast } from '@douyinfe/semi-ui-19';
import { areaKey, endpointKey } from '@eem/sdk';
import { useState } from 'react';
import { formatNumber } from '../../../app/format';
import { errorMessage } from '../../../app/query-client';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointMutation, useEndpointQuery } from '../../../blocks/data';
import { Select } from '../../../blocks/named-pickers';
import { useTexts } from '../../../i18n/texts';
import { EnergyPage, useCanWrite } from '../common/EnergyPage';
import { energyTexts } from '../common/texts';
import { energyConfigTexts } from './texts';

/** Writes here change every figure: the energy answers are refreshed too. */
const CHANGED = { invalidates: [areaKey('metering'), areaKey('energy')] };
const done = (message: string) => ({
  onSuccess: () => Toast.success(message),
  onError: (error: Error) => Toast.error(errorMessage(error)),
});

export function UnitTransitionPage() {
  const c = useTexts(energyConfigTexts);
  return (
    <EnergyPage title={c('unitTitle')}>
      <Space vertical align="start" spacing={16} style={{ width: '100%' }}>
        <Units />
        <CoalFactors />
      </Space>
    </EnergyPage>
  );
}

function Units() {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const canWrite = useCanWrite('energyconfig_update');
  const units = useEndpointQuery(endpointKey('metering', 'units'), {});
  const save = useEndpointMutation(endpointKey('metering', 'saveUnits'), CHANGED);
  const [picked, setPicked] = useState<Record<number, string>>({});
  const rows = units.data ?? [];
  const changes = rows.filter((r) => picked[r.energyType] !== undefined && picked[r.energyType] !== r.unit);
  return (
    <Card title={c('units')} style={{ width: '100%' }}>
      <DataTable
        aria-label={c('units')}
        loading={units.isPending}
        rows={rows}
        rowKey={(r) => r.energyType}
        columns={[
          { key: 'name', title: t('energyType'), render: (r) => r.name },
          { key: 'baseUnit', title: c('baseUnit'), render: (r) => r.baseUnit },
          {
            key: 'unit',
            title: c('unit'),
            render: (r) => (
              <Select
                aria-label={`${r.name} ${c('unit')}`}
                style={{ width: 140 }}
                disabled={!canWrite}
                value={picked[r.energyType] ?? r.unit}
                optionList={r.options.map((o) => ({ value: o.unit, label: o.unit }))}
                onChange={(v) => setPicked((p) => ({ ...p, [r.energyType]: String(v) }))}
              />
            ),
          },
          {
            key: 'multiplier',
            title: c('multiplier'),
            align: 'right',
            render: (r) => {
              const unit = picked[r.energyType] ?? r.unit;
              return formatNumber(r.options.find((o) => o.unit === unit)?.multiplier ?? r.multiplier, 6);
            },
          },
        ]}
      />
      {canWrite && (
        <Button
          theme="solid"
          style={{ marginTop: 12 }}
          disabled={changes.length === 0}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              {
                body: {
                  items: changes.map((r) => {
                    const unit = picked[r.energyType] ?? r.unit;
                    const multiplier = r.options.find((o) => o.unit === unit)?.multiplier ?? r.multiplier;
                    return { energyType: r.energyType, unit, multiplier };
                  }),
                },
              },
              { ...done(t('saved')), onSettled: () => setPicked({}) },
            )
          }
        >
          {t('save')}
        </Button>
      )}
    </Card>
  );
}

function CoalFactors() {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const canWrite = useCanWrite('energyconfig_update');
  const factors = useEndpointQuery(endpointKey('metering', 'coalFactors'), {});
  const create = useEndpointMutation(endpointKey('metering', 'createCoalFactor'), CHANGED);
  const update = useEndpointMutation(endpointKey('metering', 'updateCoalFactor'), CHANGED);
  const remove = useEndpointMutation(endpointKey('metering', 'deleteCoalFactor'), CHANGED);
  const [typed, setTyped] = useState<Record<number, number>>({});
  const rows = factors.data ?? [];
  type Row = (typeof rows)[number];
  const setOverride = (r: Row) => {
    const factor = typed[r.energyType];
    if (factor === undefined) return;
    const after = {
      ...done(t('saved')),
      onSettled: () => setTyped(({ [r.energyType]: _, ...rest }) => rest),
    };
    if (r.project) update.mutate({ body: { id: r.project.id, factor } }, after);
    else create.mutate({ body: { energyType: r.energyType, factor, scope: 'project' } }, after);
  };
  return (
    <Card title={c('coalFactors')} style={{ width: '100%' }}>
      <DataTable
        aria-label={c('coalFactors')}
        loading={factors.isPending}
        rows={rows}
        rowKey={(r) => r.energyType}
        columns={[
          { key: 'name', title: t('energyType'), render: (r) => r.name },
          { key: 'unit', title: c('unit'), render: (r) => r.unit },
          {
            key: 'standard',
            title: c('standard'),
            align: 'right',
            render: (r) => formatNumber(r.standard, 6),
          },
          {
            key: 'global',
            title: c('global'),
            align: 'right',
            render: (r) => formatNumber(r.global?.factor, 6),
          },
          {
            key: 'factor',
            title: c('inEffect'),
            align: 'right',
            render: (r) => (
              <Space>
                {formatNumber(r.factor, 6)}
                <Tag size="small">{c(`source.${r.source}`)}</Tag>
              </Space>
            ),
          },
          ...(canWrite
            ? [
                {
                  key: 'project',
                  title: c('project'),
                  width: 340,
                  render: (r: Row) => (
                    <Space>
                      <InputNumber
                        aria-label={`${r.name} ${c('project')}`}
                        style={{ width: 140 }}
                        precision={6}
                        min={0}
                        value={typed[r.energyType] ?? r.project?.factor}
                        onNumberChange={(v) => setTyped((p) => ({ ...p, [r.energyType]: v }))}
                      />
                      <Button
                        size="small"
                        disabled={typed[r.energyType] === undefined}
                        onClick={() => setOverride(r)}
                      >
                        {t('save')}
                      </Button>
                      {r.project && (
                        <Button
                          size="small"
                          type="danger"
                          onClick={() => {
                            const id = r.project?.id;
                            if (id !== undefined) remove.mutate({ query: { id } }, done(t('saved')));
                          }}
                        >
                          {c('removeOverride')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
