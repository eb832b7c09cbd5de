/**
 * Every route of platform-core §2.2, once: its menu group, labels, module, the page
 * permission that keeps its menu entry, and the spec's route permission key where one is
 * given. The server's navmenu.json, the web route table and `eem menu` derive from this.
 */

import type { OperationPermission } from './permissions.js';

export type Module = 'pf' | 'fw';

export interface RouteGroup {
  key: string;
  label: string;
  enLabel: string;
  module: Module;
}

export interface RouteDef {
  /** Path without the leading slash for theme routes is still given with one here. */
  path: string;
  group: string;
  label: string;
  enLabel: string;
  module: Module;
  /** The page permission that keeps the menu entry: `${group}_${name}`. */
  menuKey: PageKey;
  /** The spec's route permission key, when it gives one (§6); the route guard checks it. */
  routeKey?: OperationPermission;
  keepAlive: boolean;
  /** Not listed in the menu (always-allowed pages, demos). */
  hidden?: boolean;
}

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  { key: 'platform', label: '平台管理', enLabel: 'Platform', module: 'pf' },
  { key: 'general', label: '综合', enLabel: 'General', module: 'fw' },
  { key: 'monitor', label: '监测与报表', enLabel: 'Monitoring and reports', module: 'fw' },
  { key: 'energy', label: '能效分析', enLabel: 'Energy analysis', module: 'fw' },
  { key: 'loss', label: '损耗分析', enLabel: 'Loss', module: 'fw' },
  { key: 'fee', label: '电费', enLabel: 'Electricity fees', module: 'fw' },
  { key: 'demand', label: '需量管理', enLabel: 'Demand', module: 'fw' },
  { key: 'event', label: '事件报警', enLabel: 'Events', module: 'fw' },
  { key: 'cost', label: '成本分析', enLabel: 'Cost', module: 'fw' },
  { key: 'pq', label: '电能质量', enLabel: 'Power quality', module: 'fw' },
  { key: 'ops', label: '运维管理', enLabel: 'Operations', module: 'fw' },
  { key: 'cloud', label: '系统配置', enLabel: 'Configuration', module: 'fw' },
  { key: 'theme', label: '主题大屏', enLabel: 'Theme screens', module: 'fw' },
];

type Row = readonly [
  path: string,
  label: string,
  enLabel: string,
  opts?: Readonly<Partial<Pick<RouteDef, 'routeKey' | 'module' | 'keepAlive' | 'hidden'>>>,
];

