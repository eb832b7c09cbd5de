/**
 * The role dialog's values and their mapping to the contract's role body, validated by the
 * contract's own schema (name 1–50 without special characters, role type required, …).
 */
import { createRoleBody, type Role } from '@eem/contract';
import { DUTY_TYPE, type DutyType, OPERATION_PERMISSIONS, ROUTES } from '@eem/core';
import { type FieldErrors, validateWith } from '../../../blocks/form-issues';

export interface RoleForm {
  [field: string]: unknown;
  name: string;
  roletype: number | null;
  dutyType: DutyType;
  homePage: string | null;
  /** Page keys. */
  pages: string[];
  /** Operation keys. */
  operations: string[];
  /** Groups whose ticked pages are open on mobile. */
  mobileGroups: string[];
}

const OPERATION_KEYS = new Set(Object.keys(OPERATION_PERMISSIONS));
const PAGE_GROUP = new Map<string, string>(ROUTES.map((r) => [r.menuKey, r.group]));

export function isOperationKey(key: string): boolean {
  return OPERATION_KEYS.has(key);
}

export function emptyRoleForm(): RoleForm {
  return {
    name: '',
    roletype: null,
    dutyType: DUTY_TYPE.none,
    homePage: '/home',
    pages: [],
    operations: [],
    mobileGroups: [],
  };
}

function asDuty(value: string): DutyType {
  return value === DUTY_TYPE.inspect || value === DUTY_TYPE.repair ? value : DUTY_TYPE.none;
}

export function roleToForm(role: Role): RoleForm {
  const mobileGroups = new Set(role.mobileNodes.flatMap((n) => PAGE_GROUP.get(n.key) ?? []));
  return {
    name: role.name,
    roletype: role.customConfig.roletype,
    dutyType: asDuty(role.customConfig.dutyType),
    homePage: role.homePage,
    pages: role.pageNodes.map((n) => n.key).filter((k) => !isOperationKey(k)),
    operations: role.operationNodes.map((n) => n.key),
    mobileGroups: [...mobileGroups],
  };
}

/** What the dialog would send, role type possibly missing (validated as it is). */
function roleDraft(form: RoleForm, tenantId?: number) {
  const mobile = new Set(form.mobileGroups);
  return {
    name: form.name,
    customConfig: {
      roletype: form.roletype,
      dutyType: form.roletype === 5 ? form.dutyType : DUTY_TYPE.none,
    },
    homePage: form.homePage,
    permissions: [...form.pages, ...form.operations],
    mobilePermissions: form.pages.filter((k) => mobile.has(PAGE_GROUP.get(k) ?? '')),
    ...(tenantId ? { tenantId } : {}),
  };
}

/** The body of createRole (updateRole adds the id); send it only after validateRole passed. */
export function roleBody(form: RoleForm, tenantId?: number) {
  const draft = roleDraft(form, tenantId);
  return { ...draft, customConfig: { ...draft.customConfig, roletype: form.roletype ?? 0 } };
}

export function validateRole(form: RoleForm): FieldErrors {
  return validateWith(createRoleBody, roleDraft(form), (path) => {
    if (path[0] === 'customConfig') return String(path[1] ?? 'roletype');
    if (path[0] === 'permissions') return 'pages';
    return String(path[0] ?? '');
  });
}
