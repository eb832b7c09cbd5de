/**
 * Entities and request bodies of the users area: tenants, users, roles, user groups, node
 * permissions, video and document grants (platform-core §3, §5, §6; screens.md §3.3).
 */
import {
  DUTY_TYPE,
  findRoute,
  hasSpecialCharacters,
  isPermissionKey,
  lengthMessage,
  MESSAGES,
  NAME_LIMITS,
  NODE_LABELS,
  PASSWORD_MAX,
  requiredMessage,
  WIRE_MESSAGES,
} from '@eem/core';
import { z } from 'zod';
import {
  emailOrMasked,
  epochMs,
  FILTER_VALUES_MAX,
  id,
  idList,
  idOf,
  LABEL_MAX,
  nameText,
  PERMISSION_KEYS_MAX,
  page,
  pagedList,
  phoneOrMasked,
  prehash,
  requiredText,
  strongPassword,
} from '../schemas.js';

const int = z.number().int();

// ---------------------------------------------------------------- tenants

export const tenant = z.object({
  id: int,
  name: z.string(),
  parentId: int.nullable(),
  hostingEndTime: epochMs.nullable(),
  /** Projects the tenant hosts (counted, not stored). */
  hostedProjects: int,
  userCount: int,
  modelLabel: z.literal('tenant'),
});
export type Tenant = z.output<typeof tenant>;

const tenantFields = {
  name: nameText('name', NAME_LIMITS.name),
  hostingEndTime: epochMs.nullable().default(null),
  /** The parent tenant (service provider); null for a top-level tenant (root only). */
  parentId: id.nullable().default(null),
};
export const createTenantBody = z.object(tenantFields);
export const updateTenantBody = z.object({ id, ...tenantFields });

// ---------------------------------------------------------------- users

export const USER_STATUS = { enabled: 1, disabled: 0 } as const;

/** Whether a user account may sign in (status enabled). */
export function isUserEnabled(user: { status: number }): boolean {
  return user.status === USER_STATUS.enabled;
}
export const NOTIFICATION_TYPES = ['web', 'sms', 'email', 'app'] as const;

/**
 * A user as the administration screens read it: account `name` clear, `email` and
 * `mobilePhone` masked (maskText of @eem/core).
 */
export const userRow = z.object({
  id: int,
  /** The account. */
  name: z.string(),
  nicName: z.string(),
  /** Masked. */
  email: z.string(),
  /** Masked. */
  mobilePhone: z.string(),
  tenantId: int,
  tenantName: z.string(),
  usertype: int,
  roleId: int.nullable(),
  roleName: z.string().nullable(),
  roleType: int.nullable(),
  dutyType: z.string().nullable(),
  userGroups: z.array(z.object({ id: int, name: z.string() })),
  /** 1 enabled, 0 disabled. */
  status: int,
  notificationTypes: z.array(z.string()),
  /** Linked projects. */
  projectIds: z.array(int),
  root: z.boolean(),
  /** JSON text with usertype and fileName, as the spec's entity has it. */
  customConfig: z.string(),
  modelLabel: z.literal('user'),
});
export type UserRow = z.output<typeof userRow>;

export const USER_FILTER_PROPS = ['name', 'roleId', 'userGroupId', 'status', 'usertype'] as const;

const scalar = z.union([
  z.string().max(NAME_LIMITS.name, { error: lengthMessage(NAME_LIMITS.name) }),
  z.number(),
]);
export const userFilter = z.object({
  prop: z.enum(USER_FILTER_PROPS, { error: `prop must be one of ${USER_FILTER_PROPS.join(', ')}` }),
  operator: z.enum(['EQ', 'IN']).default('EQ'),
  limit: z.union([
    scalar,
    z.array(scalar).max(FILTER_VALUES_MAX, { error: `limit: at most ${FILTER_VALUES_MAX} values` }),
  ]),
});

export const projectUsersBody = z.object({
  page,
  filters: z
    .array(userFilter)
    .max(USER_FILTER_PROPS.length * 2, { error: 'filters: at most 10' })
    .default([]),
  /** Matches account and nicName (never the masked fields). */
  keyword: z.string().trim().max(NAME_LIMITS.name).optional(),
  /** Platform screen: the users of this tenant; otherwise the project of the header, else the caller's scope. */
  tenantId: id.optional(),
});

export const userGroupSummary = z.object({
  id: int,
  name: z.string(),
  groupType: z.enum(['operations', 'ordinary']),
  projectId: int.nullable(),
  userCount: int,
});

export const projectUsersData = pagedList(userRow).extend({ groups: z.array(userGroupSummary) });

const usertype = z.union([z.literal(0), z.literal(3), z.literal(4)], { error: 'usertype must be 0, 3 or 4' });

