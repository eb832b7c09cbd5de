/**
 * The frame of an energy configuration or entry screen: the heading, and the screen only
 * inside a project (else 'enter a project first'); `canWrite` tells it whether the user holds
 * the permission its writes need (buttons follow it).
 */
import { Empty, Typography } from '@douyinfe/semi-ui-19';
import type { PermissionKey } from '@eem/core';
import type { ReactNode } from 'react';
import { useSession } from '../../../app/session';
import { useTexts } from '../../../i18n/texts';
import { energyTexts } from './texts';

export function EnergyPage({ title, children }: { title: string; children: ReactNode }) {
  const t = useTexts(energyTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{title}</Typography.Title>
      {effectiveProjectId > 0 ? children : <Empty description={t('noProject')} />}
    </div>
  );
}

/** Whether the user may make the screen's writes. */
export function useCanWrite(permission: PermissionKey): boolean {
  return useSession().permissions.has(permission);
}
