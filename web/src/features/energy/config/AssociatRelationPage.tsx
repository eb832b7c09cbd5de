/**
 * /associatRelation (screens.md §2.11): the management-node tree on the left; on the right the
 * meters bound to the chosen node with their energy type, signed coefficient and (electricity)
 * sub-item (metering.associations), edited and saved as a whole (metering.saveAssociations);
 * meters are added from the meter tree (datalog.meterTree); a switch lists the meters no node
 * binds.
 */
import {
  Button,
  Card,
  Col,
  Empty,
  InputNumber,
  Row,
  Space,
  Switch,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { ENERGY_ITEMS, PAGE_LIMIT_MAX } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../app/query-client';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointMutation, useEndpointQuery } from '../../../blocks/data';
import { EnergyTypeSelect } from '../../../blocks/EnergyTypeSelect';
import { NodeTreePicker } from '../../../blocks/NodeTreePicker';
import { Select } from '../../../blocks/named-pickers';
import type { NodeRef } from '../../../blocks/node-tree-model';
import { useNodeFavourites } from '../../../blocks/use-node-favourites';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { useAllMeters } from '../../datalog/common/queries';
import { EnergyPage, useCanWrite } from '../common/EnergyPage';
import { ELECTRICITY, nodePaths, refOf, useEnergyTree } from '../common/energy-data';
import { energyTexts } from '../common/texts';
import { energyConfigTexts } from './texts';

interface Binding {
  meterId: number;
  meter: string;
  energyType: number;
  coef: number;
  item: string | null;
}
const ASSOCIATIONS = endpointKey('metering', 'associations');
const PAGE = { index: 0, limit: PAGE_LIMIT_MAX };

export function AssociatRelationPage() {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const tree = useEnergyTree();
  const favourites = useNodeFavourites();
  const [node, setNode] = useState<NodeRef | null>(null);
  const [unbound, setUnbound] = useState(false);
  return (
    <EnergyPage title={c('assocTitle')}>
      <Row gutter={16}>
        <Col span={6}>
          <Card title={t('nodeTree')} bodyStyle={{ padding: 8 }}>
            <NodeTreePicker
              mode="single"
              aria-label={t('nodeTree')}
              tree={tree.data ?? []}
              loading={tree.isPending}
              value={node}
              onChange={setNode}
              favourites={favourites}
              height={560}
            />
          </Card>
        </Col>
        <Col span={18}>
          <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
            <Space>
              <Switch checked={unbound} onChange={setUnbound} aria-label={c('unbound')} />
              <Typography.Text>{c('unbound')}</Typography.Text>
            </Space>
            {unbound ? (
              <Unbound />
            ) : node ? (
              <Bindings node={node} />
            ) : (
              <Empty description={t('chooseNode')} />
            )}
          </Space>
        </Col>
      </Row>
    </EnergyPage>
  );
}

function Unbound() {
  const c = useTexts(energyConfigTexts);
  const list = useEndpointQuery(ASSOCIATIONS, { body: { unbound: true, page: PAGE } });
  return (
    <Card title={c('unbound')} style={{ width: '100%' }}>
      <DataTable
        aria-label={c('unbound')}
        loading={list.isPending}
        rows={list.data?.list ?? []}
        rowKey={(r) => r.meter.id}
        columns={[{ key: 'meter', title: c('meter'), render: (r) => r.meter.path }]}
      />
    </Card>
  );
}

function Bindings({ node }: { node: NodeRef }) {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const { language } = useLanguage();
  const canWrite = useCanWrite('energyconfig_update');
  const stored = useEndpointQuery(ASSOCIATIONS, { body: { node: refOf(node), page: PAGE } });
  const save = useEndpointMutation(endpointKey('metering', 'saveAssociations'), {
    invalidates: [areaKey('metering'), areaKey('energy')],
  });
  const meters = useAllMeters();
  const meterOptions = useMemo(
    () =>
      nodePaths(meters.data)
        .filter((p) => p.node.modelLabel === 'meter')
        .map((p) => ({ value: p.node.id, label: p.path })),
    [meters.data],
  );
  const items = useMemo(
    () =>
      Object.values(ENERGY_ITEMS).flatMap((i) =>
        Object.entries(i.subItems).map(([code, names]) => ({
          value: code,
          label: `${code} ${names[language === 'zh' ? 0 : 1]}`,
        })),
      ),
    [language],
  );
  const [rows, setRows] = useState<Binding[] | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  useEffect(() => {
    setRows(
      stored.data?.list.map((b) => ({
        meterId: b.meter.id,
        meter: b.meter.path,
        energyType: b.energyType,
        coef: b.coef ?? 1,
        item: b.item,
      })) ?? null,
    );
  }, [stored.data]);
  const list = rows ?? [];
  const patch = (i: number, change: Partial<Binding>) =>
    setRows(list.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <Card title={c('bindings', { name: node.name })} style={{ width: '100%' }}>
      {canWrite && (
        <Space style={{ marginBottom: 12 }}>
          <Select
            aria-label={c('addMeter')}
            placeholder={c('addMeter')}
            filter
            style={{ width: 420 }}
            value={adding ?? undefined}
            optionList={meterOptions}
            onChange={(v) => setAdding(Number(v))}
          />
          <Button
            disabled={adding === null || list.some((r) => r.meterId === adding)}
            onClick={() => {
              const meter = meterOptions.find((o) => o.value === adding);
              if (meter)
                setRows([
                  ...list,
                  { meterId: meter.value, meter: meter.label, energyType: ELECTRICITY, coef: 1, item: null },
                ]);
            }}
          >
            {t('add')}
          </Button>
          <Button
            theme="solid"
            loading={save.isPending}
            disabled={rows === null}
            onClick={() =>
              save.mutate(
                {
                  body: {
                    node: refOf(node),
                    meters: list.map(({ meterId, energyType, coef, item }) => ({
                      meterId,
                      energyType,
                      coef,
                      item,
                    })),
                  },
                },
                { onSuccess: () => Toast.success(t('saved')), onError: (e) => Toast.error(errorMessage(e)) },
              )
            }
          >
            {t('save')}
          </Button>
        </Space>
      )}
      {list.length === 0 && !stored.isPending ? (
        <Empty description={c('noBindings')} />
      ) : (
        <DataTable
          aria-label={c('bindings', { name: node.name })}
          loading={stored.isPending}
          rows={list.map((r, i) => ({ ...r, i }))}
          rowKey={(r) => r.meterId}
          columns={[
            { key: 'meter', title: c('meter'), render: (r) => r.meter },
            {
              key: 'energyType',
              title: t('energyType'),
              width: 170,
              render: (r) => (
                <EnergyTypeSelect
                  disabled={!canWrite}
                  value={r.energyType}
                  onChange={(v) =>
                    v !== null && patch(r.i, { energyType: v, item: v === ELECTRICITY ? r.item : null })
                  }
                />
              ),
            },
            {
              key: 'coef',
              title: c('coef'),
              width: 150,
              render: (r) => (
                <InputNumber
                  aria-label={c('coef')}
                  disabled={!canWrite}
                  precision={6}
                  style={{ width: 130 }}
                  value={r.coef}
                  onNumberChange={(v) => patch(r.i, { coef: v })}
                />
              ),
            },
            {
              key: 'item',
              title: c('item'),
              width: 230,
              render: (r) => (
                <Select
                  aria-label={c('item')}
                  disabled={!canWrite || r.energyType !== ELECTRICITY}
                  showClear
                  style={{ width: 210 }}
                  value={r.item ?? undefined}
                  optionList={items}
                  onChange={(v) => patch(r.i, { item: typeof v === 'string' ? v : null })}
                />
              ),
            },
            ...(canWrite
              ? [
                  {
                    key: 'remove',
                    title: '',
                    width: 90,
                    render: (r: Binding & { i: number }) => (
                      <Button
                        size="small"
                        type="danger"
                        theme="borderless"
                        onClick={() => setRows(list.filter((_, j) => j !== r.i))}
                      >
                        {t('remove')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
}
