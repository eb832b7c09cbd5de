/**
 * Repairs of Semi UI's markup that axe-core flags on every screen (issue 12, item 6), applied
 * to the document as Semi renders it (a MutationObserver on <body>), because they come from
 * inside Semi's components and no prop turns them off:
 * - a closed Select keeps `aria-activedescendant` pointing at an option that is not in the
 *   document: the attribute goes while its target is missing;
 * - decorative icons render `role="img"` with an empty `aria-label` (the Select's arrow, the
 *   clear button): they are hidden from assistive technology, as decorative images are;
 * - a DatePicker takes `aria-labelledby` only on the wrapper around its combobox, which Semi
 *   names 'Choose date': the reference moves onto the combobox and its inputs (the pickers of
 *   blocks/named-pickers.tsx always carry one);
 * - Pagination's page-size Select is named 'Page size selector' by a prop its Select drops: it
 *   is named by the text the Pagination carries in `data-size-label` (blocks/named-pickers.tsx);
 * - an Avatar outside an avatar group claims `role="listitem"` without a list;
 * - a scrolling table body, tree or list cannot be reached by keyboard: it joins the tab order
 *   so arrow keys scroll it;
 * - a checkable Tree puts a checkbox group (role list) between the tree and its items, and a
 *   virtual Tree's list has no role: the group is made presentational, the list a tree;
 * - List and Pagination put other elements than <li> in their <ul>: the <ul> is presentational;
 * - a Popover or Dropdown puts `aria-expanded`, `aria-haspopup` and `aria-controls` on the
 *   wrapper it positions by (a plain span, where they are not allowed): they move to the button
 *   inside it, which is what a keyboard or screen-reader user operates;
 * - an icon is named by its icon code ('chevron_down', 'search'), which no person should hear:
 *   an icon whose name is its code is decorative (what it does is named by its button);
 * - Semi writes some names in English whatever its locale ('Select this row', 'Page 2',
 *   'Previous'): in Chinese they are given in Chinese (the English one is kept to come back to).
 */

const TRIGGER_ATTRIBUTES = ['aria-expanded', 'aria-haspopup', 'aria-controls'] as const;

/** Semi's names that stay English in its Chinese locale, in Chinese. */
const SEMI_NAMES_ZH: Readonly<Record<string, string>> = {
  'Select all rows': '全选',
  'Deselect all rows': '取消全选',
  'Select this row': '选择此行',
  'Deselect this row': '取消选择此行',
  'Expand this row': '展开此行',
  'Expand the tree item': '展开',
  'Collapse the tree item': '收起',
  Previous: '上一页',
  Next: '下一页',
  More: '更多',
  'Page size selector': '每页条数',
  'Previous year': '上一年',
  'Next year': '下一年',
  'Previous month': '上个月',
  'Next month': '下个月',
  'Switch to time panel': '切换到时间面板',
  'Switch to date panel': '切换到日期面板',
  'Scroll left': '向左滚动',
  'Scroll right': '向右滚动',
  'Toggle the checked state of checkbox': '切换勾选',
  'Filter Tree': '筛选',
  'Filter TreeSelect item': '筛选',
  'Transfer filter': '筛选',
  'Option list': '选项列表',
  'Selected list': '已选列表',
  'Use the input box to create an optional item': '输入以新建选项',
  'upload progress': '上传进度',
  'uploading file progress': '上传进度',
  'file list': '文件列表',
  'picture list': '图片列表',
  'input value': '输入值',
  Close: '关闭',
  close: '关闭',
  confirm: '确认',
  cancel: '取消',
  empty: '空',
};

/** A Semi name in Chinese ('Page 2' → '第 2 页'); undefined when it is not one of Semi's. */
function semiNameZh(name: string): string | undefined {
  const page = /^Page (\d+)$/.exec(name);
  if (page) return `第 ${page[1]} 页`;
  const tag = /^(Closable )?Tag: (.*)$/.exec(name);
  if (tag) return `${tag[1] ? '可关闭标签' : '标签'}：${tag[2]}`;
  return SEMI_NAMES_ZH[name];
}

