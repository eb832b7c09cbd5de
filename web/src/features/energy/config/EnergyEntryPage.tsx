/**
 * /energyEntry (screens.md §2.3): manual entry of energy no meter measures (coal, diesel, LPG,
 * purchased steam…): a grid of node × energy type by accounting month of a year
 * (entries.query), the changed cells saved at once (entries.save; future months refused), a
 * row added for a node and a manual energy type, and the xlsx template and import (a task
 * with progress and the problems row by row).
 */
import { Button, Card, Empty, Space, Spin, Toast } from '@douyinfe/semi-ui-19';
import { TASK_OPERATION_TYPE } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import { formatDate } from '../../../app/format';
import { errorMessage } from '../../../app/query-client';
import { useEndpointMutation, useEndpointQuery } from '../../../blocks/data';
import { Select } from '../../../blocks/named-pickers';
import { useTexts } from '../../../i18n/texts';
import { EnergyPage, useCanWrite } from '../common/EnergyPage';
import { nodePaths, refOf, useEnergyTree } from '../common/energy-data';
import { GridBar, GridImport } from '../common/GridTools';
import { type GridLine, MonthGrid, useGridEdits } from '../common/MonthGrid';
import { energyTexts } from '../common/texts';
import { YearSelect } from '../common/YearSelect';
import { energyConfigTexts } from './texts';

export function EnergyEntryPage() {
  const c = useTexts(energyConfigTexts);
  return (
    <EnergyPage title={c('entryTitle')}>
      <EntryGrid />
    </EnergyPage>
  );
}

interface Extra {
  node: { id: number; modelLabel: string };
  energyType: number;
  label: string;
}

function EntryGrid() {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const canWrite = useCanWrite('energydata_update');
  const [year, setYear] = useState<number | null>(null);
  const grid = useEndpointQuery(
    endpointKey('entries', 'query'),
    year === null ? null : { body: { year, grain: 'month' } },
  );
  const save = useEndpointMutation(endpointKey('entries', 'save'), {
    invalidates: [areaKey('entries'), areaKey('energy')],
  });
  const types = useEndpointQuery(endpointKey('energy', 'energyTypes'), {});
  const tree = useEnergyTree();
  const nodes = useMemo(() => nodePaths(tree.data), [tree.data]);
  const { edits, set, clear } = useGridEdits();
  const [added, setAdded] = useState<Extra[]>([]);
  const [pickType, setPickType] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const manualTypes = (types.data ?? []).filter((e) => e.kind !== 'aggregate');

  const data = grid.data;
  const rows = useMemo(() => {
    if (!data) return [];
    const stored = data.rows.map((r) => ({
      node: r.node,
      energyType: r.energyType,
      label: `${r.node.path} · ${typeName(r.energyType)} (${r.unit})`,
      values: r.cells.map((x) => x.quantity),
    }));
    const have = new Set(stored.map((r) => `${r.node.modelLabel}_${r.node.id}_${r.energyType}`));
    const extra = added
      .filter((a) => !have.has(`${a.node.modelLabel}_${a.node.id}_${a.energyType}`))
      .map((a) => ({ ...a, values: data.periods.map(() => null) }));
    return [...stored, ...extra];
    function typeName(code: number) {
      return types.data?.find((e) => e.energyType === code)?.name ?? String(code);
    }
  }, [data, added, types.data]);
  const lines: GridLine[] = rows.map((r) => ({
    key: `${r.node.modelLabel}_${r.node.id}_${r.energyType}`,
    label: r.label,
    values: r.values,
    locked: (i) => data?.periods[i]?.future ?? true,
  }));

  const submit = () => {
    if (!data) return;
    const cells = [...edits].map(([key, quantity]) => {
      const [line, index] = key.split('#');
      const row = rows.find((r) => `${r.node.modelLabel}_${r.node.id}_${r.energyType}` === line);
      const period = data.periods[Number(index)];
      if (!row || !period) throw new Error(`unknown cell ${key}`);
      return { node: refOf(row.node), energyType: row.energyType, period: period.key, quantity };
    });
    save.mutate(
      { body: { cells } },
      {
        onSuccess: () => {
          Toast.success(t('saved'));
          clear();
          setAdded([]);
        },
        onError: (e) => Toast.error(errorMessage(e)),
      },
    );
  };

  return (
    <Card style={{ width: '100%' }}>
      <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
        <Space wrap>
          <YearSelect value={year} onChange={setYear} />
          <GridBar
            canWrite={canWrite}
            nodes={nodes}
            ready={pickType !== null}
            onAdd={(n) => {
              const type = manualTypes.find((e) => e.energyType === pickType);
              if (type)
                setAdded([
                  ...added,
                  {
                    node: n.node,
                    energyType: type.energyType,
                    label: `${n.path} · ${type.name} (${type.unit})`,
                  },
                ]);
            }}
            more={
              <Select
                aria-label={t('energyType')}
                placeholder={t('energyType')}
                style={{ width: 160 }}
                value={pickType ?? undefined}
                optionList={manualTypes.map((e) => ({ value: e.energyType, label: e.name }))}
                onChange={(v) => setPickType(Number(v))}
              />
            }
            unsaved={edits.size}
            saving={save.isPending}
            onSave={submit}
          >
            <Button onClick={() => setImporting(true)}>{t('import')}</Button>
          </GridBar>
        </Space>
        {grid.isError ? (
          <Empty description={t('loadFailed', { message: errorMessage(grid.error) })} />
        ) : !data ? (
          <Spin />
        ) : lines.length === 0 ? (
          <Empty description={c('noEntries')} />
        ) : (
          <MonthGrid
            testId="entry-grid"
            label={t('node')}
            lines={lines}
            periods={data.periods.map((p) => formatDate(p.start, 'YYYY-MM', data.timeZone))}
            edits={edits}
            onEdit={set}
            editable={canWrite}
          />
        )}
      </Space>
      {canWrite && importing && (
        <GridImport
          title={c('entryTitle')}
          onClose={() => setImporting(false)}
          template={(client) => client.entries.template.download({ query: year === null ? {} : { year } })}
          upload={async (client, file) => {
            const task = await client.entries.import.upload({
              body: { dryRun: false },
              files: [{ name: file.name, data: file }],
            });
            return { operationType: TASK_OPERATION_TYPE.energyEntryImport, taskId: task.id };
          }}
          onSuccess={() => void grid.refetch()}
        />
      )}
    </Card>
  );
}
