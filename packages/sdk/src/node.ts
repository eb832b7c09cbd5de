/** @eem/sdk/node: everything of @eem/sdk plus the statically imported undici transport (Node only). */
export * from './index.js';
export { createUndiciTransport } from './undici-transport.js';
