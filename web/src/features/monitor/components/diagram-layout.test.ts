import { describe, expect, it } from 'vitest';
import { switchRoom } from '../test-fixtures';
import { DIAGRAM, layoutDiagram } from './diagram-layout';

describe('layoutDiagram', () => {
  it('puts each cabinet in a group of one column per line, side by side under the busbar', () => {
    const layout = layoutDiagram(switchRoom().elements);
    expect(layout.bus?.name).toBe('Switch room 101');
    expect(layout.groups.map((g) => g.element.name)).toEqual(['Cabinet AH1', 'Cabinet AH2']);
    const [ah1, ah2] = layout.groups;
    expect(ah1?.columns.map((c) => [c.line?.name, c.main?.name, c.extras.map((e) => e.name)])).toEqual([
      ['Line AH1-1', 'Meter AH1-1', []],
      ['Line AH1-2', 'Meter AH1-2', ['Chiller 1']],
    ]);
    expect(ah2?.columns.map((c) => [c.line?.name, c.main])).toEqual([['Line AH2-1', null]]);
    expect(ah1?.width).toBe(2 * DIAGRAM.columnWidth);
    expect(ah2?.x).toBe((ah1?.x ?? 0) + (ah1?.width ?? 0) + DIAGRAM.groupGap);
    // Columns are centred in their slots; the drawing is as wide as the groups and holds the extra row.
    expect(ah1?.columns[1]?.x).toBe((ah1?.x ?? 0) + 1.5 * DIAGRAM.columnWidth);
    expect(layout.width).toBe((ah2?.x ?? 0) + (ah2?.width ?? 0) + DIAGRAM.marginX);
    expect(layout.height).toBeGreaterThan(layoutDiagram(switchRoom().elements.slice(0, 5)).height);
  });

  it('lowers the rows when a transformer needs room for its symbol', () => {
    const [bus, cabinet, line] = switchRoom().elements;
    if (!bus || !cabinet || !line) throw new Error('fixture');
    const cabinets = layoutDiagram([bus, cabinet, line]);
    const transformers = layoutDiagram([
      bus,
      { ...cabinet, kind: 'transformer' },
      { ...line, kind: 'feeder' },
    ]);
    expect(cabinets.rows.breakerY).toBeLessThan(DIAGRAM.splitY);
    expect(transformers.rows.breakerY).toBeGreaterThan(DIAGRAM.splitY);
    expect(transformers.height - cabinets.height).toBe(transformers.rows.breakerY - cabinets.rows.breakerY);
  });

  it('gives an instrument on the busbar its own column and an empty cabinet one empty column', () => {
    const [bus, cabinet, , meter] = switchRoom().elements;
    if (!bus || !cabinet || !meter) throw new Error('fixture');
    const layout = layoutDiagram([
      bus,
      { ...meter, nodeId: 300, parentId: 0 },
      { ...cabinet, nodeId: 301, name: 'Cabinet empty' },
    ]);
    expect(layout.groups.map((g) => g.columns.map((c) => [c.line, c.main?.nodeId ?? null]))).toEqual([
      [[null, 300]],
      [[null, null]],
    ]);
    expect(layout.width).toBeGreaterThanOrEqual(480);
  });
});
