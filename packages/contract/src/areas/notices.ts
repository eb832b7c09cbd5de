/** The message server, the message log and task progress (screens.md §3.1). */
import { NOTICE_MODE, TASK_OPERATION_TYPE } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, notice, page, pagedList, task } from '../schemas.js';

const OPERATION_TYPE_MAX = Math.max(...Object.values(TASK_OPERATION_TYPE));

export const notices = {
  registerClient: defineEndpoint({
    id: 'notices.registerClient',
    method: 'POST',
    path: '/messageServer/v1/service/web/client',
    summary: 'Register the notice channel of this user with its tags (sent when the channel opens).',
    body: z.object({
      userId: z.number().int().positive({ error: 'userId must be positive' }),
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
        receiver: z.number().int().positive({ error: 'receiver must be the current user id' }),
        startTime: epochMs,
        endTime: epochMs,
        page,
        afterId: z.number().int().nonnegative().optional(),
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
      operationType: z.coerce
        .number({ error: 'operationType must be a number' })
        .int()
        .min(1, { error: `operationType must be 1 to ${OPERATION_TYPE_MAX}` })
        .max(OPERATION_TYPE_MAX, { error: `operationType must be 1 to ${OPERATION_TYPE_MAX}` }),
      taskId: z.coerce.number().int().positive().optional(),
    }),
    data: task.nullable(),
    permission: 'session',
  }),
  task: defineEndpoint({
    id: 'notices.task',
    method: 'GET',
    path: '/eem-service/v1/importobject/task/{id}',
    summary: 'One task of the current user or of a project the user may enter, by id (chosen).',
    params: z.object({ id: z.coerce.number().int().positive({ error: 'id must be positive' }) }),
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
