/**
 * /platformLog and /log: the task log and the notice log as two tabs (the task log first, so
 * a notice's 'view log' lands on it). Only the open tab is mounted.
 */
import { TabPane, Tabs } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useTexts } from '../../../i18n/texts';
import { logTexts } from '../texts';
import { NoticeLogList } from './NoticeLogList';

export function LogTabs({ taskLog }: { taskLog: ReactNode }) {
  const t = useTexts(logTexts);
  return (
    <Tabs type="line" keepDOM={false} defaultActiveKey="tasks">
      <TabPane tab={t('taskLog')} itemKey="tasks">
        {taskLog}
      </TabPane>
      <TabPane tab={t('noticeLog')} itemKey="notices">
        <NoticeLogList />
      </TabPane>
    </Tabs>
  );
}
