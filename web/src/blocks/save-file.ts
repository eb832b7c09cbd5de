/**
 * Saving what the server sends (exports, documents) as a file in the browser, and the
 * message of a failed download: the server's msg, else 'abnormal export file'.
 */

import { Toast } from '@douyinfe/semi-ui-19';
import { problemsText, WIRE_MESSAGES } from '@eem/core';
import type { DownloadResult } from '@eem/sdk';
import { EemError } from '@eem/sdk';
import { unreadableAnswerText } from '../app/query-client';

/** Offers a blob to the user under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a download and saves it under the filename the SDK took from content-disposition. */
export async function saveDownload(result: DownloadResult): Promise<string> {
  const bytes = await result.arrayBuffer();
  saveBlob(new Blob([bytes], { type: result.contentType }), result.filename);
  return result.filename;
}

/** The message a user sees when a download or export fails. */
export function downloadErrorMessage(error: unknown): string {
  const unreadable = unreadableAnswerText(error);
  if (unreadable !== null) return unreadable;
  if (error instanceof EemError && error.msg) return problemsText(error.msg);
  return WIRE_MESSAGES.abnormalExport;
}

/** The message of any failed call: the server's msg when there is one, without field paths. */
export function errorMessage(error: unknown, fallback: string): string {
  const unreadable = unreadableAnswerText(error);
  if (unreadable !== null) return unreadable;
  if (error instanceof EemError && error.msg) return problemsText(error.msg);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Fetches a download and saves it; a failure shows as an error toast. */
export async function saveDownloadOrToast(load: () => Promise<DownloadResult>): Promise<void> {
  try {
    await saveDownload(await load());
  } catch (error) {
    Toast.error(downloadErrorMessage(error));
  }
}
