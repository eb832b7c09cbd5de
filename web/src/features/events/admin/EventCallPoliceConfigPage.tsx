/**
 * /eventCallPoliceConfig (not kept alive): the alarm schemes of the project (events.schemes):
 * a name, what the scheme watches (core ALARM_KINDS), the event types notified (at least one),
 * a threshold per level (at least one level), the node scope, the receivers (users and user
 * groups of the project), the channels, an active window of the day, the repeat interval and
 * whether it is enabled. Field errors show under the fields with the server's messages.
 * Writes need alarmscheme_update. Above the ledger: this browser's alarm sound.
 */
import { Checkbox, CheckboxGroup, Space, Tag, TimePicker, Typography } from '@douyinfe/semi-ui-19';
import type { AlarmScheme } from '@eem/contract';
import {
  ALARM_KINDS,
  alarmKind,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  PAGE_LIMIT_MAX,
  SCHEME_LOG_TYPES,
} from '@eem/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMutations, useQueries } from '../../../app/client';
import { useSession } from '../../../app/session';
import { CrudLedger, pageLocally } from '../../../blocks/CrudLedger';
import type { DataColumn } from '../../../blocks/DataTable';
import { LevelTag } from '../../../blocks/event-list/EventTags';
import { FieldFrame, type FormFieldDef } from '../../../blocks/FormFields';
import { NodeTreePicker } from '../../../blocks/NodeTreePicker';
import { Select } from '../../../blocks/named-pickers';
import { flattenTree, nodeKey, toRef } from '../../../blocks/node-tree-model';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { AlarmSoundCard } from './components/AlarmSoundCard';
import { useEventLabels } from './components/event-labels';
import {
  emptySchemeForm,
  type SchemeForm,
  schemeBody,
  schemeToForm,
  validateScheme,
  withKind,
} from './components/scheme-form';
import { ThresholdsEditor } from './components/ThresholdsEditor';
import { eventAdminTexts } from './texts';

interface SchemeFilters {
  [field: string]: unknown;
  keyword: string;
}

export function EventCallPoliceConfigPage() {
  const t = useTexts(eventAdminTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('schemeTitle')}</Typography.Title>
      <AlarmSoundCard />
      {effectiveProjectId > 0 ? (
        <Schemes key={effectiveProjectId} projectId={effectiveProjectId} />
      ) : (
        <Typography.Text type="tertiary">{t('noProject')}</Typography.Text>
      )}
    </div>
  );
}

