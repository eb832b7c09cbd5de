/**
 * A group logo: preview, upload of a jpg or png (files.uploadFile, kind image) and removal; and
 * the logo in a table (the group's initial when it has none).
 */
import { IconUpload } from '@douyinfe/semi-icons';
import { Avatar, Button, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { UserGroup } from '@eem/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useMutations } from '../../../app/client';
import { FileImage } from '../../../blocks/FileImage';
import { FilePicker } from '../../../blocks/FilePicker';
import { errorMessage } from '../../../blocks/save-file';
import { imageProblem } from '../../../blocks/upload-checks';
import { useTexts } from '../../../i18n/texts';
import { userTexts } from '../texts';
import { logoOf } from './group-form';

export function GroupLogo({ group }: { group: Pick<UserGroup, 'name' | 'customConfig' | 'logo'> }) {
  const logo = logoOf(group);
  return logo ? (
    <FileImage fileName={logo} alt={group.name} style={{ width: 32, height: 32, borderRadius: 4 }} />
  ) : (
    <Avatar size="small">{group.name.slice(0, 1)}</Avatar>
  );
}

export function LogoField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (fileName: string | null) => void;
}) {
  const t = useTexts(userTexts);
  // A stored file changes nothing shown until the group that names it is saved.
  const store = useMutation(useMutations().files.uploadFile({ invalidates: [] }));
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const found = imageProblem(file);
    setProblem(found);
    if (found) return;
    try {
      const stored = await store.mutateAsync({
        body: { kind: 'image' },
        files: [{ name: file.name, data: file }],
      });
      onChange(stored.fileName);
    } catch (error) {
      Toast.error(errorMessage(error, t('uploadLogo')));
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
          loading={store.isPending}
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
