/**
 * Opening another screen from an event: navigates when that screen exists in this console,
 * otherwise says that it is not available yet (as the notice bell does).
 */
import { Toast } from '@douyinfe/semi-ui-19';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { SCREEN_PATHS } from '../../../../app/routes';
import { useTexts } from '../../../../i18n/texts';
import { eventsTexts } from '../texts';

export function useOpenLink(): (href: string) => void {
  const navigate = useNavigate();
  const t = useTexts(eventsTexts);
  return useCallback(
    (href: string) => {
      const path = href.split('?')[0] ?? href;
      if (SCREEN_PATHS.has(path)) navigate(href);
      else Toast.info(t('unavailable', { path }));
    },
    [navigate, t],
  );
}
