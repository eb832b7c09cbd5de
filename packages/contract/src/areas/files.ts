/**
 * Generic files (screens.md §3.5): project images and documents, user-group logos. Files
 * belong to the uploader's tenant; only that tenant (and its parents) may read them.
 */
import { MESSAGES, UPLOAD_LIMITS } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';

/** The server's stored names: 32 hex characters and an allowed extension. */
export const FILE_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|xls|xlsx|docx|pdf)$/;

export const fileName = z
  .string({ error: 'fileName cannot be empty' })
  .regex(FILE_NAME_PATTERN, { error: 'fileName must name a file uploaded with uploadFile' });

export const storedFile = z.object({
  fileName: z.string(),
  originalName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type StoredFile = z.output<typeof storedFile>;

export const UPLOAD_KINDS = {
  image: {
    extensions: UPLOAD_LIMITS.imageExtensions,
    maxBytes: UPLOAD_LIMITS.deviceImageBytes,
    message: MESSAGES.imageType,
  },
  document: {
    extensions: UPLOAD_LIMITS.documentExtensions,
    maxBytes: UPLOAD_LIMITS.documentBytes,
    message: MESSAGES.documentType,
  },
} as const;

export const files = {
  uploadFile: defineEndpoint({
    id: 'files.uploadFile',
    method: 'POST',
    path: '/eem-service/v1/common/uploadFile',
    summary:
      'Upload one file (multipart field file): kind image = jpg or png up to 200K, kind document = xls, xlsx, docx or pdf up to 10M.',
    body: z.object({
      kind: z.enum(['image', 'document'], { error: 'kind must be image or document' }).default('document'),
    }),
    data: storedFile,
    permission: 'session',
    kind: 'upload',
    timeoutMs: 60_000,
  }),
  downloadFile: defineEndpoint({
    id: 'files.downloadFile',
    method: 'GET',
    path: '/eem-service/v1/common/downloadFile',
    summary: 'Download a file of the caller’s tenant under its original name.',
    query: z.object({ fileName }),
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  deleteFile: defineEndpoint({
    id: 'files.deleteFile',
    method: 'DELETE',
    path: '/eem-service/v1/common/deleteFile',
    summary:
      'Delete a file no project profile or group logo uses any more (its uploader, a tenant administrator or root).',
    query: z.object({ fileName }),
    data: z.null(),
    permission: 'session',
  }),
} as const;
