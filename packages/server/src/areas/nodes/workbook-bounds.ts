/**
 * What an uploaded workbook expands to, checked before anything reads it (issue 11): a 240 KB
 * xlsx whose one cell holds 200 MB of text used to cost the server 1.45 GB while it was read.
 * Every part of the zip is inflated as a stream (in zlib's thread pool, a chunk at a time, so
 * memory stays flat) and stopped at the first bound it passes: the size of a part, of all parts
 * together, the length of a cell's text and the count of rows. A zip whose directory cannot be
 * read, or whose listed parts do not fill it from start to directory (a part hidden between
 * them would reach the streaming reader unchecked), is refused too. An .xls is read apart.
 */
import { createInflateRaw } from 'node:zlib';
import { ApiError } from '../../http/api-error.js';
import { isXls } from '../../spreadsheets/xls.js';
import { WORKBOOK_LIMITS } from './import-limits.js';

export interface WorkbookBounds {
  /** The most bytes one part (a sheet's XML, the shared strings) expands to. */
  partBytes: number;
  /** The most bytes all parts together expand to. */
  totalBytes: number;
  /** The longest text of a cell, in characters (Excel's own limit is 32,767). */
  cellChars: number;
  /** The most rows of all worksheets together. */
  rows: number;
}

interface ZipEntry {
  name: string;
  method: number;
  /** General-purpose flags (bit 3: sizes in a data descriptor after the data). */
  flags: number;
  compressedSize: number;
  localOffset: number;
}

const MB = 1024 * 1024;

const refuse = (rule: string) => ApiError.at('file', `${rule}; nothing was imported`);

/** The entries of a zip's central directory (zip64 too), or null when it cannot be read. */
function zipEntries(data: Buffer): ZipEntry[] | null {
  try {
    return readDirectory(data);
  } catch {
    return null; // an offset or size that points outside the file
  }
}

function readDirectory(data: Buffer): ZipEntry[] | null {
  let end = -1;
  for (let at = data.length - 22; at >= 0 && at >= data.length - 22 - 0xffff; at--) {
    if (data.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  let count = data.readUInt16LE(end + 10);
  let start = data.readUInt32LE(end + 16);
  if ((count === 0xffff || start === 0xffffffff) && end >= 20 && data.readUInt32LE(end - 20) === 0x07064b50) {
    const zip64 = Number(data.readBigUInt64LE(end - 12));
    if (zip64 + 56 > data.length || data.readUInt32LE(zip64) !== 0x06064b50) return null;
    count = Number(data.readBigUInt64LE(zip64 + 32));
    start = Number(data.readBigUInt64LE(zip64 + 48));
  }
  const entries: ZipEntry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    let compressedSize = data.readUInt32LE(at + 20);
    const uncompressed32 = data.readUInt32LE(at + 24);
    let localOffset = data.readUInt32LE(at + 42);
    // The zip64 extra field holds the values given as 0xffffffff, in this order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = data.readUInt16LE(extra);
      const size = data.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        if (uncompressed32 === 0xffffffff) field += 8;
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(data.readBigUInt64LE(field));
          field += 8;
        }
        if (localOffset === 0xffffffff) localOffset = Number(data.readBigUInt64LE(field));
      }
      extra += 4 + size;
    }
    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== 0x04034b50) return null;
    entries.push({
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      method: data.readUInt16LE(at + 10),
      flags: data.readUInt16LE(at + 8),
      compressedSize,
      localOffset,
    });
    at = extraEnd + data.readUInt16LE(at + 32);
  }
  return tiles(data, entries, start) ? entries : null;
}

/** Where an entry's compressed data starts (after its local header). */
function dataStart(data: Buffer, entry: ZipEntry): number {
  return (
    entry.localOffset +
    30 +
    data.readUInt16LE(entry.localOffset + 26) +
    data.readUInt16LE(entry.localOffset + 28)
  );
}

/**
 * Whether the listed entries fill the file from its start to the directory, one after the other:
 * a reader that goes through a zip front to back (exceljs's streaming one does) then meets no
 * part that this check did not see.
 */
function tiles(data: Buffer, entries: readonly ZipEntry[], directory: number): boolean {
  const inOrder = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let at = 0;
  for (const entry of inOrder) {
    if (entry.localOffset !== at) return false;
    at = dataStart(data, entry) + entry.compressedSize;
    if (entry.flags & 0x08) {
      // A data descriptor: an optional signature, the CRC and both sizes (8 bytes each in zip64).
      const signed = at + 4 <= data.length && data.readUInt32LE(at) === 0x08074b50 ? 4 : 0;
      const next = inOrder[inOrder.indexOf(entry) + 1]?.localOffset ?? directory;
      const gap = next - at - signed;
      if (gap !== 12 && gap !== 20) return false;
      at = next;
    }
  }
  return at === directory;
}

