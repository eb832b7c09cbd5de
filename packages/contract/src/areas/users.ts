/**
 * Users, tenants, roles, user groups, node permissions, video and document grants and the
 * root password reset (screens.md §3.2, §3.3). Reads mask email and phone; every call is
 * limited to the caller's tenant (and child tenants) or, for project users, their projects.
 */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { id, treeNode } from '../schemas.js';
import {
  assignModelNodesBody,
  assignNodesBody,
  createRoleBody,
  createTenantBody,
  createUserBody,
  createUserGroupBody,
  grants,
  idQuery,
  projectUsersBody,
  projectUsersData,
  role,
  rolesQuery,
  rootResetBody,
  saveGrantsBody,
  tenant,
  updateRoleBody,
  updateTenantBody,
  updateUserBody,
  updateUserGroupBody,
  userGroup,
  userModelNodes,
  userNodes,
  userNodesBody,
  userRow,
} from './users-schemas.js';

const userTreeNode: z.ZodType<UserTreeShape> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    modelLabel: z.enum(['tenant', 'usergroup', 'user']),
    nodeID: z.number().int().nullable(),
    nodeName: z.string().nullable(),
    childUsers: z.array(userTreeNode),
  }),
);
export interface UserTreeShape {
  id: number;
  name: string;
  modelLabel: 'tenant' | 'usergroup' | 'user';
  nodeID: number | null;
  nodeName: string | null;
  childUsers: UserTreeShape[];
}