/** Semi's English names in the document's language (`<html lang>`, set by the language provider). */
function translateSemiNames(root: ParentNode): void {
  const zh = document.documentElement.lang.startsWith('zh');
  for (const el of root.querySelectorAll<HTMLElement>('[aria-label]')) {
    const name = el.getAttribute('aria-label') ?? '';
    const english = el.getAttribute('data-semi-name');
    if (!zh) {
      if (english !== null && name !== english) el.setAttribute('aria-label', english);
      continue;
    }
    // Semi re-rendered its English name over the Chinese one: translate that.
    const chinese = semiNameZh(name);
    if (chinese === undefined) continue;
    el.setAttribute('data-semi-name', name);
    el.setAttribute('aria-label', chinese);
  }
}

/** Applies the repairs to `root` and everything under it. */
export function repairMarkup(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('[aria-activedescendant]')) {
    const id = el.getAttribute('aria-activedescendant');
    if (!id || !document.getElementById(id)) el.removeAttribute('aria-activedescendant');
  }
  for (const el of root.querySelectorAll<HTMLElement>('[role="img"]')) {
    const name = el.getAttribute('aria-label')?.trim();
    if (name && el.classList.contains('semi-icon') && el.classList.contains(`semi-icon-${name}`))
      el.removeAttribute('aria-label');
    if (!el.getAttribute('aria-label')?.trim() && !el.hasAttribute('aria-labelledby'))
      el.setAttribute('aria-hidden', 'true');
  }
  translateSemiNames(root);
  for (const wrapper of root.querySelectorAll<HTMLElement>('.semi-datepicker[aria-labelledby]')) {
    const labelledBy = wrapper.getAttribute('aria-labelledby') ?? '';
    const named = wrapper.querySelectorAll<HTMLElement>('[role="combobox"], [role="combobox"] input');
    if (named.length === 0) continue;
    for (const el of named)
      if (el.getAttribute('aria-labelledby') !== labelledBy) el.setAttribute('aria-labelledby', labelledBy);
    wrapper.removeAttribute('aria-labelledby');
  }
  for (const el of root.querySelectorAll<HTMLElement>(
    '[data-size-label] .semi-page-switch [role="combobox"]',
  )) {
    const name = el.closest('[data-size-label]')?.getAttribute('data-size-label');
    if (name && el.getAttribute('aria-label') !== name) el.setAttribute('aria-label', name);
  }
  for (const el of root.querySelectorAll<HTMLElement>('.semi-avatar[role="listitem"]')) {
    if (!el.parentElement?.closest('[role="list"]')) el.removeAttribute('role');
  }
  for (const el of root.querySelectorAll<HTMLElement>(
    '.semi-table-body, .semi-tree-option-list, .semi-list',
  )) {
    const scrolls = el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth;
    if (!el.hasAttribute('tabindex') && scrolls) el.setAttribute('tabindex', '0');
  }
  for (const el of root.querySelectorAll<HTMLElement>('.semi-tree-option-list:not([role])'))
    el.setAttribute('role', 'tree');
  // A checkable tree wraps its items in a checkbox group (role list) between the tree and its items.
  for (const el of root.querySelectorAll<HTMLElement>('.semi-tree-option-list .semi-checkboxGroup'))
    if (el.getAttribute('role') !== 'none') el.setAttribute('role', 'none');
  for (const el of root.querySelectorAll<HTMLElement>('ul.semi-list-items, ul.semi-page')) {
    if ([...el.children].some((child) => child.tagName !== 'LI') && el.getAttribute('role') !== 'none')
      el.setAttribute('role', 'none');
  }
  for (const el of root.querySelectorAll<HTMLElement>(
    'span[aria-expanded]:not([role]), span[aria-haspopup]:not([role])',
  )) {
    const button = el.querySelector<HTMLElement>('button, [role="button"]');
    if (!button) continue;
    for (const name of TRIGGER_ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      button.setAttribute(name, value);
      el.removeAttribute(name);
    }
  }
}

/** Keeps the document repaired as screens render; returns the stop function. */
export function startMarkupRepairs(): () => void {
  let queued = false;
  const run = () => {
    queued = false;
    repairMarkup(document.body);
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(run);
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: [
      'aria-activedescendant',
      'role',
      'aria-label',
      'aria-labelledby',
      ...TRIGGER_ATTRIBUTES,
    ],
  });
  // A change of language renames Semi's names.
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  run();
  return () => observer.disconnect();
}
