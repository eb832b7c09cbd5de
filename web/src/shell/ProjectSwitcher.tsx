/** The current project in module fw, as a switcher for users who may enter several. */
import { Typography } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useQueries } from '../app/client';
import { useSession } from '../app/session';
import { Select } from '../blocks/named-pickers';
import { useTexts } from '../i18n/texts';
import { shellTexts } from './texts';

export function ProjectSwitcher() {
  const session = useSession();
  const queries = useQueries();
  const t = useTexts(shellTexts);
  const inProject = session.module === 'fw' && session.user !== null;
  const projects = useQuery({ ...queries.projects.projects(), enabled: inProject, staleTime: 60_000 });
  if (!inProject) {
    return <Typography.Text className="eem-project-label">{t('appName')}</Typography.Text>;
  }
  const list = projects.data ?? [];
  const current = list.find((p) => p.id === session.effectiveProjectId);
  if (list.length <= 1) {
    return (
      <Typography.Text className="eem-project-label" data-testid="project-name">
        {current?.name ?? ''}
      </Typography.Text>
    );
  }
  return (
    <Select
      data-testid="project-switcher"
      aria-label={t('switchProject')}
      prefix={t('project')}
      value={current?.id}
      style={{ minWidth: 220 }}
      onChange={(value) => typeof value === 'number' && session.setProjectId(value)}
      optionList={list.map((p) => ({ value: p.id, label: p.name }))}
      renderSelectedItem={(option: { label?: ReactNode }) => (
        <span data-testid="project-name">{option.label}</span>
      )}
    />
  );
}
