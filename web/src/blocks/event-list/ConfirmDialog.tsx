/**
 * Confirming events: normal with a processing result or simple with the default text (offered
 * for batches, and the default there); the rule is the contract's (confirm-model.ts). Already
 * confirmed events are skipped by the server and counted in the toast. The confirm refreshes
 * the events area.
 */
import { Modal, Radio, RadioGroup, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { EventItem } from '@eem/contract';
import { EVENT_LIMITS } from '@eem/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useMutations } from '../../app/client';
import { useTexts } from '../../i18n/texts';
import { FieldFrame } from '../FormFields';
import { errorMessage } from '../save-file';
import { type ConfirmMode, checkConfirm, confirmBody } from './confirm-model';
import { eventListTexts } from './texts';

export interface ConfirmDialogProps {
  events: readonly EventItem[];
  onClose: () => void;
  /** After the server confirmed: the ids confirmed. */
  onDone: (confirmed: number[]) => void;
}

export function ConfirmDialog({ events, onClose, onDone }: ConfirmDialogProps) {
  const t = useTexts(eventListTexts);
  const confirm = useMutation(useMutations().events.confirm());
  const batch = events.length > 1;
  const [mode, setMode] = useState<ConfirmMode>(batch ? 'simple' : 'normal');
  const [result, setResult] = useState('');
  const [tried, setTried] = useState(false);
  const error = tried ? checkConfirm(mode, result) : null;

  const submit = async () => {
    setTried(true);
    if (checkConfirm(mode, result) !== null) return;
    const body = confirmBody(events, mode, result);
    if (body.events.length === 0) {
      onDone([]);
      return;
    }
    try {
      const answer = await confirm.mutateAsync({ body });
      const skipped = answer.skipped.length + (events.length - body.events.length);
      Toast.success(
        skipped > 0
          ? t('skippedToast', { count: answer.confirmed.length, skipped })
          : t('confirmedToast', { count: answer.confirmed.length }),
      );
      onDone(answer.confirmed);
    } catch (failure) {
      Toast.error(errorMessage(failure, t('confirm')));
    }
  };

  return (
    <Modal
      visible
      title={batch ? t('confirmMany', { count: events.length }) : t('confirmTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={confirm.isPending}
      width={520}
    >
      {!batch && events[0] && (
        <Typography.Paragraph style={{ marginBottom: 12 }}>
          #{events[0].id} · {events[0].nodeName} · {events[0].description}
        </Typography.Paragraph>
      )}
      <FieldFrame field="mode" label={t('mode')}>
        <RadioGroup
          type="button"
          aria-label={t('mode')}
          value={mode}
          onChange={(e) => setMode(e.target.value as ConfirmMode)}
        >
          <Radio value="normal">{t('mode.normal')}</Radio>
          <Radio value="simple">{t('mode.simple')}</Radio>
        </RadioGroup>
      </FieldFrame>
      {mode === 'normal' ? (
        <FieldFrame field="result" label={t('result')} required error={error ? t(error) : undefined}>
          <TextArea
            aria-label={t('result')}
            placeholder={t('resultPlaceholder')}
            value={result}
            maxCount={EVENT_LIMITS.resultMax}
            autosize={{ minRows: 3, maxRows: 6 }}
            onChange={setResult}
          />
        </FieldFrame>
      ) : (
        <Typography.Text type="tertiary">{t('simpleHint', { text: t('simpleDefault') })}</Typography.Text>
      )}
    </Modal>
  );
}
