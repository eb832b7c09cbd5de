/** The beginner guide tag and its dialog of entries (platform-core §2.3, §2.4, §6). */
import { Modal, Tag, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SCREEN_PATHS } from '../app/routes';
import { useSession } from '../app/session';
import { useTexts } from '../i18n/texts';
import { guideHref, visibleGuideEntries } from './guide-entries';
import { shellTexts } from './texts';

export function BeginnerGuide() {
  const { permissions, module } = useSession();
  const t = useTexts(shellTexts);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const entries = visibleGuideEntries(permissions, module, SCREEN_PATHS);
  if (entries.length === 0) return null;
  const titles = { fullCreation: t('guideFullCreation'), batchImport: t('guideBatchImport') };
  const texts = { fullCreation: t('guideFullCreationText'), batchImport: t('guideBatchImportText') };
  return (
    <>
      <Tag
        color="light-blue"
        data-testid="beginner-guide"
        style={{ cursor: 'pointer' }}
        onClick={() => setOpen(true)}
      >
        {t('guide')}
      </Tag>
      <Modal visible={open} title={t('guideTitle')} footer={null} onCancel={() => setOpen(false)}>
        {entries.map((entry) => (
          <button
            type="button"
            key={entry.id}
            className="eem-notice-row"
            onClick={() => {
              setOpen(false);
              navigate(guideHref(entry));
            }}
          >
            <Typography.Text strong>{titles[entry.id]}</Typography.Text>
            <Typography.Paragraph type="tertiary">{texts[entry.id]}</Typography.Paragraph>
          </button>
        ))}
      </Modal>
    </>
  );
}
