/** User trees and user groups (screens.md §3.2, §3.3). User and role administration: issue 3. */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { id } from '../schemas.js';

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
} as const;