/** Counts what a part expands to: bytes, the longest run of text, and rows of a worksheet. */
class PartScanner {
  bytes = 0;
  longestText = 0;
  rows = 0;
  private run = 0;
  private tail = Buffer.alloc(0);

  constructor(private readonly worksheet: boolean) {}

  add(chunk: Buffer): void {
    this.bytes += chunk.length;
    // Text of a cell holds no '<' (XML escapes it): the longest run without one bounds it.
    let from = 0;
    for (;;) {
      const lt = chunk.indexOf(0x3c, from);
      if (lt < 0) {
        this.run += chunk.length - from;
        break;
      }
      this.run += lt - from;
      if (this.run > this.longestText) this.longestText = this.run;
      this.run = 0;
      from = lt + 1;
    }
    if (this.run > this.longestText) this.longestText = this.run;
    if (!this.worksheet) return;
    // `<row` may be cut between two chunks: the last 3 bytes of the one before are searched again.
    const text = Buffer.concat([this.tail, chunk]);
    for (let at = text.indexOf('<row'); at >= 0; at = text.indexOf('<row', at + 4)) {
      const next = text[at + 4];
      if (next === 0x20 || next === 0x3e || next === 0x2f || next === undefined) this.rows++;
    }
    this.tail = text.subarray(Math.max(0, text.length - 3));
  }
}

/** Inflates one entry as a stream, feeding the scanner; stops (and refuses) past a bound. */
function scanEntry(data: Buffer, entry: ZipEntry, scanner: PartScanner, check: () => void): Promise<void> {
  const start = dataStart(data, entry);
  const body = data.subarray(start, Math.min(data.length, start + entry.compressedSize));
  if (entry.method === 0) {
    scanner.add(body);
    check();
    return Promise.resolve();
  }
  if (entry.method !== 8)
    return Promise.reject(refuse(`the part ${entry.name} is compressed in a way workbooks are not`));
  return new Promise<void>((resolve, reject) => {
    const inflate = createInflateRaw();
    let failed = false;
    inflate.on('data', (chunk: Buffer) => {
      if (failed) return;
      scanner.add(chunk);
      try {
        check();
      } catch (error) {
        failed = true;
        inflate.destroy();
        reject(error);
      }
    });
    inflate.on('error', () => {
      if (failed) return;
      failed = true;
      reject(refuse(`the part ${entry.name} of the workbook is damaged`));
    });
    inflate.on('end', () => {
      if (!failed) resolve();
    });
    // Fed in slices, so that a refusal stops the work early.
    const SLICE = 64 * 1024;
    const feed = (at: number): void => {
      if (failed) return;
      if (at >= body.length) {
        inflate.end();
        return;
      }
      if (inflate.write(body.subarray(at, at + SLICE))) setImmediate(() => feed(at + SLICE));
      else inflate.once('drain', () => feed(at + SLICE));
    };
    feed(0);
  });
}

/**
 * Refuses (HTTP 400, naming the bound) a workbook that expands past the bounds; resolves when
 * it stays within them. `rows` is the row bound of the import at hand.
 */
export async function checkWorkbookBounds(data: Buffer, bounds: Partial<WorkbookBounds> = {}): Promise<void> {
  // An .xls (OLE2) is not compressed: it is no larger than the upload, and its reader runs in a
  // worker with a memory ceiling and a row cap (spreadsheets/xls.ts).
  if (isXls(data)) return;
  const limits = { ...WORKBOOK_LIMITS, ...bounds };
  const entries = zipEntries(data);
  if (!entries)
    throw refuse('the file could not be read as an xlsx workbook (a damaged zip: save it again as .xlsx)');
  let total = 0;
  let rows = 0;
  for (const entry of entries) {
    const worksheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name.replace(/^\//, ''));
    const scanner = new PartScanner(worksheet);
    await scanEntry(data, entry, scanner, () => {
      if (scanner.bytes > limits.partBytes)
        throw refuse(`the part ${entry.name} expands to more than ${limits.partBytes / MB} MB`);
      if (total + scanner.bytes > limits.totalBytes)
        throw refuse(`the workbook expands to more than ${limits.totalBytes / MB} MB`);
      // A run of bytes: a character takes at most 10 of them (&#x10FFFF;).
      if (scanner.longestText > limits.cellChars * 10)
        throw refuse(`a cell holds more than ${limits.cellChars} characters`);
      if (rows + scanner.rows > limits.rows) throw refuse(`the workbook has more than ${limits.rows} rows`);
    });
    total += scanner.bytes;
    rows += scanner.rows;
  }
}
