/**
 * Uploaded files: stored under `<dataDir>/files/` with a random name, described in the
 * `files` table (tenant, uploader, kind, original name, size, content type).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { FILE_NAME_PATTERN, UPLOAD_KINDS } from '@eem/contract';
import { MESSAGES, UPLOAD_LIMITS } from '@eem/core';
import { ApiError } from '../../http/api-error.js';
import type { UploadedFile } from '../../http/read-multipart.js';
import type { Services } from '../../services.js';
import {
  deleteFile,
  type FileRow,
  fileByName,
  filesByNames,
  insertFile,
  moveFilesToTenant,
} from './repo/files.js';

export type { FileRow };
export type UploadKind = keyof typeof UPLOAD_KINDS;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

/** The first bytes each kind of file starts with (xlsx and docx are zip files). */
const SIGNATURES: Record<string, number[]> = {
  jpg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47],
  xls: [0xd0, 0xcf, 0x11, 0xe0],
  xlsx: [0x50, 0x4b, 0x03, 0x04],
  docx: [0x50, 0x4b, 0x03, 0x04],
  pdf: [0x25, 0x50, 0x44, 0x46],
};

/** Width and height a png or jpg header declares (undefined: none found). */
export function imageDimensions(data: Buffer, ext: string): { width: number; height: number } | undefined {
  if (ext === 'png') {
    if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (ext !== 'jpg') return undefined;
  // Segments after SOI: 0xFF, a marker, a 2-byte length; a frame header (SOFn) holds the size.
  let at = 2;
  while (at + 9 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame) return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    if (marker === 0xd9 || marker === 0xda) return undefined;
    at += 2 + data.readUInt16BE(at + 2);
  }
  return undefined;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return ext === 'jpeg' ? 'jpg' : ext;
}

/** The client's name without directories or control characters, at most 255 characters. */
function cleanName(name: string): string {
  const base = [...basename(name.replaceAll('\\', '/'))]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return (base || 'file').slice(-255);
}

export function filesDir(services: Services): string {
  return join(services.config.dataDir, 'files');
}

function pathOf(services: Services, fileName: string): string {
  if (!FILE_NAME_PATTERN.test(fileName))
    throw ApiError.validation('the file name must be one of a file uploaded to the server');
  return join(filesDir(services), fileName);
}

/** Checks type and size of an upload, stores it and describes it. */
export async function storeUpload(
  services: Services,
  file: UploadedFile,
  owner: { kind: UploadKind; tenantId: number; projectId: number | null; userId: number },
): Promise<FileRow> {
  const rule = UPLOAD_KINDS[owner.kind];
  const originalName = cleanName(file.filename);
  const ext = extensionOf(originalName);
  if (!(rule.extensions as readonly string[]).includes(ext)) throw ApiError.at('file', rule.message);
  if (file.data.length > rule.maxBytes) throw ApiError.at('file', MESSAGES.fileTooLarge);
  if (file.data.length === 0) throw ApiError.at('file', 'the file is empty');
  const signature = SIGNATURES[ext] ?? [];
  if (!signature.every((byte, i) => file.data[i] === byte)) {
    throw ApiError.at('file', `the content is not a ${ext} file`);
  }
  if (owner.kind === 'image') {
    // An image is bounded by what it expands to when shown, not only by its bytes.
    // (A header without a readable size is no picture a browser would decode.)
    const size = imageDimensions(file.data, ext);
    if (size && size.width * size.height > UPLOAD_LIMITS.imagePixelsMax)
      throw ApiError.at(
        'file',
        `the image is ${size.width}×${size.height} pixels; at most ${UPLOAD_LIMITS.imagePixelsMax / 1_000_000} million pixels`,
      );
  }
  const fileName = `${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(filesDir(services), { recursive: true });
  await writeFile(pathOf(services, fileName), file.data, { flag: 'wx', mode: 0o600 });
  const row: FileRow = {
    file_name: fileName,
    tenant_id: owner.tenantId,
    project_id: owner.projectId,
    user_id: owner.userId,
    kind: owner.kind,
    original_name: originalName,
    size: file.data.length,
    content_type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    created_at: services.clock(),
  };
  await insertFile(services.db, row);
  return row;
}

export async function findFile(services: Services, fileName: string): Promise<FileRow | undefined> {
  return fileByName(services.db, fileName);
}

export async function readStored(services: Services, fileName: string): Promise<Buffer> {
  return readFile(pathOf(services, fileName));
}

export async function removeStored(services: Services, fileName: string): Promise<void> {
  await deleteFile(services.db, fileName);
  await rm(pathOf(services, fileName), { force: true });
}

export function toStoredFile(row: FileRow): {
  fileName: string;
  originalName: string;
  size: number;
  contentType: string;
} {
  return {
    fileName: row.file_name,
    originalName: row.original_name,
    size: row.size,
    contentType: row.content_type,
  };
}

/**
 * The files named, each of the given kind (or kinds) and either of the tenant or uploaded by the
 * user; attaching moves a file to the tenant so the tenant's users may read it. With a project,
 * a file uploaded in another project is refused and the files become the project's (only its
 * users may read them).
 */
export async function attachFiles(
  services: Services,
  fileNames: readonly string[],
  expect: {
    kind: UploadKind | readonly UploadKind[];
    tenantId: number;
    userId: number;
    field: string;
    list: boolean;
    projectId?: number;
  },
): Promise<FileRow[]> {
  if (fileNames.length === 0) return [];
  const kinds: readonly UploadKind[] = typeof expect.kind === 'string' ? [expect.kind] : expect.kind;
  const rows = await filesByNames(services.db, fileNames);
  const found = new Map(rows.map((r) => [r.file_name, r]));
  const out: FileRow[] = [];
  for (const [i, name] of fileNames.entries()) {
    const row = found.get(name);
    const where = expect.list ? `${expect.field}.${i}` : expect.field;
    const otherProject =
      expect.projectId !== undefined && row?.project_id != null && row.project_id !== expect.projectId;
    if (!row || otherProject || (row.tenant_id !== expect.tenantId && row.user_id !== expect.userId)) {
      throw ApiError.at(`body.${where}`, `${name} is not an uploaded file`);
    }
    if (!kinds.includes(row.kind as UploadKind))
      throw ApiError.at(`body.${where}`, `${kinds.map((k) => UPLOAD_KINDS[k].message).join('; ')}`);
    out.push(row);
  }
  const move = out
    .filter(
      (r) => r.tenant_id !== expect.tenantId || (expect.projectId !== undefined && r.project_id === null),
    )
    .map((r) => r.file_name);
  await moveFilesToTenant(services.db, move, expect.tenantId, expect.projectId);
  return out;
}
