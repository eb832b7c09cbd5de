/**
 * A file written under `FILE.partial` and renamed to FILE only once complete, so an interrupted
 * export (Ctrl-C, a network error, a full disk) never leaves a truncated file posing as a whole
 * one. An existing FILE is replaced only with --force; a `.partial` left by an earlier run is
 * overwritten (it is never a finished file). A device or pipe is written in place.
 */
import { existsSync, type Stats, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { CliError } from '../errors.js';

export interface PartialFile {
  /** Where the finished file goes. */
  readonly target: string;
  /** Where it is written meanwhile. */
  readonly partial: string;
  /** Renames the partial file to the target. */
  commit(): Promise<void>;
  /** Removes the partial file; true when there was one. */
  discard(): Promise<boolean>;
}

export function partialPathOf(target: string): string {
  return `${target}.partial`;
}

function alreadyThere(target: string): CliError {
  return new CliError(`${target} already exists; nothing was written`, {
    hint: 'Give --force to replace it, or another file name.',
  });
}

/**
 * What the target is: none yet, a regular file, or something else that is written to in place
 * (a device such as /dev/null, a named pipe, /dev/fd/N of a process substitution): never
 * renamed over, since that would replace the device or pipe with a file.
 */
export type TargetKind = 'new' | 'file' | 'special';

/**
 * Checks the target before anything is sent: a directory is refused, and an existing file
 * without --force.
 */
export function checkExportTarget(target: string, force: boolean): TargetKind {
  let info: Stats;
  try {
    info = statSync(target);
  } catch {
    return 'new';
  }
  if (info.isDirectory()) throw new CliError(`${target} is a directory; give a file name`);
  if (!info.isFile()) return 'special';
  if (!force) throw alreadyThere(target);
  return 'file';
}

export function partialFile(target: string, force: boolean): PartialFile {
  const partial = partialPathOf(target);
  return {
    target,
    partial,
    async commit() {
      // Checked again: the file may have appeared while the export ran.
      if (!force && existsSync(target)) {
        await rm(partial, { force: true });
        throw alreadyThere(target);
      }
      try {
        await rename(partial, target);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new CliError(`cannot rename ${partial} to ${target}: ${reason}`, { cause: error });
      }
    },
    async discard() {
      if (!existsSync(partial)) return false;
      await rm(partial, { force: true });
      return true;
    },
  };
}
