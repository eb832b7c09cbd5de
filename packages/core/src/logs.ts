/** Operation log (audit trail) and task log vocabulary (screens.md §2.1 /platformOperationlog, §3.4). */

/** Operations recorded in the operation log, with their Chinese and English labels. */
export const OPERATION_TYPES = {
  add: ['新增', 'Add'],
  edit: ['编辑', 'Edit'],
  delete: ['删除', 'Delete'],
  login: ['登录', 'Login'],
  logout: ['退出', 'Logout'],
  export: ['导出', 'Export'],
  resetPassword: ['重置密码', 'Reset password'],
} as const satisfies Record<string, readonly [string, string]>;

export type OperationType = keyof typeof OPERATION_TYPES;
export const OPERATION_TYPE_KEYS = Object.keys(OPERATION_TYPES) as OperationType[];

export type OperationResult = 'success' | 'failure';

export function operationName(operation: string, language: 'zh' | 'en' = 'en'): string {
  const names = (OPERATION_TYPES as Record<string, readonly [string, string]>)[operation];
  if (!names) return operation;
  return language === 'zh' ? names[0] : names[1];
}

/** Task operation types of platform-core §4, with labels; deletion has log type 722. */
export const TASK_OPERATION_NAMES: Record<number, readonly [zh: string, en: string]> = {
  1: ['生成管网配置', 'Generate pipeline network configuration'],
  2: ['生成层级配置', 'Generate hierarchy configuration'],
  3: ['导入实际产量', 'Import actual production data'],
  4: ['导入计划产量', 'Import planned production data'],
  5: ['生成层级配置', 'Generate hierarchy configuration'],
  6: ['节点批量导入', 'Node batch import'],
  7: ['管网节点导入', 'Pipe-network node import'],
  8: ['读数导入', 'Reading import'],
  9: ['汇总重算', 'Rollup recalculation'],
  10: ['能耗录入导入', 'Energy entry import'],
  11: ['分时重算', 'Time-of-use re-split'],
  12: ['设备导入', 'Device import'],
  13: ['进线导入', 'Inlet import'],
  14: ['需量数据导入', 'Demand data import'],
  16: ['成本核算', 'Monthly cost calculation'],
};

export function taskOperationName(operationType: number, language: 'zh' | 'en' = 'en'): string {
  const names = TASK_OPERATION_NAMES[operationType];
  if (!names) return String(operationType);
  return language === 'zh' ? names[0] : names[1];
}

/** Log lists: the order codes (1 newest first, 2 oldest first). */
export const LOG_ORDER = { desc: 1, asc: 2 } as const;
