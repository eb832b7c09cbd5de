/**
 * Print of chosen work orders (fewer than 10, screens.md): a plain page of one table per order
 * in a new window, times in the project's zone, each order's attachments below it (photos as
 * pictures, other files by name), then the browser's print dialog. The window opens at once
 * (on the click, so no popup blocker stops it) and is filled when the attachments are loaded.
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

/** An attachment as printed: its name, and a photo's picture as a data URL (null: not a photo). */
export interface PrintedFile {
  name: string;
  picture: string | null;
}

export async function printOrders(
  orders: readonly WorkOrder[],
  fmt: Formatter,
  t: T,
  attachmentsOf: (order: WorkOrder) => Promise<PrintedFile[]>,
): Promise<void> {
  const page = window.open('', '_blank');
  if (!page) return;
  const files = await Promise.all(orders.map((o) => attachmentsOf(o).catch(() => [])));
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
  const attached = (list: readonly PrintedFile[]) =>
    list.length === 0
      ? ''
      : `<tr><th>${escapeHtml(t('attachments'))}</th><td>${list
          .map((f) =>
            f.picture
              ? `<figure><img src="${escapeHtml(f.picture)}" alt="${escapeHtml(f.name)}"><figcaption>${escapeHtml(f.name)}</figcaption></figure>`
              : `<div>${escapeHtml(f.name)}</div>`,
          )
          .join('')}</td></tr>`;
  const body = orders
    .map(
      (o, i) =>
        `<table>${rows(o)
          .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
          .join('')}${attached(files[i] ?? [])}</table>`,
    )
    .join('');
  page.document.write(
    `<!doctype html><meta charset="utf-8"><title>${escapeHtml(orders.map((o) => o.code).join(', '))}</title>` +
      `<link rel="stylesheet" href="${escapeHtml(new URL(printCss, window.location.origin).href)}">` +
      body,
  );
  page.document.close();
  page.print();
}
