/** Shared request and entity schemas, built on the rules of @eem/core. */
import {
  checkSpan,
  DATE_TYPE,
  DEFAULT_PAGE,
  hasSpecialCharacters,
  INTEGER_MAX,
  isDecimal2,
  isMasked,
  isPhone,
  isStrongPassword,
  lengthMessage,
  MESSAGES,
  MOBILE_PATTERN,
  maxLengthMessage,
  NAME_LIMITS,
  OLD_PASSWORD_MAX,
  PAGE_LIMIT_MAX,
  PASSWORD_MAX,
  PREHASH_PATTERN,
  requiredMessage,
} from '@eem/core';
import { z } from 'zod';

/** A trimmed string that must not be empty, with the spec's message. */
export function requiredText(message: string, max?: number) {
  const base = z.string({ error: message }).trim().min(1, { error: message });
  return max === undefined ? base : base.max(max, { error: lengthMessage(max) });
}

/** A list's search keyword: trimmed, at most NAME_LIMITS.keyword characters, '' when left out. */
export function keywordText(field = 'keyword') {
  return z
    .string()
    .trim()
    .max(NAME_LIMITS.keyword, { error: maxLengthMessage(field, NAME_LIMITS.keyword) })
    .default('');
}

/** A name: trimmed, 1 to max characters, no special characters. */
export function nameText(label: string, max: number) {
  return requiredText(requiredMessage(label), max).refine((v) => !hasSpecialCharacters(v), {
    error: MESSAGES.specialCharacters,
  });
}

export const strongPassword = z
  .string({ error: MESSAGES.newPasswordRequired })
  .min(1, { error: MESSAGES.newPasswordRequired })
  .max(PASSWORD_MAX, { error: MESSAGES.strongPassword })
  .refine(isStrongPassword, { error: MESSAGES.strongPassword });

/** The lowercase hex SHA-256 pre-hash the clients send for a password they prove. */
export function prehash(message: string) {
  return z
    .string({ error: message })
    .min(1, { error: message })
    .max(64, { error: 'password must be the hex SHA-256 pre-hash of the login wire format' })
    .regex(PREHASH_PATTERN, { error: 'password must be the hex SHA-256 pre-hash of the login wire format' });
}

/** Old passwords are entered up to 32 characters; the client sends their pre-hash. */
export const OLD_PASSWORD_LIMIT = OLD_PASSWORD_MAX;

export const mobilePhone = z.string().regex(MOBILE_PATTERN, { error: MESSAGES.mobile });

const EMAIL = /^[^\s@*]+@[^\s@*]+\.[^\s@*]+$/;

/**
 * A field read masked (email, phone): empty, a valid value, or the masked value sent back
 * unchanged (the server keeps what it stores; a masked value that is not the stored one is
 * refused there).
 */
export function maskedOr(rule: (v: string) => boolean, message: string, max = 255) {
  return z
    .string({ error: message })
    .trim()
    .max(max, { error: lengthMessage(max) })
    .refine((v) => v === '' || isMasked(v) || rule(v), { error: message });
}

/** Email: optional (empty), valid, or its masked form sent back. */
export const emailOrMasked = maskedOr((v) => EMAIL.test(v), MESSAGES.email);
/** Phone: a mobile or a landline (isPhone), empty, or its masked form sent back. */
export const phoneOrMasked = maskedOr(isPhone, MESSAGES.phone, 32);

/** Integers 0 to 999999999 (people, counts). */
export function integerField(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .refine((v) => Number.isInteger(v) && v >= 0 && v <= INTEGER_MAX, { error: MESSAGES.integer });
}

/** Decimals 0 to 999999999999.99 with at most 2 places (areas, amounts). */
export function decimal2Field(label: string) {
  return z.number({ error: `${label} must be a number` }).refine(isDecimal2, { error: MESSAGES.decimal2 });
}

/** The time range of a log query: end after start, at most 31 days (message on endTime). */
export function spanChecked<T extends { startTime: number; endTime: number }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  const problem = checkSpan(value.startTime, value.endTime, DATE_TYPE.day);
  if (problem) ctx.addIssue({ code: 'custom', path: ['endTime'], message: problem });
}

