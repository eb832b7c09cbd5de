/**
 * How every workbook import reads its header row (the node import, the reading import): one
 * rule, so that a workbook that went through Excel, WPS or LibreOffice still matches. A header
 * is compared without a byte-order mark (also the `ï»¿` a UTF-8 mark becomes when a CSV export
 * is opened as Latin-1, as LibreOffice does by default), zero-width or no-break spaces, the
 * required marker `*`, with full-width brackets as ASCII, runs of spaces as one and case
 * ignored; a trailing note in brackets (the export's `Time (Asia/Shanghai)`) may be left off.
 */

/** A byte-order mark, as a character or as the three Latin-1 characters of its UTF-8 bytes. */
const MARKS = /^(?:\uFEFF|\u00EF\u00BB\u00BF)+|[\uFEFF\u200B-\u200D\u2060]/g;

/** The header as the import compares it. */
export function normalizeHeader(text: string): string {
  return text
    .replace(MARKS, '')
    .replace(/[\u00A0\u3000]/g, ' ')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/\*/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether `header` names one of `names` (compared normalized), with or without a trailing note in brackets. */
export function headerIs(header: string, names: readonly string[]): boolean {
  const text = normalizeHeader(header);
  const bare = text.replace(/\s*\([^()]*\)$/, '').trim();
  return names.some((name) => {
    const n = normalizeHeader(name);
    return n === text || n === bare;
  });
}

/** The headers a sheet has, for a message saying what was found instead: `"Zeit", "Wert"`. */
export function foundHeaders(headers: readonly string[], max = 10): string {
  const shown = headers.map((h) => h.replace(MARKS, '').trim()).filter((h) => h !== '');
  if (shown.length === 0) return 'the first row is empty';
  const list = shown.slice(0, max).map((h) => `"${h}"`);
  return `found ${list.join(', ')}${shown.length > max ? ` and ${shown.length - max} more` : ''}`;
}

/** A column's letters (1 → A, 27 → AA), for cell addresses in messages. */
export function columnLetters(column: number): string {
  let n = column;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}
