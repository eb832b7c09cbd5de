/**
 * Diagnosis of a converged incident: its primary event, the fault scenarios that match it
 * (with causes, checks and plans) and the confirm of every member at once with a processing
 * result (required; events.confirm with every member id). Confirming needs event_confirm.
 */
import { Button, Descriptions, Modal, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { Incident } from '@eem/contract';
import { EVENT_LIMITS, isConfirmed } from '@eem/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useMutations, useQueries } from '../../../../app/client';
import { useFormat } from '../../../../app/format';
import { useSession } from '../../../../app/session';
import { LevelTag } from '../../../../blocks/event-list/EventTags';
import { FieldFrame } from '../../../../blocks/FormFields';
import type { FieldErrors } from '../../../../blocks/form-issues';
import { errorMessage } from '../../../../blocks/save-file';
import { useTexts } from '../../../../i18n/texts';
import { FaultScenarios } from '../../list/components/FaultScenarios';
import { eventAdminTexts } from '../texts';
import { confirmBody, validateConfirm } from './confirm-form';
import { useEventLabels } from './event-labels';
import { formatDuration } from './event-range';

export function DiagnoseDialog({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const t = useTexts(eventAdminTexts);
  const fmt = useFormat();
  const labels = useEventLabels();
  const queries = useQueries();
  const queryClient = useQueryClient();
  // Confirming refreshes the events area (incidents, their members, the event log).
  const confirm = useMutation(useMutations().events.confirm());
  const { permissions } = useSession();
  const canConfirm = permissions.has('event_confirm');
  const [result, setResult] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const primary = incident.primary;
  const done = isConfirmed(incident);

  /** Reads the members (fresh), then confirms the open ones; null when none was open. */
  const confirmMembers = useMutation({
    mutationFn: async () => {
      const members = await queryClient.fetchQuery({
        ...queries.events.incidentDetail({ body: { id: incident.id } }),
        staleTime: 0,
      });
      const ids = members.filter((m) => !isConfirmed(m)).map((m) => m.id);
      return ids.length === 0 ? null : confirm.mutateAsync({ body: confirmBody(ids, result) });
    },
  });

  const confirmAll = async () => {
    // The result is checked before anything is fetched (the primary stands in for the members).
    const found = validateConfirm([primary.id], result);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await confirmMembers.mutateAsync();
      if (answer === null) Toast.info(t('allConfirmed'));
      else
        Toast.success(
          answer.skipped.length > 0
            ? t('confirmedSkipped', { count: answer.confirmed.length, skipped: answer.skipped.length })
            : t('confirmed', { count: answer.confirmed.length }),
        );
      onClose();
    } catch (error) {
      Toast.error(errorMessage(error, t('confirmAllTitle')));
    }
  };

  return (
    <Modal
      visible
      title={t('diagnoseTitle', { id: incident.id })}
      width={760}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      maskClosable={false}
      bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}
    >
      <Descriptions
        row
        size="small"
        data={[
          { key: t('level'), value: <LevelTag level={primary.level} /> },
          { key: t('type'), value: primary.logTypeName || labels.logType(primary.logType) },
          { key: t('start'), value: fmt.time(incident.startTime) },
          { key: t('duration'), value: formatDuration(incident.lastTime - incident.startTime, fmt.language) },
          { key: t('members'), value: incident.memberCount },
        ]}
      />
      <Typography.Paragraph type="tertiary" style={{ marginTop: 8 }}>
        {primary.path || primary.nodeName}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 16 }}>{primary.description}</Typography.Paragraph>
      <Typography.Title heading={6} style={{ marginBottom: 8 }}>
        {t('scenarios')}
      </Typography.Title>
      <FaultScenarios eventId={primary.id} />
      <Typography.Title heading={6} style={{ margin: '16px 0 8px' }}>
        {t('confirmAllTitle')}
      </Typography.Title>
      {done ? (
        <Typography.Text type="success">{t('allConfirmed')}</Typography.Text>
      ) : canConfirm ? (
        <>
          <FieldFrame field="result" label={t('result')} required error={errors.result ?? errors.events}>
            <TextArea
              aria-label={t('result')}
              placeholder={t('resultPlaceholder')}
              value={result}
              maxCount={EVENT_LIMITS.resultMax}
              autosize={{ minRows: 2, maxRows: 5 }}
              onChange={(v) => {
                setResult(v);
                if (Object.keys(errors).length > 0) setErrors({});
              }}
            />
          </FieldFrame>
          <Button
            theme="solid"
            type="primary"
            loading={confirmMembers.isPending}
            onClick={() => void confirmAll()}
          >
            {t('confirmAll', { count: incident.memberCount })}
          </Button>
        </>
      ) : (
        <Typography.Text type="tertiary">{t('noConfirmPermission')}</Typography.Text>
      )}
    </Modal>
  );
}
