/**
 * The edge check of an uploaded workbook (the node and reading imports): xls or xlsx by name,
 * within the size limit, and by content an xlsx (zip) or an Excel 97-2003 .xls (OLE2, read by
 * spreadsheets/xls.ts); a refusal says what is wrong with the file (spreadsheets/sniff.ts).
 */
import { MESSAGES } from '@eem/core';
import { ApiError } from '../../http/api-error.js';
import type { UploadedFile } from '../../http/read-multipart.js';
import { extensionOf, sniffSpreadsheet } from '../../spreadsheets/sniff.js';
import { NODE_IMPORT_MAX_BYTES } from './import-limits.js';

export function checkSpreadsheet(file: UploadedFile): void {
  const ext = extensionOf(file.filename);
  if ((ext === 'xls' || ext === 'xlsx') && file.data.length > NODE_IMPORT_MAX_BYTES)
    throw ApiError.at('file', `${MESSAGES.fileTooLarge} (at most ${NODE_IMPORT_MAX_BYTES / 1024 / 1024} MB)`);
  const found = sniffSpreadsheet(file.filename, file.data);
  if ('problem' in found) throw ApiError.at('file', found.problem);
}

/** The workbook of an import call (multipart field `file`, or the only file), checked. */
export function uploadedSpreadsheet(uploads: readonly UploadedFile[]): UploadedFile {
  const file = uploads.find((f) => f.field === 'file') ?? uploads[0];
  if (!file) throw ApiError.at('file', 'choose a file');
  checkSpreadsheet(file);
  return file;
}
