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
 *   inside it, which is what a keyboard or screen-reader user operates.
 */

const TRIGGER_ATTRIBUTES = ['aria-expanded', 'aria-haspopup', 'aria-controls'] as const;

/** Applies the repairs to `root` and everything under it. */
export function repairMarkup(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('[aria-activedescendant]')) {
    const id = el.getAttribute('aria-activedescendant');
    if (!id || !document.getElementById(id)) el.removeAttribute('aria-activedescendant');
  }
  for (const el of root.querySelectorAll<HTMLElement>('[role="img"]')) {
    if (!el.getAttribute('aria-label')?.trim() && !el.hasAttribute('aria-labelledby'))
      el.setAttribute('aria-hidden', 'true');
  }
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
  run();
  return () => observer.disconnect();
}
