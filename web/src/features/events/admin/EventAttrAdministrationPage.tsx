/**
 * /eventattradministration: per event type (events.typeSettings): level 1–5 with its colour in
 * both themes, class, pop-up, sound, push, enabled, and the limits where the type has them
 * (upper over lower). A batch sets attributes of the ticked types at once. Save sends the
 * changed types (events.saveTypeSettings) and needs alarmscheme_update; without it the table
 * only reads.
 */
import {
  Banner,
  Button,
  Empty,
  InputNumber,
  Space,
  Switch,
  Table,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import type { EventTypeSetting } from '@eem/contract';
import { EVENT_CLASS_LABELS, EVENT_LEVELS } from '@eem/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMutations, useQueries } from '../../../app/client';
import { useSession } from '../../../app/session';
import { Select } from '../../../blocks/named-pickers';
import { errorMessage } from '../../../blocks/save-file';
import { useTexts } from '../../../i18n/texts';
import { ColorPreview } from './components/ColorPreview';
import { EventScreen } from './components/EventScreen';
import { useEventLabels } from './components/event-labels';
import {
  applyBatch,
  type BatchPatch,
  changedRows,
  SWITCHES,
  type Switches,
  saveBody,
  typeSettingErrors,
} from './components/type-settings';
import { eventAdminTexts } from './texts';

export function EventAttrAdministrationPage() {
  const t = useTexts(eventAdminTexts);
  return (
    <EventScreen title={t('attrTitle')}>
      <TypeSettings />
    </EventScreen>
  );
}

function TypeSettings() {
  const t = useTexts(eventAdminTexts);
  const labels = useEventLabels();
  const queries = useQueries();
  // Levels, classes and switches of a type change how its events show: the events area refreshes.
  const saveSettings = useMutation(useMutations().events.saveTypeSettings());
  const { permissions } = useSession();
  const canWrite = permissions.has('alarmscheme_update');
  const settings = useQuery(queries.events.typeSettings({ body: {} }));
  const [rows, setRows] = useState<EventTypeSetting[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [batch, setBatch] = useState<BatchPatch>({});
  const [tried, setTried] = useState(false);
  const saving = saveSettings.isPending;
  useEffect(() => {
    if (settings.data) setRows(settings.data);
  }, [settings.data]);

  const changed = changedRows(settings.data ?? [], rows);
  const errors = tried ? typeSettingErrors(changed) : {};
  const patch = (logType: number, change: Partial<EventTypeSetting>) =>
    setRows((list) => list.map((r) => (r.logType === logType ? { ...r, ...change } : r)));

  const levelOptions = EVENT_LEVELS.map((l) => ({ value: l, label: labels.level(l) }));
  const classOptions = Object.keys(EVENT_CLASS_LABELS).map((c) => ({
    value: Number(c),
    label: labels.eventClass(Number(c)),
  }));
  const switchOptions = [
    { value: 'on', label: t('on') },
    { value: 'off', label: t('off') },
  ];

  const applySelected = () => {
    if (selected.length === 0) {
      Toast.warning(t('selectTypes'));
      return;
    }
    setRows((list) => applyBatch(list, selected, batch));
    Toast.info(t('applied', { count: selected.length }));
  };

  const save = async () => {
    setTried(true);
    if (changed.length === 0) {
      Toast.info(t('nothingChanged'));
      return;
    }
    if (Object.keys(typeSettingErrors(changed)).length > 0) return;
    try {
      await saveSettings.mutateAsync({ body: saveBody(changed) });
      Toast.success(t('saved'));
      setTried(false);
    } catch (error) {
      Toast.error(errorMessage(error, t('save')));
    }
  };

  const switchColumn = (key: Switches) => ({
    title: t(key),
    dataIndex: key,
    width: 80,
    render: (_: unknown, r: EventTypeSetting) => (
      <Switch
        size="small"
        aria-label={`${t(key)} ${r.logType}`}
        checked={r[key]}
        disabled={!canWrite}
        onChange={(v) => patch(r.logType, { [key]: v })}
      />
    ),
  });
  const limitColumn = (key: 'lowerLimit' | 'upperLimit') => ({
    title: t(key),
    dataIndex: key,
    width: 130,
    render: (_: unknown, r: EventTypeSetting) => {
      const original = settings.data?.find((o) => o.logType === r.logType);
      // Only types that have a limit show one.
      if (!original || (original.lowerLimit === null && original.upperLimit === null)) return '--';
      return (
        <InputNumber
          size="small"
          aria-label={`${t(key)} ${r.logType}`}
          value={r[key] ?? undefined}
          disabled={!canWrite}
          validateStatus={errors[r.logType] && key === 'upperLimit' ? 'error' : undefined}
          style={{ width: 110 }}
          onNumberChange={(v) => patch(r.logType, { [key]: Number.isFinite(v) ? v : null })}
        />
      );
    },
  });

  const columns = [
    {
      title: t('type'),
      dataIndex: 'name',
      width: 200,
      render: (_: unknown, r: EventTypeSetting) => (
        <div>
          <Typography.Text>{`${r.logType} ${r.name || labels.logType(r.logType)}`}</Typography.Text>
          {errors[r.logType] && (
            <div role="alert">
              <Typography.Text type="danger" size="small">
                {errors[r.logType]}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('level'),
      dataIndex: 'level',
      width: 120,
      render: (_: unknown, r: EventTypeSetting) => (
        <Select
          size="small"
          aria-label={`${t('level')} ${r.logType}`}
          motion={false}
          value={r.level}
          disabled={!canWrite}
          optionList={levelOptions}
          style={{ width: 100 }}
          onChange={(v) => patch(r.logType, { level: Number(v) })}
        />
      ),
    },
    {
      title: t('colorPreview'),
      dataIndex: 'preview',
      width: 170,
      render: (_: unknown, r: EventTypeSetting) => (
        <ColorPreview level={r.level} label={labels.level(r.level)} />
      ),
    },
    {
      title: t('eventClass'),
      dataIndex: 'eventClass',
      width: 120,
      render: (_: unknown, r: EventTypeSetting) => (
        <Select
          size="small"
          aria-label={`${t('eventClass')} ${r.logType}`}
          motion={false}
          value={r.eventClass}
          disabled={!canWrite}
          optionList={classOptions}
          style={{ width: 100 }}
          onChange={(v) => patch(r.logType, { eventClass: Number(v) })}
        />
      ),
    },
    ...SWITCHES.map(switchColumn),
    limitColumn('lowerLimit'),
    limitColumn('upperLimit'),
  ];

  const setSwitch = (key: Switches, v: unknown) =>
    setBatch((b) => ({ ...b, [key]: v === 'on' ? true : v === 'off' ? false : undefined }));

  return (
    <>
      {!canWrite && (
        <Banner
          type="info"
          description={t('noSchemePermission')}
          closeIcon={null}
          style={{ marginBottom: 12 }}
        />
      )}
      {canWrite && (
        <Space wrap spacing={8} style={{ marginBottom: 12 }} aria-label={t('batchTitle')}>
          <Typography.Text strong>{t('batchTitle')}</Typography.Text>
          <Select
            aria-label={`${t('batchTitle')} ${t('level')}`}
            placeholder={t('level')}
            motion={false}
            showClear
            style={{ width: 110 }}
            optionList={levelOptions}
            value={batch.level}
            onChange={(v) => setBatch((b) => ({ ...b, level: v === undefined ? undefined : Number(v) }))}
          />
          <Select
            aria-label={`${t('batchTitle')} ${t('eventClass')}`}
            placeholder={t('eventClass')}
            motion={false}
            showClear
            style={{ width: 140 }}
            optionList={classOptions}
            value={batch.eventClass}
            onChange={(v) => setBatch((b) => ({ ...b, eventClass: v === undefined ? undefined : Number(v) }))}
          />
          {SWITCHES.map((key) => (
            <Select
              key={key}
              aria-label={`${t('batchTitle')} ${t(key)}`}
              placeholder={t(key)}
              motion={false}
              showClear
              style={{ width: 110 }}
              optionList={switchOptions}
              value={batch[key] === undefined ? undefined : batch[key] ? 'on' : 'off'}
              onChange={(v) => setSwitch(key, v)}
            />
          ))}
          <Button onClick={applySelected}>{t('batchApply')}</Button>
          <Typography.Text type="tertiary">
            {changed.length > 0 ? t('changedCount', { count: changed.length }) : ''}
          </Typography.Text>
          <Button theme="solid" type="primary" loading={saving} onClick={() => void save()}>
            {t('save')}
          </Button>
        </Space>
      )}
      <Table<EventTypeSetting>
        aria-label={t('attrTitle')}
        size="small"
        columns={columns}
        dataSource={rows}
        rowKey="logType"
        loading={settings.isPending}
        pagination={false}
        scroll={{ x: 1400 }}
        empty={<Empty description={t('noData')} />}
        {...(canWrite
          ? {
              rowSelection: {
                selectedRowKeys: selected.map(String),
                onChange: (keys?: (string | number)[]) => setSelected((keys ?? []).map(Number)),
              },
            }
          : {})}
      />
    </>
  );
}
