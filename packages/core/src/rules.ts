/**
 * The input rules that people see, declared once. The contract's request schemas, the web
 * forms and the CLI flags all call these, so every face refuses the same input with the
 * same message (platform-core §5).
 */

export const MESSAGES = {
  accountRequired: 'account cannot be empty',
  passwordRequired: 'password cannot be empty',
  oldPasswordRequired: 'original password cannot be empty',
  newPasswordRequired: 'new password cannot be empty',
  passwordsDoNotMatch: 'passwords do not match',
  inspectionPasswordRequired: 'please enter inspection password',
  strongPassword:
    'password must be 8 to 18 characters with upper case, lower case, digit and special character, and no spaces',
  mobile: 'mobile phone must be 11 digits starting with 1',
  landline: 'landline must look like 010-88888888-123',
  phone: 'enter a mobile phone (11 digits starting with 1) or a landline like 010-88888888-123',
  specialCharacters: 'special characters are not allowed',
  fileTooLarge: 'file too large',
  processingResultRequired: 'processing result cannot be empty',
  email: 'enter a valid email address',
  integer: 'enter a whole number from 0 to 999999999',
  decimal2: 'enter a number from 0 to 999999999999.99 with at most 2 decimal places',
  cooperationAfterOperation: 'cooperation deadline must be later than operation date',
  tooManyDocuments: 'at most 5 documents',
  imageType: 'images must be jpg or png',
  documentType: 'documents must be xls, xlsx, docx or pdf',
  maskedUnchanged: 'a masked value can only be sent back unchanged; type the full value to change it',
  oldPasswordWrong: 'the original password is wrong',
  passwordNotExpired: 'the password of this account has not expired; sign in and change it from your profile',
  passwordReused: 'the new password must differ from the old one',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 18;
export const OLD_PASSWORD_MAX = 32;

/** '{0} cannot be empty' with the field's label. */
export function requiredMessage(label: string): string {
  return `${label} cannot be empty`;
}

/** 'keyword: at most 100 characters': a field's length limit, named. */
export function maxLengthMessage(field: string, max: number): string {
  return `${field}: at most ${max} characters`;
}

/** '1 to N characters in length'. */
export function lengthMessage(max: number, min = 1): string {
  return `${min} to ${max} characters in length`;
}

export function trimmed(value: string): string {
  return value.trim();
}

const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /[0-9]/;
const SPECIAL = /[^A-Za-z0-9\s]/;
const SPACE = /\s/;

/** Strong password: 8 to 18 characters with upper, lower, digit and special; no spaces. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    UPPER.test(value) &&
    LOWER.test(value) &&
    DIGIT.test(value) &&
    SPECIAL.test(value) &&
    !SPACE.test(value)
  );
}

/**
 * The old password of a password change: required, at most 32 characters (older passwords
 * may be longer than today's 18). Returns the message, or null when fine.
 */
export function oldPasswordProblem(value: string): string | null {
  if (!value.trim()) return MESSAGES.oldPasswordRequired;
  if (value.length > OLD_PASSWORD_MAX) return lengthMessage(OLD_PASSWORD_MAX);
  return null;
}

export const MOBILE_PATTERN = /^1\d{10}$/;
export const LANDLINE_PATTERN = /^0\d{2,3}-\d{7,8}(-\d{1,6})?$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

export function isLandline(value: string): boolean {
  return LANDLINE_PATTERN.test(value);
}

export function isPhone(value: string): boolean {
  return isMobile(value) || isLandline(value);
}

/** Names: letters (any script), digits, space, underscore, hyphen, dot, parentheses. */
const NAME_FORBIDDEN = /[`~!@#$%^&*+=|{}':;',\\[\]<>/?~！@#￥%……&*——+|{}【】‘；：”“'。，、？"]/;

export function hasSpecialCharacters(value: string): boolean {
  return NAME_FORBIDDEN.test(value);
}

/** Name length limits named by the spec. */
export const NAME_LIMITS = {
  /** A search keyword of a list's filters. */
  keyword: 100,
  name: 50,
  longName: 140,
  text: 255,
  schemeName: 20,
  alarmName: 255,
  jobTitle: 255,
  typeName: 20,
} as const;

export const INTEGER_MAX = 999_999_999;
export const DECIMAL2_MAX = 999_999_999_999.99;
export const DECIMAL6_MAX = 1e12;

export function isIntegerInRange(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= INTEGER_MAX;
}

export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return Number.POSITIVE_INFINITY;
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function isDecimal2(value: number): boolean {
  return value >= 0 && value <= DECIMAL2_MAX && decimalPlaces(value) <= 2;
}

export function isDecimal6(value: number): boolean {
  return value >= 0 && value <= DECIMAL6_MAX && decimalPlaces(value) <= 6;
}

/** Login page title font size. */
export const LOGIN_TITLE_SIZE = { min: 12, max: 50 } as const;

/** Upload limits (platform-core §5, §9). */
export const UPLOAD_LIMITS = {
  deviceImageBytes: 200 * 1024,
  /** What an image may expand to when shown: width × height at most 40 million pixels. */
  imagePixelsMax: 40_000_000,
  documentBytes: 10 * 1024 * 1024,
  maxDocuments: 5,
  demandDataBytes: 1024 * 1024 * 1024,
  spreadsheetExtensions: ['xls', 'xlsx'],
  imageExtensions: ['jpg', 'png'],
  documentExtensions: ['xls', 'xlsx', 'docx', 'pdf'],
} as const;

/** A value shown masked (maskText) contains '*'; clients may send it back unchanged. */
export function isMasked(value: string): boolean {
  return value.includes('*');
}

/** Selection limits (platform-core §5). */
export const SELECTION_LIMITS = {
  nodes: 6,
  exportPoints: 6,
  printOrders: 10,
} as const;
