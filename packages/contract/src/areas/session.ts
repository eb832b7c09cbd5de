/** Sign-in, session and password calls (screens.md §3.1). */
import { MESSAGES, NAME_LIMITS, OLD_PASSWORD_MAX, PASSWORD_MAX, reusesPassword } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import {
  epochMs,
  idOf,
  LABEL_MAX,
  LOGIN_NAME_MAX,
  PERMISSION_KEYS_MAX,
  prehash,
  requiredText,
  sessionData,
  strongPassword,
  TOKEN_MAX,
  user,
} from '../schemas.js';

/** A password change must change the password: the new one is not the old one (core's rule). */
function newPasswordDiffers(body: { oldPassword: string; newPassword: string }, ctx: z.RefinementCtx): void {
  if (reusesPassword(body.newPassword, { prehash: body.oldPassword }))
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MESSAGES.passwordReused });
}

const loginBody = z.object({
  /** base64 of the account's UTF-8 (an account is at most 50 characters). */
  userName: requiredText(MESSAGES.accountRequired, LOGIN_NAME_MAX),
  password: prehash(MESSAGES.passwordRequired),
  timestamps: epochMs,
  client: z.enum(['web', 'wechat_app', 'cli']).default('web'),
});

export const session = {
  login: defineEndpoint({
    id: 'session.login',
    method: 'POST',
    path: '/eem-service/v1/auth/common/login',
    summary: 'Sign in with account and password (login wire format of ADR 0002).',
    body: loginBody,
    data: sessionData,
    permission: 'public',
  }),
  mobileLogin: defineEndpoint({
    id: 'session.mobileLogin',
    method: 'POST',
    path: '/eem-service/v1/oauth2/login',
    summary: 'Mobile sign-in: the login body plus loginType 1 and client wechat_app.',
    body: loginBody.extend({
      loginType: z.literal(1, { error: 'loginType must be 1' }),
      client: z.literal('wechat_app', { error: "client must be 'wechat_app'" }),
      url: z
        .record(z.string().max(NAME_LIMITS.name), z.string().max(NAME_LIMITS.text))
        .refine((v) => Object.keys(v).length <= 20, { error: 'url: at most 20 entries' })
        .meta({ maxProperties: 20 })
        .optional(),
    }),
    data: sessionData,
    permission: 'public',
  }),
  ssoToken: defineEndpoint({
    id: 'session.ssoToken',
    method: 'GET',
    path: '/eem-service/thirdpart/sso/auth2.0/token',
    summary: 'Exchange a one-time single-sign-on code for an access token.',
    query: z.object({ code: requiredText('code cannot be empty', TOKEN_MAX) }),
    data: z.object({ access_token: z.string(), expires_in: z.number().int() }),
    permission: 'public',
  }),
  ssoLogin: defineEndpoint({
    id: 'session.ssoLogin',
    method: 'POST',
    path: '/eem-service/thirdpart/sso/auth2.0/login',
    summary: 'Sign in with a single-sign-on access token.',
    body: z.object({
      token: requiredText('token cannot be empty', TOKEN_MAX),
      timestamps: epochMs,
      client: z.enum(['web', 'cli']).default('web'),
    }),
    data: sessionData,
    permission: 'public',
  }),
  userByHeader: defineEndpoint({
    id: 'session.userByHeader',
    method: 'GET',
    path: '/eem-service/v2/user/getUserByHeaderUserId',
    summary:
      'The user named by the User-ID header (the caller, or a user of the same tenant for an administrator).',
    headers: ['User-ID'],
    data: user,
    permission: 'session',
  }),
  me: defineEndpoint({
    id: 'session.me',
    method: 'GET',
    path: '/eem-service/v1/auth/common/me',
    summary: 'The signed-in user of the token, with roles and permission keys (chosen).',
    data: user,
    permission: 'session',
  }),
  changePassword: defineEndpoint({
    id: 'session.changePassword',
    method: 'POST',
    path: '/eem-service/v1/auth/common/user/password/updateSecurity',
    summary: 'Change the signed-in user’s own password.',
    body: z
      .object({
        id: idOf('id'),
        name: requiredText(MESSAGES.accountRequired, NAME_LIMITS.name),
        oldPassword: prehash(MESSAGES.oldPasswordRequired),
        newPassword: strongPassword,
        inspectionPassword: z.string().max(PASSWORD_MAX, { error: MESSAGES.strongPassword }).optional(),
      })
      .superRefine(newPasswordDiffers),
    data: z.null(),
    permission: 'session',
  }),
  changeExpiredPassword: defineEndpoint({
    id: 'session.changeExpiredPassword',
    method: 'POST',
    path: '/eem-service/v1/auth/common/user/password/updateExpired',
    summary: 'Change an expired password (login answered -1305); no token needed.',
    body: z
      .object({
        name: requiredText(MESSAGES.accountRequired, NAME_LIMITS.name),
        oldPassword: prehash(MESSAGES.oldPasswordRequired),
        newPassword: strongPassword,
        /** The client's clock (epoch ms): the same freshness and replay rules as sign-in. */
        timestamps: epochMs,
      })
      .superRefine(newPasswordDiffers),
    data: z.null(),
    permission: 'public',
  }),
  logout: defineEndpoint({
    id: 'session.logout',
    method: 'POST',
    path: '/eem-service/v1/auth/common/logout',
    summary: 'End the session: the token is revoked on the server.',
    data: z.null(),
    permission: 'session',
  }),
  operationAuthCheck: defineEndpoint({
    id: 'session.operationAuthCheck',
    method: 'POST',
    path: '/eem-service/v1/auth/common/operationAuthCheck',
    summary: 'Before a sensitive action: checks the password and the named permissions (and/or).',
    body: z.object({
      permissions: z
        .array(z.string().min(1).max(LABEL_MAX))
        .min(1, { error: 'permissions cannot be empty' })
        .max(PERMISSION_KEYS_MAX, { error: `permissions: at most ${PERMISSION_KEYS_MAX} keys` }),
      mode: z.enum(['and', 'or']).default('and'),
      password: prehash(MESSAGES.passwordRequired),
    }),
    data: z.object({ pass: z.boolean(), missing: z.array(z.string()) }),
    permission: 'session',
  }),
} as const;

export const OLD_PASSWORD_INPUT_MAX = OLD_PASSWORD_MAX;
