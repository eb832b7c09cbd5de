/**
 * ImportDialog: download the template, choose an xls/xlsx file, upload it through the SDK,
 * then follow the task (useTaskFollower: status 2 running → 导入中, 3 → 导入成功 at 100 %,
 * anything else → 导入失败 with the bar in red and 'view log' to /log). Percent =
 * floor(ratio × 100). A failed task's error report (the workbook with an error column) is
 * offered when the caller gives `report`. An upload the server refuses (a second pipe-network import: 管网节点批量
 * 导入中，请稍后再试) shows its message as a warning.
 */
import { IconDownload, IconUpload } from '@douyinfe/semi-icons';
import { Button, Modal, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import { UPLOAD_LIMITS } from '@eem/core';
import type { Client, DownloadResult } from '@eem/sdk';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useClient } from '../app/client';
import { useTexts } from '../i18n/texts';
import { downloadErrorMessage, saveDownload } from './save-file';
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
}

export function isSpreadsheet(name: string): boolean {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return (UPLOAD_LIMITS.spreadsheetExtensions as readonly string[]).includes(ext);
}

/** Why a chosen file cannot be imported (xls/xlsx only, within the cap); null when fine. */
export function spreadsheetProblem(
  file: { name: string; size: number },
  maxBytes: number | undefined,
  texts: { onlyExcel: string; fileTooLarge: string },
): string | null {
  if (!isSpreadsheet(file.name)) return texts.onlyExcel;
  if (maxBytes !== undefined && file.size > maxBytes) return texts.fileTooLarge;
  return null;
}

export function ImportDialog(props: ImportDialogProps) {
  const t = useTexts(blockTexts);
  const client = useClient();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const follower = useTaskFollower();
  const { progress, busy, reset } = follower;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  useEffect(() => {
    if (!props.visible) {
      reset();
      setFile(null);
      setFileError(null);
    }
  }, [props.visible, reset]);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    const problem = spreadsheetProblem(picked, props.maxBytes, {
      onlyExcel: t('onlyExcel'),
      fileTooLarge: t('fileTooLarge'),
    });
    if (problem) {
      setFile(null);
      setFileError(problem);
      return;
    }
    setFileError(null);
    setFile(picked);
    reset();
  };

  const downloadTemplate = async () => {
    if (!props.template) return;
    try {
      await saveDownload(await props.template(client));
    } catch (error) {
      Toast.error(downloadErrorMessage(error));
    }
  };

  const downloadReport = async (taskId: number) => {
    if (!props.report) return;
    try {
      await saveDownload(await props.report(client, taskId));
    } catch (error) {
      Toast.error(downloadErrorMessage(error));
    }
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
          {progress?.phase === 'failure' && (
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
        <Space>
          <Button onClick={() => input.current?.click()} disabled={busy}>
            {t('chooseFile')}
          </Button>
          <Typography.Text>{file?.name ?? ''}</Typography.Text>
          <input
            ref={input}
            type="file"
            accept=".xls,.xlsx"
            aria-label={t('chooseFile')}
            style={{ display: 'none' }}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Space>
        {fileError && (
          <Typography.Text type="danger" role="alert">
            {fileError}
          </Typography.Text>
        )}
        {progress && <TaskProgressBar progress={progress} showMessage={!props.failure} />}
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
