/**
 * FillDialog: the readings linear interpolation would write into one gap (or every gap), shown
 * before they are saved.
 */
import { List, Modal, Typography } from '@douyinfe/semi-ui-19';
import { formatNumber } from '../../../../app/format';
import { useTexts } from '../../../../i18n/texts';
import type { Reading } from '../reading-checks';
import { entryTexts } from '../texts';

export interface FillDialogProps {
  /** The readings to write; null: closed. */
  readings: readonly Reading[] | null;
  decimals: number;
  unit: string;
  formatTime: (ms: number) => string;
  busy: boolean;
  onSave: () => void;
  onCancel: () => void;
}

/** Rows listed in the dialog (the rest are counted). */
const SHOWN = 12;

export function FillDialog({
  readings,
  decimals,
  unit,
  formatTime,
  busy,
  onSave,
  onCancel,
}: FillDialogProps) {
  const t = useTexts(entryTexts);
  const list = readings ?? [];
  return (
    <Modal
      visible={readings !== null}
      title={t('fillTitle')}
      onCancel={onCancel}
      onOk={onSave}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy }}
      maskClosable={false}
    >
      <Typography.Paragraph>{t('fillText', { count: list.length })}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={list.slice(0, SHOWN)}
        renderItem={(r) => (
          <List.Item data-testid="fill-item">
            {formatTime(r.time)}: {formatNumber(r.value, decimals)} {unit}
          </List.Item>
        )}
      />
      {list.length > SHOWN && <Typography.Text type="tertiary">… +{list.length - SHOWN}</Typography.Text>}
    </Modal>
  );
}
