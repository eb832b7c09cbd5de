/** The schemas of stored files that other areas use too (projects does). */
import { MESSAGES, UPLOAD_LIMITS } from '@eem/core';
import { z } from 'zod';

/** The server's stored names: 32 hex characters and an allowed extension. */
export const FILE_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|xls|xlsx|docx|pdf)$/;

export const fileName = z
  .string({ error: 'fileName cannot be empty' })
  .max(40, { error: 'fileName must name a file uploaded with uploadFile' })
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
