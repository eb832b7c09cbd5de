/**
 * Reads a multipart upload (@fastify/multipart) into its text fields and its files. Limits
 * come from the plugin's options (app.ts); an oversized file is 'file too large'.
 */
import { MESSAGES } from '@eem/core';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { capText } from './errors.js';

export interface UploadedFile {
  /** The form field ('file'). */
  field: string;
  /** The client's file name. */
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) throw ApiError.at('body', 'send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files.push({
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          data: await part.toBuffer(),
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.at('file', MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw ApiError.at('file', 'send one file per upload');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw ApiError.at('body', 'too many form fields');
    // Anything else the parser says (a part without headers, a body cut short, no boundary) is
    // the request's fault: a 400 naming it, never a 500.
    const reason = error instanceof Error ? error.message : String(error);
    throw ApiError.at('body', `the multipart body is malformed (${capText(reason, 200)})`);
  }
  return { fields, files };
}
