/** Where the two WebSocket channels live and how the server closes them (no zod: read by the SDK). */

export const CLOSE_CODES = { unauthorized: 4401, forbidden: 4403, badMessage: 4400 } as const;

export const CHANNEL_PATHS = {
  notices: '/messageServer/websocket/{userId}',
  progress: '/eem-ws/notice/{userId}',
} as const;

export type ChannelName = keyof typeof CHANNEL_PATHS;
