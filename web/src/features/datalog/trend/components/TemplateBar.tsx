/**
 * TemplateBar: the user's trend templates (datalog.trendTemplates): load one (its points, its
 * interval and the devices its points belong to, so they can be ticked), save the current point
 * set under a name (a template of the same name is replaced), delete the one chosen.
 */
import { IconDelete, IconSave } from '@douyinfe/semi-icons';
import { Button, Input, Modal, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { TrendTemplate } from '@eem/contract';
import { datalog } from '@eem/contract/areas/datalog';
import type { DatalogInterval } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useMutations, useQueries } from '../../../../app/client';
import { errorMessage } from '../../../../app/query-client';
import { validateWith } from '../../../../blocks/form-issues';
import { Select } from '../../../../blocks/named-pickers';
import { useTexts } from '../../../../i18n/texts';
import { trendTexts } from '../texts';

export interface TemplateBarProps {
  pointIds: readonly number[];
  interval: DatalogInterval;
  /** A template chosen: its interval (one the screen offers) and points, and their devices' ids. */
  onLoad: (loaded: { interval: DatalogInterval; pointIds: number[]; nodeIds: number[] }) => void;
  intervals: readonly DatalogInterval[];
}

/** The save body's own schema: the name's rule and message are the server's. */
const saveBody = datalog.saveTrendTemplate.body;

export function TemplateBar({ pointIds, interval, onLoad, intervals }: TemplateBarProps) {
  const t = useTexts(trendTexts);
  const queries = useQueries();
  const mutations = useMutations();
  const queryClient = useQueryClient();
  const list = useQuery(queries.datalog.trendTemplates({ body: {} }));
  // A save or a delete changes the template list, nothing else.
  const changes = { invalidates: [endpointKey('datalog', 'trendTemplates')] };
  const saveTemplate = useMutation(mutations.datalog.saveTrendTemplate(changes));
  const deleteTemplate = useMutation(mutations.datalog.deleteTrendTemplate(changes));
  const templates = list.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const current = templates.find((tpl) => tpl.id === chosen) ?? null;
  const nameError = saveBody
    ? validateWith(saveBody, { name, pointIds: [...pointIds], interval }).name
    : undefined;
  const nameOk = nameError === undefined;

  const save = () => {
    if (!nameOk) return;
    saveTemplate.mutate(
      { body: { name: name.trim(), pointIds: [...pointIds], interval } },
      {
        onSuccess: (saved) => {
          Toast.success(t('templateSaved', { name: saved.name }));
          setNaming(false);
          setChosen(saved.id);
        },
        onError: (error) => Toast.error(errorMessage(error)),
      },
    );
  };

  const load = async (template: TrendTemplate) => {
    const chosenInterval = intervals.includes(template.interval) ? template.interval : '1d';
    try {
      // The answer names each point's device (a short raw window: no readings needed).
      const now = Date.now();
      const answer = await queryClient.fetchQuery(
        queries.datalog.query({
          body: { pointIds: template.pointIds, startTime: now - 60_000, endTime: now, interval: 'raw' },
        }),
      );
      const nodeIds = [...new Set(answer.series.map((s) => s.nodeId))];
      onLoad({ interval: chosenInterval, pointIds: [...template.pointIds], nodeIds });
      Toast.info(t('templateLoaded', { name: template.name }));
    } catch (error) {
      Toast.error(errorMessage(error));
    }
  };

  const remove = (template: TrendTemplate) =>
    deleteTemplate.mutateAsync({ query: { id: template.id } }).then(
      () => {
        Toast.success(t('templateDeleted'));
        setChosen(null);
      },
      (error: unknown) => Toast.error(errorMessage(error)),
    );

  const labelId = useId();
  return (
    <Space spacing={8} wrap data-testid="template-bar">
      <Typography.Text type="tertiary" id={labelId}>
        {t('template')}
      </Typography.Text>
      <Select
        aria-labelledby={labelId}
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
          void load(template);
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
          setNaming(true);
        }}
      >
        {t('saveTemplate')}
      </Button>
      <Modal
        visible={naming}
        title={t('saveTemplate')}
        onCancel={() => setNaming(false)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ disabled: !nameOk, loading: saveTemplate.isPending }}
        onOk={save}
      >
        <Input
          aria-label={t('templateName')}
          placeholder={t('templateName')}
          value={name}
          onChange={setName}
          onEnterPress={save}
        />
        {nameError !== undefined && name.length > 0 && (
          <Typography.Text type="danger" size="small" role="alert">
            {nameError}
          </Typography.Text>
        )}
      </Modal>
    </Space>
  );
}
