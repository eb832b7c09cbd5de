import { describe, expect, it } from 'vitest';
import { localizeMessage, localizeProblems, problemsText, splitProblems } from './problems.js';
import { lengthMessage, MESSAGES, requiredMessage } from './rules.js';

describe('problems of a refused request', () => {
  it('splits the server text into fields and messages without paths', () => {
    const text = `body.name: a role named Ops already exists; body.node.name: ${MESSAGES.specialCharacters}; result: ${MESSAGES.processingResultRequired}`;
    expect(splitProblems(text)).toEqual([
      { path: 'body.name', field: 'name', message: 'a role named Ops already exists' },
      { path: 'body.node.name', field: 'node.name', message: MESSAGES.specialCharacters },
      { path: 'result', field: 'result', message: MESSAGES.processingResultRequired },
    ]);
    expect(problemsText(text)).toBe(
      `a role named Ops already exists; ${MESSAGES.specialCharacters}; ${MESSAGES.processingResultRequired}`,
    );
    expect(problemsText('wrong account or password')).toBe('wrong account or password');
    // A message that holds '; ' itself stays whole.
    expect(splitProblems('file: x.xls is encrypted; save an unprotected copy')).toHaveLength(1);
  });

  it('renders known messages in Chinese, keeping the paths, and leaves English as it is', () => {
    expect(localizeMessage(MESSAGES.strongPassword, 'zh')).toContain('8 到 18 位');
    expect(localizeMessage(lengthMessage(50), 'zh')).toBe('长度为 1 到 50 个字符');
    expect(localizeMessage(requiredMessage('name'), 'zh')).toBe('name不能为空');
    expect(localizeMessage('a role named Ops already exists', 'zh')).toBe('名称“Ops”已存在（role）');
    expect(localizeMessage(MESSAGES.strongPassword, 'en')).toBe(MESSAGES.strongPassword);
    expect(localizeProblems(`body.newPassword: ${MESSAGES.passwordReused}`, 'zh')).toBe(
      'body.newPassword: 新密码不能与原密码相同',
    );
    expect(localizeMessage('something new', 'zh')).toBe('something new');
  });
});
