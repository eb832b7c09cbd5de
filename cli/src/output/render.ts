/**
 * Turns rows into text in one of the output formats. Tables are for people (aligned, a
 * header, local times, colour when allowed, fitted to the terminal's width unless --wide:
 * the widest free-text column is cut with an ellipsis, ids and times stay whole); tsv is for scripts (no header, exact ISO times,
 * tabs and newlines inside values become spaces); csv has a header of field keys (RFC 4180);
 * json and ndjson print the command's records.
 */
import type { Palette } from './colour.js';
import type { OutputFormat } from './format.js';
import { padEnd, textWidth, truncate } from './text-width.js';
import { displayTime, isoTime } from './time.js';

export type Cell = string | number | boolean | null | undefined;

export interface Column<R> {
  /** Field name in csv headers. */
  key: string;
  /** Column title in tables. */
  header: string;
  value: (row: R) => Cell;
  /** The value is epoch milliseconds: the project's local time in tables, ISO 8601 elsewhere. */
  time?: boolean;
  /** What a table shows instead of the value (indentation, markers, colour); times in `timeZone`. */
  display?: (row: R, palette: Palette, timeZone: string | undefined) => string;
  /** Only in tsv and csv (a table shows it inside another column). */
  machineOnly?: boolean;
  /**
   * How a table narrows the column to fit the terminal: 'text' cuts its cells (free text such
   * as a description or a name) with an ellipsis at the end; 'header' cuts only its title
   * (before `headerKeep`), never its values. Columns without it (ids, times, numbers, states)
   * stay whole.
   */
  shrink?: 'text' | 'header';
  /** The end of the title a 'header' column never cuts (a reading's unit and point number). */
  headerKeep?: string;
  /** The title is shown as written (a point's name and unit), not in capitals. */
  literalHeader?: boolean;
}

export interface TableOptions {
  /** Columns the table may take (the terminal's width); undefined: no limit. */
  width?: number | undefined;
  /** --wide: every column whole, whatever the width. */
  wide?: boolean | undefined;
  /** The zone of the times a table shows (the project's); undefined: the machine's. */
  timeZone?: string | undefined;
}

export interface Listing<R> {
  columns: readonly Column<R>[];
  rows: readonly R[];
  /** What `--output json` prints. */
  json: unknown;
  /** What `--output ndjson` prints, one line each (default: the json array's items). */
  ndjson?: readonly unknown[];
  /** A single record: tables show it as "Field  value" lines instead of a header row. */
  vertical?: boolean;
  /**
   * The project's time zone, asked only when a table shows a time (time-flags.ts
   * `sessionZone`): scripts (tsv, csv, json) get ISO times and never wait for it.
   */
  timeZone?: () => Promise<string | undefined>;
}

function plainCell(value: Cell, time: boolean | undefined, timeZone?: string | null): string {
  if (value === null || value === undefined) return '';
  // timeZone null: not a table (ISO); a string or undefined: a table's zone.
  if (time && typeof value === 'number')
    return (timeZone === null ? isoTime(value) : displayTime(value, timeZone)) ?? '';
  return String(value);
}

function tsvCell(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function tableCell<R>(column: Column<R>, row: R, palette: Palette, timeZone: string | undefined): string {
  return column.display
    ? column.display(row, palette, timeZone)
    : tsvCell(plainCell(column.value(row), column.time, timeZone));
}

/** A title in capitals, as kubectl and gh print them; what is in parentheses (a unit) as written. */
function tableHeader<R>(column: Column<R>): string {
  if (column.literalHeader) return column.header;
  return column.header
    .split(/(\([^)]*\))/)
    .map((part) => (part.startsWith('(') ? part : part.toUpperCase()))
    .join('');
}

/**
 * The narrowest a shrinking column gets: a few letters of text (fewer when the table cannot
 * fit otherwise), or its widest value.
 */
const MIN_TEXT = 8;
const MIN_TEXT_TIGHT = 4;
const GAP = 2;

/**
 * Column widths that fit `width`: the widest shrinking column gives up a column at a time until
 * the table fits or every shrinking column is at its narrowest (the terminal then wraps).
 */