const userFields = {
  name: nameText('name', NAME_LIMITS.name),
  /** Copied from name when absent. */
  nicName: z
    .string()
    .trim()
    .max(NAME_LIMITS.name, { error: lengthMessage(NAME_LIMITS.name) })
    .refine((v) => !hasSpecialCharacters(v), { error: MESSAGES.specialCharacters })
    .optional(),
  email: emailOrMasked.default(''),
  mobilePhone: phoneOrMasked.default(''),
  roleId: idOf('roleId', requiredMessage('role')),
  /** Root only: the tenant of the user; others create users in their own tenant. */
  tenantId: id.optional(),
  customConfig: z
    .object({ usertype: usertype.default(0), fileName: z.string().max(255).optional() })
    .default({ usertype: 0 }),
  /** Linked projects (and their project node permission); required for usertype 3 and 4. */
  projectIds: idList('projectIds').default([]),
  /** User groups to be a member of (replaces the membership when given). */
  userGroupIds: idList('userGroupIds').optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'status must be 0 or 1' }).optional(),
  notificationTypes: z
    .array(z.enum(NOTIFICATION_TYPES))
    .max(NOTIFICATION_TYPES.length, { error: 'a notification type is listed twice' })
    .optional(),
  /** Needed when the role is type 5 with duty inspect or repair (checked by the server). */
  inspectionPassword: z
    .string()
    .max(32, { error: 'inspectionPassword: 1 to 32 characters in length' })
    .optional(),
};

function linkedProject(
  value: { customConfig: { usertype: number }; projectIds: number[] },
  ctx: z.RefinementCtx,
): void {
  if (
    (value.customConfig.usertype === 3 || value.customConfig.usertype === 4) &&
    value.projectIds.length === 0
  ) {
    ctx.addIssue({ code: 'custom', path: ['projectIds'], message: WIRE_MESSAGES.noProject });
  }
}

/** Create a user: the password travels in plain (over TLS) like a new password (ADR 0002). */
export const createUserBody = z
  .object({
    ...userFields,
    password: z
      .string({ error: MESSAGES.passwordRequired })
      .min(1, { error: MESSAGES.passwordRequired })
      .max(PASSWORD_MAX, { error: MESSAGES.strongPassword })
      .pipe(strongPassword),
    checkPassword: z
      .string({ error: MESSAGES.passwordsDoNotMatch })
      .max(PASSWORD_MAX, { error: MESSAGES.passwordsDoNotMatch }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.checkPassword) {
      ctx.addIssue({ code: 'custom', path: ['checkPassword'], message: MESSAGES.passwordsDoNotMatch });
    }
    linkedProject(value, ctx);
  });

/** Edit a user: no password. Masked email or phone sent back unchanged keep the stored value. */
export const updateUserBody = z.object({ id, ...userFields }).superRefine(linkedProject);

export const idQuery = z.object({ id });

// ---------------------------------------------------------------- node permissions

export const nodeRef = z.object({
  id: idOf('node id'),
  modelLabel: requiredText(requiredMessage('modelLabel'), 64),
});

export const assignNodesBody = z.object({
  userId: id,
  nodes: z.array(nodeRef).max(10_000, { error: 'at most 10000 nodes' }),
});

/** The model labels a node permission may name: tenants, projects and the node types of a project tree. */
export const MODEL_NODE_LABELS: readonly string[] = ['tenant', 'project', ...NODE_LABELS];
const MODEL_NODE_LABEL_SET = new Set(MODEL_NODE_LABELS);

export const modelNodeRef = nodeRef.extend({
  modelLabel: requiredText(requiredMessage('modelLabel'), 64).refine((v) => MODEL_NODE_LABEL_SET.has(v), {
    error: `must be tenant, project or a node type (${NODE_LABELS.join(', ')})`,
  }),
});

/** Model node permissions: tenants, projects and nodes of project trees (each with its subtree). */
export const assignModelNodesBody = z.object({
  userId: id,
  nodes: z.array(modelNodeRef).max(10_000, { error: 'at most 10000 nodes' }),
});

export const userNodesBody = z.object({ userId: id });

export const userNodes = z.object({
  userId: int,
  nodes: z.array(z.object({ id: int, modelLabel: z.string(), name: z.string() })),
});

/**
 * A user's model node permissions: the name of each (tenant, project or tree node; empty when
 * the node no longer exists) and the project it belongs to (null for a tenant).
 */
export const userModelNodes = z.object({
  userId: int,
  nodes: z.array(z.object({ id: int, modelLabel: z.string(), name: z.string(), projectId: int.nullable() })),
});
export type UserModelNodes = z.output<typeof userModelNodes>;

// ---------------------------------------------------------------- root password reset

export const rootResetBody = z.object({
  rootName: requiredText(MESSAGES.accountRequired, NAME_LIMITS.name),
  /** The root user's own password, pre-hashed like at login. */
  rootPassword: prehash(MESSAGES.passwordRequired),
  userName: requiredText(requiredMessage('userName'), NAME_LIMITS.name),
  /** The new password in plain (over TLS), checked by the strong-password rule. */
  newPassword: strongPassword,
});

