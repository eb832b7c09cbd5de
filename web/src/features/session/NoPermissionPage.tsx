/** /noPermission: always allowed; shown when a route's permission check fails. */
import { IconLock } from '@douyinfe/semi-icons';
import { Button, Empty } from '@douyinfe/semi-ui-19';
import { useNavigate } from 'react-router-dom';
import { useTexts } from '../../i18n/texts';
import { sessionTexts } from './texts';

export function NoPermissionPage() {
  const t = useTexts(sessionTexts);
  const navigate = useNavigate();
  return (
    <div className="eem-full-center" data-testid="no-permission">
      <Empty
        image={<IconLock style={{ fontSize: 72, color: 'var(--semi-color-warning)' }} />}
        title={t('noPermissionTitle')}
        description={t('noPermissionText')}
      >
        <Button theme="solid" onClick={() => navigate('/')}>
          {t('backHome')}
        </Button>
      </Empty>
    </div>
  );
}
