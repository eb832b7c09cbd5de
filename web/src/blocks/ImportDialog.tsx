/**
 * ImportDialog: download the template, choose an xls/xlsx file, upload it through the SDK,
 * then follow the task (watchTask: status 2 running → 导入中, 3 → 导入成功 at 100 %, anything
 * else → 导入失败 with the bar in red and 'view log' to /log). Percent = floor(ratio × 100).
 */
import { IconDownload, IconUpload } from '@douyinfe/semi-icons';
import { Button, Modal, Progress, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import { POLLING, type TaskPhase, UPLOAD_LIMITS } from '@eem/core';
import { type Client, type DownloadResult, watchTask } from '@eem/sdk';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useClient } from '../app/client';
import { useTexts } from '../i18n/texts';
import { downloadErrorMessage, errorMessage, saveDownload } from './save-file';
import { blockTexts } from './texts';

/** The task an upload started (the newest of the operation type when no id is given). */
export interface StartedTask {
  operationType: number;
  taskId?: number;
}

export interface ImportDialogProps {
  visible: boolean;
  onClose: () => void;
  title?: string;
  template?: (client: Client) => Promise<DownloadResult>;
  /** Sends the file; resolves with the task to follow, or nothing when the import is already done. */
  upload: (client: Client, file: File) => Promise<StartedTask | undefined>;
  /** After a successful import (refresh the page's data). */
  onSuccess?: () => void;
  /** Size cap in bytes (the server's or the spec's). */
  maxBytes?: number;
  /** Poll interval (default 5 s). */
  intervalMs?: number;
}

interface Progressing {
  phase: TaskPhase;
  percent: number;
  message?: string;
}

export function isSpreadsheet(name: string): boolean {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return (UPLOAD_LIMITS.spreadsheetExtensions as readonly string[]).includes(ext);
}

export function ImportDialog(props: ImportDialogProps) {
  const t = useTexts(blockTexts);
  const client = useClient();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const watching = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progressing | null>(null);

  useEffect(() => () => watching.current?.abort(), []);
  useEffect(() => {
    if (!props.visible) {
      watching.current?.abort();
      setFile(null);
      setFileError(null);
      setProgress(null);
      setBusy(false);
    }
  }, [props.visible]);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    if (!isSpreadsheet(picked.name)) {
      setFile(null);
      setFileError(t('onlyExcel'));
      return;
    }
    if (props.maxBytes !== undefined && picked.size > props.maxBytes) {
      setFile(null);
      setFileError(t('fileTooLarge'));
      return;
    }
    setFileError(null);
    setFile(picked);
    setProgress(null);
  };

  const downloadTemplate = async () => {
    if (!props.template) return;
    try {
      await saveDownload(await props.template(client));
    } catch (error) {
      Toast.error(downloadErrorMessage(error));
    }
  };

  const start = async () => {
    if (!file) return;
    setBusy(true);
    setProgress({ phase: 'running', percent: 0 });
    const controller = new AbortController();
    watching.current?.abort();
    watching.current = controller;
    try {
      const task = await props.upload(client, file);
      if (!task) {
        setProgress({ phase: 'success', percent: 100 });
        props.onSuccess?.();
        return;
      }
      for await (const update of watchTask(client, {
        operationType: task.operationType,
        ...(task.taskId === undefined ? {} : { taskId: task.taskId }),
        intervalMs: props.intervalMs ?? POLLING.importMs,
        signal: controller.signal,
      })) {
        setProgress({ phase: update.phase, percent: update.percent, message: update.task.message });
        if (update.phase === 'success') props.onSuccess?.();
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        setProgress({ phase: 'failure', percent: 0, message: errorMessage(error, t('importFailed')) });
      }
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  const caption =
    progress?.phase === 'success'
      ? t('importSucceeded')
      : progress?.phase === 'failure'
        ? t('importFailed')
        : t('importing');

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
        {progress && (
          <div style={{ width: '100%' }} data-phase={progress.phase}>
            <Typography.Text
              type={
                progress.phase === 'failure' ? 'danger' : progress.phase === 'success' ? 'success' : 'primary'
              }
            >
              {caption}
            </Typography.Text>
            <Progress
              percent={progress.percent}
              showInfo
              aria-label={caption}
              stroke={
                progress.phase === 'failure'
                  ? 'var(--semi-color-danger)'
                  : progress.phase === 'success'
                    ? 'var(--semi-color-success)'
                    : 'var(--semi-color-primary)'
              }
            />
            {progress.phase === 'failure' && progress.message && (
              <Typography.Text type="tertiary" size="small">
                {progress.message}
              </Typography.Text>
            )}
          </div>
        )}
      </Space>
    </Modal>
  );
}
