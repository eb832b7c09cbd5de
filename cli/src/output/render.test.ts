import { beforeAll, describe, expect, it } from 'vitest';
import { loadChalk, palette } from './colour.js';

// Coloured palettes use chalk, which eem loads only when it colours.
await loadChalk();

import { type Column, type Listing, render } from './render.js';
import { loadTextWidth, textWidth } from './text-width.js';

interface Row {
  id: number;
  name: string;
  at: number | null;
  note: string;
}

const columns: Column<Row>[] = [
  { key: 'id', header: 'ID', value: (r) => r.id },
  { key: 'name', header: 'Name', value: (r) => r.name },
  { key: 'at', header: 'Changed', value: (r) => r.at, time: true },
  { key: 'note', header: 'Note', value: (r) => r.note },
];
const at = Date.UTC(2026, 0, 15, 8, 30, 5, 250);
const rows: Row[] = [
  { id: 1, name: '上海工厂', at, note: 'tab\there, line\nbreak' },
  { id: 22, name: 'Berlin "Works", GmbH', at: null, note: '' },
];
const listing: Listing<Row> = { columns, rows, json: rows };
const plain = palette(0);

beforeAll(loadTextWidth);

describe('render', () => {
  it('prints tab-separated lines without a header and with exact ISO times', () => {
    expect(render(listing, 'tsv', plain)).toBe(
      `1\t上海工厂\t2026-01-15T08:30:05.250Z\ttab here, line break\n22\tBerlin "Works", GmbH\t\t\n`,
    );
  });

  it('prints csv with a header of field keys and RFC 4180 quoting', () => {
    expect(render(listing, 'csv', plain)).toBe(
      'id,name,at,note\n1,上海工厂,2026-01-15T08:30:05.250Z,"tab\there, line\nbreak"\n22,"Berlin ""Works"", GmbH",,\n',
    );
  });

  it('aligns table columns by display width (wide CJK characters count two)', () => {
    const table = render({ ...listing, columns: columns.filter((c) => c.key !== 'note') }, 'table', plain);
    const [head = '', first = '', second = ''] = table.trimEnd().split('\n');
    // The widest name is 20 columns: CHANGED starts at 2 + 2 + 20 + 2.
    expect(head).toMatch(/^ID {2}NAME {18}CHANGED$/);
    // "上海工厂" is 8 columns wide, so 14 spaces follow it; the date starts under CHANGED.
    expect(first).toMatch(/^1 {3}上海工厂 {14}2026-01-15 \d\d:30:05$/);
    expect(textWidth(first.slice(0, first.indexOf('2026')))).toBe(head.indexOf('CHANGED'));
    expect(second).toBe('22  Berlin "Works", GmbH');
  });

  it('leaves colour out unless the palette has it', () => {
    expect(render(listing, 'table', plain)).not.toContain('\u001b[');
    expect(render(listing, 'table', palette(1))).toContain('\u001b[1m');
  });

  it('prints json as given and ndjson one record a line', () => {
    expect(JSON.parse(render(listing, 'json', plain))).toEqual(rows);
    const lines = render(listing, 'ndjson', plain).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(rows);
  });

  it('prints a single record as field lines in a table and as one line in tsv', () => {
    const one: Listing<Row> = { columns, rows: [rows[0] as Row], json: rows[0], vertical: true };
    const table = render(one, 'table', plain);
    expect(table).toMatch(/^ID {7}1\nName {5}上海工厂\n/);
    expect(table).toContain('Note     tab here, line break\n');
    expect(render(one, 'tsv', plain).split('\n')).toHaveLength(2);
  });

  it('keeps machine-only columns out of tables', () => {
    const withHidden: Listing<Row> = {
      ...listing,
      columns: [...columns, { key: 'secret', header: 'Hidden', value: () => 'x', machineOnly: true }],
    };
    expect(render(withHidden, 'table', plain)).not.toContain('HIDDEN');
    expect(render(withHidden, 'tsv', plain).split('\n')[0]?.endsWith('\tx')).toBe(true);
  });

  it('fits a table to the width: the widest free-text column is cut with …, ids and times whole; --wide keeps all', () => {
    interface Event {
      id: number;
      at: number;
      node: string;
      description: string;
    }
    const eventColumns: Column<Event>[] = [
      { key: 'id', header: 'ID', value: (e) => e.id },
      { key: 'at', header: 'Time', value: (e) => e.at, time: true },
      { key: 'node', header: 'Node', value: (e) => e.node, shrink: 'text' },
      { key: 'description', header: 'Description', value: (e) => e.description, shrink: 'text' },
    ];
    const events: Event[] = [
      {
        id: 123456,
        at,
        node: '1# 空压机 Compressor',
        description: 'Active power above the upper limit of 250 kW for 5 minutes',
      },
      { id: 7, at, node: 'AH1', description: '电流越上限 (current above its upper limit)' },
    ];
    const table = render({ columns: eventColumns, rows: events, json: events }, 'table', plain, {
      width: 80,
    });
    const lines = table.trimEnd().split('\n');
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(80);
    expect(lines[1]).toMatch(/^123456 {2}2026-01-15 \d\d:30:05 {2}1# 空压机 Compressor {2}Active power.*…$/);
    expect(lines[2]).toMatch(/^7 {7}2026-01-15 \d\d:30:05/);
    // Narrower still: the node's name is cut too, never below a few letters.
    const narrow = render({ columns: eventColumns, rows: events, json: events }, 'table', plain, {
      width: 50,
    });
    for (const line of narrow.trimEnd().split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(50);
    expect(narrow).toContain('123456');
    const wide = render({ columns: eventColumns, rows: events, json: events }, 'table', plain, {
      width: 80,
      wide: true,
    });
    expect(wide).toContain('for 5 minutes\n');
    expect(render({ columns: eventColumns, rows: events, json: events }, 'table', plain)).toBe(wide);
  });

  it('keeps units as written in titles and cuts a reading column only in its title, keeping unit and number', () => {
    interface Reading {
      at: number;
      value: number;
    }
    const readingColumns: Column<Reading>[] = [
      { key: 'at', header: 'Time', value: (r) => r.at, time: true },
      { key: 'p1', header: 'Energy (kWh)', value: (r) => r.value },
      {
        key: 'p2',
        header: 'Frequency of the incoming feeder (Hz) #4711',
        value: (r) => r.value,
        literalHeader: true,
        shrink: 'header',
        headerKeep: ' (Hz) #4711',
      },
    ];
    const readings = [{ at, value: 1234.5 }];
    const table = render({ columns: readingColumns, rows: readings, json: readings }, 'table', plain, {
      width: 50,
    });
    const [head = '', row = ''] = table.trimEnd().split('\n');
    expect(head).toMatch(/^TIME {17}ENERGY \(kWh\) {2}Fre… \(Hz\) #4711$/);
    expect(textWidth(head)).toBeLessThanOrEqual(50);
    expect(row).toMatch(/1234\.5 +1234\.5$/);
  });
});