/** The login's userName: base64 of an account of at most 50 characters (4 bytes each at most). */
export const LOGIN_NAME_MAX = Math.ceil((NAME_LIMITS.name * 4) / 3) * 4;

/** A session token, a single-sign-on code or access token (the server's are 43 characters). */
export const TOKEN_MAX = 128;

/** The most permission keys one request names (there are fewer than 200 keys). */
export const PERMISSION_KEYS_MAX = 1_000;

/**
 * Bounds the keys of an object that takes any (catchall, record): refused past `max`, and
 * `maxProperties` in the JSON Schema (the contract's bound check reads it there).
 */
export function maxKeys<T extends z.ZodType<object>>(schema: T, max: number, field: string): T {
  return schema
    .refine((v) => Object.keys(v).length <= max, { error: `${field}: at most ${max} fields` })
    .meta({ maxProperties: max });
}

/** The text of an id in a query, a path or a header: decimal digits, no sign, space or leading zero. */
export const ID_TEXT_PATTERN = /^[1-9][0-9]{0,15}$/;

/**
 * An id: a positive safe integer, nothing else. A JSON number, or (query, path) its decimal
 * text; "0x1", " 1", "1e0", "01" and 1.5 are refused. Every id a request names uses this.
 */
export function idOf(label = 'id', message = `${label} must be a positive whole number`) {
  return z.union(
    [
      z
        .number({ error: message })
        .int({ error: message })
        .min(1, { error: message })
        .max(Number.MAX_SAFE_INTEGER, { error: message }),
      z
        .string({ error: message })
        .max(16, { error: message })
        .regex(ID_TEXT_PATTERN, { error: message })
        .transform(Number)
        .pipe(z.number().max(Number.MAX_SAFE_INTEGER, { error: message })),
    ],
    { error: message },
  );
}

export const id = idOf('id');

/** A whole number from min to max: a JSON number or (query, path) its plain decimal text. */
export function intOf(label: string, min: number, max: number) {
  const message = `${label} must be ${min} to ${max}`;
  return z.union(
    [
      z
        .number({ error: message })
        .int({ error: message })
        .min(min, { error: message })
        .max(max, { error: message }),
      z
        .string({ error: message })
        .max(16, { error: message })
        .regex(/^(0|-?[1-9][0-9]*)$/, { error: message })
        .transform(Number)
        .pipe(z.number().min(min, { error: message }).max(max, { error: message })),
    ],
    { error: message },
  );
}

/** The most ids of one list in a request, unless its rule says less. */
export const ID_LIST_MAX = 10_000;

/** A list of ids: at most `max`, each an id. */
export function idList(field: string, max = ID_LIST_MAX) {
  return z.array(idOf(field)).max(max, { error: `${field}: at most ${max}` });
}

/** Text of at most `max` characters (message names the field), trimmed. */
export function boundedText(field: string, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: maxLengthMessage(field, max) });
}

/** A model label named in a request (a node type, 'project', 'tenant'): at most 64 characters. */
export const LABEL_MAX = 64;
export const labelText = z
  .string({ error: 'modelLabel must be text' })
  .min(1, { error: 'modelLabel cannot be empty' })
  .max(LABEL_MAX, { error: maxLengthMessage('modelLabel', LABEL_MAX) });

/** The latest time a request may name: the end of the year 9999 (UTC), inside every date API's range. */
export const EPOCH_MS_MAX = 253_402_300_799_999;

export const epochMs = z
  .number({ error: 'time must be epoch milliseconds' })
  .int({ error: 'time must be whole epoch milliseconds' })
  .nonnegative({ error: 'time must be epoch milliseconds from 1970' })
  .max(EPOCH_MS_MAX, { error: 'time must be before the year 10000' });

export const page = z
  .object({
    index: z.number().int().min(0, { error: 'page.index must be 0 or more' }).default(DEFAULT_PAGE.index),
    limit: z
      .number()
      .int()
      .min(1, { error: 'page.limit must be 1 or more' })
      .max(PAGE_LIMIT_MAX, { error: `page.limit must be at most ${PAGE_LIMIT_MAX}` })
      .default(DEFAULT_PAGE.limit),
  })
  .default({ index: DEFAULT_PAGE.index, limit: DEFAULT_PAGE.limit });

