/**
 * /projectBatchConfig: the batch import wizard (screens.md, IMP): 1 download the template,
 * 2 choose an xls/xlsx file, 3 validate on the server (nodes.batchImport with dryRun, the
 * task followed every 5 s) listing the problems with the error report to download,
 * 4 import for real with the progress bar (导入中), 5 the result (导入成功 / 导入失败) with
 * 'view log'. A file over the server's size limit (NODE_IMPORT_LIMITS.maxBytes) is refused before
 * upload. A failure lists every problem (ImportProblems). The beginner guide opens it with
 * ?newHand=batchImport and shows its steps (download, fill in, validate, import), the current one
 * following the wizard.
 */
import { IconDownload, IconUpload } from '@douyinfe/semi-icons';
import { Button, Card, Empty, Space, Steps, Toast, Typography } from '@douyinfe/semi-ui-19';
import { NODE_IMPORT_LIMITS } from '@eem/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useClient } from '../../app/client';
import { useMayOpen } from '../../app/may-open';
import { useSession } from '../../app/session';
import { SpreadsheetPicker, useSpreadsheetFile } from '../../blocks/SpreadsheetPicker';
import { saveDownloadOrToast } from '../../blocks/save-file';
import { TaskProgressBar, type TaskProgressState, useTaskFollower } from '../../blocks/TaskProgress';
import { useTexts } from '../../i18n/texts';
import { GuideSteps } from './components/GuideSteps';
import { ImportProblems } from './components/ImportProblems';
import { useStartNodeImport } from './components/node-import';
import { useRefreshNodes } from './components/TreeConfigurator';
import { nodeTexts } from './texts';

export interface ImportPageProps {
  /** Poll interval of the task (default 5 s; tests pass less). */
  intervalMs?: number;
}

export function ProjectBatchConfigPage({ intervalMs }: ImportPageProps = {}) {
  const t = useTexts(nodeTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('batchTitle')}</Typography.Title>
      {effectiveProjectId > 0 ? (
        <Wizard {...(intervalMs === undefined ? {} : { intervalMs })} />
      ) : (
        <Empty description={t('noProject')} />
      )}
    </div>
  );
}

type Step = 0 | 1 | 2 | 3 | 4;

function Problems({
  progress,
  onReport,
}: {
  progress: TaskProgressState;
  onReport: (taskId: number) => void;
}) {
  const t = useTexts(nodeTexts);
  const taskId = progress.task?.id;
  return (
    <Space vertical align="start" spacing={8} style={{ width: '100%' }}>
      <ImportProblems taskId={progress.refused ? undefined : taskId} message={progress.message} />
      {taskId !== undefined && !progress.refused && (
        <Button icon={<IconDownload />} onClick={() => onReport(taskId)}>
          {t('downloadReport')}
        </Button>
      )}
    </Space>
  );
}

