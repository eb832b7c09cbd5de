/**
 * Refusals in the request's language (issue 12): the Chinese text of each rule message of core,
 * by its English text, kept here once. The server renders its answers with `localizeProblems`
 * (from Accept-Language), the forms their field messages with `localizeMessage`.
 */
import { COST_MESSAGES_ZH, COST_PATTERNS_ZH } from './cost.js';
import { LOSS_MESSAGES_ZH } from './loss.js';
import { splitProblems } from './problems.js';
import { REFUSAL_MESSAGES_ZH, REFUSAL_PATTERNS_ZH } from './refusals.js';
import { MESSAGES } from './rules.js';
import { SHARE_MESSAGES_ZH } from './share.js';
import { WIRE_MESSAGES } from './wire.js';

export type ProblemLanguage = 'zh' | 'en';

/** The Chinese text of each rule message of core (MESSAGES), by its English text. */
const ZH: Record<string, string> = {
  ...COST_MESSAGES_ZH,
  ...LOSS_MESSAGES_ZH,
  ...SHARE_MESSAGES_ZH,
  [MESSAGES.accountRequired]: '账号不能为空',
  [MESSAGES.passwordRequired]: '密码不能为空',
  [MESSAGES.oldPasswordRequired]: '原密码不能为空',
  [MESSAGES.newPasswordRequired]: '新密码不能为空',
  [MESSAGES.passwordsDoNotMatch]: '两次输入的密码不一致',
  [MESSAGES.inspectionPasswordRequired]: '请输入巡检密码',
  [MESSAGES.strongPassword]: '密码须为 8 到 18 位，包含大写字母、小写字母、数字和特殊字符，且不含空格',
  [MESSAGES.mobile]: '手机号须为以 1 开头的 11 位数字',
  [MESSAGES.landline]: '座机号格式如 010-88888888-123',
  [MESSAGES.phone]: '请输入手机号（以 1 开头的 11 位数字）或座机号（如 010-88888888-123）',
  [MESSAGES.specialCharacters]: '不允许输入特殊字符',
  [MESSAGES.fileTooLarge]: '文件过大',
  [MESSAGES.processingResultRequired]: '处理结果不能为空',
  [MESSAGES.email]: '请输入有效的邮箱地址',
  [MESSAGES.integer]: '请输入 0 到 999999999 的整数',
  [MESSAGES.decimal2]: '请输入 0 到 999999999999.99 的数，最多 2 位小数',
  [MESSAGES.cooperationAfterOperation]: '合作截止日期须晚于投运日期',
  [MESSAGES.tooManyDocuments]: '最多 5 个文档',
  [MESSAGES.imageType]: '图片须为 jpg 或 png 格式',
  [MESSAGES.documentType]: '文档须为 xls、xlsx、docx 或 pdf 格式',
  [MESSAGES.maskedUnchanged]: '脱敏显示的值只能原样提交；如需修改请输入完整的值',
  [MESSAGES.oldPasswordWrong]: '原密码错误',
  [MESSAGES.passwordNotExpired]: '该账号的密码尚未过期；请登录后在个人中心修改',
  [MESSAGES.passwordReused]: '新密码不能与原密码相同',
  [WIRE_MESSAGES.modifyFailed]: '修改失败！',
  [WIRE_MESSAGES.noPermission]: '没有该操作的权限',
  'the record was written at the same time by another request; try again':
    '该记录刚被另一个请求同时写入，请重试',
  ...REFUSAL_MESSAGES_ZH,
};

/** Messages with a part that varies, in both languages. */
const PATTERNS: readonly [RegExp, (...groups: string[]) => string][] = [
  [/^(\d+) to (\d+) characters in length$/, (min, max) => `长度为 ${min} 到 ${max} 个字符`],
  [/^at most (\d+) characters$/, (max) => `最多 ${max} 个字符`],
  [/^(.+) cannot be empty$/, (label) => `${label}不能为空`],
  [/^an? (.+?) named (.+) already exists( here)?$/, (what, name) => `名称“${name}”已存在（${what}）`],
  [/^the account (.+) already exists$/, (name) => `账号“${name}”已存在`],
  [/^an? (.+?) numbered (.+) already exists$/, (what, code) => `编号“${code}”已存在（${what}）`],
  ...COST_PATTERNS_ZH,
  ...REFUSAL_PATTERNS_ZH,
];

/** One message in `language` (Chinese when a translation is known; the English otherwise). */
export function localizeMessage(message: string, language: ProblemLanguage): string {
  if (language !== 'zh') return message;
  const exact = ZH[message];
  if (exact) return exact;
  for (const [pattern, render] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return render(...match.slice(1).map((group) => ZH[group ?? ''] ?? group ?? ''));
  }
  // A rule that names its field again (`versions: at most 20` at body.versions): the rule's text.
  const named = /^[\w.]+: (.+)$/.exec(message);
  if (named?.[1]) {
    const rule = localizeMessage(named[1], language);
    if (rule !== named[1]) return rule;
  }
  return message;
}

/** A refusal's text with each message in `language`, the paths kept (the server's answer). */
export function localizeProblems(text: string, language: ProblemLanguage): string {
  if (language !== 'zh') return text;
  return splitProblems(text)
    .map((p) =>
      p.path ? `${p.path}: ${localizeMessage(p.message, language)}` : localizeMessage(p.message, language),
    )
    .join('; ');
}
