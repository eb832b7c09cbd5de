/**
 * Permission keys. Page keys come from the route list (`${group}_${route}`); operation keys
 * are listed here. The function permission tree groups both by menu group; a key's first
 * part names its group. Every endpoint of the contract names one of these keys or none.
 */
import { type PageKey, ROUTE_GROUPS, ROUTES } from './routes.js';

export const OPERATION_PERMISSIONS = {
  operationlog_browser: ['cloud', '日志查看', 'View logs'],
  datalog_browser: ['energy', '数据查看', 'View data logs'],
  datalog_update: ['energy', '数据编辑', 'Edit data logs'],
  devicerepairdatalog_browser: ['energy', '表计录入查看', 'View meter entry'],
  energydata_update: ['energy', '能耗数据编辑', 'Edit energy entries, production and plans'],
  energyconfig_update: [
    'cloud',
    '能源配置编辑',
    'Edit energy configuration (units, cycles, time of use, meters)',
  ],
  devicenodeconfig_browser: ['pq', '用电设备查看', 'View electric equipment'],
  benchmarkconfig_browser: ['pq', '指标配置查看', 'View indicator configuration'],
  devicemanage_browser: ['ops', '设备查看', 'View equipment'],
  devicetemplateconfig_browser: ['ops', '设备模板查看', 'View equipment templates'],
  user_browser: ['cloud', '用户查看', 'View users'],
  user_update: ['cloud', '用户编辑', 'Edit users'],
  user_password_reset: ['cloud', '重置密码', 'Reset passwords'],
  role_browser: ['cloud', '角色查看', 'View roles'],
  role_update: ['cloud', '角色编辑', 'Edit roles'],
  usergroup_browser: ['cloud', '用户组查看', 'View user groups'],
  usergroup_update: ['cloud', '用户组编辑', 'Edit user groups'],
  energyshareconfig_browser: ['cloud', '公摊方案查看', 'View shared energy schemes'],
  lossshareconfig_browser: ['cloud', '损耗分摊查看', 'View loss apportionment'],
  dimconfig_browser: ['cloud', '维度配置查看', 'View dimensions'],
  nodeconfig_browser: ['cloud', '节点查看', 'View nodes'],
  nodeconfig_update: ['cloud', '节点编辑', 'Edit nodes'],
  tenant_manage: ['platform', '租户管理', 'Manage tenants'],
  platform_user_manage: ['platform', '平台用户管理', 'Manage platform users'],
  event_browser: ['event', '事件查看', 'View events'],
  event_confirm: ['event', '事件确认', 'Confirm events'],
  alarmscheme_update: ['event', '报警方案编辑', 'Edit alarm schemes and event types'],
  expert_update: ['event', '专家库编辑', 'Edit fault scenarios and plans'],
  remote_control: ['monitor', '遥控', 'Remote control'],
  workorder_assign: ['ops', '派单', 'Assign'],
  workorder_take: ['ops', '接单', 'Take order'],
  workorder_audit: ['ops', '审核', 'Audit'],
  workorder_discard: ['ops', '废弃', 'Discard'],
  workorder_technician_review: ['ops', '技术员审核', 'Technician review'],
  workorder_shift_leader_review: ['ops', '班长审核', 'Shift leader review'],
  device_update: ['ops', '设备编辑', 'Edit equipment and templates'],
  sparepart_update: ['ops', '备件编辑', 'Edit spare parts and stock'],
  maintenance_update: ['ops', '维保配置编辑', 'Edit maintenance plans and items'],
  knowledge_release: ['monitor', '发布', 'Release'],
  demandconfig_update: [
    'demand',
    '需量配置编辑',
    'Edit demand configuration (inlets, billing schemes, warning levels, declarations, imports)',
  ],
  bill_update: ['fee', '电费账单编辑', "Enter and edit the utility's electricity bills"],
  cost_update: ['fee', '成本配置编辑', 'Edit rates, accounting schemes and budgets; recalculate costs'],
} as const satisfies Record<string, readonly [string, string, string]>;

export type OperationPermission = keyof typeof OPERATION_PERMISSIONS;

/** A permission key as a type: a page key of the route list or an operation key. */
export type PermissionKey = PageKey | OperationPermission;

/** Every permission key: page keys of the route list and operation keys. */
export function allPermissionKeys(): PermissionKey[] {
  return [...ROUTES.map((r) => r.menuKey), ...(Object.keys(OPERATION_PERMISSIONS) as OperationPermission[])];
}

let knownKeys: ReadonlySet<string> | undefined;

export function isPermissionKey(key: string): key is PermissionKey {
  knownKeys ??= new Set(allPermissionKeys());
  return knownKeys.has(key);
}

export interface PermissionNode {
  id: number;
  key: string;
  label: string;
  enLabel: string;
  children?: PermissionNode[];
}

/** The function permission tree: one group per menu group, its page and operation keys as leaves. */
export function permissionTree(): PermissionNode[] {
  let id = 0;
  return ROUTE_GROUPS.map((group) => {
    const groupId = ++id;
    const pages = ROUTES.filter((r) => r.group === group.key).map((r) => ({
      id: ++id,
      key: r.menuKey,
      label: r.label,
      enLabel: r.enLabel,
    }));
    const operations = Object.entries(OPERATION_PERMISSIONS)
      .filter(([, [g]]) => g === group.key)
      .map(([key, [, label, enLabel]]) => ({ id: ++id, key, label, enLabel }));
    return {
      id: groupId,
      key: group.key,
      label: group.label,
      enLabel: group.enLabel,
      children: [...pages, ...operations],
    };
  });
}

/** Flattens the tree to {id, key} leaves and groups, as the console does. */
export function flattenPermissionTree(nodes: readonly PermissionNode[]): { id: number; key: string }[] {
  return nodes.flatMap((n) => [{ id: n.id, key: n.key }, ...flattenPermissionTree(n.children ?? [])]);
}
