/**
 * Turns rows into text in one of the output formats. Tables are for people (aligned, a
 * header, local times, colour when allowed); tsv is for scripts (no header, exact ISO times,
 * tabs and newlines inside values become spaces); csv has a header of field keys (RFC 4180);
 * json and ndjson print the command's records.
 */
import type { Palette } from './colour.js';
import type { OutputFormat } from './format.js';
import { padEnd, textWidth } from './text-width.js';
import { isoTime, localTime } from './time.js';

export type Cell = string | number | boolean | null | undefined;

export interface Column<R> {
  /** Field name in csv headers. */
  key: string;
  /** Column title in tables. */
  header: string;
  value: (row: R) => Cell;
  /** The value is epoch milliseconds: local time in tables, ISO 8601 elsewhere. */
  time?: boolean;
  /** What a table shows instead of the value (indentation, markers, colour). */
  display?: (row: R, palette: Palette) => string;
  /** Only in tsv and csv (a table shows it inside another column). */
  machineOnly?: boolean;
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
  /** The time zone tables show times in (the project's); default the machine's. */
  timeZone?: string | undefined;
}

function plainCell(value: Cell, time: boolean | undefined, forTable: boolean, timeZone?: string): string {
  if (value === null || value === undefined) return '';
  if (time && typeof value === 'number')
    return (forTable ? localTime(value, timeZone) : isoTime(value)) ?? '';
  return String(value);
}

function tsvCell(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function tableCell<R>(column: Column<R>, row: R, palette: Palette, timeZone?: string): string {
  return column.display
    ? column.display(row, palette)
    : tsvCell(plainCell(column.value(row), column.time, true, timeZone));
}

function renderTable<R>(listing: Listing<R>, palette: Palette): string {
  const { rows } = listing;
  const columns = listing.columns.filter((c) => !c.machineOnly);
  if (listing.vertical) {
    const row = rows[0];
    if (row === undefined) return '';
    const width = Math.max(...columns.map((c) => c.header.length));
    return columns
      .map((c) =>
        `${palette.bold(padEnd(c.header, width))}  ${tableCell(c, row, palette, listing.timeZone)}`.trimEnd(),
      )
      .join('\n')
      .concat('\n');
  }
  if (rows.length === 0) return '';
  const cells = rows.map((row) => columns.map((c) => tableCell(c, row, palette, listing.timeZone)));
  const headers = columns.map((c) => c.header.toUpperCase());
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((line) => textWidth(line[i] ?? ''))));
  const line = (parts: string[]) =>
    parts
      .map((part, i) => (i === parts.length - 1 ? part : padEnd(part, widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const head = line(headers.map((h, i) => palette.bold(padEnd(h, widths[i] ?? 0))));
  return [head, ...cells.map(line)].join('\n').concat('\n');
}

export function render<R>(listing: Listing<R>, format: OutputFormat, palette: Palette): string {
  switch (format) {
    case 'table':
      return renderTable(listing, palette);
    case 'tsv':
      return listing.rows
        .map((row) => listing.columns.map((c) => tsvCell(plainCell(c.value(row), c.time, false))).join('\t'))
        .map((line) => `${line}\n`)
        .join('');
    case 'csv': {
      const head = listing.columns.map((c) => csvCell(c.key)).join(',');
      const body = listing.rows.map((row) =>
        listing.columns.map((c) => csvCell(plainCell(c.value(row), c.time, false))).join(','),
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