function fitWidths<R>(
  columns: readonly Column<R>[],
  natural: number[],
  floors: number[],
  width: number,
): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((sum, w) => sum + w, 0) + GAP * Math.max(0, widths.length - 1);
  while (total() > width) {
    let widest = -1;
    for (let i = 0; i < columns.length; i++) {
      if (!columns[i]?.shrink || (widths[i] ?? 0) <= (floors[i] ?? 0)) continue;
      if (widest === -1 || (widths[i] ?? 0) > (widths[widest] ?? 0)) widest = i;
    }
    if (widest === -1) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  return widths;
}

function renderTable<R>(listing: Listing<R>, palette: Palette, options: TableOptions): string {
  const { rows } = listing;
  const columns = listing.columns.filter((c) => !c.machineOnly);
  if (listing.vertical) {
    const row = rows[0];
    if (row === undefined) return '';
    const width = Math.max(...columns.map((c) => textWidth(c.header)));
    return columns
      .map((c) =>
        `${palette.bold(padEnd(c.header, width))}  ${tableCell(c, row, palette, options.timeZone)}`.trimEnd(),
      )
      .join('\n')
      .concat('\n');
  }
  if (rows.length === 0) return '';
  const cells = rows.map((row) => columns.map((c) => tableCell(c, row, palette, options.timeZone)));
  const headers = columns.map(tableHeader);
  const valueWidths = columns.map((_, i) => Math.max(0, ...cells.map((line) => textWidth(line[i] ?? ''))));
  const natural = headers.map((h, i) => Math.max(textWidth(h), valueWidths[i] ?? 0));
  const floors = (least: number) =>
    columns.map((c, i) => {
      const own = natural[i] ?? 0;
      if (c.shrink === 'header')
        return Math.max(valueWidths[i] ?? 0, textWidth(c.headerKeep ?? '') + 4, least);
      return c.shrink === 'text' ? Math.min(own, least) : own;
    });
  const { width } = options;
  const widths =
    options.wide || width === undefined
      ? natural
      : fitWidths(
          columns,
          fitWidths(columns, natural, floors(MIN_TEXT), width),
          floors(MIN_TEXT_TIGHT),
          width,
        );
  const fitted = (text: string, i: number, header: boolean) => {
    const room = widths[i] ?? 0;
    const column = columns[i];
    if (!column?.shrink || textWidth(text) <= room) return text;
    if (column.shrink === 'text') return truncate(text, room);
    if (!header) return text;
    const keep = column.headerKeep && text.endsWith(column.headerKeep) ? column.headerKeep : '';
    return truncate(text.slice(0, text.length - keep.length), room - textWidth(keep)) + keep;
  };
  const line = (parts: string[]) =>
    parts
      .map((part, i) => (i === parts.length - 1 ? part : padEnd(part, widths[i] ?? 0)))
      .join(' '.repeat(GAP))
      .trimEnd();
  const head = line(headers.map((h, i) => palette.bold(padEnd(fitted(h, i, true), widths[i] ?? 0))));
  return [head, ...cells.map((parts) => line(parts.map((part, i) => fitted(part, i, false))))]
    .join('\n')
    .concat('\n');
}

export function render<R>(
  listing: Listing<R>,
  format: OutputFormat,
  palette: Palette,
  table: TableOptions = {},
): string {
  switch (format) {
    case 'table':
      return renderTable(listing, palette, table);
    case 'tsv':
      return listing.rows
        .map((row) => listing.columns.map((c) => tsvCell(plainCell(c.value(row), c.time, null))).join('\t'))
        .map((line) => `${line}\n`)
        .join('');
    case 'csv': {
      const head = listing.columns.map((c) => csvCell(c.key)).join(',');
      const body = listing.rows.map((row) =>
        listing.columns.map((c) => csvCell(plainCell(c.value(row), c.time, null))).join(','),
      );
      return [head, ...body].map((line) => `${line}\n`).join('');
    }
    case 'json':
      return `${JSON.stringify(listing.json, null, 2)}\n`;
    case 'ndjson': {
      const items = listing.ndjson ?? (Array.isArray(listing.json) ? listing.json : [listing.json]);
      return items.map((item) => `${JSON.stringify(item)}\n`).join('');
    }
  }
}
