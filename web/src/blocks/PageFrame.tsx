/** The frame of a project screen that is not a workspace: its title, and its content once a project is entered. */
import { Empty, Typography } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useSession } from '../app/session';
import { useTexts } from '../i18n/texts';
import { blockTexts } from './texts';

export function PageFrame({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const t = useTexts(blockTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
        <Typography.Title heading={4}>{title}</Typography.Title>
        {extra}
      </div>
      {effectiveProjectId > 0 ? children : <Empty description={t('noProject')} />}
    </div>
  );
}
