/**
 * Exports and file downloads: a binary answer with its filename from content-disposition;
 * a JSON answer is an error with its msg (or 'abnormal export file').
 */
import type { AnyEndpoint } from '@eem/contract';
import { TIMEOUTS, WIRE_MESSAGES } from '@eem/core';
import {
  errorContext,
  exchange,
  jsonBody,
  type PreparedCall,
  prepareCall,
  type RequestOptions,
  type ResolvedClientOptions,
} from './client-context.js';
import { EemError, errorFromEnvelope, errorFromHttpStatus } from './errors.js';
import type { TransportResponse } from './transport.js';
import type { RawInput } from './validate-input.js';

export interface DownloadResult {
  /** From content-disposition; `.xlsx` appended when it has no extension. */
  filename: string;
  contentType: string;
  /** content-length, when the server sent it. */
  size: number | null;
  /** The bytes as they arrive; read either this or arrayBuffer(), once. */
  body: ReadableStream<Uint8Array>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

/** `.xlsx` is appended to a name without an extension (exports are spreadsheets). */
export function withExtension(name: string): string {
  return EXTENSION.test(name) ? name : `${name}.xlsx`;
}

/**
 * The filename of a content-disposition header: `filename*=UTF-8''…` first (RFC 5987), then
 * `filename="…"` or a bare `filename=…` (percent-encoded or UTF-8-as-Latin-1 names decoded).
 * Directory parts are dropped; `.xlsx` is appended when the name has no extension. The
 * fallback is used when the header names no file.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  const name = (header ? (extendedFilename(header) ?? plainFilename(header)) : undefined)?.trim();
  const base = name ? baseName(name) : '';
  return withExtension(base || baseName(fallback) || 'download');
}

function extendedFilename(header: string): string | undefined {
  const m = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (!m?.[2]) return undefined;
  const charset = (m[1] ?? '').trim().toLowerCase();
  const encoded = m[2].trim().replace(/^"(.*)"$/, '$1');
  try {
    if (charset === 'iso-8859-1' || charset === 'latin1') {
      return encoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

function plainFilename(header: string): string | undefined {
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  const bare = /(?:^|;)\s*filename\s*=\s*([^;"\s][^;]*)/i.exec(header);
  const raw = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1]?.trim();
  if (raw === undefined) return undefined;
  return decodeLoose(raw);
}

/** Servers send UTF-8 names percent-encoded or as raw bytes (read back as Latin-1). */
function decodeLoose(raw: string): string {
  if (/%[0-9A-Fa-f]{2}/.test(raw)) {
    try {
      return decodeURIComponent(raw);
    } catch {
      // not percent-encoding after all
    }
  }
  const codes = Array.from(raw, (c) => c.charCodeAt(0));
  if (codes.some((c) => c >= 0x80) && codes.every((c) => c <= 0xff)) {
    try {
      const bytes = Uint8Array.from(codes);
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      // really Latin-1
    }
  }
  return raw;
}

function baseName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  return last.replace(/^\.+$/, '').trim();
}

export async function download(
  client: ResolvedClientOptions,
  endpoint: AnyEndpoint,
  input: RawInput | undefined,
  options: RequestOptions = {},
): Promise<DownloadResult> {
  const call = await prepareCall(client, endpoint, input, '*/*', options);
  const timeoutMs = options.timeoutMs ?? endpoint.timeoutMs ?? TIMEOUTS.downloadMs;
  const body = jsonBody(endpoint, input);
  if (body !== undefined) call.headers['Content-Type'] = 'application/json';
  return exchange(client, call, { body, timeoutMs, signal: options.signal, streaming: true }, (response) =>
    readDownload(call, response),
  );
}

async function readDownload(call: PreparedCall, response: TransportResponse): Promise<DownloadResult> {
  const context = errorContext(call, response.status);
  const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
  if (/[/+]json\b/i.test(contentType) || response.status === 401) {
    let parsed: { code?: unknown; msg?: unknown } = {};
    try {
      const value = await response.json();
      if (typeof value === 'object' && value !== null) parsed = value;
    } catch {
      // no JSON after all: the status and the export message decide
    }
    const msg = typeof parsed.msg === 'string' && parsed.msg ? parsed.msg : WIRE_MESSAGES.abnormalExport;
    const code = typeof parsed.code === 'number' ? parsed.code : response.status >= 400 ? response.status : 0;
    if (response.status === 401 || code !== 0) throw errorFromEnvelope({ code, msg }, context);
    throw new EemError({ ...context, code, msg });
  }
  if (response.status >= 400) throw errorFromHttpStatus(response.status, context, '');
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const fallback = call.url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const stream = response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  return {
    filename: filenameFromDisposition(response.headers.get('content-disposition'), decodeLoose(fallback)),
    contentType,
    size: Number.isFinite(length) && length >= 0 ? length : null,
    body: stream,
    arrayBuffer: () => response.arrayBuffer(),
  };
}
