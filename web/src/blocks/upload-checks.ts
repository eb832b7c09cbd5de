/** Client-side checks of a file before upload, with the server's messages (platform-core §5). */
import { MESSAGES, UPLOAD_LIMITS } from '@eem/core';

function extensionOf(name: string): string {
  return name.toLowerCase().split('.').pop() ?? '';
}

/** jpg or png up to 200K (the server's image kind); null when fine. */
export function imageProblem(file: { name: string; size: number }): string | null {
  if (!(UPLOAD_LIMITS.imageExtensions as readonly string[]).includes(extensionOf(file.name)))
    return MESSAGES.imageType;
  if (file.size > UPLOAD_LIMITS.deviceImageBytes) return MESSAGES.fileTooLarge;
  return null;
}

/** xls, xlsx, docx or pdf up to 10M (the server's document kind); null when fine. */
export function documentProblem(file: { name: string; size: number }): string | null {
  if (!(UPLOAD_LIMITS.documentExtensions as readonly string[]).includes(extensionOf(file.name))) {
    return MESSAGES.documentType;
  }
  if (file.size > UPLOAD_LIMITS.documentBytes) return MESSAGES.fileTooLarge;
  return null;
}