/** One value of a filter: a number, a boolean or a short text. */
const filterScalar = z.union([
  z.number(),
  z.boolean(),
  z.string().max(NAME_LIMITS.text, { error: maxLengthMessage('limit', NAME_LIMITS.text) }),
]);

/** The most values of one IN filter. */
export const FILTER_VALUES_MAX = 500;

export const filter = z.object({
  prop: z
    .string()
    .min(1, { error: 'prop cannot be empty' })
    .max(LABEL_MAX, { error: maxLengthMessage('prop', LABEL_MAX) }),
  operator: z.enum(['EQ', 'IN']),
  /** EQ: one value; IN: a list of values. */
  limit: z.union([
    filterScalar,
    z.null(),
    z.array(filterScalar).max(FILTER_VALUES_MAX, { error: `limit: at most ${FILTER_VALUES_MAX} values` }),
  ]),
});

export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), list: z.array(item) });
}

export const roleSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  customConfig: z.object({ roletype: z.number().int(), dutyType: z.string() }),
  homePage: z.string().nullable(),
  pageNodes: z.array(z.object({ id: z.number().int(), key: z.string() })),
});

export const user = z.object({
  id: z.number().int(),
  name: z.string(),
  nicName: z.string(),
  email: z.string(),
  mobilePhone: z.string(),
  tenantId: z.number().int(),
  /** The project a project-bound user is linked to (first of them), or null. */
  projectId: z.number().int().nullable(),
  projectIds: z.array(z.number().int()),
  usertype: z.number().int(),
  roleId: z.number().int().nullable(),
  modelLabel: z.literal('user'),
  roles: z.array(roleSummary),
  /** JSON text with usertype and fileName, as the spec's entity has it. */
  customConfig: z.string(),
  /** The permission keys the user holds (page and operation keys). */
  permissions: z.array(z.string()),
  root: z.boolean(),
  /** Role type 5 with duty inspect or repair: changes of password also need the inspection password. */
  needsInspectionPassword: z.boolean(),
});
export type User = z.output<typeof user>;

export const sessionData = z.object({ user, token: z.string(), expiresAt: epochMs });
export type SessionData = z.output<typeof sessionData>;

export const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z
    .object({
      id: z.number().int(),
      modelLabel: z.string(),
      name: z.string(),
      children: z.array(treeNode).optional(),
    })
    .catchall(z.unknown()),
);
export interface TreeNode {
  id: number;
  modelLabel: string;
  name: string;
  children?: TreeNode[] | undefined;
  [extra: string]: unknown;
}

export const project = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantid: z.number().int(),
  name: z.string(),
  code: z.string(),
  timeZone: z.string(),
  modelLabel: z.literal('project'),
  level: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  area: z.number().nullable(),
  people: z.number().int().nullable(),
  cooperationDeadline: z.number().nullable(),
  operationDate: z.number().nullable(),
  annualOutput: z.number().nullable(),
  description: z.string().nullable(),
  /** fileName of the main image (read it with files.downloadFile), null when none. */
  mainImage: z.string().nullable(),
});
export type Project = z.output<typeof project>;

export const noticeContent = z
  .object({
    eventClass: z.number().int().optional(),
    filename: z.string().optional(),
    taskoperationtype: z.number().int().optional(),
    status: z.number().int().optional(),
    eventId: z.number().int().optional(),
    nodeName: z.string().optional(),
  })
  .catchall(z.unknown());

export const notice = z.object({
  id: z.number().int(),
  time: epochMs,
  logType: z.number().int(),
  logTypeName: z.string(),
  eventClass: z.number().int(),
  description: z.string(),
  projectId: z.number().int().nullable(),
  /** JSON text with eventClass, filename, taskoperationtype and the like. */
  content: z.string(),
});
export type Notice = z.output<typeof notice>;

export const processInfo = z.object({
  name: z.string(),
  ratio: z.number().min(0).max(1),
  status: z.number().int(),
});

export const task = z.object({
  id: z.number().int(),
  projectId: z.number().int().nullable(),
  type: z.number().int(),
  operationType: z.number().int(),
  logType: z.number().int(),
  status: z.number().int(),
  ratio: z.number().min(0).max(1),
  processInfo,
  startTime: epochMs,
  endTime: epochMs.nullable(),
  message: z.string(),
});
export type Task = z.output<typeof task>;
