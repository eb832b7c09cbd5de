/** The header: project, back to platform, beginner guide, bell, theme, language, user. */

import { IconArrowLeft, IconMoon, IconSun } from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui-19';
import { showBackToPlatform } from '@eem/core';
import { useBackToPlatform } from '../app/menu';
import { useSession } from '../app/session';
import { Select } from '../blocks/named-pickers';
import { NoticeBell } from '../features/notices/NoticeBell';
import { useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';
import { useTheme } from '../theme/theme';
import { BeginnerGuide } from './BeginnerGuide';
import { ProjectSwitcher } from './ProjectSwitcher';
import { shellTexts } from './texts';
import { UserMenu } from './UserMenu';

function ThemeSwitch() {
  const { theme, toggleTheme } = useTheme();
  const t = useTexts(shellTexts);
  return (
    <Button
      theme="borderless"
      aria-label={t('switchTheme')}
      title={t('switchTheme')}
      data-testid="theme-switch"
      data-theme={theme}
      icon={theme === 'dark' ? <IconSun size="large" /> : <IconMoon size="large" />}
      onClick={toggleTheme}
    />
  );
}

function LanguageSwitch() {
  const { language, setLanguage, switchable } = useLanguage();
  const t = useTexts(shellTexts);
  if (!switchable) return null;
  return (
    <Select
      aria-label={t('language')}
      data-testid="language-switch"
      size="small"
      value={language}
      style={{ width: 92 }}
      onChange={(value) => (value === 'zh' || value === 'en') && setLanguage(value)}
      optionList={[
        { value: 'zh', label: '中文' },
        { value: 'en', label: 'EN' },
      ]}
    />
  );
}

export function AppHeader() {
  const session = useSession();
  const t = useTexts(shellTexts);
  const backToPlatform = useBackToPlatform();
  const showBack = showBackToPlatform({
    platformMode: session.systemInfo?.platformMode ?? true,
    usertype: session.user?.usertype,
    module: session.module,
  });
  return (
    <div className="eem-header" data-module={session.module}>
      <ProjectSwitcher />
      {showBack ? (
        <Button
          icon={<IconArrowLeft />}
          theme="borderless"
          data-testid="back-to-platform"
          onClick={backToPlatform}
        >
          {t('backToPlatform')}
        </Button>
      ) : null}
      <div className="eem-header-spacer" />
      <BeginnerGuide />
      <NoticeBell />
      <ThemeSwitch />
      <LanguageSwitch />
      <UserMenu />
    </div>
  );
}
