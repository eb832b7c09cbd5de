/** The user-group dialog's values, validated by the contract's group body. */
import { createUserGroupBody, type UserGroup } from '@eem/contract';
import { type FieldErrors, validateWith } from '../../../blocks/form-issues';
import type { NodeRef } from '../../../blocks/node-tree-model';

export interface GroupForm {
  [field: string]: unknown;
  name: string;
  groupType: 'operations' | 'ordinary' | null;
  logo: string | null;
  members: NodeRef[];
}

export function emptyGroupForm(): GroupForm {
  return { name: '', groupType: null, logo: null, members: [] };
}

/** The logo's stored name: customConfig {fileName} (JSON text), else `logo`. */
export function logoOf(group: Pick<UserGroup, 'customConfig' | 'logo'>): string | null {
  try {
    const parsed: unknown = JSON.parse(group.customConfig || '{}');
    if (typeof parsed === 'object' && parsed !== null && 'fileName' in parsed) {
      const name = (parsed as { fileName: unknown }).fileName;
      if (typeof name === 'string' && name) return name;
    }
  } catch {
    // not JSON: fall back to the logo field
  }
  return group.logo;
}

export function groupToForm(group: UserGroup): GroupForm {
  return {
    name: group.name,
    groupType: group.groupType,
    logo: logoOf(group),
    members: group.users.map((u) => ({ id: u.id, modelLabel: 'user', name: u.nicName || u.name })),
  };
}

function draft(form: GroupForm) {
  return {
    name: form.name,
    groupType: form.groupType,
    users: form.members.map((m) => m.id),
    customConfig: { fileName: form.logo },
  };
}

export function groupBody(form: GroupForm) {
  return { ...draft(form), groupType: form.groupType ?? 'ordinary' };
}

export function validateGroup(form: GroupForm): FieldErrors {
  return validateWith(createUserGroupBody, draft(form), (path) =>
    path[0] === 'users' ? 'members' : path[0] === 'customConfig' ? 'logo' : String(path[0] ?? ''),
  );
}
