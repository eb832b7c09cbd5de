/**
 * Writes a downloaded file (a template, an error report) to a path or to stdout. An existing
 * file is replaced only when asked; binary data never goes to a terminal.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { DownloadResult } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';

export interface SaveOptions {
  /** A path, or '-' for stdout. */
  target: string;
  /** Replace an existing file. */
  force: boolean;
  /** The flag that named the target, for messages (e.g. '-o'). */
  flag: string;
}

function exists(target: string): CliError {
  return new CliError(`${target} already exists; nothing was written`, {
    hint: 'Give --force to replace it, or another file name.',
  });
}

/**
 * Refuses `-` when stdout is a terminal, and an existing file without --force: checked before
 * anything is sent (the write itself checks again, atomically).
 */
export function checkTarget(ctx: Context, options: SaveOptions): void {
  if (options.target === '-') {
    if (ctx.io.isTTY.stdout) {
      throw new UsageError(
        `${options.flag} -: refusing to write a binary workbook to the terminal`,
        `Give ${options.flag} FILE, or pipe or redirect stdout.`,
      );
    }
    return;
  }
  if (!options.force && existsSync(options.target)) throw exists(options.target);
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** Writes the bytes; answers the path written ('-' for stdout) and the size. */
export async function saveDownload(
  ctx: Context,
  file: DownloadResult,
  options: SaveOptions,
): Promise<{ path: string; bytes: number }> {
  checkTarget(ctx, options);
  const data = new Uint8Array(await file.arrayBuffer());
  if (options.target === '-') {
    await new Promise<void>((resolve, reject) => {
      ctx.io.stdout.write(data, (error) => (error ? reject(error) : resolve()));
    });
    return { path: '-', bytes: data.byteLength };
  }
  try {
    await writeFile(options.target, data, { flag: options.force ? 'w' : 'wx' });
  } catch (error) {
    if (isErrno(error, 'EEXIST')) throw exists(options.target);
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`cannot write ${options.target}: ${reason}`, { cause: error });
  }
  return { path: options.target, bytes: data.byteLength };
}
