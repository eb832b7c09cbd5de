/**
 * Print of chosen work orders (fewer than 10, screens.md): a plain page of one table per order
 * in a new window, times in the project's zone, then the browser's print dialog.
 */
import type { WorkOrder } from '@eem/contract';
import type { Formatter } from '../../../app/format';
import type { OpsT as T } from '../texts';
import printCss from './print-orders.css?url';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function printOrders(orders: readonly WorkOrder[], fmt: Formatter, t: T): void {
  const rows = (o: WorkOrder): [string, string][] => [
    [t('code'), o.code],
    [t('status'), o.statusName],
    [t('level'), o.tasklevelName],
    [t('description'), o.description],
    [t('device'), o.deviceName ? `${o.deviceName} (${o.deviceCode})` : '--'],
    [t('location'), o.location || '--'],
    [t('team'), o.teamName || '--'],
    [t('executor'), o.executorName || '--'],
    [t('plannedStart'), fmt.time(o.executetimeplan, 'YYYY-MM-DD HH:mm')],
    [t('deadline'), fmt.time(o.deadline, 'YYYY-MM-DD HH:mm')],
  ];
  const body = orders
    .map(
      (o) =>
        `<table>${rows(o)
          .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
          .join('')}</table>`,
    )
    .join('');
  const page = window.open('', '_blank');
  if (!page) return;
  page.document.write(
    `<!doctype html><meta charset="utf-8"><title>${escapeHtml(orders.map((o) => o.code).join(', '))}</title>` +
      `<link rel="stylesheet" href="${escapeHtml(new URL(printCss, window.location.origin).href)}">` +
      body,
  );
  page.document.close();
  page.print();
}
