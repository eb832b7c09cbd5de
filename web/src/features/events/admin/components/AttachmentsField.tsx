/**
 * The documents of a fault scenario: each uploaded with files.uploadFile (kind document: xls,
 * xlsx, docx or pdf up to 10M, checked before sending), listed with download and remove; at
 * most 5.
 */
import { IconDelete, IconUpload } from '@douyinfe/semi-icons';
import { Button, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import { UPLOAD_LIMITS } from '@eem/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useClient, useMutations } from '../../../../app/client';
import { FilePicker } from '../../../../blocks/FilePicker';
import { errorMessage, saveDownloadOrToast } from '../../../../blocks/save-file';
import { documentProblem } from '../../../../blocks/upload-checks';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';

export interface AttachmentsFieldProps {
  value: readonly string[];
  onChange: (fileNames: string[]) => void;
  disabled?: boolean;
}

export function AttachmentsField({ value, onChange, disabled }: AttachmentsFieldProps) {
  const t = useTexts(eventAdminTexts);
  const client = useClient();
  // A stored file changes nothing shown until the scenario that names it is saved.
  const store = useMutation(useMutations().files.uploadFile({ invalidates: [] }));
  // The original names of the files uploaded in this dialog (stored names are shown otherwise).
  const [names, setNames] = useState<Record<string, string>>({});

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = documentProblem(file);
    if (problem) {
      Toast.error(problem);
      return;
    }
    try {
      const stored = await store.mutateAsync({
        body: { kind: 'document' },
        files: [{ name: file.name, data: file }],
      });
      setNames((n) => ({ ...n, [stored.fileName]: stored.originalName }));
      onChange([...value, stored.fileName]);
    } catch (error) {
      Toast.error(errorMessage(error, t('addAttachment')));
    }
  };

  return (
    <div>
      {value.map((fileName) => (
        <Space key={fileName} spacing={4} style={{ display: 'flex' }}>
          <Typography.Text
            link
            onClick={() =>
              void saveDownloadOrToast(() => client.files.downloadFile.download({ query: { fileName } }))
            }
          >
            {names[fileName] ?? fileName}
          </Typography.Text>
          {!disabled && (
            <Button
              theme="borderless"
              size="small"
              type="danger"
              icon={<IconDelete />}
              aria-label={t('remove')}
              onClick={() => onChange(value.filter((f) => f !== fileName))}
            />
          )}
        </Space>
      ))}
      {!disabled && (
        <FilePicker
          label={t('addAttachment')}
          accept={UPLOAD_LIMITS.documentExtensions.map((e) => `.${e}`).join(',')}
          icon={<IconUpload />}
          loading={store.isPending}
          disabled={value.length >= UPLOAD_LIMITS.maxDocuments}
          onPick={(file) => void upload(file)}
        />
      )}
    </div>
  );
}
