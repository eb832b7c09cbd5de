/** The frame of an event screen: its title, and its content once a project is entered. */
import { Empty, Typography } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useSession } from '../../../../app/session';
import { useTexts } from '../../../../i18n/texts';
import { eventsTexts } from '../texts';

export function EventPageFrame({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const t = useTexts(eventsTexts);
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
