/** Answers that satisfy the contract's schemas. */
import type { Notice, SessionData, Task, User } from '@eem/contract';

export const TOKEN = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';

export const user: User = {
  id: 9,
  name: 'operator',
  nicName: 'Operator',
  email: 'op@example.com',
  mobilePhone: '13800000000',
  tenantId: 1,
  projectId: 7,
  projectIds: [7],
  usertype: 3,
  roleId: 2,
  modelLabel: 'user',
  roles: [],
  customConfig: '{}',
  permissions: ['datalog_browser'],
  root: false,
  needsInspectionPassword: false,
};

export const session: SessionData = { user, token: TOKEN, expiresAt: 1_900_000_000_000 };

export function task(status: number, ratio: number, id = 11): Task {
  return {
    id,
    projectId: 7,
    type: 1,
    operationType: 3,
    logType: 717,
    status,
    ratio,
    processInfo: { name: 'import', ratio, status },
    startTime: 1_700_000_000_000,
    endTime: status === 2 ? null : 1_700_000_060_000,
    message: '',
  };
}

export function notice(id: number): Notice {
  return {
    id,
    time: 1_700_000_000_000 + id,
    logType: 200,
    logTypeName: 'Notice',
    eventClass: 3,
    description: `notice ${id}`,
    projectId: 7,
    content: '{}',
  };
}
