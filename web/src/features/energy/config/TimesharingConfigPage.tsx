/**
 * /timesharingconfig (screens.md §2.11): the project's time-of-use schemes (metering.schemes)
 * with their versions and bound nodes; a scheme is added or edited as a name (≤ 20) and
 * effective-dated versions of seasons, each with a workday and a holiday strip of 96 quarter
 * hours painted sharp, peak, flat or valley (createScheme / updateScheme: the contract checks
 * the coverage and overlaps), with the version's extra holidays and working days (dates on
 * the project's calendar, bounded by the contract); nodes are bound (bindScheme); a scheme no
 * node is bound to is deleted. A change for bound nodes re-splits their history as a task.
 */
import {
  Button,
  Card,
  Empty,
  Input,
  Modal,
  Popconfirm,
  RadioGroup,
  Space,
  Tag,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import type { TouScheme } from '@eem/contract';
import { TOU_BAND_CODES, TOU_BAND_NAMES, TOU_LIMITS, type TouBand, type TouSeason } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useState } from 'react';
import { formatDate, parseZonedText, useTimeZone } from '../../../app/format';
import { errorMessage } from '../../../app/query-client';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointDefinitions, useEndpointMutation, useEndpointQuery } from '../../../blocks/data';
import type { SafeParser } from '../../../blocks/form-issues';
import { NodeTreePicker } from '../../../blocks/NodeTreePicker';
import type { NodeRef } from '../../../blocks/node-tree-model';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { EnergyPage, useCanWrite } from '../common/EnergyPage';
import { refOf, useEnergyTree } from '../common/energy-data';
import { energyTexts } from '../common/texts';
import { BAND_COLORS, BandStrip } from './BandStrip';
import { boundMessage, DateList } from './DateList';
import { energyConfigTexts } from './texts';

const WRITE = { invalidates: [areaKey('metering'), areaKey('energy')] };

interface VersionDraft {
  id?: number;
  from: string;
  to: string;
  seasons: TouSeason[];
  holidays: string[];
  workdays: string[];
}
interface Draft {
  id?: number;
  name: string;
  versions: VersionDraft[];
}

const ALL_YEAR = (name: string): TouSeason => ({
  name,
  start: '01-01',
  end: '12-31',
  workday: [{ band: 3, start: 0, end: TOU_LIMITS.dayMinutes }],
  holiday: [{ band: 3, start: 0, end: TOU_LIMITS.dayMinutes }],
});

export function TimesharingConfigPage() {
  const c = useTexts(energyConfigTexts);
  return (
    <EnergyPage title={c('touTitle')}>
      <Schemes />
    </EnergyPage>
  );
}

