/**
 * The route table. Every route of platform-core §2.2 is known to @eem/core (ROUTES); only the
 * screens that exist are routed and shown in menus. A later issue adds a screen with one line
 * in SCREENS: path → lazy component (a named export of a feature file).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { CHUNK_TIMEOUT_MS, withTimeout } from './chunk-timeout';

export type Screen = LazyExoticComponent<ComponentType>;

/**
 * React.lazy for a named export. A chunk that has not loaded within 120 s (platform-core §9)
 * rejects with ChunkTimeoutError for the error boundary around the screen.
 */
export function lazyScreen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): Screen {
  return lazy(async () => {
    const mod = await withTimeout(load, timeoutMs);
    const component = mod[name];
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
      throw new Error(`screen module has no export '${name}'`);
    }
    return { default: component as ComponentType };
  });
}

/** Routes outside the shell (no menu, no header). */
export const PUBLIC_SCREENS = {
  '/login': lazyScreen(() => import('../features/session/LoginPage'), 'LoginPage'),
} as const satisfies Record<string, Screen>;

/** Routes inside the shell, each guarded by mayOpenRoute. */
export const SCREENS: Readonly<Record<string, Screen>> = {
  '/noPermission': lazyScreen(() => import('../features/session/NoPermissionPage'), 'NoPermissionPage'),
  '/home': lazyScreen(() => import('../features/home/HomePage'), 'HomePage'),
  '/projectnavigation': lazyScreen(
    () => import('../features/projects/ProjectNavigationPage'),
    'ProjectNavigationPage',
  ),
  '/projectOverview': lazyScreen(
    () => import('../features/projects/ProjectOverviewPage'),
    'ProjectOverviewPage',
  ),
  '/platformusermanage': lazyScreen(
    () => import('../features/users/PlatformUserManagePage'),
    'PlatformUserManagePage',
  ),
  '/usermanage': lazyScreen(() => import('../features/users/UserManagePage'), 'UserManagePage'),
  '/usergroupmanage': lazyScreen(
    () => import('../features/users/UserGroupManagePage'),
    'UserGroupManagePage',
  ),
  '/videoAndDocPermission': lazyScreen(
    () => import('../features/users/VideoAndDocPermissionPage'),
    'VideoAndDocPermissionPage',
  ),
  '/platformurolemanage': lazyScreen(
    () => import('../features/roles/PlatformRoleManagePage'),
    'PlatformRoleManagePage',
  ),
  '/rolemanage': lazyScreen(() => import('../features/roles/RoleManagePage'), 'RoleManagePage'),
  '/platformLog': lazyScreen(() => import('../features/logs/PlatformLogPage'), 'PlatformLogPage'),
  '/platformOperationlog': lazyScreen(
    () => import('../features/logs/PlatformOperationLogPage'),
    'PlatformOperationLogPage',
  ),
  '/log': lazyScreen(() => import('../features/logs/TaskLogPage'), 'TaskLogPage'),
  '/operationlog': lazyScreen(() => import('../features/logs/OperationLogPage'), 'OperationLogPage'),
  '/cloudProjectConfig': lazyScreen(
    () => import('../features/nodes/CloudProjectConfigPage'),
    'CloudProjectConfigPage',
  ),
  '/networkCloudProjectConfig': lazyScreen(
    () => import('../features/nodes/NetworkCloudProjectConfigPage'),
    'NetworkCloudProjectConfigPage',
  ),
  '/topologyConfig': lazyScreen(() => import('../features/nodes/TopologyConfigPage'), 'TopologyConfigPage'),
  '/treeConfig': lazyScreen(() => import('../features/nodes/TreeConfigPage'), 'TreeConfigPage'),
  '/projectBatchConfig': lazyScreen(
    () => import('../features/nodes/ProjectBatchConfigPage'),
    'ProjectBatchConfigPage',
  ),
  '/dataRecalculation': lazyScreen(
    () => import('../features/datalog/admin/DataRecalculationPage'),
    'DataRecalculationPage',
  ),
  '/dataCompletenessStatistics': lazyScreen(
    () => import('../features/datalog/admin/DataCompletenessStatisticsPage'),
    'DataCompletenessStatisticsPage',
  ),
  '/physicalQuantityConfig': lazyScreen(
    () => import('../features/datalog/admin/PhysicalQuantityConfigPage'),
    'PhysicalQuantityConfigPage',
  ),
  '/trendcurve': lazyScreen(() => import('../features/datalog/trend/TrendCurvePage'), 'TrendCurvePage'),
  '/networkTrendcurve': lazyScreen(
    () => import('../features/datalog/trend/NetworkTrendCurvePage'),
    'NetworkTrendCurvePage',
  ),
  '/meterEntry': lazyScreen(() => import('../features/datalog/meter-entry/MeterEntryPage'), 'MeterEntryPage'),
  // Energy data core (issue 15).
  '/energyQueryAndAnalysis': lazyScreen(
    () => import('../features/energy/analysis/EnergyQueryAndAnalysisPage'),
    'EnergyQueryAndAnalysisPage',
  ),
  '/energyquery': lazyScreen(() => import('../features/energy/analysis/EnergyQueryPage'), 'EnergyQueryPage'),
  '/energyBalance': lazyScreen(
    () => import('../features/energy/analysis/EnergyBalancePage'),
    'EnergyBalancePage',
  ),
  '/energyFlowAnalysis': lazyScreen(
    () => import('../features/energy/analysis/EnergyFlowAnalysisPage'),
    'EnergyFlowAnalysisPage',
  ),
  '/emmEnergyComparison': lazyScreen(
    () => import('../features/energy/analysis/EmmEnergyComparisonPage'),
    'EmmEnergyComparisonPage',
  ),
  '/subEnergyConsumption': lazyScreen(
    () => import('../features/energy/analysis/SubEnergyConsumptionPage'),
    'SubEnergyConsumptionPage',
  ),
  '/networkEnergyAndTrendcurve': lazyScreen(
    () => import('../features/energy/analysis/NetworkEnergyAndTrendcurvePage'),
    'NetworkEnergyAndTrendcurvePage',
  ),
  '/energyattributionanalysis': lazyScreen(
    () => import('../features/energy/analysis/EnergyAttributionAnalysisPage'),
    'EnergyAttributionAnalysisPage',
  ),
  '/loadForecasting': lazyScreen(
    () => import('../features/energy/analysis/LoadForecastingPage'),
    'LoadForecastingPage',
  ),
  '/energyEntry': lazyScreen(() => import('../features/energy/config/EnergyEntryPage'), 'EnergyEntryPage'),
  '/productionPlan': lazyScreen(
    () => import('../features/energy/config/ProductionPlanPage'),
    'ProductionPlanPage',
  ),
  '/timesharingconfig': lazyScreen(
    () => import('../features/energy/config/TimesharingConfigPage'),
    'TimesharingConfigPage',
  ),
  '/cycleconfig': lazyScreen(() => import('../features/energy/config/CycleConfigPage'), 'CycleConfigPage'),
  '/unitTransition': lazyScreen(
    () => import('../features/energy/config/UnitTransitionPage'),
    'UnitTransitionPage',
  ),
  '/associatRelation': lazyScreen(
    () => import('../features/energy/config/AssociatRelationPage'),
    'AssociatRelationPage',
  ),
  '/connectedRelation': lazyScreen(
    () => import('../features/energy/config/ConnectedRelationPage'),
    'ConnectedRelationPage',
  ),
  '/realtimeMonitor': lazyScreen(
    () => import('../features/monitor/RealtimeMonitorPage'),
    'RealtimeMonitorPage',
  ),
  '/energyConsumptionEvent': lazyScreen(
    () => import('../features/events/list/EnergyConsumptionEventPage'),
    'EnergyConsumptionEventPage',
  ),
  '/energyEfficiencyEvent': lazyScreen(
    () => import('../features/events/list/EnergyEfficiencyEventPage'),
    'EnergyEfficiencyEventPage',
  ),
  '/energyLossWarning': lazyScreen(
    () => import('../features/events/list/EnergyLossWarningPage'),
    'EnergyLossWarningPage',
  ),
  // Loss and apportionment (issue 17).
  '/energyLossAnalysis': lazyScreen(
    () => import('../features/loss/EnergyLossAnalysisPage'),
    'EnergyLossAnalysisPage',
  ),
  '/linelossanalytical': lazyScreen(
    () => import('../features/loss/LineLossAnalyticalPage'),
    'LineLossAnalyticalPage',
  ),
  '/energyLossOverview': lazyScreen(
    () => import('../features/loss/EnergyLossOverviewPage'),
    'EnergyLossOverviewPage',
  ),
  '/energyLossConfig': lazyScreen(
    () => import('../features/loss/EnergyLossConfigPage'),
    'EnergyLossConfigPage',
  ),
  '/lossAnalysis': lazyScreen(() => import('../features/loss/LossAnalysisPage'), 'LossAnalysisPage'),
  '/lossSchemeConfig': lazyScreen(
    () => import('../features/loss/LossSchemeConfigPage'),
    'LossSchemeConfigPage',
  ),
  '/shareschemeconfig': lazyScreen(
    () => import('../features/loss/SchemeConfigPages'),
    'ShareSchemeConfigPage',
  ),
  '/publicSchemeConfig': lazyScreen(
    () => import('../features/loss/SchemeConfigPages'),
    'PublicSchemeConfigPage',
  ),
  '/historyEventQuery': lazyScreen(
    () => import('../features/events/list/HistoryEventQueryPage'),
    'HistoryEventQueryPage',
  ),
  // Operations (issue 18): devices, spare parts, maintenance and repair work orders.
  '/serviceOrder': lazyScreen(() => import('../features/operations/ServiceOrderPage'), 'ServiceOrderPage'),
  '/servicePlan': lazyScreen(() => import('../features/operations/ServicePlanPage'), 'ServicePlanPage'),
  '/serviceProject': lazyScreen(
    () => import('../features/operations/ServiceProjectPage'),
    'ServiceProjectPage',
  ),
  '/repairorder': lazyScreen(() => import('../features/operations/RepairOrderPage'), 'RepairOrderPage'),
  '/equipmanage': lazyScreen(() => import('../features/operations/EquipManagePage'), 'EquipManagePage'),
  '/equiptemplate': lazyScreen(() => import('../features/operations/EquipTemplatePage'), 'EquipTemplatePage'),
  '/sparepartManage': lazyScreen(
    () => import('../features/operations/SparePartManagePage'),
    'SparePartManagePage',
  ),
  '/sparepartStatistic': lazyScreen(
    () => import('../features/operations/SparePartStatisticPage'),
    'SparePartStatisticPage',
  ),
  '/eventDiagnosis': lazyScreen(
    () => import('../features/events/list/EventDiagnosisPage'),
    'EventDiagnosisPage',
  ),
  '/eventStatistics': lazyScreen(
    () => import('../features/events/list/EventStatisticsPage'),
    'EventStatisticsPage',
  ),
  '/eventDiagByConvergence': lazyScreen(
    () => import('../features/events/admin/EventDiagByConvergencePage'),
    'EventDiagByConvergencePage',
  ),
  '/eventStatisConvergence': lazyScreen(
    () => import('../features/events/admin/EventStatisConvergencePage'),
    'EventStatisConvergencePage',
  ),
  '/accidentHandleAdministration': lazyScreen(
    () => import('../features/events/admin/AccidentHandleAdministrationPage'),
    'AccidentHandleAdministrationPage',
  ),
  '/eventattradministration': lazyScreen(
    () => import('../features/events/admin/EventAttrAdministrationPage'),
    'EventAttrAdministrationPage',
  ),
  '/transienteventanalysis': lazyScreen(
    () => import('../features/events/admin/TransientEventAnalysisPage'),
    'TransientEventAnalysisPage',
  ),
  '/eventAndWave': lazyScreen(() => import('../features/events/admin/EventAndWavePage'), 'EventAndWavePage'),
  '/eventCallPoliceConfig': lazyScreen(
    () => import('../features/events/admin/EventCallPoliceConfigPage'),
    'EventCallPoliceConfigPage',
  ),
  // Demand and the electricity bill (issue 16).
  '/demandmonitor': lazyScreen(() => import('../features/demand/DemandMonitorPage'), 'DemandMonitorPage'),
  '/demandevent': lazyScreen(() => import('../features/demand/DemandEventPage'), 'DemandEventPage'),
  '/declareproposal': lazyScreen(
    () => import('../features/demand/DeclareProposalPage'),
    'DeclareProposalPage',
  ),
  '/demandanalysis': lazyScreen(() => import('../features/demand/DemandAnalysisPage'), 'DemandAnalysisPage'),
  '/inletwiremanage': lazyScreen(
    () => import('../features/demand/InletWireManagePage'),
    'InletWireManagePage',
  ),
  '/demandearlywarning': lazyScreen(
    () => import('../features/demand/DemandEarlyWarningPage'),
    'DemandEarlyWarningPage',
  ),
  '/billingscheme': lazyScreen(() => import('../features/demand/BillingSchemePage'), 'BillingSchemePage'),
  '/demandQueryAndAnalysis': lazyScreen(
    () => import('../features/demand/DemandQueryAndAnalysisPage'),
    'DemandQueryAndAnalysisPage',
  ),
  '/dudianEnergyFee': lazyScreen(
    () => import('../features/demand/fees/DudianEnergyFeePage'),
    'DudianEnergyFeePage',
  ),
  '/baseEnergyFee': lazyScreen(
    () => import('../features/demand/fees/BaseEnergyFeePage'),
    'BaseEnergyFeePage',
  ),
  '/litiaoEnergyFee': lazyScreen(
    () => import('../features/demand/fees/LitiaoEnergyFeePage'),
    'LitiaoEnergyFeePage',
  ),
  '/electricityCostAnalysis': lazyScreen(
    () => import('../features/demand/fees/ElectricityCostAnalysisPage'),
    'ElectricityCostAnalysisPage',
  ),
  // Cost (issue 17).
  '/costanalysis': lazyScreen(() => import('../features/cost/CostAnalysisPage'), 'CostAnalysisPage'),
  '/costaccounting': lazyScreen(() => import('../features/cost/CostAccountingPage'), 'CostAccountingPage'),
  '/costbudget': lazyScreen(() => import('../features/cost/CostBudgetPage'), 'CostBudgetPage'),
  '/rateadministration': lazyScreen(
    () => import('../features/cost/RateAdministrationPage'),
    'RateAdministrationPage',
  ),
  '/accountingscheme': lazyScreen(
    () => import('../features/cost/AccountingSchemePage'),
    'AccountingSchemePage',
  ),
  '/comprehensiveCostAnalysis': lazyScreen(
    () => import('../features/cost/ComprehensiveCostAnalysisPage'),
    'ComprehensiveCostAnalysisPage',
  ),
  '/unitCostAnalysis': lazyScreen(
    () => import('../features/cost/UnitCostAnalysisPage'),
    'UnitCostAnalysisPage',
  ),
  '/newCostAnalysis': lazyScreen(() => import('../features/cost/NewCostAnalysisPage'), 'NewCostAnalysisPage'),
};

/** The paths that have a screen (menus show only these). */
export const SCREEN_PATHS: ReadonlySet<string> = new Set(Object.keys(SCREENS));
