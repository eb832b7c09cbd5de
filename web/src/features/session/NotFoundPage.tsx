/**
 * An address the console does not know: says so, keeps the address (it is shown and stays in
 * the address bar, so it can be corrected or reported) and offers the way home.
 */
import { IconSearch } from '@douyinfe/semi-icons';
import { Button, Empty, Typography } from '@douyinfe/semi-ui-19';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTexts } from '../../i18n/texts';
import { sessionTexts } from './texts';

export function NotFoundPage() {
  const t = useTexts(sessionTexts);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="eem-full-center" data-testid="not-found">
      <Empty
        image={<IconSearch style={{ fontSize: 72, color: 'var(--semi-color-text-2)' }} />}
        title={t('notFoundTitle')}
        description={
          <>
            {t('notFoundText')}
            <br />
            <Typography.Text code data-testid="not-found-address">
              {`${location.pathname}${location.search}`}
            </Typography.Text>
          </>
        }
      >
        <Button theme="solid" onClick={() => navigate('/')}>
          {t('backHome')}
        </Button>
      </Empty>
    </div>
  );
}
