/**
 * /accidentHandleAdministration: the fault-scenario library, the handling plans and the
 * accident log (class-1 events with their handling status), one tab each. Writes need
 * expert_update; without it the ledgers only read.
 */
import { Banner, Empty, TabPane, Tabs, Typography } from '@douyinfe/semi-ui-19';
import { useSession } from '../../../app/session';
import { useTexts } from '../../../i18n/texts';
import { AccidentLog } from './components/AccidentLog';
import { PlanLedger } from './components/PlanLedger';
import { ScenarioLibrary } from './components/ScenarioLibrary';
import { eventAdminTexts } from './texts';

export function AccidentHandleAdministrationPage() {
  const t = useTexts(eventAdminTexts);
  const { effectiveProjectId, permissions } = useSession();
  const canWrite = permissions.has('expert_update');
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('accidentTitle')}</Typography.Title>
      {!canWrite && (
        <Banner
          type="info"
          description={t('noExpertPermission')}
          closeIcon={null}
          style={{ marginBottom: 12 }}
        />
      )}
      {effectiveProjectId > 0 ? (
        <Tabs type="line" keepDOM={false} key={effectiveProjectId}>
          <TabPane tab={t('scenarioTab')} itemKey="scenarios">
            <ScenarioLibrary canWrite={canWrite} />
          </TabPane>
          <TabPane tab={t('planTab')} itemKey="plans">
            <PlanLedger canWrite={canWrite} />
          </TabPane>
          <TabPane tab={t('accidentLogTab')} itemKey="log">
            <AccidentLog />
          </TabPane>
        </Tabs>
      ) : (
        <Empty description={t('noProject')} />
      )}
    </div>
  );
}
