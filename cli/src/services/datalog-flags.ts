/**
 * The flags the `eem datalog` commands share, checked before anything is sent: point ids, the
 * interval and the export format and target (the time range: time-flags.ts).
 */
import { DATALOG_INTERVALS, type DatalogInterval } from '@eem/core';
import { UsageError } from '../errors.js';

/** `--points 1,2,3` as distinct positive ids, in the order given. */
export function parsePointIds(value: string, flag = '--points'): number[] {
  const words = value
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  if (words.length === 0) throw new UsageError(`${flag} must list point ids, e.g. ${flag} 1,2,3`);
  const ids: number[] = [];
  for (const word of words) {
    const id = Number(word);
    if (!/^\d+$/.test(word) || id < 1 || !Number.isSafeInteger(id)) {
      throw new UsageError(`${flag} must list positive whole numbers separated by commas (got "${word}")`);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** `--interval`: one of raw, 15m, 1h, 1d, 1M (default raw). */
export function parseInterval(value: string | undefined): DatalogInterval {
  if (value === undefined) return 'raw';
  const found = DATALOG_INTERVALS.find((i) => i === value.trim());
  if (!found) {
    throw new UsageError(`--interval must be one of ${DATALOG_INTERVALS.join(', ')} (got "${value}")`);
  }
  return found;
}

export type { RangeFlags, TimeRange } from './time-flags.js';

export const EXPORT_FILE_FORMATS = ['xlsx', 'csv', 'ndjson'] as const;
export type ExportFileFormat = (typeof EXPORT_FILE_FORMATS)[number];

const BY_EXTENSION: Record<string, ExportFileFormat> = {
  xlsx: 'xlsx',
  csv: 'csv',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
};

/**
 * `--format`, else the extension of `-o FILE` (.xlsx, .csv, .ndjson or .jsonl), else xlsx
 * (csv for `-o -`). xlsx cannot go to stdout.
 */
export function exportFormat(format: string | undefined, target: string): ExportFileFormat {
  let chosen: ExportFileFormat;
  if (format !== undefined) {
    const found = EXPORT_FILE_FORMATS.find((f) => f === format.trim().toLowerCase());
    if (!found) {
      throw new UsageError(`--format must be one of ${EXPORT_FILE_FORMATS.join(', ')} (got "${format}")`);
    }
    chosen = found;
  } else if (target === '-') {
    chosen = 'csv';
  } else {
    const ext = /\.([A-Za-z0-9]+)$/.exec(target)?.[1]?.toLowerCase();
    chosen = (ext === undefined ? undefined : BY_EXTENSION[ext]) ?? 'xlsx';
  }
  if (chosen === 'xlsx' && target === '-') {
    throw new UsageError(
      '-o -: an xlsx workbook cannot be streamed to stdout (it is a zip written as a whole)',
      'Give -o FILE.xlsx, or --format csv or ndjson with -o -.',
    );
  }
  return chosen;
}
