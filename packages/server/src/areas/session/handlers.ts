import { type catalogue, id as idSchema } from '@eem/contract';
import { HEADERS, maskText } from '@eem/core';
import { toWireUser } from '../../auth/auth-user.js';
import { requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { recordLogin, recordOperation } from '../logs/record-operation.js';

export const sessionHandlers: AreaHandlers<typeof catalogue.session> = {
  login: ({ body }, ctx) =>
    recordLogin(ctx, body.userName, () => ctx.services.auth.login(body, ctx.request.ip)),
  mobileLogin: ({ body }, ctx) =>
    recordLogin(ctx, body.userName, () => ctx.services.auth.login(body, ctx.request.ip)),
  ssoToken: ({ query }, ctx) => ctx.services.auth.exchangeSsoCode(query.code),
  ssoLogin: ({ body }, ctx) => recordLogin(ctx, null, () => ctx.services.auth.ssoLogin(body)),
  me: (_input, ctx) => toWireUser(requireUser(ctx)),
  async userByHeader(_input, ctx) {
    const caller = requireUser(ctx);
    const raw = ctx.request.headers[HEADERS.userId.toLowerCase()];
    const text = Array.isArray(raw) ? raw[0] : raw;
    if (!text) return toWireUser(caller);
    const parsed = idSchema.safeParse(text);
    if (!parsed.success) throw ApiError.at('header.User-ID', 'must be a user id (a positive whole number)');
    const id = parsed.data;
    if (id === caller.id) return toWireUser(caller);
    const other = await ctx.services.auth.user(id);
    const mayRead =
      caller.root || (caller.permissions.has('user_browser') && other?.tenantId === caller.tenantId);
    if (!other || !mayRead) throw ApiError.permission(`no permission to read user ${id}`);
    const wire = toWireUser(other);
    // Another user's e-mail and phone are masked, as in the user lists (a root user sees them).
    if (caller.root) return wire;
    return { ...wire, email: maskText(wire.email), mobilePhone: maskText(wire.mobilePhone) };
  },
  async changePassword({ body }, ctx) {
    await ctx.services.auth.changePassword(requireUser(ctx), body, {
      ip: ctx.request.ip,
      sessionHash: ctx.sessionHash,
    });
    return null;
  },
  async changeExpiredPassword({ body }, ctx) {
    await ctx.services.auth.changeExpiredPassword(body, ctx.request.ip);
    return null;
  },
  async logout(_input, ctx) {
    const user = requireUser(ctx);
    if (ctx.sessionHash) await ctx.services.auth.logout(ctx.sessionHash, user.id);
    await recordOperation(ctx, { operation: 'logout', object: user.name });
    return null;
  },
  async operationAuthCheck({ body }, ctx) {
    const user = requireUser(ctx);
    const missing = body.permissions.filter((p) => !user.permissions.has(p));
    const held = body.mode === 'and' ? missing.length === 0 : missing.length < body.permissions.length;
    const proven = await ctx.services.auth.provePassword(user.id, body.password, ctx.request.ip);
    return { pass: held && proven, missing };
  },
};
