/**
 * What an uploaded file really is, told to the person who chose it (issue 12: a file error
 * says what was wrong with the file). A spreadsheet import accepts a name ending in .xls or
 * .xlsx whose content is an xlsx (a zip) or an Excel 97-2003 workbook (OLE2); anything else is
 * refused naming the file, its extension and what its content looks like: an encrypted or
 * sensitivity-labelled workbook (an OLE2 container holding an EncryptedPackage: Excel saves a
 * password-protected .xlsx that way), an HTML or CSV/text page named .xls (what many systems
 * export), a PDF, an empty or cut-short file.
 */
import { NODE_MESSAGES } from '@eem/core';

export type SpreadsheetKind = 'xlsx' | 'xls';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ENCRYPTED = Buffer.from('EncryptedPackage', 'utf16le');

const startsWith = (data: Uint8Array, head: readonly number[]) => head.every((byte, i) => data[i] === byte);

/** The extension of a file name, lower case, '' when it has none. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** What the first bytes of a file that is not a workbook look like, for the message. */
function lookalike(data: Buffer): string {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'a PDF document';
  const head = data
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || head.startsWith('<table'))
    return 'an HTML page (saved with a spreadsheet extension)';
  if (head.startsWith('<?xml')) return 'an XML file (Excel 2003 XML is not supported)';
  const printable = [...data.subarray(0, 512)].every((b) => b === 9 || b === 10 || b === 13 || b >= 32);
  if (printable) return 'a text or CSV file';
  return 'neither an xlsx (zip) nor an Excel 97-2003 workbook';
}

/**
 * Why `filename` with `data` cannot be imported as a spreadsheet, or its kind. The problem
 * names the file and says what is wrong with it.
 */
export function sniffSpreadsheet(
  filename: string,
  data: Buffer,
): { kind: SpreadsheetKind } | { problem: string } {
  const ext = extensionOf(filename);
  if (ext !== 'xls' && ext !== 'xlsx') {
    const named = ext ? `has the extension .${ext}` : 'has no extension';
    return { problem: `${filename} ${named}: ${NODE_MESSAGES.spreadsheetType}` };
  }
  if (data.length === 0) return { problem: `${filename} is empty (0 bytes)` };
  if (startsWith(data, ZIP)) return { kind: 'xlsx' };
  if (startsWith(data, OLE2)) {
    if (data.includes(ENCRYPTED))
      return {
        problem: `${filename} is encrypted (protected with a password or a sensitivity label); save an unprotected copy and import that`,
      };
    return { kind: 'xls' };
  }
  return {
    problem: `${filename} is named .${ext} but its content is ${lookalike(data)}; save it from Excel as .xlsx and import that`,
  };
}
