/**
 * The edge check of an uploaded workbook (the node and reading imports): xls or xlsx by name,
 * within the size limit, and by content an xlsx (zip) or an Excel 97-2003 .xls (OLE2, read by
 * spreadsheets/xls.ts).
 */
import { MESSAGES, NODE_MESSAGES } from '@eem/core';
import { ApiError } from '../../http/api-error.js';
import type { UploadedFile } from '../../http/read-multipart.js';
import { isXls } from '../../spreadsheets/xls.js';
import { NODE_IMPORT_MAX_BYTES } from './import-limits.js';

const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (data: Buffer, head: readonly number[]) => head.every((byte, i) => data[i] === byte);

export function checkSpreadsheet(file: UploadedFile): void {
  const dot = file.filename.lastIndexOf('.');
  const ext = dot < 0 ? '' : file.filename.slice(dot + 1).toLowerCase();
  if (ext !== 'xls' && ext !== 'xlsx') throw ApiError.validation(`file: ${NODE_MESSAGES.spreadsheetType}`);
  if (file.data.length > NODE_IMPORT_MAX_BYTES)
    throw ApiError.validation(
      `file: ${MESSAGES.fileTooLarge} (at most ${NODE_IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
    );
  if (file.data.length === 0) throw ApiError.validation('file: the file is empty');
  if (startsWith(file.data, ZIP) || isXls(file.data)) return;
  throw ApiError.validation(`file: the content is not an Excel workbook (${NODE_MESSAGES.spreadsheetType})`);
}

/** The workbook of an import call (multipart field `file`, or the only file), checked. */
export function uploadedSpreadsheet(uploads: readonly UploadedFile[]): UploadedFile {
  const file = uploads.find((f) => f.field === 'file') ?? uploads[0];
  if (!file) throw ApiError.validation('file: choose a file');
  checkSpreadsheet(file);
  return file;
}
