/**
 * The two WebSocket channels (ADR 0003). The client's first message authenticates:
 * `{type:'auth', token, lastId?}`; the server answers `ready` (after replaying every notice
 * with an id above lastId) or closes with 4401 (no or bad token) or 4403 (another user's
 * channel). Afterwards either side may send `{type:'ping'}` (or an empty text frame, the
 * spec's heartbeat); the server answers pings with `{type:'pong'}`.
 */
import { z } from 'zod';
import { CHANNEL_PATHS } from './channel-paths.js';
import { notice, task } from './schemas.js';

export { CHANNEL_PATHS, type ChannelName, CLOSE_CODES } from './channel-paths.js';

export const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().min(1),
    lastId: z.number().int().nonnegative().optional(),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.output<typeof clientMessage>;

export const noticeServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), lastId: z.number().int() }),
  z.object({ type: z.literal('notice'), notice }),
  z.object({ type: z.literal('pong') }),
]);
export type NoticeServerMessage = z.output<typeof noticeServerMessage>;

export const progressServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), tasks: z.array(task) }),
  z.object({ type: z.literal('progress'), task }),
  z.object({ type: z.literal('pong') }),
]);
export type ProgressServerMessage = z.output<typeof progressServerMessage>;

export interface ChannelDef<S extends z.ZodType> {
  id: string;
  path: string;
  summary: string;
  server: S;
}

export const channels = {
  notices: {
    id: 'channels.notices',
    path: CHANNEL_PATHS.notices,
    summary: 'Notices of the user, each with an increasing id; resume with lastId loses and repeats nothing.',
    server: noticeServerMessage,
  },
  progress: {
    id: 'channels.progress',
    path: CHANNEL_PATHS.progress,
    summary: 'Import and generation task progress of the user’s projects.',
    server: progressServerMessage,
  },
} as const satisfies Record<string, ChannelDef<z.ZodType>>;
