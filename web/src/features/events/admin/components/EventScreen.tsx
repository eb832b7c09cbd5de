/** The frame of an event administration screen: its title, and its content (fresh for each project) once a project is entered. */
import { Empty, Typography } from '@douyinfe/semi-ui-19';
import { Fragment, type ReactNode } from 'react';
import { useSession } from '../../../../app/session';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';

export function EventScreen({ title, children }: { title: string; children: ReactNode }) {
  const t = useTexts(eventAdminTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{title}</Typography.Title>
      {effectiveProjectId > 0 ? (
        <Fragment key={effectiveProjectId}>{children}</Fragment>
      ) : (
        <Empty description={t('noProject')} />
      )}
    </div>
  );
}
