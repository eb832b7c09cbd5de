import { describe, expect, it } from 'vitest';
import {
  decodeText,
  encodeText,
  loginRefusalOf,
  pluralText,
  renderText,
  shownText,
  TEXT_CODES,
  text,
} from './texts.js';

describe('the text catalogue', () => {
  it('renders every code in both languages without leaving a place unfilled', () => {
    for (const code of TEXT_CODES)
      for (const language of ['zh', 'en'] as const)
        expect(renderText({ code, params: {} }, language)).not.toMatch(/\{\w+\}/);
  });

  it('renders nested texts and plurals in the reader’s language', () => {
    const stored = text('event.threshold', {
      node: 'AH1',
      measure: text('measure.activePower', { value: 612.4 }),
      above: true,
      threshold: 100,
      unit: 'kW',
      level: 2,
    });
    expect(renderText(stored, 'en')).toBe('AH1: active power 612.4 kW over the 100 kW threshold (level 2)');
    expect(renderText(stored, 'zh')).toBe('AH1：有功功率 612.4 kW，超过阈值 100 kW（2级）');
    expect(renderText(text('oplog.confirmEvents', { count: 1, ids: '7' }), 'en')).toBe(
      'confirmed 1 event: 7',
    );
    expect(renderText(text('oplog.confirmEvents', { count: 3, ids: '7, 8, 9' }), 'en')).toBe(
      'confirmed 3 events: 7, 8, 9',
    );
    expect(pluralText(1, { one: '{count} row', other: '{count} rows' }, 'en')).toBe('1 row');
    expect(pluralText(2, { one: '{count} row', other: '{count} 条' }, 'zh')).toBe('2 条');
  });

  it('falls back to the plain text for an unknown code, unreadable JSON or none', () => {
    expect(shownText(encodeText({ code: 'from.a.newer.server' }), 'plain', 'zh')).toBe('plain');
    expect(shownText('{not json', 'plain', 'zh')).toBe('plain');
    expect(shownText(null, 'plain', 'zh')).toBe('plain');
    expect(shownText(null, '已确认', 'en')).toBe('Confirmed');
    expect(decodeText(encodeText(text('event.confirmed')))).toEqual({ code: 'event.confirmed' });
  });
});

describe('operation-log and import texts', () => {
  const HAN = /[\u4e00-\u9fff]/;
  /** Codes made only of their parameters (a node's type and name, a list, a change). */
  const PARAMS_ONLY = new Set(['oplog.node', 'oplog.list', 'oplog.changedTo', 'oplog.unit']);
  const SAMPLE = {
    name: 'N',
    node: 'AH1',
    year: 2026,
    month: '2026-03',
    count: 2,
    file: 'f.xlsx',
    kind: 'model',
    what: 'entries',
    phase: 'writing',
    done: 1,
    total: 2,
    reason: 'wrongCredentials',
    orderType: 'repair',
    action: 'take',
    list: 'operationLog',
    kw: 5,
  };

  it('has a Chinese and an English text for every code, Chinese in Chinese', () => {
    const codes = TEXT_CODES.filter((c) => c.startsWith('oplog.') || c.startsWith('import.'));
    expect(codes.length).toBeGreaterThan(60);
    for (const code of codes) {
      const params = code === 'oplog.stockMove' ? { ...SAMPLE, kind: 1 } : SAMPLE;
      const zh = renderText({ code, params }, 'zh');
      const en = renderText({ code, params }, 'en');
      expect(zh, code).not.toMatch(/\{\w+\}|undefined/);
      expect(en, code).not.toMatch(/\{\w+\}|undefined|[\u4e00-\u9fff]/);
      if (!PARAMS_ONLY.has(code)) expect(zh, code).toMatch(HAN);
    }
  });

  it('fills in parameters, nested labels in the reader’s language and plurals', () => {
    const node = text('oplog.node', { type: text('nodeType', { modelLabel: 'building' }), name: 'Hall 2' });
    const added = text('oplog.under', { parent: node });
    expect(renderText(node, 'en')).toBe('Building Hall 2');
    expect(renderText(node, 'zh')).toBe('建筑 Hall 2');
    expect(renderText(added, 'zh')).toBe('位于 建筑 Hall 2 下');
    const coal = text('oplog.coalCoefficient', { energyType: text('energyType', { energyType: 2 }) });
    expect(renderText(coal, 'en')).toBe('standard-coal coefficient of Electricity');
    expect(renderText(coal, 'zh')).toBe('电折标煤系数');
    expect(
      renderText(text('oplog.userRole', { role: 'R', userType: text('userType', { usertype: 4 }) }), 'zh'),
    ).toBe('角色 R，项目管理员');
    expect(renderText(text('oplog.members', { count: 1 }), 'en')).toBe('1 member');
    expect(renderText(text('oplog.members', { count: 3 }), 'en')).toBe('3 members');
    expect(renderText(text('oplog.members', { count: 3 }), 'zh')).toBe('3 名成员');
    expect(renderText(text('oplog.rows', { count: 1 }), 'en')).toBe('1 row');
    expect(
      renderText(text('oplog.list', { items: [text('oplog.enabled'), text('oplog.disabled')] }), 'zh'),
    ).toBe('启用、停用');
    const failed = text('import.failed', {
      reason: text('import.rowErrors', { bad: 1, total: 4, first: 'Sheet row 3: x' }),
    });
    expect(renderText(failed, 'en')).toBe(
      'Import failed: 1 of 4 rows has errors; nothing was imported; the error report lists every row (Sheet row 3: x)',
    );
    expect(renderText(failed, 'zh')).toBe(
      '导入失败：4 行中有 1 行有错误；未导入任何内容；错误报告列出了每一行（Sheet row 3: x）',
    );
    const done = text('import.succeeded', { what: text('import.nodesImported', { count: 1 }) });
    expect(renderText(done, 'en')).toBe('Import succeeded: 1 node imported');
    expect(renderText(done, 'zh')).toBe('导入成功：导入了 1 个节点');
    expect(renderText(text('import.rows', { phase: 'checking', done: 5, total: 10 }), 'zh')).toBe(
      '校验: 5/10 行',
    );
    expect(renderText(text('import.rows', { phase: 'writing', done: 5, total: 10 }), 'en')).toBe(
      'writing: 5/10 rows',
    );
  });

  it('names a refused sign-in’s reason in both languages', () => {
    const reason = loginRefusalOf('wrong account or password');
    expect(reason).toBe('wrongCredentials');
    expect(renderText(text('oplog.loginRefused', { reason: reason ?? '' }), 'zh')).toBe('账号或密码错误');
    expect(loginRefusalOf('something else')).toBeUndefined();
  });
});