function Schemes({ projectId }: { projectId: number }) {
  const t = useTexts(eventAdminTexts);
  const labels = useEventLabels();
  const { language } = useLanguage();
  const queries = useQueries();
  const mutations = useMutations();
  const createScheme = useMutation(mutations.events.createScheme());
  const updateScheme = useMutation(mutations.events.updateScheme());
  const deleteScheme = useMutation(mutations.events.deleteScheme());
  const { permissions } = useSession();
  const canWrite = permissions.has('alarmscheme_update');
  const tree = useQuery(
    queries.nodes.nodeTreeSimpleWithAuth({ body: { rootID: projectId, rootLabel: 'project' } }),
  );
  const people = useQuery({
    ...queries.users.projectUsers({ body: { page: { index: 0, limit: PAGE_LIMIT_MAX }, filters: [] } }),
    retry: false,
  });
  const nodes = useMemo(
    () => flattenTree(tree.data ?? []).filter((n) => n.modelLabel !== 'project'),
    [tree.data],
  );
  const nodeOf = (id: number) => {
    const found = nodes.find((n) => n.id === id);
    return found ? toRef(found) : undefined;
  };
  const users = people.data?.list ?? [];
  const groups = people.data?.groups ?? [];
  const userName = new Map(users.map((u) => [u.id, u.nicName || u.name]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const kindName = (kind: string) => {
    const def = alarmKind(kind);
    return def ? (language === 'zh' ? def.label[0] : def.label[1]) : kind;
  };

  const columns: DataColumn<AlarmScheme>[] = [
    { key: 'name', title: t('schemeName'), width: 180 },
    { key: 'kind', title: t('kind'), width: 170, render: (r) => kindName(r.kind) },
    {
      key: 'logTypes',
      title: t('type'),
      width: 160,
      render: (r) => r.logTypes.map((n) => labels.logType(n)).join(', '),
    },
    {
      key: 'thresholds',
      title: t('thresholds'),
      width: 200,
      render: (r) => (
        <Space wrap spacing={4}>
          {r.thresholds.map((th) => (
            <span key={th.level} style={{ whiteSpace: 'nowrap' }}>
              <LevelTag level={th.level} /> {th.value}
              {alarmKind(r.kind)?.unit ? ` ${alarmKind(r.kind)?.unit}` : ''}
            </span>
          ))}
        </Space>
      ),
    },
    {
      key: 'nodeIds',
      title: t('nodeScope'),
      width: 180,
      render: (r) =>
        r.nodeIds.length === 0
          ? t('wholeProject')
          : r.nodeIds.length <= 2
            ? r.nodeIds.map((id) => nodeOf(id)?.name ?? `#${id}`).join(', ')
            : t('nodeCount', { count: r.nodeIds.length }),
    },
    {
      key: 'receivers',
      title: t('receivers'),
      width: 180,
      render: (r) =>
        [
          ...r.receiverUserIds.map((id) => userName.get(id) ?? `#${id}`),
          ...r.receiverGroupIds.map((id) => groupName.get(id) ?? `#${id}`),
        ].join(', ') || '--',
    },
    {
      key: 'channels',
      title: t('channels'),
      width: 180,
      render: (r) => r.channels.map((c) => t(`channel.${c}`)).join(', '),
    },
    {
      key: 'window',
      title: t('activeWindow'),
      width: 120,
      render: (r) => (r.activeFrom && r.activeTo ? `${r.activeFrom}–${r.activeTo}` : t('allDay')),
    },
    {
      key: 'repeatMinutes',
      title: t('repeat'),
      width: 100,
      render: (r) => (r.repeatMinutes > 0 ? t('minutes', { n: r.repeatMinutes }) : t('once')),
    },
    {
      key: 'enabled',
      title: t('enabled'),
      width: 80,
      render: (r) => (
        <Tag size="small" color={r.enabled ? 'green' : 'grey'}>
          {r.enabled ? t('on') : t('off')}
        </Tag>
      ),
    },
  ];

  const simple = (defs: FormFieldDef<SchemeForm>[]) => defs;
  const headFields = simple([{ field: 'name', label: t('schemeName'), type: 'text', required: true }]);
  const tailFields = simple([
    {
      field: 'receiverUserIds',
      label: t('receiverUsers'),
      type: 'multiSelect',
      options: users.map((u) => ({
        value: u.id,
        label: u.nicName && u.nicName !== u.name ? `${u.nicName} (${u.name})` : u.name,
      })),
    },
    {
      field: 'receiverGroupIds',
      label: t('receiverGroups'),
      type: 'multiSelect',
      options: groups.map((g) => ({ value: g.id, label: g.name })),
    },
    { field: 'repeatMinutes', label: t('repeatMinutes'), type: 'number', precision: 0 },
    { field: 'enabled', label: t('enabled'), type: 'switch' },
  ]);

  return (
    <CrudLedger<AlarmScheme, SchemeForm, SchemeFilters>
      aria-label={t('schemeTitle')}
      initialFilters={{ keyword: '' }}
      filters={[{ field: 'keyword', label: t('schemeName'), type: 'text', width: 220 }]}
      query={(f, page) =>
        pageLocally(queries.events.schemes({ body: { keyword: f.keyword.trim() } }), (list) => list, page)
      }
      columns={columns}
      rowKey={(r) => r.id}
      rowName={(r) => r.name}
      canWrite={canWrite}
      form={{
        width: 780,
        title: (mode) => (mode === 'create' ? t('createScheme') : t('editScheme')),
        empty: emptySchemeForm,
        fromRow: (row) => schemeToForm(row, nodeOf),
        validate: validateScheme,
        render: ({ values, errors, set, fields }) => (
          <div style={{ maxHeight: '65vh', overflowY: 'auto', paddingRight: 8 }}>
            {fields(headFields)}
            <FieldFrame field="kind" label={t('kind')} required error={errors.kind}>
              <SelectKind
                value={values.kind}
                onChange={(kind) => {
                  const next = withKind(values, kind);
                  set('kind', next.kind);
                  set('logTypes', next.logTypes);
                }}
                kindName={kindName}
              />
            </FieldFrame>
            <FieldFrame field="logTypes" label={t('type')} required error={errors.logTypes}>
              <CheckboxGroup
                direction="horizontal"
                aria-label={t('type')}
                value={values.logTypes}
                onChange={(v) => set('logTypes', v)}
              >
                {SCHEME_LOG_TYPES.map((n) => (
                  <Checkbox key={n} value={n}>
                    {labels.logType(n)}
                  </Checkbox>
                ))}
              </CheckboxGroup>
            </FieldFrame>
            <FieldFrame field="thresholds" label={t('thresholds')} required error={errors.thresholds}>
              <ThresholdsEditor
                value={values.thresholds}
                unit={values.kind ? (alarmKind(values.kind)?.unit ?? '') : ''}
                onChange={(rows) => set('thresholds', rows)}
              />
            </FieldFrame>
            <FieldFrame
              field="nodeIds"
              label={t('nodeScope')}
              error={errors.nodeIds}
              help={
                values.nodes.length === 0 ? t('wholeProject') : t('nodeCount', { count: values.nodes.length })
              }
            >
              <NodeTreePicker
                mode="multi"
                aria-label={t('nodeScope')}
                tree={tree.data ?? []}
                loading={tree.isPending}
                max={500}
                isSelectable={(n) => n.modelLabel !== 'project'}
                value={values.nodes.filter((n) => n.modelLabel !== '')}
                onChange={(picked) => set('nodes', picked)}
                height={200}
              />
              <Space wrap spacing={4} style={{ marginTop: 4 }}>
                {values.nodes.map((n) => (
                  <Tag
                    key={nodeKey(n)}
                    size="small"
                    closable
                    onClose={() =>
                      set(
                        'nodes',
                        values.nodes.filter((m) => nodeKey(m) !== nodeKey(n)),
                      )
                    }
                  >
                    {n.name}
                  </Tag>
                ))}
              </Space>
            </FieldFrame>
            <FieldFrame field="channels" label={t('channels')} error={errors.channels}>
              <CheckboxGroup
                direction="horizontal"
                aria-label={t('channels')}
                value={values.channels}
                onChange={(v) => set('channels', v as NotifyChannel[])}
              >
                {NOTIFY_CHANNELS.map((c) => (
                  <Checkbox key={c} value={c}>
                    {t(`channel.${c}`)}
                  </Checkbox>
                ))}
              </CheckboxGroup>
            </FieldFrame>
            <FieldFrame
              field="activeTo"
              label={t('activeWindow')}
              help={values.activeFrom || values.activeTo ? undefined : t('allDay')}
              error={errors.activeTo ?? errors.activeFrom}
            >
              <Space>
                {(['activeFrom', 'activeTo'] as const).map((field) => (
                  <TimePicker
                    key={field}
                    aria-label={t(field)}
                    placeholder={t(field)}
                    format="HH:mm"
                    motion={false}
                    value={values[field] ?? undefined}
                    onChange={(_time, text) => set(field, typeof text === 'string' && text ? text : null)}
                  />
                ))}
              </Space>
            </FieldFrame>
            {fields(tailFields)}
          </div>
        ),
      }}
      onCreate={(v) => createScheme.mutateAsync({ body: schemeBody(v) })}
      onUpdate={(row, v) => updateScheme.mutateAsync({ body: { ...schemeBody(v), id: row.id } })}
      onDelete={(r) => deleteScheme.mutateAsync({ query: { id: r.id } })}
    />
  );
}

function SelectKind({
  value,
  onChange,
  kindName,
}: {
  value: string | null;
  onChange: (kind: string | null) => void;
  kindName: (kind: string) => string;
}) {
  const t = useTexts(eventAdminTexts);
  return (
    <Select
      aria-label={t('kind')}
      motion={false}
      style={{ width: '100%' }}
      value={value ?? undefined}
      optionList={ALARM_KINDS.map((k) => ({
        value: k.kind,
        label: `${kindName(k.kind)}${k.unit ? ` (${k.unit})` : ''}`,
      }))}
      onChange={(v) => onChange(typeof v === 'string' ? v : null)}
    />
  );
}
