import { describe, expect, it } from 'vitest';
import { localizeMessage, localizeProblems } from './problem-language.js';
import { problemsText, ruleText, splitProblems } from './problems.js';
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

  it('keeps a rule without the field name some rule texts start with (issue 12 item 10)', () => {
    expect(ruleText('nodes: choose at least one node')).toBe('choose at least one node');
    expect(ruleText('rows.0.node: the node is listed twice')).toBe('the node is listed twice');
    expect(ruleText('Meter AH1: items are for electricity meters')).toBe(
      'Meter AH1: items are for electricity meters',
    );
    expect(ruleText('a.xlsx is empty (0 bytes)')).toBe('a.xlsx is empty (0 bytes)');
  });

  it("renders the handlers' own refusals in Chinese, at their request paths", () => {
    expect(localizeProblems('body.endTime: end time must be later than start time', 'zh')).toBe(
      'body.endTime: 结束时间须晚于开始时间',
    );
    expect(localizeProblems('body.deviceId: device 12 does not exist in this project', 'zh')).toBe(
      'body.deviceId: 本项目中不存在设备 12',
    );
    expect(localizeProblems('body.nodes: node 5 is a building, not a meter', 'zh')).toBe(
      'body.nodes: 节点 5 是建筑，不是表计',
    );
    expect(localizeMessage('the maximum must not be below the minimum', 'zh')).toBe('最大值不能小于最小值');
  });
});