// ---------------------------------------------------------------- roles

const permissionKey = z.string().max(LABEL_MAX).refine(isPermissionKey, { error: 'not a permission key' });

export const keyNode = z.object({ id: int, key: z.string() });

export const role = z.object({
  id: int,
  name: z.string(),
  tenantId: int,
  customConfig: z.object({ roletype: int, dutyType: z.string() }),
  homePage: z.string().nullable(),
  /** Page-access keys, with the ids of the function permission tree. */
  pageNodes: z.array(keyNode),
  /** Operation keys. */
  operationNodes: z.array(keyNode),
  /** Mobile-access keys. */
  mobileNodes: z.array(keyNode),
  userCount: int,
  /** Whether the role grants only project (fw) pages and operations. */
  projectRole: z.boolean(),
  /**
   * Why the caller may not change or delete the role (it holds keys the caller does not, or
   * users of projects the caller does not manage hold it: core's sharedObjectRefusal); null: it may.
   */
  lockedReason: z.string().nullable(),
  modelLabel: z.literal('role'),
});
export type Role = z.output<typeof role>;

const roleFields = {
  name: nameText('name', NAME_LIMITS.name),
  /** Root only: the tenant of the role; others write roles of their own tenant. */
  tenantId: id.optional(),
  customConfig: z.object(
    {
      roletype: z
        .number({ error: requiredMessage('role type') })
        .int({ error: 'role type must be 1 to 5' })
        .min(1, { error: 'role type must be 1 to 5' })
        .max(5, { error: 'role type must be 1 to 5' }),
      dutyType: z
        .enum([DUTY_TYPE.inspect, DUTY_TYPE.repair, DUTY_TYPE.none], {
          error: 'dutyType must be inspect, repair or none',
        })
        .default('none'),
    },
    { error: requiredMessage('role type') },
  ),
  homePage: z
    .string()
    .max(NAME_LIMITS.text, { error: 'homePage must be a route of the route list' })
    .refine((p) => p === '/home' || findRoute(p) !== undefined, {
      error: 'homePage must be a route of the route list',
    })
    .nullable()
    .default('/home'),
  /** Page and operation keys (allPermissionKeys of @eem/core). */
  permissions: z
    .array(permissionKey)
    .max(PERMISSION_KEYS_MAX, { error: `permissions: at most ${PERMISSION_KEYS_MAX}` })
    .default([]),
  mobilePermissions: z
    .array(permissionKey)
    .max(PERMISSION_KEYS_MAX, { error: `mobilePermissions: at most ${PERMISSION_KEYS_MAX}` })
    .default([]),
};
export const createRoleBody = z.object(roleFields);
export const updateRoleBody = z.object({ id, ...roleFields });

export const rolesQuery = z.object({ tenantId: id.optional() });

// ---------------------------------------------------------------- user groups

export const userGroup = z.object({
  id: int,
  name: z.string(),
  tenantId: int,
  /** The project a group made in project mode belongs to; null for a tenant-wide group. */
  projectId: int.nullable(),
  groupType: z.enum(['operations', 'ordinary']),
  /** JSON text with the logo fileName. */
  customConfig: z.string(),
  logo: z.string().nullable(),
  users: z.array(z.object({ id: int, name: z.string(), nicName: z.string() })),
});
export type UserGroup = z.output<typeof userGroup>;

const groupFields = {
  name: nameText('name', NAME_LIMITS.name),
  groupType: z.enum(['operations', 'ordinary'], { error: requiredMessage('group type') }),
  /** Member user ids (of the same tenant). */
  users: idList('users').default([]),
  /** The logo: fileName of an uploaded jpg or png (files.uploadFile, kind image). */
  customConfig: z.object({ fileName: z.string().max(NAME_LIMITS.text).nullable().optional() }).default({}),
  /** Root only: the tenant of the group; others write groups of their own tenant. */
  tenantId: id.optional(),
};
export const createUserGroupBody = z.object(groupFields);
export const updateUserGroupBody = z.object({ id, ...groupFields });

// ---------------------------------------------------------------- video and document grants

export const grants = z.object({
  userId: int,
  cameras: z.array(
    z.object({
      id: int,
      name: z.string(),
      location: z.string(),
      projectId: int,
      projectName: z.string(),
      granted: z.boolean(),
    }),
  ),
  folders: z.array(
    z.object({
      id: int,
      name: z.string(),
      parentId: int.nullable(),
      projectId: int,
      projectName: z.string(),
      granted: z.boolean(),
    }),
  ),
});

export const saveGrantsBody = z.object({
  userId: id,
  cameras: idList('cameras').default([]),
  folders: idList('folders').default([]),
});
