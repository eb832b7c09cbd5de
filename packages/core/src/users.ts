/** User types, role types, duty types and the module rule (platform-core §1, §3, §6). */
import type { Module } from './routes.js';

export const USERTYPE = { default: 0, projectUser: 3, projectAdmin: 4 } as const;

/** Usertype 3 and 4 are project-bound: fixed to module fw and send a projectId header. */
export function isProjectBound(usertype: number | undefined | null): boolean {
  return usertype === 3 || usertype === 4;
}

/**
 * Objects shared by several projects of a tenant (a role their users hold, a quantity their
 * points measure, the tenant's fault scenarios and handling plans: issue 11) are changed only
 * by whoever governs every project that uses them. A project-bound caller governs its own
 * projects (`boundProjects`); anyone else (tenant administrator and above) governs the tenant.
 * Answers why a change is refused (the server's refusal, and the console's tooltip on the
 * disabled Edit and Delete), or null when the caller may change the object.
 */
export function sharedObjectRefusal(
  caller: { boundProjects: ReadonlySet<number> | null },
  usedBy: Iterable<number>,
  what: string,
): string | null {
  const bound = caller.boundProjects;
  if (bound === null) return null;
  for (const id of usedBy) if (!bound.has(id)) return sharedObjectMessage(what);
  return null;
}

export const sharedObjectMessage = (what: string) =>
  `${what} is shared with projects you do not manage; only a tenant administrator may change it (create your own instead)`;

/** Role types: 1 general, 2 inspection, 3 operations technician, 4 maintenance and repair, 5 operations and maintenance. */
export const ROLE_TYPE = {
  general: 1,
  inspection: 2,
  technician: 3,
  maintenance: 4,
  operations: 5,
} as const;

export const ROLE_TYPE_LABELS: Record<number, [string, string]> = {
  1: ['普通', 'General'],
  2: ['巡检', 'Inspection'],
  3: ['运维技术员', 'Operations technician'],
  4: ['维修保养', 'Maintenance and repair'],
  5: ['运维', 'Operations and maintenance'],
};

export const DUTY_TYPE = { inspect: 'inspect', repair: 'repair', none: 'none' } as const;
export type DutyType = (typeof DUTY_TYPE)[keyof typeof DUTY_TYPE];

/** Role type 5 with duty inspect or repair: an operations user with an inspection password. */
export function needsInspectionPassword(roleType: number | undefined, dutyType: string | undefined): boolean {
  return (
    roleType === ROLE_TYPE.operations && (dutyType === DUTY_TYPE.inspect || dutyType === DUTY_TYPE.repair)
  );
}

export interface ModuleInputs {
  projectId: number | null | undefined;
  usertype: number | null | undefined;
  platformMode: boolean;
}

/** fw when a project id is stored, the usertype is 3 or 4, or the system is not in platform mode; else pf. */
export function resolveModule({ projectId, usertype, platformMode }: ModuleInputs): Module {
  if ((projectId ?? 0) > 0 || isProjectBound(usertype) || !platformMode) return 'fw';
  return 'pf';
}

/** 'Back to platform' shows only in platform mode, for non-project-bound users, outside module pf. */
export function showBackToPlatform(input: {
  platformMode: boolean;
  usertype: number | null | undefined;
  module: Module;
}): boolean {
  return input.platformMode && !isProjectBound(input.usertype) && input.module !== 'pf';
}

/** Masks name, nicName, email and phone for reading: keeps the ends, stars the middle. */
export function maskText(value: string | null | undefined): string {
  if (!value) return '';
  const at = value.indexOf('@');
  if (at > 0) return `${maskText(value.slice(0, at))}${value.slice(at)}`;
  const chars = [...value];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  const keep = chars.length >= 7 ? 3 : 1;
  const tail = chars.length >= 7 ? 4 : 1;
  return `${chars.slice(0, keep).join('')}${'*'.repeat(Math.max(1, chars.length - keep - tail))}${chars.slice(-tail).join('')}`;
}