const ROWS = {
  platform: [
    ['/projectnavigation', '项目导航', 'Project navigation'],
    ['/platformusermanage', '平台用户管理', 'Platform users'],
    ['/platformurolemanage', '平台角色管理', 'Platform roles'],
    ['/platformLog', '平台日志', 'Platform log', { routeKey: 'operationlog_browser' }],
    ['/platformOperationlog', '平台操作日志', 'Platform operation log', { routeKey: 'operationlog_browser' }],
  ],
  general: [
    ['/home', '首页', 'Home'],
    ['/projectOverview', '项目概况', 'Project overview'],
  ],
  monitor: [
    ['/energydata', '能耗数据', 'Energy data'],
    ['/dashboard', '仪表盘', 'Dashboard'],
    ['/realtimeMonitor', '实时监控', 'Real-time monitor'],
    ['/allQueryReport', '综合查询报表', 'Query reports'],
    ['/energyreport', '能源报表', 'Energy report'],
    ['/fineReport', '精细报表', 'Fine report'],
    ['/operationreport', '运行报表', 'Operation report'],
    ['/reportDesignTool', '报表设计', 'Report designer'],
    ['/onlyReport', '自定义报表', 'Custom report'],
    ['/wordReport', '文档报告', 'Word report'],
    ['/knowledge', '知识库', 'Knowledge base'],
  ],
  energy: [
    ['/energyQueryAndAnalysis', '能耗查询分析', 'Energy query and analysis'],
    ['/energyFlowAnalysis', '能流分析', 'Energy flow analysis'],
    ['/energyEfficiencyIndexes', '能效指标', 'Energy efficiency indexes'],
    ['/trendcurve', '趋势曲线', 'Trend curve', { routeKey: 'datalog_browser' }],
    ['/networkTrendcurve', '管网趋势曲线', 'Network trend curve'],
    ['/networkEnergyAndTrendcurve', '管网能耗与趋势', 'Network energy and trend'],
    ['/energyattributionanalysis', '能耗归因分析', 'Energy attribution analysis'],
    ['/metrics', '指标分析', 'Metrics'],
    ['/sandingBok', '能耗沙盘', 'Energy sand table'],
    ['/loadForecasting', '负荷预测', 'Load forecasting'],
    ['/energyEntry', '能耗录入', 'Energy entry'],
    ['/meterEntry', '表计数据录入', 'Meter entry', { routeKey: 'devicerepairdatalog_browser' }],
    ['/productionPlan', '生产计划', 'Production plan'],
    ['/energyquery', '能耗查询', 'Energy query'],
    ['/energyBalance', '能量平衡', 'Energy balance'],
    ['/energyEfficiencyStatistics', '能效统计', 'Energy efficiency statistics'],
    ['/subEnergyConsumption', '分项能耗', 'Sub-item consumption'],
    ['/emmEnergyComparison', '能耗对比', 'Energy comparison'],
    ['/demandQueryAndAnalysis', '需量查询分析', 'Demand query and analysis'],
  ],
  loss: [
    ['/energyLossAnalysis', '损耗分析', 'Energy loss analysis'],
    ['/linelossanalytical', '线损分析', 'Line loss analysis'],
    ['/energyLossOverview', '损耗概览', 'Energy loss overview'],
    ['/energyLossWarning', '损耗预警', 'Energy loss warning'],
    ['/energyLossConfig', '损耗配置', 'Energy loss configuration'],
    ['/lossAnalysis', '损耗统计', 'Loss statistics'],
  ],
  fee: [
    ['/dudianEnergyFee', '度电电费', 'Energy charge'],
    ['/baseEnergyFee', '基本电费', 'Basic charge'],
    ['/litiaoEnergyFee', '力调电费', 'Power factor charge'],
  ],
  demand: [
    ['/demandmonitor', '需量监测', 'Demand monitor'],
    ['/demandevent', '需量事件', 'Demand events'],
    ['/declareproposal', '申报建议', 'Declaration proposal'],
    ['/demandanalysis', '需量分析', 'Demand analysis'],
    ['/inletwiremanage', '进线管理', 'Incoming line management'],
    ['/demandearlywarning', '需量预警', 'Demand early warning'],
    ['/billingscheme', '计费方案', 'Billing scheme'],
  ],
  event: [
    ['/energyConsumptionEvent', '能耗事件', 'Energy consumption events'],
    ['/energyEfficiencyEvent', '能效事件', 'Energy efficiency events'],
    ['/eventDiagnosis', '事件诊断', 'Event diagnosis'],
    ['/eventStatistics', '事件统计', 'Event statistics'],
    ['/eventDiagByConvergence', '收敛事件诊断', 'Converged event diagnosis'],
    ['/eventStatisConvergence', '收敛事件统计', 'Converged event statistics'],
    ['/historyEventQuery', '历史事件查询', 'Event history'],
    ['/accidentHandleAdministration', '事故处理管理', 'Accident handling'],
    ['/eventattradministration', '事件属性管理', 'Event attributes'],
    ['/transienteventanalysis', '暂态事件分析', 'Transient event analysis'],
    ['/eventAndWave', '事件与波形', 'Events and waveforms'],
    ['/eventCallPoliceConfig', '报警方案配置', 'Alarm schemes', { keepAlive: false }],
  ],
  cost: [
    ['/costanalysis', '成本分析', 'Cost analysis'],
    ['/costaccounting', '成本核算', 'Cost accounting'],
    ['/costbudget', '成本预算', 'Cost budget'],
    ['/rateadministration', '费率管理', 'Rates'],
    ['/accountingscheme', '核算方案', 'Accounting schemes'],
    ['/electricityCostAnalysis', '电费分析', 'Electricity cost analysis'],
    ['/comprehensiveCostAnalysis', '综合成本分析', 'Comprehensive cost analysis'],
    ['/unitCostAnalysis', '单位成本分析', 'Unit cost analysis'],
    ['/newCostAnalysis', '成本分析（新）', 'Cost analysis (new)'],
  ],
  pq: [
    ['/indicatorOverview', '指标总览', 'Indicator overview'],
    ['/singlePointAnalysis', '单点分析', 'Single point analysis'],
    ['/voltageVariation', '电压变动', 'Voltage variation'],
    ['/tolerance', '耐受曲线', 'Tolerance curves'],
    ['/harmonicAnalysis', '谐波分析', 'Harmonic analysis'],
    ['/pqReport', '电能质量报告', 'Power quality report'],
    ['/electricEquipment', '用电设备', 'Electric equipment', { routeKey: 'devicenodeconfig_browser' }],
    ['/indicatorManage', '指标管理', 'Indicator management', { routeKey: 'benchmarkconfig_browser' }],
  ],
  ops: [
    ['/shifthandover', '交接班', 'Shift handover'],
    ['/signinmanage', '签到点管理', 'Sign-in points'],
    ['/inspectplanmanage', '巡检方案', 'Inspection schemes'],
    ['/inspectplan', '巡检计划', 'Inspection plans'],
    ['/inspectorder', '巡检工单', 'Inspection orders'],
    ['/inspectperson', '巡检人员', 'Inspectors'],
    ['/signinMonitor', '签到监控', 'Sign-in monitor'],
    ['/serviceOrder', '维保工单', 'Service orders'],
    ['/servicePlan', '维保计划', 'Service plans'],
    ['/serviceProject', '维保项目', 'Service items'],
    ['/repairorder', '维修工单', 'Repair orders'],
    ['/equipmanage', '设备管理', 'Equipment', { routeKey: 'devicemanage_browser' }],
    ['/equiptemplate', '设备模板', 'Equipment templates', { routeKey: 'devicetemplateconfig_browser' }],
    ['/sparepartManage', '备件管理', 'Spare parts'],
    ['/sparepartStatistic', '备件统计', 'Spare part statistics'],
  ],
  cloud: [
    ['/cloudProjectConfig', '项目配置', 'Project configuration', { routeKey: 'nodeconfig_update' }],
    [
      '/networkCloudProjectConfig',
      '管网配置',
      'Pipe network configuration',
      { routeKey: 'nodeconfig_update' },
    ],
    ['/customProjectConfig', '自定义配置', 'Custom configuration'],
    ['/topologyConfig', '拓扑配置', 'Topology configuration', { routeKey: 'nodeconfig_update' }],
    ['/associatRelation', '关联关系', 'Meter associations'],
    ['/connectedRelation', '连接关系', 'Connections'],
    ['/unitTransition', '单位换算', 'Unit conversion'],
    ['/videoConfig', '视频配置', 'Video configuration'],
    ['/videoSurveillance', '视频监控', 'Video surveillance'],
    ['/virtualMeter', '虚拟表计', 'Virtual meters'],
    ['/usermanage', '用户管理', 'Users', { routeKey: 'user_browser' }],
    ['/rolemanage', '角色管理', 'Roles', { routeKey: 'role_browser' }],
    ['/usergroupmanage', '用户组管理', 'User groups', { routeKey: 'usergroup_browser' }],
    ['/videoAndDocPermission', '视频与文档权限', 'Video and document permissions'],
    ['/cycleconfig', '周期配置', 'Cycle configuration'],
    ['/timesharingconfig', '分时配置', 'Time-of-use configuration'],
    ['/shareschemeconfig', '分摊方案', 'Apportionment schemes'],
    ['/publicSchemeConfig', '公摊方案', 'Shared energy schemes', { routeKey: 'energyshareconfig_browser' }],
    [
      '/lossSchemeConfig',
      '损耗分摊方案',
      'Loss apportionment schemes',
      { routeKey: 'lossshareconfig_browser' },
    ],
    ['/enDimensional', '能源维度', 'Energy dimensions'],
    [
      '/eemMultiDimensional',
      '多维度配置',
      'Multi-dimension configuration',
      { routeKey: 'dimconfig_browser' },
    ],
    ['/metricaldimension', '计量维度', 'Metering dimensions'],
    ['/metricalnode', '计量节点', 'Metering nodes'],
    ['/efficiencyBenchmarkingManage', '能效对标管理', 'Efficiency benchmarking'],
    ['/dataRecalculation', '数据重算', 'Data recalculation', { keepAlive: false }],
    ['/log', '系统日志', 'System log', { routeKey: 'operationlog_browser' }],
    ['/operationlog', '操作日志', 'Operation log', { routeKey: 'operationlog_browser' }],
    ['/physicalQuantityConfig', '物理量配置', 'Physical quantities'],
    ['/treeConfig', '节点树配置', 'Tree configuration'],
    ['/dataCompletenessStatistics', '数据完整性统计', 'Data completeness'],
    ['/projectBatchConfig', '批量配置', 'Batch configuration', { routeKey: 'nodeconfig_update' }],
  ],
  theme: [
    ['/energyFlowAnalyse', '能流分析大屏', 'Energy flow screen'],
    ['/generatrixMonitor', '母线监测大屏', 'Busbar monitor screen'],
    ['/deviceMonitor', '设备监测大屏', 'Device monitor screen'],
    ['/videoMonitor', '视频监控大屏', 'Video monitor screen'],
    ['/energyConsumption', '能耗大屏', 'Energy consumption screen'],
    ['/balanceConsumption', '能量平衡大屏', 'Energy balance screen'],
    ['/plantEnvironment', '厂区环境大屏', 'Plant environment screen'],
    ['/energyPredictionAndAnalysis', '能耗预测大屏', 'Energy prediction screen'],
    ['/energyCostAnalysis', '能源成本大屏', 'Energy cost screen'],
    ['/energySavingPotentialMining', '节能潜力大屏', 'Saving potential screen'],
    ['/energySavingBenefitEvaluation', '节能效益大屏', 'Saving benefit screen'],
    ['/transformerEnergyEfficiency', '变压器能效大屏', 'Transformer efficiency screen'],
    ['/refrigerationEfficiency', '制冷能效大屏', 'Refrigeration efficiency screen'],
    ['/airCompressionEnergyEfficiency', '空压能效大屏', 'Air compressor efficiency screen'],
    ['/boilerEnergyEfficiency', '锅炉能效大屏', 'Boiler efficiency screen'],
  ],
} as const satisfies Record<string, readonly Row[]>;

