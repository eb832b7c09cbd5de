/** The message server, the message log and task progress (screens.md §3.1). */
import { NOTICE_MODE, TASK_OPERATION_TYPE } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, idOf, intOf, notice, page, pagedList, task } from '../schemas.js';

const OPERATION_TYPE_MAX = Math.max(...Object.values(TASK_OPERATION_TYPE));

export const notices = {
  registerClient: defineEndpoint({
    id: 'notices.registerClient',
    method: 'POST',
    path: '/messageServer/v1/service/web/client',
    summary: 'Register the notice channel of this user with its tags (sent when the channel opens).',
    body: z.object({
      userId: idOf('userId'),
      tags: z.array(z.string().min(1).max(64)).max(50, { error: 'at most 50 tags' }).default([]),
    }),
    data: z.object({ userId: z.number().int(), tags: z.array(z.string()), lastNoticeId: z.number().int() }),
    permission: 'session',
  }),
  messageLog: defineEndpoint({
    id: 'notices.messageLog',
    method: 'POST',
    path: '/messageServer/v1/log',
    summary: 'The message centre: the user’s notices in a time range, newest first.',
    body: z
      .object({
        noticeMode: z.literal(NOTICE_MODE, { error: 'noticeMode must be 4' }),
        receiver: idOf('receiver'),
        startTime: epochMs,
        endTime: epochMs,
        page,
        afterId: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
      })
      .refine((b) => b.endTime > b.startTime, {
        error: 'endTime must be later than startTime',
        path: ['endTime'],
      }),
    data: pagedList(notice.extend({ recordTime: epochMs })),
    permission: 'session',
  }),
  importProgress: defineEndpoint({
    id: 'notices.importProgress',
    method: 'GET',
    path: '/eem-service/v1/importobject/ratio',
    summary:
      'Progress of the newest task of an operation type in the current project (status 2 running, 3 success).',
    query: z.object({
      operationType: intOf('operationType', 1, OPERATION_TYPE_MAX),
      taskId: idOf('taskId').optional(),
    }),
    data: task.nullable(),
    permission: 'session',
  }),
  task: defineEndpoint({
    id: 'notices.task',
    method: 'GET',
    path: '/eem-service/v1/importobject/task/{id}',
    summary: 'One task of the current user or of a project the user may enter, by id (chosen).',
    params: z.object({ id }),
    data: task,
    permission: 'session',
  }),
  importProgressAll: defineEndpoint({
    id: 'notices.importProgressAll',
    method: 'GET',
    path: '/eem-service/v1/importobject/ratio/all',
    summary: 'Progress of every running or recent task of the current project (chosen).',
    data: z.array(task),
    permission: 'session',
  }),
} as const;
