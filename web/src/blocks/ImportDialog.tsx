/**
 * ImportDialog: download the template, choose an xls/xlsx file, upload it through the SDK,
 * then follow the task (useTaskFollower: status 2 running → 导入中, 3 → 导入成功 at 100 %,
 * anything else → 导入失败 with the bar in red and 'view log' to /log). Percent =
 * floor(ratio × 100); `viewLogOn="end"` offers 'view log' after a success too. `maxBytes` refuses
 * a larger file before any upload ('file too large'). A failed task's error report (the workbook with an error column) is
 * offered when the caller gives `report`. An upload the server refuses (a second pipe-network import: 管网节点批量
 * 导入中，请稍后再试) shows its message as a warning.
 */
import { IconDownload, IconUpload } from '@douyinfe/semi-icons';
import { Button, Modal, Space, Toast } from '@douyinfe/semi-ui-19';
import type { Client, DownloadResult } from '@eem/sdk';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useClient } from '../app/client';
import { useMayOpen } from '../app/may-open';
import { useTexts } from '../i18n/texts';
import { SpreadsheetPicker, useSpreadsheetFile } from './SpreadsheetPicker';
import { saveDownloadOrToast } from './save-file';
import { type StartedTask, TaskProgressBar, type TaskProgressState, useTaskFollower } from './TaskProgress';
import { blockTexts } from './texts';

export type { StartedTask };

export interface ImportDialogProps {
  visible: boolean;
  onClose: () => void;
  title?: string;
  template?: (client: Client) => Promise<DownloadResult>;
  /** The error report of a failed task ('download error report' under a failed bar). */
  report?: (client: Client, taskId: number) => Promise<DownloadResult>;
  /** Shows a failure in the caller's words (the task's message under the bar otherwise). */
  failure?: (progress: TaskProgressState) => ReactNode;
  /** Sends the file; resolves with the task to follow, or nothing when the import is already done. */
  upload: (client: Client, file: File) => Promise<StartedTask | undefined>;
  /** After a successful import (refresh the page's data). */
  onSuccess?: () => void;
  /** Size cap in bytes (the server's or the spec's). */
  maxBytes?: number;
  /** Poll interval (default 5 s). */
  intervalMs?: number;
  /** When 'view log' is offered: after a failure (default) or after any end (success too). */
  viewLogOn?: 'failure' | 'end';
  /** Shows the task's message after a success too (what the import wrote and deleted). */
  showOutcome?: boolean;
}

export function ImportDialog(props: ImportDialogProps) {
  const t = useTexts(blockTexts);
  const client = useClient();
  const navigate = useNavigate();
  const mayOpen = useMayOpen();
  const follower = useTaskFollower();
  const { progress, busy, reset } = follower;
  const sheet = useSpreadsheetFile(props.maxBytes);
  const { file, clear } = sheet;

  useEffect(() => {
    if (!props.visible) {
      reset();
      clear();
    }
  }, [props.visible, reset, clear]);

  const downloadTemplate = async () => {
    const template = props.template;
    if (template) await saveDownloadOrToast(() => template(client));
  };

  const downloadReport = async (taskId: number) => {
    const report = props.report;
    if (report) await saveDownloadOrToast(() => report(client, taskId));
  };

  const start = async () => {
    if (!file) return;
    const upload = props.upload;
    const end = await follower.follow((c) => upload(c, file), {
      ...(props.intervalMs === undefined ? {} : { intervalMs: props.intervalMs }),
    });
    if (end?.phase === 'success') props.onSuccess?.();
    if (end?.refused && end.message) Toast.warning(end.message);
  };

  return (
    <Modal
      visible={props.visible}
      title={props.title ?? t('import')}
      onCancel={props.onClose}
      maskClosable={false}
      footer={
        <Space>
          {progress &&
            mayOpen('/log') &&
            (progress.phase === 'failure' || (props.viewLogOn === 'end' && progress.phase === 'success')) && (
              <Button
                onClick={() => {
                  props.onClose();
                  navigate('/log');
                }}
              >
                {t('viewLog')}
              </Button>
            )}
          <Button onClick={props.onClose}>{t('close')}</Button>
          <Button
            theme="solid"
            type="primary"
            icon={<IconUpload />}
            disabled={!file || busy}
            loading={busy}
            onClick={() => void start()}
          >
            {t('upload')}
          </Button>
        </Space>
      }
    >
      <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
        {props.template && (
          <Button icon={<IconDownload />} theme="borderless" onClick={() => void downloadTemplate()}>
            {t('downloadTemplate')}
          </Button>
        )}
        <SpreadsheetPicker
          sheet={sheet}
          disabled={busy}
          onPick={(picked) => {
            if (sheet.choose(picked)) reset();
          }}
        />
        {progress && (
          <TaskProgressBar
            progress={progress}
            showMessage={!props.failure}
            showOutcome={props.showOutcome === true}
          />
        )}
        {progress?.phase === 'failure' && props.failure?.(progress)}
        {props.report && progress?.phase === 'failure' && progress.task && !progress.refused && (
          <Button
            icon={<IconDownload />}
            onClick={() => {
              const taskId = progress.task?.id;
              if (taskId !== undefined) void downloadReport(taskId);
            }}
          >
            {t('downloadReport')}
          </Button>
        )}
      </Space>
    </Modal>
  );
}
