/**
 * Where the one-line diagram draws each element of a graph: the busbar across the top, then
 * one group per element on it (cabinet, transformer, or a meter or device straight on the
 * bar), each group as wide as its columns. A column is a line segment (breaker, its meter, the
 * meter's values, its name) or an instrument without a line. The rows sit lower when a
 * transformer needs room for its symbol. Pure, so it is tested alone.
 */
import type { GraphElement } from '@eem/contract';

export const DIAGRAM = {
  columnWidth: 156,
  marginX: 24,
  groupGap: 20,
  busY: 56,
  /** Top of a cabinet's frame. */
  groupTop: 76,
  /** A transformer's symbol, and where its low-voltage side splits into its lines. */
  transformerY: 116,
  splitY: 152,
  breakerSize: 20,
  meterRadius: 14,
  valueLine: 18,
  /** The four values drawn under a meter: U, I, P, PF. */
  valueRows: 4,
  /** Instruments beyond the first of a column (devices, more meters) are drawn as boxes. */
  extraHeight: 24,
} as const;

/** The y of each row of a diagram. */
export interface DiagramRows {
  breakerY: number;
  meterY: number;
  valuesY: number;
  nameY: number;
  extrasY: number;
}

function rowsBelow(breakerY: number): DiagramRows {
  const meterY = breakerY + 60;
  const valuesY = meterY + 36;
  const nameY = valuesY + DIAGRAM.valueRows * DIAGRAM.valueLine + 6;
  return { breakerY, meterY, valuesY, nameY, extrasY: nameY + 22 };
}

export interface DiagramColumn {
  /** Centre of the column. */
  x: number;
  /** The line segment, or null for an instrument hanging without one. */
  line: GraphElement | null;
  /** The meter or device drawn as the column's circle or box (the first below the line). */
  main: GraphElement | null;
  /** Further instruments below the line, drawn as small boxes. */
  extras: GraphElement[];
}

export interface DiagramGroup {
  element: GraphElement;
  /** Left edge and width of the group. */
  x: number;
  width: number;
  columns: DiagramColumn[];
}

export interface DiagramLayout {
  bus: GraphElement | null;
  groups: DiagramGroup[];
  rows: DiagramRows;
  width: number;
  height: number;
}

const INSTRUMENT = new Set(['meter', 'device']);

function childrenOf(elements: readonly GraphElement[]): Map<number, GraphElement[]> {
  const out = new Map<number, GraphElement[]>();
  for (const e of elements) {
    if (e.kind === 'bus') continue;
    const list = out.get(e.parentId);
    if (list) list.push(e);
    else out.set(e.parentId, [e]);
  }
  return out;
}

/** The instruments of a column: a meter first when there is one. */
function instrumentsOf(below: readonly GraphElement[]): Pick<DiagramColumn, 'main' | 'extras'> {
  const list = below.filter((e) => INSTRUMENT.has(e.kind));
  const main = list.find((e) => e.kind === 'meter') ?? list[0] ?? null;
  return { main, extras: list.filter((e) => e !== main) };
}

export function layoutDiagram(elements: readonly GraphElement[]): DiagramLayout {
  const bus = elements.find((e) => e.kind === 'bus') ?? null;
  const children = childrenOf(elements);
  const groups: DiagramGroup[] = [];
  let x = DIAGRAM.marginX;
  let extraRows = 0;
  for (const top of children.get(0) ?? []) {
    const columns: Omit<DiagramColumn, 'x'>[] = [];
    if (INSTRUMENT.has(top.kind)) {
      columns.push({ line: null, main: top, extras: [] });
    } else {
      const below = children.get(top.nodeId) ?? [];
      for (const line of below.filter((e) => e.kind === 'incomer' || e.kind === 'feeder'))
        columns.push({ line, ...instrumentsOf(children.get(line.nodeId) ?? []) });
      for (const instrument of below.filter((e) => INSTRUMENT.has(e.kind)))
        columns.push({ line: null, main: instrument, extras: [] });
      if (columns.length === 0) columns.push({ line: null, main: null, extras: [] });
    }
    const width = columns.length * DIAGRAM.columnWidth;
    groups.push({
      element: top,
      x,
      width,
      columns: columns.map((c, i) => ({ ...c, x: x + (i + 0.5) * DIAGRAM.columnWidth })),
    });
    for (const c of columns) extraRows = Math.max(extraRows, c.extras.length);
    x += width + DIAGRAM.groupGap;
  }
  const transformers = groups.some((g) => g.element.kind === 'transformer');
  const rows = rowsBelow(transformers ? DIAGRAM.splitY + 32 : DIAGRAM.groupTop + 44);
  const width = Math.max(x - DIAGRAM.groupGap + DIAGRAM.marginX, 480);
  const height = rows.extrasY + extraRows * DIAGRAM.extraHeight + 30;
  return { bus, groups, rows, width, height };
}

/** The y of the i-th extra instrument box of a column. */
export function extraY(rows: DiagramRows, index: number): number {
  return rows.extrasY + index * DIAGRAM.extraHeight;
}
