/**
 * EditDialog: a new value for one reading, with the reason kept in the audit. A counter's value
 * below 0 is refused before any call with the server's message (DATALOG_MESSAGES.negativeCounter).
 */
import { Input, InputNumber, Modal, Space, Typography } from '@douyinfe/semi-ui-19';
import { DATALOG_LIMITS, type QuantityKind } from '@eem/core';
import { useEffect, useState } from 'react';
import { useTexts } from '../../../../i18n/texts';
import { valueProblem } from '../reading-checks';
import { entryTexts } from '../texts';

export interface EditDialogProps {
  /** The reading edited; null: closed. */
  reading: { time: number; value: number | null } | null;
  kind: QuantityKind;
  decimals: number;
  formatTime: (ms: number) => string;
  busy: boolean;
  onSave: (value: number, reason: string) => void;
  onCancel: () => void;
}

export function EditDialog({ reading, kind, decimals, formatTime, busy, onSave, onCancel }: EditDialogProps) {
  const t = useTexts(entryTexts);
  const [value, setValue] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    setValue(reading?.value ?? null);
    setReason('');
    setTouched(false);
  }, [reading]);

  const problem = valueProblem(value, kind);
  const save = () => {
    setTouched(true);
    if (problem === null && value !== null) onSave(value, reason.trim());
  };

  return (
    <Modal
      visible={reading !== null}
      title={reading ? `${t('editTitle')} · ${formatTime(reading.time)}` : t('editTitle')}
      onCancel={onCancel}
      onOk={save}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy }}
      maskClosable={false}
    >
      <Space vertical align="start" spacing={8} style={{ width: '100%' }}>
        <Typography.Text>{t('value')}</Typography.Text>
        <InputNumber
          aria-label={t('value')}
          value={value ?? undefined}
          precision={decimals}
          style={{ width: '100%' }}
          onChange={(v) => {
            setTouched(true);
            setValue(typeof v === 'number' && Number.isFinite(v) ? v : null);
          }}
          onEnterPress={save}
        />
        {touched && problem && (
          <Typography.Text type="danger" size="small" role="alert">
            {t(problem)}
          </Typography.Text>
        )}
        <Typography.Text>{t('reason')}</Typography.Text>
        <Input
          aria-label={t('reason')}
          value={reason}
          maxLength={DATALOG_LIMITS.editReasonMax}
          onChange={setReason}
        />
      </Space>
    </Modal>
  );
}
