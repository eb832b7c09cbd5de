/** The board that shows an order of this code (by its type's prefix, core WORK_ORDER_TYPE_INFO). */
import { WORK_ORDER_TYPE_INFO } from '@eem/core';

export function orderHref(code: string): string | null {
  const info = Object.values(WORK_ORDER_TYPE_INFO).find((i) => code.startsWith(`${i.codePrefix}-`));
  return info ? `${info.route}?code=${encodeURIComponent(code)}` : null;
}
