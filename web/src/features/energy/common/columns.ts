/** Table columns the energy screens share: a number, a rate in percent and a node's path. */
import { formatNumber, formatPercent } from '../../../app/format';
import type { DataColumn } from '../../../blocks/DataTable';
import { withUnit } from './energy-data';

/** A percent as the server gives it (12.5 for 12.5 %), '--' when none. */
export function percentText(value: number | null | undefined): string {
  return value === null || value === undefined ? '--' : formatPercent(value / 100);
}

type Keyed<K extends string, V> = { [P in K]: V };

export function numberColumn<K extends string, R extends Keyed<K, number | null>>(
  key: K,
  title: string,
  unit = '',
): DataColumn<R> {
  return { key, title: withUnit(title, unit), align: 'right', render: (r) => formatNumber(r[key]) };
}

export function percentColumn<K extends string, R extends Keyed<K, number | null>>(
  key: K,
  title: string,
): DataColumn<R> {
  return { key, title, align: 'right', render: (r) => percentText(r[key]) };
}

export function nodeColumn<R extends { node: { path: string; name: string } | null }>(
  title: string,
  width = 260,
): DataColumn<R> {
  return { key: 'node', title, width, fixed: 'left', render: (r) => r.node?.path ?? '--' };
}