function groupOf(key: string): RouteGroup {
  const group = ROUTE_GROUPS.find((g) => g.key === key);
  if (!group) throw new Error(`unknown route group ${key}`);
  return group;
}

type Rows = typeof ROWS;
type PathName<P> = P extends `/${infer Name}` ? Name : never;

/** Every page key of the route list, as a type: `${group}_${route without the slash}`. */
export type PageKey = {
  [G in keyof Rows & string]: `${G}_${PathName<Rows[G][number][0]>}`;
}[keyof Rows & string];

export const ROUTES: readonly RouteDef[] = Object.entries(ROWS as Record<string, readonly Row[]>).flatMap(
  ([group, rows]) =>
    rows.map(([path, label, enLabel, opts]) => ({
      path,
      group,
      label,
      enLabel,
      module: opts?.module ?? groupOf(group).module,
      menuKey: `${group}_${path.slice(1)}` as PageKey,
      keepAlive: opts?.keepAlive ?? true,
      ...(opts?.routeKey ? { routeKey: opts.routeKey } : {}),
      ...(opts?.hidden ? { hidden: true } : {}),
    })),
);

/** Pages every signed-in user may open. */
export const ALWAYS_ALLOWED_PATHS = ['/login', '/noPermission', '/home', '/trenddemo'] as const;

export function findRoute(path: string): RouteDef | undefined {
  return ROUTES.find((r) => r.path === path);
}

/** The platform routes listed in the menu: entering one resets the project id to 0. */
export function isPlatformRoute(path: string): boolean {
  return findRoute(path)?.module === 'pf';
}

/** Whether a user holding `permissions` may open `path` (§6: route keys, else the page key). */
export function mayOpenRoute(path: string, permissions: ReadonlySet<string>): boolean {
  if ((ALWAYS_ALLOWED_PATHS as readonly string[]).includes(path)) return true;
  const route = findRoute(path);
  if (!route) return false;
  if (!permissions.has(route.menuKey)) return false;
  return route.routeKey === undefined || permissions.has(route.routeKey);
}
