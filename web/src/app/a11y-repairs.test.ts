import { afterEach, describe, expect, it } from 'vitest';
import { repairMarkup } from './a11y-repairs';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = '';
});

describe('markup repairs', () => {
  it('hides an icon named by its icon code, and keeps a name given to it', () => {
    document.body.innerHTML = `
      <span id="code" role="img" aria-label="chevron_down" class="semi-icon semi-icon-chevron_down"></span>
      <span id="named" role="img" aria-label="展开" class="semi-icon semi-icon-chevron_down"></span>`;
    repairMarkup(document.body);
    const code = document.getElementById('code');
    expect(code?.hasAttribute('aria-label')).toBe(false);
    expect(code?.getAttribute('aria-hidden')).toBe('true');
    expect(document.getElementById('named')?.getAttribute('aria-label')).toBe('展开');
  });

  it("gives Semi's English names in Chinese while the document is Chinese, and back", () => {
    document.body.innerHTML = `
      <input id="row" aria-label="Select this row">
      <li id="page" aria-label="Page 2"></li>
      <span id="ours" aria-label="Meter AH1-1"></span>`;
    document.documentElement.lang = 'zh-CN';
    repairMarkup(document.body);
    const label = (id: string) => document.getElementById(id)?.getAttribute('aria-label');
    expect(label('row')).toBe('选择此行');
    expect(label('page')).toBe('第 2 页');
    expect(label('ours')).toBe('Meter AH1-1');
    document.documentElement.lang = 'en';
    repairMarkup(document.body);
    expect(label('row')).toBe('Select this row');
    expect(label('page')).toBe('Page 2');
  });
});
