/**
 * ExportButton: the readings of the chosen points as xlsx (datalog.exportQuery), at most
 * DATALOG_LIMITS.screenExportPoints points on a trend screen (the button says why it is off).
 */
import { IconDownload } from '@douyinfe/semi-icons';
import { Button, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import { catalogue } from '@eem/contract';
import { DATALOG_LIMITS } from '@eem/core';
import { useState } from 'react';
import { useClient } from '../../../app/client';
import { downloadErrorMessage, saveDownload } from '../../../blocks/save-file';
import { useTexts } from '../../../i18n/texts';
import type { ReadingsRequest } from './queries';
import { datalogTexts } from './texts';

export function ExportButton({ request }: { request: ReadingsRequest | null }) {
  const t = useTexts(datalogTexts);
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const tooMany = (request?.pointIds.length ?? 0) > DATALOG_LIMITS.screenExportPoints;

  const run = async () => {
    if (!request || tooMany) return;
    setBusy(true);
    try {
      const name = await saveDownload(
        await client.download(catalogue.datalog.exportQuery, { body: { ...request, format: 'xlsx' } }),
      );
      Toast.success(t('exported', { name }));
    } catch (error) {
      Toast.error(downloadErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space spacing={8}>
      {tooMany && (
        <Typography.Text type="warning" size="small" data-testid="export-limit">
          {t('exportLimit')}
        </Typography.Text>
      )}
      <Button
        icon={<IconDownload />}
        loading={busy}
        disabled={!request || tooMany}
        onClick={() => void run()}
      >
        {t('export')}
      </Button>
    </Space>
  );
}
