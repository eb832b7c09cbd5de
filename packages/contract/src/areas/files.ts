import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { fileName, storedFile } from './files-schemas.js';

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

export * from './files-schemas.js';
