/** Multipart uploads (imports, documents, images); the answer is an envelope like any call. */
import type { AnyEndpoint } from '@eem/contract';
import { TIMEOUTS } from '@eem/core';
import {
  exchange,
  prepareCall,
  type RequestOptions,
  type ResolvedClientOptions,
  readJsonAnswer,
} from './client-context.js';
import { ValidationError } from './errors.js';
import type { RawInput } from './validate-input.js';

export interface UploadFile {
  /** The form field (default 'file'). */
  field?: string;
  name: string;
  data: Blob | Uint8Array;
  /** The media type (a Blob's own type otherwise). */
  type?: string;
}

export interface UploadParts {
  files: UploadFile[];
  fields?: Record<string, string>;
}

/** The form: fields, then the endpoint body's entries (if it has one), then the files. */
export function buildFormData(input: RawInput & UploadParts): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  if (typeof input.body === 'object' && input.body !== null) {
    for (const [name, value] of Object.entries(input.body)) {
      if (value === undefined || value === null) continue;
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  for (const file of input.files) {
    form.append(file.field ?? 'file', toBlob(file), file.name);
  }
  return form;
}

function toBlob(file: UploadFile): Blob {
  if (file.data instanceof Blob) {
    return file.type && file.type !== file.data.type
      ? file.data.slice(0, file.data.size, file.type)
      : file.data;
  }
  // A copy, so the Blob owns a plain ArrayBuffer whatever backs the caller's array.
  return new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' });
}

export async function upload(
  client: ResolvedClientOptions,
  endpoint: AnyEndpoint,
  input: RawInput & UploadParts,
  options: RequestOptions = {},
): Promise<unknown> {
  if (!Array.isArray(input.files) || input.files.length === 0) {
    const issues = [{ path: 'files', message: 'choose at least one file' }];
    throw new ValidationError({
      code: 400,
      msg: 'files: choose at least one file',
      endpointId: endpoint.id,
      issues,
    });
  }
  const call = await prepareCall(client, endpoint, input, 'application/json', options);
  const timeoutMs = options.timeoutMs ?? endpoint.timeoutMs ?? TIMEOUTS.uploadMs;
  const body = buildFormData(input);
  return exchange(client, call, { body, timeoutMs, signal: options.signal }, (response) =>
    readJsonAnswer(call, response),
  );
}
