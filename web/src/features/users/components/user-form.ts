/**
 * The user dialog's values and their mapping to the contract's user bodies, validated by the
 * contract's own schemas: name 1–50 without special characters, phone or landline, strong
 * password with a matching confirmation (create only; editing sends no password), a linked
 * project for usertype 3 and 4, and the inspection password for role type 5 with duty
 * inspect or repair.
 */
import {
  createUserBody,
  isUserEnabled,
  type NOTIFICATION_TYPES,
  USER_STATUS,
  type UserRow,
  updateUserBody,
} from '@eem/contract';
import { MESSAGES, needsInspectionPassword } from '@eem/core';
import type { FormMode } from '../../../blocks/FormFields';
import { type FieldErrors, mergeErrors, validateWith } from '../../../blocks/form-issues';
import type { NodeRef } from '../../../blocks/node-tree-model';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface UserForm {
  [field: string]: unknown;
  name: string;
  nicName: string;
  email: string;
  mobilePhone: string;
  password: string;
  checkPassword: string;
  inspectionPassword: string;
  roleId: number | null;
  usertype: 0 | 3 | 4;
  projectIds: number[];
  userGroupIds: number[];
  enabled: boolean;
  notificationTypes: NotificationType[];
  /** The user edited (null when creating). */
  userId: number | null;
  /** Permission tabs (project screen, edit only). */
  nodes: NodeRef[];
  /** Projects the node permission tab shows opened into their node trees. */
  nodeProjects: number[];
  /** Real-time monitoring: graph (one-line diagram) nodes. */
  graphNodes: NodeRef[];
  /** Reports of every kind (mReport and pecReport trees), saved as the user's pecstar nodes. */
  reportNodes: NodeRef[];
  cameras: number[];
  folders: number[];
}

export interface RoleInfo {
  id: number;
  customConfig: { roletype: number; dutyType: string };
}

export function emptyUserForm(patch: Partial<UserForm> = {}): UserForm {
  return {
    name: '',
    nicName: '',
    email: '',
    mobilePhone: '',
    password: '',
    checkPassword: '',
    inspectionPassword: '',
    roleId: null,
    usertype: 0,
    projectIds: [],
    userGroupIds: [],
    enabled: true,
    notificationTypes: ['web'],
    userId: null,
    nodes: [],
    nodeProjects: [],
    graphNodes: [],
    reportNodes: [],
    cameras: [],
    folders: [],
    ...patch,
  };
}

function usertypeOf(n: number): 0 | 3 | 4 {
  return n === 3 || n === 4 ? n : 0;
}

export function userToForm(row: UserRow): UserForm {
  return emptyUserForm({
    userId: row.id,
    name: row.name,
    nicName: row.nicName,
    email: row.email,
    mobilePhone: row.mobilePhone,
    roleId: row.roleId,
    usertype: usertypeOf(row.usertype),
    projectIds: row.projectIds,
    userGroupIds: row.userGroups.map((g) => g.id),
    enabled: isUserEnabled(row),
    notificationTypes: row.notificationTypes.filter((n): n is NotificationType =>
      ['web', 'sms', 'email', 'app'].includes(n),
    ),
  });
}

/** The fields both writes share; tenantId only for a root caller. */
function common(form: UserForm, tenantId: number | undefined) {
  return {
    name: form.name,
    ...(form.nicName.trim() ? { nicName: form.nicName } : {}),
    email: form.email,
    mobilePhone: form.mobilePhone,
    roleId: form.roleId ?? 0,
    customConfig: { usertype: form.usertype },
    projectIds: form.projectIds,
    userGroupIds: form.userGroupIds,
    status: form.enabled ? USER_STATUS.enabled : USER_STATUS.disabled,
    notificationTypes: form.notificationTypes,
    ...(form.inspectionPassword ? { inspectionPassword: form.inspectionPassword } : {}),
    ...(tenantId === undefined ? {} : { tenantId }),
  };
}

export function createUserInput(form: UserForm, tenantId?: number) {
  return { ...common(form, tenantId), password: form.password, checkPassword: form.checkPassword };
}

/** Editing removes the password (platform-core §5). */
export function updateUserInput(id: number, form: UserForm, tenantId?: number) {
  return { id, ...common(form, tenantId) };
}

const fieldOf = (path: readonly PropertyKey[]) =>
  path[0] === 'customConfig' ? 'usertype' : String(path[0] ?? '');

export function validateUser(form: UserForm, mode: FormMode, role: RoleInfo | undefined): FieldErrors {
  const draft = {
    ...(mode === 'create' ? createUserInput(form) : updateUserInput(1, form)),
    roleId: form.roleId,
  };
  const schema = mode === 'create' ? createUserBody : updateUserBody;
  const extra: FieldErrors = {};
  // The schema checks the confirmation only once the other fields pass; show it at once.
  if (mode === 'create' && form.checkPassword !== form.password)
    extra.checkPassword = MESSAGES.passwordsDoNotMatch;
  if (
    role &&
    needsInspectionPassword(role.customConfig.roletype, role.customConfig.dutyType) &&
    mode === 'create' &&
    !form.inspectionPassword
  ) {
    extra.inspectionPassword = MESSAGES.inspectionPasswordRequired;
  }
  return mergeErrors(validateWith(schema, draft, fieldOf), extra);
}
