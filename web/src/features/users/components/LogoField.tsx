/** A group logo: preview, upload of a jpg or png (files.uploadFile, kind image) and removal. */
import { IconUpload } from '@douyinfe/semi-icons';
import { Button, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useClient } from '../../../app/client';
import { FileImage } from '../../../blocks/FileImage';
import { FilePicker } from '../../../blocks/FilePicker';
import { errorMessage } from '../../../blocks/save-file';
import { imageProblem } from '../../../blocks/upload-checks';
import { useTexts } from '../../../i18n/texts';
import { userTexts } from '../texts';

export function LogoField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (fileName: string | null) => void;
}) {
  const t = useTexts(userTexts);
  const client = useClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const found = imageProblem(file);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      const stored = await client.files.uploadFile.upload({
        body: { kind: 'image' },
        files: [{ name: file.name, data: file }],
      });
      onChange(stored.fileName);
    } catch (error) {
      Toast.error(errorMessage(error, t('uploadLogo')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Space>
        {value && (
          <FileImage fileName={value} alt={t('logo')} style={{ width: 48, height: 48, borderRadius: 6 }} />
        )}
        <FilePicker
          label={t('uploadLogo')}
          accept=".jpg,.png"
          icon={<IconUpload />}
          loading={busy}
          onPick={(file) => void upload(file)}
        />
        {value && (
          <Button theme="borderless" type="danger" onClick={() => onChange(null)}>
            {t('removeLogo')}
          </Button>
        )}
      </Space>
      {problem && (
        <div role="alert">
          <Typography.Text type="danger" size="small">
            {problem}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