function Wizard({ intervalMs }: ImportPageProps) {
  const t = useTexts(nodeTexts);
  const client = useClient();
  const navigate = useNavigate();
  const mayOpen = useMayOpen();
  const refresh = useRefreshNodes();
  const canEdit = useSession().permissions.has('nodeconfig_update');
  const [step, setStep] = useState<Step>(0);
  const sheet = useSpreadsheetFile(NODE_IMPORT_LIMITS.maxBytes);
  const { file } = sheet;
  const startImport = useStartNodeImport('nodes');
  const validation = useTaskFollower();
  const poll = intervalMs === undefined ? {} : { intervalMs };
  const importing = useTaskFollower();

  const downloadTemplate = () =>
    saveDownloadOrToast(() => client.nodes.importTemplate.download({ query: { scope: 'all' } }));

  const downloadReport = (taskId: number) =>
    saveDownloadOrToast(() => client.nodes.importReport.download({ query: { taskId } }));

  const choose = (picked: File) => {
    sheet.choose(picked);
    validation.reset();
    importing.reset();
  };

  const validate = async () => {
    if (!file) return;
    setStep(2);
    const end = await validation.follow(() => startImport(file, true), poll);
    if (end?.refused && end.message) Toast.error(end.message);
  };

  const runImport = async () => {
    if (!file) return;
    setStep(3);
    const end = await importing.follow(() => startImport(file, false), poll);
    if (!end) return;
    if (end.refused && end.message) Toast.error(end.message);
    if (end.phase === 'success') await refresh();
    setStep(4);
  };

  const restart = () => {
    validation.reset();
    importing.reset();
    sheet.clear();
    setStep(1);
  };

  const v = validation.progress;
  const imp = importing.progress;

  return (
    <>
      <GuideSteps
        guide="batchImport"
        intro={t('guideBatch')}
        steps={[
          t('guide.batch.template'),
          t('guide.batch.fill'),
          t('guide.batch.validate'),
          t('guide.batch.import'),
        ]}
        current={guideStep(step, v, imp)}
      />
      <Card>
        {!canEdit && (
          <Typography.Paragraph type="warning" style={{ marginBottom: 12 }}>
            {t('noPermission')}
          </Typography.Paragraph>
        )}
        <Steps type="basic" current={step} style={{ marginBottom: 24 }}>
          <Steps.Step title={t('step.template')} />
          <Steps.Step title={t('step.file')} />
          <Steps.Step title={t('step.validate')} />
          <Steps.Step title={t('step.import')} />
          <Steps.Step title={t('step.result')} />
        </Steps>

        {step === 0 && (
          <Space vertical align="start" spacing={12}>
            <Typography.Paragraph>{t('step.template.text')}</Typography.Paragraph>
            <Space>
              <Button icon={<IconDownload />} onClick={() => void downloadTemplate()}>
                {t('downloadTemplate')}
              </Button>
              <Button theme="solid" type="primary" disabled={!canEdit} onClick={() => setStep(1)}>
                {t('next')}
              </Button>
            </Space>
          </Space>
        )}

        {step === 1 && (
          <Space vertical align="start" spacing={12}>
            <Typography.Paragraph>{t('step.file.text')}</Typography.Paragraph>
            <SpreadsheetPicker sheet={sheet} icon={<IconUpload />} onPick={choose} />
            <Space>
              <Button onClick={() => setStep(0)}>{t('previous')}</Button>
              <Button
                theme="solid"
                type="primary"
                disabled={!file || !canEdit}
                onClick={() => void validate()}
              >
                {t('validate')}
              </Button>
            </Space>
          </Space>
        )}

        {step === 2 && v && (
          <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
            <Typography.Paragraph>{t('step.validate.text')}</Typography.Paragraph>
            <TaskProgressBar
              progress={v}
              showMessage={false}
              captions={{ running: t('validating'), success: t('validOk'), failure: t('validFailed') }}
            />
            {v.phase === 'success' && v.message && (
              <Typography.Text type="tertiary">{v.message}</Typography.Text>
            )}
            {v.phase === 'failure' && <Problems progress={v} onReport={(id) => void downloadReport(id)} />}
            <Space>
              <Button disabled={validation.busy} onClick={restart}>
                {t('chooseAgain')}
              </Button>
              <Button
                theme="solid"
                type="primary"
                disabled={v.phase !== 'success' || !canEdit}
                onClick={() => void runImport()}
              >
                {t('startImport')}
              </Button>
            </Space>
          </Space>
        )}

        {(step === 3 || step === 4) && imp && (
          <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
            {step === 3 && <Typography.Paragraph>{t('step.import.text')}</Typography.Paragraph>}
            <TaskProgressBar progress={imp} showMessage={false} />
            {step === 4 && imp.phase === 'success' && imp.message && (
              <Typography.Text type="tertiary">{imp.message}</Typography.Text>
            )}
            {step === 4 && imp.phase === 'failure' && (
              <Problems progress={imp} onReport={(id) => void downloadReport(id)} />
            )}
            {step === 4 && (
              <Space>
                {mayOpen('/log') && <Button onClick={() => navigate('/log')}>{t('viewLog')}</Button>}
                <Button onClick={restart}>{t('again')}</Button>
              </Space>
            )}
          </Space>
        )}
      </Card>
    </>
  );
}

/**
 * The guide's step from the wizard's: 0 template, 1 fill in and choose, 2 validate (until it
 * passes), 3 import (until it succeeds), 4 all done.
 */
function guideStep(
  step: Step,
  validation: TaskProgressState | null,
  imported: TaskProgressState | null,
): number {
  if (step < 2) return step;
  if (step === 2) return validation?.phase === 'success' ? 3 : 2;
  return imported?.phase === 'success' ? 4 : 3;
}
