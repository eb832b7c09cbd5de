/**
 * A streaming xlsx writer for large exports (ADR 0010): rows go into the sheet's XML a chunk at
 * a time (inline strings and numbers, no styles), zipped by archiver as they come, with the
 * destination's back-pressure respected, so memory stays flat whatever the row count. A new
 * sheet starts at the xlsx row limit; the workbook parts that list the sheets are written
 * last. exceljs's own streaming writer makes a Buffer per cell and row and grows the process
 * to about 400 MB over a million rows (allocator fragmentation), over the 300 MB target; the
 * other workbooks of the product (small) keep using exceljs.
 */
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import archiver from 'archiver';

export type XlsxCell = string | number | null;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(text: string): string {
  // Control characters other than tab, newline and return are not allowed in XML.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
  const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c).replace(controls, '');
}

function column(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** The XML of one row (1-based row number). */
export function rowXml(rowNumber: number, cells: readonly XlsxCell[], columns: readonly string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === null || v === undefined) continue;
    const ref = `${columns[i]}${rowNumber}`;
    xml +=
      typeof v === 'number'
        ? Number.isFinite(v)
          ? `<c r="${ref}"><v>${v}</v></c>`
          : ''
        : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(v)}</t></is></c>`;
  }
  return `${xml}</row>`;
}

/** Text is written in pieces of about this many characters (see `full`). */
export const FLUSH_CHARS = 32_000;

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

export class XlsxStream {
  private readonly zip = archiver('zip', { zlib: { level: 6 } });
  private sheet: PassThrough | undefined;
  private readonly names: string[] = [];
  private row = 0;
  private buffer = '';
  private readonly columns: string[];

  constructor(
    out: Writable,
    private readonly header: readonly string[],
    private readonly sheetName: (n: number) => string,
    private readonly sheetRows: number,
  ) {
    this.columns = header.map((_, i) => column(i));
    this.zip.on('warning', (error) => out.destroy(error));
    this.zip.on('error', (error) => out.destroy(error));
    this.zip.pipe(out);
  }

  private startSheet(): void {
    this.names.push(this.sheetName(this.names.length + 1));
    this.sheet = new PassThrough({ highWaterMark: 1 << 20 });
    this.zip.append(this.sheet, { name: `xl/worksheets/sheet${this.names.length}.xml` });
    this.sheet.write(SHEET_START);
    this.row = 0;
    this.add(this.header);
  }

  private add(cells: readonly XlsxCell[]): void {
    this.row++;
    this.buffer += rowXml(this.row, cells, this.columns);
  }

  /** Whether the pending text should go out: kept under V8's large-object size (young garbage). */
  private get full(): boolean {
    return this.buffer.length > FLUSH_CHARS;
  }

  /** Adds data rows; resolves once the sheet has taken them (back-pressure). */
  async rows(rows: readonly (readonly XlsxCell[])[]): Promise<void> {
    if (!this.sheet) this.startSheet();
    for (const cells of rows) {
      if (this.row > this.sheetRows) {
        await this.flush();
        (this.sheet as PassThrough).end(SHEET_END);
        this.startSheet();
      }
      this.add(cells);
      if (this.full) await this.flush();
    }
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.sheet || this.buffer === '') return;
    const ok = this.sheet.write(this.buffer);
    this.buffer = '';
    if (!ok) await once(this.sheet, 'drain');
  }

  /** Ends the last sheet and writes the workbook parts; resolves when the zip is written. */
  async finish(): Promise<void> {
    if (!this.sheet) this.startSheet();
    await this.flush();
    (this.sheet as PassThrough).end(SHEET_END);
    const sheets = this.names.map((_, i) => i + 1);
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets
        .map(
          (n) =>
            `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('')}</Types>`,
      { name: '[Content_Types].xml' },
    );
    this.zip.append(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      { name: '_rels/.rels' },
    );
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${this.names
        .map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
      { name: 'xl/workbook.xml' },
    );
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (n) =>
            `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`,
        )
        .join('')}</Relationships>`,
      { name: 'xl/_rels/workbook.xml.rels' },
    );
    await this.zip.finalize();
  }
}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * A small zip of files held in memory (a COMTRADE pair, say), deflated by archiver. `date`
 * is the entries' modification time as wall-clock parts (zip keeps local times).
 */
export async function zipBuffer(
  entries: readonly ZipEntry[],
  date?: { year: number; month: number; day: number; hour: number; minute: number; second: number },
): Promise<Buffer> {
  const zip = archiver('zip', { zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const when = date
    ? new Date(date.year, date.month - 1, date.day, date.hour, date.minute, date.second)
    : undefined;
  for (const entry of entries) zip.append(entry.data, { name: entry.name, ...(when ? { date: when } : {}) });
  await zip.finalize();
  return Buffer.concat(chunks);
}