function Schemes() {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const canWrite = useCanWrite('energyconfig_update');
  const schemes = useEndpointQuery(endpointKey('metering', 'schemes'), {});
  const remove = useEndpointMutation(endpointKey('metering', 'deleteScheme'), WRITE);
  const [editing, setEditing] = useState<{ draft: Draft; zone: string } | null>(null);
  const [binding, setBinding] = useState<TouScheme | null>(null);
  const tz = useTimeZone().timeZone;
  const day = (ms: number) => formatDate(ms, 'YYYY-MM-DD', tz);
  const open = (s: TouScheme | null) =>
    setEditing({
      zone: tz,
      draft: s
        ? {
            id: s.id,
            name: s.name,
            versions: s.versions.map((v) => ({
              id: v.id,
              from: day(v.effectiveFrom),
              to: v.effectiveTo === null ? '' : day(v.effectiveTo),
              seasons: v.seasons,
              holidays: v.holidays,
              workdays: v.workdays,
            })),
          }
        : {
            name: '',
            versions: [
              { from: day(Date.now()), to: '', seasons: [ALL_YEAR(c('season'))], holidays: [], workdays: [] },
            ],
          },
    });
  return (
    <Card style={{ width: '100%' }}>
      {canWrite && (
        <Button theme="solid" style={{ marginBottom: 12 }} onClick={() => open(null)}>
          {c('newScheme')}
        </Button>
      )}
      {schemes.isError ? (
        <Empty description={t('loadFailed', { message: errorMessage(schemes.error) })} />
      ) : (
        <DataTable
          aria-label={c('touTitle')}
          loading={schemes.isPending}
          rows={schemes.data ?? []}
          rowKey={(s) => s.id}
          columns={[
            { key: 'name', title: c('scheme'), width: 180, render: (s) => s.name },
            {
              key: 'versions',
              title: c('versions'),
              render: (s) => (
                <Space wrap>
                  {s.versions.map((v) => (
                    <Tag key={v.id} color={v.status === 'inEffect' ? 'green' : 'grey'}>
                      {day(v.effectiveFrom)} ~ {v.effectiveTo === null ? '' : day(v.effectiveTo)} ·{' '}
                      {c(`status.${v.status}`)}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            { key: 'nodes', title: c('bound'), render: (s) => s.nodes.map((n) => n.name).join(', ') || '--' },
            {
              key: 'updatedAt',
              title: c('updatedAt'),
              width: 170,
              render: (s) => formatDate(s.updatedAt, 'YYYY-MM-DD HH:mm', tz),
            },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    title: '',
                    width: 230,
                    render: (s: TouScheme) => (
                      <Space>
                        <Button size="small" theme="borderless" onClick={() => open(s)}>
                          {t('edit')}
                        </Button>
                        <Button size="small" theme="borderless" onClick={() => setBinding(s)}>
                          {c('bind')}
                        </Button>
                        <Popconfirm
                          title={c('confirmDelete', { name: s.name })}
                          onConfirm={() =>
                            remove.mutate(
                              { query: { id: s.id } },
                              {
                                onSuccess: () => Toast.success(t('saved')),
                                onError: (e) => Toast.error(errorMessage(e)),
                              },
                            )
                          }
                        >
                          <Button size="small" theme="borderless" type="danger" disabled={s.nodes.length > 0}>
                            {t('remove')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing && <SchemeEditor draft={editing.draft} zone={editing.zone} onClose={() => setEditing(null)} />}
      {binding && <BindDialog scheme={binding} onClose={() => setBinding(null)} />}
    </Card>
  );
}

/** 'YYYY-MM-DD' → the day's start in the project's zone; NaN when it is no date (the contract says so). */
function dayStart(text: string, zone: string): number {
  const trimmed = text.trim();
  return (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? parseZonedText(trimmed, zone) : null) ?? Number.NaN;
}

function started(t: (k: 'saved') => string, c: (k: 'resplitStarted') => string) {
  return (answer: { task: unknown }) => Toast.success(answer.task ? c('resplitStarted') : t('saved'));
}

function SchemeEditor({
  draft: initial,
  zone,
  onClose,
}: {
  draft: Draft;
  zone: string;
  onClose: () => void;
}) {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const { language } = useLanguage();
  const [draft, setDraft] = useState(initial);
  const [brush, setBrush] = useState<TouBand>(2);
  const create = useEndpointMutation(endpointKey('metering', 'createScheme'), WRITE);
  const update = useEndpointMutation(endpointKey('metering', 'updateScheme'), WRITE);
  const definitions = useEndpointDefinitions([endpointKey('metering', 'createScheme')] as const);
  const schema =
    definitions.state === 'ready' ? (definitions.definitions[0] as { body?: SafeParser }).body : undefined;
  const setVersion = (i: number, patch: Partial<VersionDraft>) =>
    setDraft({ ...draft, versions: draft.versions.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  const setSeason = (vi: number, si: number, patch: Partial<TouSeason>) => {
    const v = draft.versions[vi];
    if (v) setVersion(vi, { seasons: v.seasons.map((s, j) => (j === si ? { ...s, ...patch } : s)) });
  };
  const versionsOf = (d: Draft) =>
    d.versions.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      effectiveFrom: dayStart(v.from, zone),
      effectiveTo: v.to ? dayStart(v.to, zone) : null,
      seasons: v.seasons,
      holidays: v.holidays,
      workdays: v.workdays,
    }));
  const checked = { name: draft.name, versions: versionsOf(draft) };
  const submit = () => {
    const bad = draft.versions.find(
      (v) => Number.isNaN(dayStart(v.from, zone)) || (v.to !== '' && Number.isNaN(dayStart(v.to, zone))),
    );
    if (bad) {
      Toast.error(c('dateFormat'));
      return;
    }
    const versions = checked.versions;
    const after = {
      onSuccess: (answer: { task: unknown }) => {
        started(t, c)(answer);
        onClose();
      },
      onError: (e: Error) => Toast.error(errorMessage(e)),
    };
    if (draft.id) update.mutate({ body: { id: draft.id, name: draft.name, versions } }, after);
    else create.mutate({ body: { name: draft.name, versions } }, after);
  };
  return (
    <Modal
      visible
      width={1100}
      title={draft.id ? c('editScheme') : c('newScheme')}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={create.isPending || update.isPending}
      bodyStyle={{ maxHeight: 620, overflowY: 'auto' }}
    >
      <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
        <Space>
          <Typography.Text>{c('scheme')}</Typography.Text>
          <Input
            aria-label={c('scheme')}
            maxLength={TOU_LIMITS.schemeName}
            style={{ width: 240 }}
            value={draft.name}
            onChange={(name) => setDraft({ ...draft, name })}
          />
          <Typography.Text>{c('brush')}</Typography.Text>
          <RadioGroup
            type="button"
            value={brush}
            onChange={(e) => setBrush(e.target.value as TouBand)}
            options={TOU_BAND_CODES.map((b) => ({
              value: b,
              label: (
                <span style={{ color: BAND_COLORS[b] }}>
                  ■ {TOU_BAND_NAMES[b][language === 'zh' ? 0 : 1]}
                </span>
              ),
            }))}
          />
        </Space>
        {draft.versions.map((v, vi) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: versions are edited in place
            key={vi}
            style={{ width: '100%' }}
            title={
              <Space>
                <Typography.Text>{c('effectiveFrom')}</Typography.Text>
                <Input
                  aria-label={c('effectiveFrom')}
                  style={{ width: 130 }}
                  value={v.from}
                  placeholder="YYYY-MM-DD"
                  onChange={(from) => setVersion(vi, { from })}
                />
                <Typography.Text>{c('effectiveTo')}</Typography.Text>
                <Input
                  aria-label={c('effectiveTo')}
                  style={{ width: 130 }}
                  value={v.to}
                  placeholder="YYYY-MM-DD"
                  onChange={(to) => setVersion(vi, { to })}
                />
              </Space>
            }
            headerExtraContent={
              <Space>
                <Button
                  size="small"
                  disabled={v.seasons.length >= TOU_LIMITS.seasons}
                  onClick={() => setVersion(vi, { seasons: [...v.seasons, ALL_YEAR(c('season'))] })}
                >
                  {c('addSeason')}
                </Button>
                {draft.versions.length > 1 && (
                  <Button
                    size="small"
                    type="danger"
                    onClick={() =>
                      setDraft({ ...draft, versions: draft.versions.filter((_, j) => j !== vi) })
                    }
                  >
                    {t('remove')}
                  </Button>
                )}
              </Space>
            }
          >
            {v.seasons.map((s, si) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: seasons are edited in place
              <Space key={si} vertical align="start" spacing={4} style={{ width: '100%', marginBottom: 12 }}>
                <Space>
                  <Input
                    aria-label={c('seasonName')}
                    style={{ width: 160 }}
                    value={s.name}
                    maxLength={TOU_LIMITS.seasonName}
                    onChange={(name) => setSeason(vi, si, { name })}
                  />
                  <Typography.Text type="tertiary">{c('seasonRange')}</Typography.Text>
                  <Input
                    aria-label={`${c('seasonRange')} ${c('start')}`}
                    style={{ width: 80 }}
                    value={s.start}
                    onChange={(start) => setSeason(vi, si, { start })}
                  />
                  <Input
                    aria-label={`${c('seasonRange')} ${c('end')}`}
                    style={{ width: 80 }}
                    value={s.end}
                    onChange={(end) => setSeason(vi, si, { end })}
                  />
                  {v.seasons.length > 1 && (
                    <Button
                      size="small"
                      theme="borderless"
                      type="danger"
                      onClick={() => setVersion(vi, { seasons: v.seasons.filter((_, j) => j !== si) })}
                    >
                      {t('remove')}
                    </Button>
                  )}
                </Space>
                {(['workday', 'holiday'] as const).map((kind) => (
                  <div key={kind} style={{ width: '100%', display: 'flex', gap: 8, alignItems: 'center' }}>
                    <Typography.Text style={{ width: 70 }}>{c(kind)}</Typography.Text>
                    <div style={{ flex: 1 }}>
                      <BandStrip
                        label={`${s.name} ${c(kind)}`}
                        periods={s[kind]}
                        brush={brush}
                        onChange={(periods) => setSeason(vi, si, { [kind]: periods })}
                      />
                    </div>
                  </div>
                ))}
              </Space>
            ))}
            <Space vertical align="start" spacing={8} style={{ width: '100%' }}>
              {(['holidays', 'workdays'] as const).map((key) => (
                <DateList
                  key={key}
                  label={c(key)}
                  days={v[key]}
                  zone={zone}
                  bound={boundMessage(schema, checked, vi, key)}
                  onChange={(days) => setVersion(vi, { [key]: days })}
                />
              ))}
            </Space>
          </Card>
        ))}
        <Button
          disabled={draft.versions.length >= TOU_LIMITS.versions}
          onClick={() =>
            setDraft({
              ...draft,
              versions: [
                ...draft.versions,
                { from: '', to: '', seasons: [ALL_YEAR(c('season'))], holidays: [], workdays: [] },
              ],
            })
          }
        >
          {c('addVersion')}
        </Button>
      </Space>
    </Modal>
  );
}

function BindDialog({ scheme, onClose }: { scheme: TouScheme; onClose: () => void }) {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const tree = useEnergyTree();
  const [nodes, setNodes] = useState<NodeRef[]>(
    scheme.nodes.map((n) => ({ id: n.id, modelLabel: n.modelLabel, name: n.name })),
  );
  const bind = useEndpointMutation(endpointKey('metering', 'bindScheme'), WRITE);
  return (
    <Modal
      visible
      width={560}
      title={`${c('bind')} · ${scheme.name}`}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={bind.isPending}
      onOk={() =>
        bind.mutate(
          { body: { schemeId: scheme.id, nodes: nodes.map(refOf) } },
          {
            onSuccess: (answer) => {
              started(t, c)(answer);
              onClose();
            },
            onError: (e) => Toast.error(errorMessage(e)),
          },
        )
      }
    >
      <NodeTreePicker
        mode="multi"
        aria-label={c('bind')}
        tree={tree.data ?? []}
        loading={tree.isPending}
        value={nodes}
        onChange={setNodes}
        max={TOU_LIMITS.bindNodes}
        height={420}
      />
    </Modal>
  );
}