export const users = {
  userTree: defineEndpoint({
    id: 'users.userTree',
    method: 'GET',
    path: '/eem-service/v1/auth/cloud/user/tree/{id}',
    summary: 'The user tree under a tenant: its user groups and their users, then users in no group.',
    params: z.object({ id }),
    data: z.array(userTreeNode),
    permission: 'session',
  }),
  userGroup: defineEndpoint({
    id: 'users.userGroup',
    method: 'GET',
    path: '/auth/v1/usergroup/{id}',
    summary: 'A user group with its users.',
    params: z.object({ id }),
    data: z.object({
      id: z.number().int(),
      name: z.string(),
      tenantId: z.number().int(),
      groupType: z.enum(['operations', 'ordinary']),
      customConfig: z.string(),
      users: z.array(z.object({ id: z.number().int(), name: z.string(), nicName: z.string() })),
    }),
    permission: 'session',
  }),

  // -------------------------------------------------------------- tenants
  tenants: defineEndpoint({
    id: 'users.tenants',
    method: 'GET',
    path: '/auth/v1/tenant',
    summary:
      'Tenants (service providers) the caller may see, with hosting end time, hosted-project and user counts.',
    data: z.array(tenant),
    permission: 'user_browser',
  }),
  createTenant: defineEndpoint({
    id: 'users.createTenant',
    method: 'POST',
    path: '/eem-service/v2/auth/simplify/tenant',
    summary: 'Create a tenant under a parent (a top-level tenant: root only).',
    body: createTenantBody,
    data: tenant,
    permission: 'tenant_manage',
  }),
  updateTenant: defineEndpoint({
    id: 'users.updateTenant',
    method: 'PUT',
    path: '/eem-service/v2/auth/simplify/tenant',
    summary: 'Edit a tenant: name, hosting end time, parent.',
    body: updateTenantBody,
    data: tenant,
    permission: 'tenant_manage',
  }),
  deleteTenant: defineEndpoint({
    id: 'users.deleteTenant',
    method: 'DELETE',
    path: '/eem-service/v1/auth/common/tenant',
    summary: 'Delete a tenant; refused while it has projects, users or child tenants.',
    query: idQuery,
    data: z.null(),
    permission: 'tenant_manage',
  }),

  // -------------------------------------------------------------- users
  projectUsers: defineEndpoint({
    id: 'users.projectUsers',
    method: 'POST',
    path: '/eem-service/v2/user/project/userAndGroup',
    summary:
      'Users (paged, email and phone masked) with their groups: of the tenant given, else of the project header, else of the caller’s scope; and the groups of that scope.',
    body: projectUsersBody,
    data: projectUsersData,
    permission: 'user_browser',
  }),
  createUser: defineEndpoint({
    id: 'users.createUser',
    method: 'POST',
    path: '/eem-service/v2/auth/simplify/user',
    summary:
      'Create a user (name copied to nicName when absent; password and checkPassword; projects linked).',
    body: createUserBody,
    data: userRow,
    permission: 'user_update',
  }),
  updateUser: defineEndpoint({
    id: 'users.updateUser',
    method: 'PUT',
    path: '/eem-service/v2/auth/simplify/user',
    summary: 'Edit a user (no password); a masked email or phone sent back unchanged keeps the stored value.',
    body: updateUserBody,
    data: userRow,
    permission: 'user_update',
  }),
  deleteUser: defineEndpoint({
    id: 'users.deleteUser',
    method: 'DELETE',
    path: '/eem-service/v1/auth/common/user',
    summary: 'Delete a user (not yourself, not a root user); their sessions end.',
    query: idQuery,
    data: z.null(),
    permission: 'user_update',
  }),
  resetPassword: defineEndpoint({
    id: 'users.resetPassword',
    method: 'PUT',
    path: '/auth/v1/user/password/securityUpdateByRoot',
    summary:
      'A root user resets another user’s password, proving the root password; the user’s sessions end.',
    body: rootResetBody,
    data: z.null(),
    permission: 'user_password_reset',
  }),
  resetPasswordCommon: defineEndpoint({
    id: 'users.resetPasswordCommon',
    method: 'POST',
    path: '/eem-service/v1/auth/common/user/password/securityUpdateByRoot',
    summary: 'The same root password reset on the eem-service path.',
    body: rootResetBody,
    data: z.null(),
    permission: 'user_password_reset',
  }),

  // -------------------------------------------------------------- node permissions
  assignModelNodes: defineEndpoint({
    id: 'users.assignModelNodes',
    method: 'POST',
    path: '/eem-service/v2/auth/simplify/user/modelnode',
    summary:
      'Replace a user’s model node permissions (within the caller’s scope): tenants, projects, and nodes of project trees (modelLabel a node type; the user then sees that node’s subtree and the path to it).',
    body: assignModelNodesBody,
    data: userModelNodes,
    permission: 'user_update',
  }),
  assignGraphNodes: defineEndpoint({
    id: 'users.assignGraphNodes',
    method: 'POST',
    path: '/eem-service/v2/auth/simplify/user/graphnode',
    summary: 'Replace a user’s real-time monitoring (graph) node permissions.',
    body: assignNodesBody,
    data: userNodes,
    permission: 'user_update',
  }),
  assignPecstarNodes: defineEndpoint({
    id: 'users.assignPecstarNodes',
    method: 'POST',
    path: '/eem-service/v2/auth/simplify/user/pecstarnode',
    summary: 'Replace a user’s report (pecstar) node permissions.',
    body: assignNodesBody,
    data: userNodes,
    permission: 'user_update',
  }),
  modelNodes: defineEndpoint({
    id: 'users.modelNodes',
    method: 'POST',
    path: '/eem-service/v2/auth/simplify/user/modelnode/query',
    summary:
      'A user’s model node permissions within the caller’s scope (tenants, projects, tree nodes), with names and projects.',
    body: userNodesBody,
    data: userModelNodes,
    permission: 'user_browser',
  }),
  graphNodes: defineEndpoint({
    id: 'users.graphNodes',
    method: 'POST',
    path: '/eem-service/v2/auth/simplify/user/graphnode/query',
    summary: 'A user’s graph node permissions.',
    body: userNodesBody,
    data: userNodes,
    permission: 'user_browser',
  }),
  pecstarNodes: defineEndpoint({
    id: 'users.pecstarNodes',
    method: 'POST',
    path: '/eem-service/v2/auth/simplify/user/pecstarnode/query',
    summary: 'A user’s report node permissions.',
    body: userNodesBody,
    data: userNodes,
    permission: 'user_browser',
  }),
  graphTree: defineEndpoint({
    id: 'users.graphTree',
    method: 'GET',
    path: '/eem-service/v2/auth/nouserauth/graphTree',
    summary: 'Every graph (one-line diagram) for the assignment dialog; none exist yet, so an empty list.',
    data: z.array(treeNode),
    permission: 'user_browser',
  }),
  mReportTree: defineEndpoint({
    id: 'users.mReportTree',
    method: 'GET',
    path: '/eem-service/v2/auth/nouserauth/mReport/tree',
    summary: 'Every report of the mReport kind for the assignment dialog; none exist yet, so an empty list.',
    data: z.array(treeNode),
    permission: 'user_browser',
  }),
  pecReportTree: defineEndpoint({
    id: 'users.pecReportTree',
    method: 'GET',
    path: '/eem-service/v2/auth/nouserauth/pecReport/tree',
    summary:
      'Every report of the pecReport kind for the assignment dialog; none exist yet, so an empty list.',
    data: z.array(treeNode),
    permission: 'user_browser',
  }),

  // -------------------------------------------------------------- roles
  tenantRoles: defineEndpoint({
    id: 'users.tenantRoles',
    method: 'GET',
    path: '/auth/v1/roles',
    summary: 'The roles of a tenant (the caller’s when tenantId is absent), with user counts.',
    query: rolesQuery,
    data: z.array(role),
    permission: 'role_browser',
  }),
  projectRoles: defineEndpoint({
    id: 'users.projectRoles',
    method: 'GET',
    path: '/eem-service/v2/auth/role/roles',
    summary:
      'Project roles (only fw pages and operations) of the tenant of the project header or of the caller.',
    data: z.array(role),
    permission: 'role_browser',
  }),
  role: defineEndpoint({
    id: 'users.role',
    method: 'GET',
    path: '/eem-service/v2/auth/role/{id}',
    summary: 'A role with its page, operation and mobile keys, home page and user count.',
    params: z.object({ id }),
    data: role,
    permission: 'role_browser',
  }),
  createRole: defineEndpoint({
    id: 'users.createRole',
    method: 'POST',
    path: '/eem-service/v1/auth/common/role',
    summary: 'Create a role; a non-root caller grants only keys it holds itself.',
    body: createRoleBody,
    data: role,
    permission: 'role_update',
  }),
  updateRole: defineEndpoint({
    id: 'users.updateRole',
    method: 'PUT',
    path: '/eem-service/v1/auth/common/role',
    summary: 'Edit a role; a non-root caller edits only roles within its own keys.',
    body: updateRoleBody,
    data: role,
    permission: 'role_update',
  }),
  deleteRole: defineEndpoint({
    id: 'users.deleteRole',
    method: 'DELETE',
    path: '/eem-service/v1/auth/common/role',
    summary: 'Delete a role; refused while users hold it.',
    query: idQuery,
    data: z.null(),
    permission: 'role_update',
  }),

  // -------------------------------------------------------------- user groups
  userGroups: defineEndpoint({
    id: 'users.userGroups',
    method: 'GET',
    path: '/eem-service/v2/user/usergroups',
    summary: 'User groups of the caller’s scope (in project mode: the project’s and the tenant-wide ones).',
    data: z.array(userGroup),
    permission: 'usergroup_browser',
  }),
  userGroupById: defineEndpoint({
    id: 'users.userGroupById',
    method: 'GET',
    path: '/auth/v1/usergroup/queryById',
    summary: 'A user group with its members.',
    query: idQuery,
    data: userGroup,
    permission: 'usergroup_browser',
  }),
  createUserGroup: defineEndpoint({
    id: 'users.createUserGroup',
    method: 'POST',
    path: '/eem-service/v1/auth/common/userGroup',
    summary: 'Create a user group (in project mode it belongs to the project).',
    body: createUserGroupBody,
    data: userGroup,
    permission: 'usergroup_update',
  }),
  updateUserGroup: defineEndpoint({
    id: 'users.updateUserGroup',
    method: 'PUT',
    path: '/eem-service/v1/auth/common/userGroup',
    summary: 'Edit a user group: name, type, members, logo.',
    body: updateUserGroupBody,
    data: userGroup,
    permission: 'usergroup_update',
  }),
  deleteUserGroup: defineEndpoint({
    id: 'users.deleteUserGroup',
    method: 'DELETE',
    path: '/eem-service/v1/auth/common/userGroup',
    summary: 'Delete a user group (its members stay).',
    query: idQuery,
    data: z.null(),
    permission: 'usergroup_update',
  }),

  // -------------------------------------------------------------- video and document grants
  videoKnowledgeGrants: defineEndpoint({
    id: 'users.videoKnowledgeGrants',
    method: 'GET',
    path: '/eem-service/v1/user/video/knowledge/list',
    summary:
      'Cameras and knowledge folders of the projects caller and user share (the header’s project in fw), with the user’s grants.',
    query: z.object({ userId: id }),
    data: grants,
    permission: 'user_browser',
  }),
  saveGrants: defineEndpoint({
    id: 'users.saveGrants',
    method: 'POST',
    path: '/eem-service/v1/user/auth/modelnodes',
    summary: 'Save a user’s camera and knowledge-folder grants (within the listed scope).',
    body: saveGrantsBody,
    data: grants,
    permission: 'user_update',
  }),
  saveGrantsCommon: defineEndpoint({
    id: 'users.saveGrantsCommon',
    method: 'PUT',
    path: '/eem-service/v1/auth/common/modelNodes',
    summary: 'The same grant save on the common path.',
    body: saveGrantsBody,
    data: grants,
    permission: 'user_update',
  }),
} as const;
