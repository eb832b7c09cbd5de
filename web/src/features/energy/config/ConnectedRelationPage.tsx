/**
 * /connectedRelation (screens.md §2.11): the supply connections of an energy type (upstream
 * feeds downstream), which balance, loss and the Sankey read (metering.connections); the user
 * adds and removes rows and saves them all at once (metering.saveConnections: a node feeding
 * itself and a cycle are refused with the nodes named).
 */
import { Button, Card, Empty, Space, Toast } from '@douyinfe/semi-ui-19';
import { areaKey, endpointKey } from '@eem/sdk';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../app/query-client';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointMutation, useEndpointQuery } from '../../../blocks/data';
import { EnergyTypeSelect } from '../../../blocks/EnergyTypeSelect';
import { Select } from '../../../blocks/named-pickers';
import { useTexts } from '../../../i18n/texts';
import { EnergyPage, useCanWrite } from '../common/EnergyPage';
import { ELECTRICITY, nodePaths, useEnergyTree } from '../common/energy-data';
import { energyTexts } from '../common/texts';
import { energyConfigTexts } from './texts';

interface Link {
  fromId: number;
  toId: number;
}

export function ConnectedRelationPage() {
  const c = useTexts(energyConfigTexts);
  return (
    <EnergyPage title={c('connTitle')}>
      <Connections />
    </EnergyPage>
  );
}

function Connections() {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const canWrite = useCanWrite('energyconfig_update');
  const [energyType, setEnergyType] = useState<number>(ELECTRICITY);
  const stored = useEndpointQuery(endpointKey('metering', 'connections'), { body: { energyType } });
  const save = useEndpointMutation(endpointKey('metering', 'saveConnections'), {
    invalidates: [areaKey('metering'), areaKey('energy')],
  });
  const tree = useEnergyTree();
  const paths = useMemo(
    () => nodePaths(tree.data).filter((p) => p.node.modelLabel !== 'project'),
    [tree.data],
  );
  const byId = useMemo(() => new Map(paths.map((p) => [p.node.id, p.path])), [paths]);
  const [links, setLinks] = useState<Link[] | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  useEffect(() => {
    setLinks(stored.data ? stored.data.map((l) => ({ fromId: l.from.id, toId: l.to.id })) : null);
  }, [stored.data]);
  const rows = links ?? [];
  const dirty =
    stored.data !== undefined &&
    (rows.length !== stored.data.length ||
      rows.some((l, i) => l.fromId !== stored.data?.[i]?.from.id || l.toId !== stored.data?.[i]?.to.id));
  const options = paths.map((p) => ({ value: p.node.id, label: p.path }));
  const name = (id: number) => byId.get(id) ?? String(id);
  return (
    <Card style={{ width: '100%' }}>
      <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
        <Space>
          <EnergyTypeSelect value={energyType} onChange={(v) => v !== null && setEnergyType(v)} />
          {canWrite && (
            <>
              <Select
                aria-label={c('from')}
                placeholder={c('from')}
                filter
                style={{ width: 320 }}
                value={from ?? undefined}
                optionList={options}
                onChange={(v) => setFrom(Number(v))}
              />
              <Select
                aria-label={c('to')}
                placeholder={c('to')}
                filter
                style={{ width: 320 }}
                value={to ?? undefined}
                optionList={options}
                onChange={(v) => setTo(Number(v))}
              />
              <Button
                disabled={from === null || to === null}
                onClick={() => {
                  if (from !== null && to !== null) setLinks([...rows, { fromId: from, toId: to }]);
                }}
              >
                {t('add')}
              </Button>
              <Button
                theme="solid"
                disabled={!dirty}
                loading={save.isPending}
                onClick={() =>
                  save.mutate(
                    { body: { energyType, connections: rows } },
                    {
                      onSuccess: () => Toast.success(t('saved')),
                      onError: (e) => Toast.error(errorMessage(e)),
                    },
                  )
                }
              >
                {t('save')}
              </Button>
            </>
          )}
        </Space>
        {stored.isError ? (
          <Empty description={t('loadFailed', { message: errorMessage(stored.error) })} />
        ) : rows.length === 0 && !stored.isPending ? (
          <Empty description={c('noConnections')} />
        ) : (
          <div style={{ width: '100%' }}>
            <DataTable
              aria-label={c('connTitle')}
              loading={stored.isPending}
              rows={rows.map((l, i) => ({ ...l, i }))}
              rowKey={(r) => `${r.fromId}>${r.toId}#${r.i}`}
              columns={[
                { key: 'from', title: c('from'), render: (r) => name(r.fromId) },
                { key: 'to', title: c('to'), render: (r) => name(r.toId) },
                ...(canWrite
                  ? [
                      {
                        key: 'remove',
                        title: '',
                        width: 100,
                        render: (r: Link & { i: number }) => (
                          <Button
                            size="small"
                            type="danger"
                            theme="borderless"
                            onClick={() => setLinks(rows.filter((_, i) => i !== r.i))}
                          >
                            {t('remove')}
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        )}
      </Space>
    </Card>
  );
}
