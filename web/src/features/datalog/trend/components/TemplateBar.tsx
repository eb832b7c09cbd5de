/**
 * TemplateBar: the user's trend templates (datalog.trendTemplates): load one (its points and
 * interval), save the current point set under a name (a template of the same name is
 * replaced), delete the one chosen.
 */
import { IconDelete, IconSave } from '@douyinfe/semi-icons';
import { Button, Input, Modal, Select, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { TrendTemplate } from '@eem/contract';
import type { DatalogInterval } from '@eem/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useClient, useQueries } from '../../../../app/client';
import { errorMessage } from '../../../../app/query-client';
import { useTexts } from '../../../../i18n/texts';
import { trendTexts } from '../texts';

export interface TemplateBarProps {
  pointIds: readonly number[];
  interval: DatalogInterval;
  onLoad: (template: TrendTemplate) => void;
}

const NAME_MAX = 50;

export function TemplateBar({ pointIds, interval, onLoad }: TemplateBarProps) {
  const t = useTexts(trendTexts);
  const client = useClient();
  const queries = useQueries();
  const queryClient = useQueryClient();
  const list = useQuery(queries.datalog.trendTemplates({ body: {} }));
  const templates = list.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const current = templates.find((tpl) => tpl.id === chosen) ?? null;
  const nameOk = name.trim().length > 0 && name.trim().length <= NAME_MAX;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['datalog', 'trendTemplates'] });

  const save = async () => {
    if (!nameOk) return;
    setBusy(true);
    try {
      const saved = await client.datalog.saveTrendTemplate({
        body: { name: name.trim(), pointIds: [...pointIds], interval },
      });
      Toast.success(t('templateSaved', { name: saved.name }));
      setSaving(false);
      setChosen(saved.id);
      await refresh();
    } catch (error) {
      Toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (template: TrendTemplate) => {
    try {
      await client.datalog.deleteTrendTemplate({ query: { id: template.id } });
      Toast.success(t('templateDeleted'));
      setChosen(null);
      await refresh();
    } catch (error) {
      Toast.error(errorMessage(error));
    }
  };

  return (
    <Space spacing={8} wrap data-testid="template-bar">
      <Typography.Text type="tertiary">{t('template')}</Typography.Text>
      <Select
        className="eem-select-template"
        placeholder={t('chooseTemplate')}
        style={{ width: 220 }}
        value={chosen ?? undefined}
        loading={list.isPending}
        emptyContent={t('noTemplates')}
        optionList={templates.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
        onChange={(v) => {
          const template = templates.find((tpl) => tpl.id === v);
          if (!template) return;
          setChosen(template.id);
          onLoad(template);
          Toast.info(t('templateLoaded', { name: template.name }));
        }}
      />
      <Button
        icon={<IconDelete />}
        type="danger"
        disabled={!current}
        aria-label={t('deleteTemplate')}
        onClick={() => {
          if (!current) return;
          Modal.confirm({
            title: t('deleteTemplate'),
            content: t('deleteTemplateConfirm', { name: current.name }),
            okText: t('confirm'),
            cancelText: t('cancel'),
            onOk: () => remove(current),
          });
        }}
      />
      <Button
        icon={<IconSave />}
        disabled={pointIds.length === 0}
        onClick={() => {
          setName(current?.name ?? '');
          setSaving(true);
        }}
      >
        {t('saveTemplate')}
      </Button>
      <Modal
        visible={saving}
        title={t('saveTemplate')}
        onCancel={() => setSaving(false)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ disabled: !nameOk, loading: busy }}
        onOk={() => void save()}
      >
        <Input
          aria-label={t('templateName')}
          placeholder={t('templateName')}
          value={name}
          maxLength={NAME_MAX}
          onChange={setName}
          onEnterPress={() => void save()}
        />
        {!nameOk && name.length > 0 && (
          <Typography.Text type="danger" size="small">
            {t('templateNameRule')}
          </Typography.Text>
        )}
      </Modal>
    </Space>
  );
}
