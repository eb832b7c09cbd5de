/**
 * `eem datalog export`: readings of points over a range to a file (xlsx, CSV or NDJSON) or to
 * stdout (CSV or NDJSON), streamed to disk with the rows and their rate shown on stderr.
 * The range is cut into chunks the server permits (datalog-plan.ts: the span limit of the
 * interval, at most maxExportCount rows each by datalog.count); a chunk the server still
 * refuses (rows added since it was counted) is counted and cut again. The file is written as
 * FILE.partial and renamed to FILE when complete; on an error or Ctrl-C the partial file is
 * removed, and eem says so.
 */
import { createWriteStream, realpathSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { isTooManyRowsMessage } from '@eem/core';
import type { Context } from '../context.js';
import { CliError, InterruptedError, UsageError } from '../errors.js';
import type { EndingSignal } from '../exit-codes.js';
import { withProgress } from '../output/progress.js';
import { type RowsProgress, rowsProgress } from '../output/rows-progress.js';
import { checkQuery, type QueryFlags, resolvePointIds } from './datalog.js';
import { type ExportFileFormat, exportFormat } from './datalog-flags.js';
import { checkExportTarget, type PartialFile, partialFile, type TargetKind } from './datalog-partial.js';
import { type Chunk, chunksOf, needsTimeZone, planChunks } from './datalog-plan.js';
import { type ChunkWriter, textWriter, wireFormat, xlsxWriter } from './datalog-writers.js';
import { asSdkError } from './errors.js';
import { requireProject } from './nodes.js';
import { chooseLanguage, openSession } from './session.js';
import { needsZone, projectTimeZone, resolveRange, type TimeRange } from './time-flags.js';

export interface ExportFlags extends QueryFlags {
  /** --format xlsx|csv|ndjson. */
  format?: string | undefined;
  /** -o FILE, or '-' for stdout. */
  output?: string | undefined;
  force: boolean;
  /** --no-bom: no byte-order mark at the start of a CSV file (stdout never has one). */
  bom?: boolean | undefined;
}

/** The server refused a chunk for its rows (DATALOG_MESSAGES.tooManyRows). */
export function isTooManyRows(error: unknown): boolean {
  const sdk = asSdkError(error);
  return sdk !== undefined && isTooManyRowsMessage(sdk.msg);
}

interface Target {
  writer: ChunkWriter;
  /** Where the bytes go, for messages ('stdout', a partial file, a device). */
  path: string;
  /** The partial file (none for stdout). */
  file: PartialFile | undefined;
  /** Stops writing at once (an error or Ctrl-C). */
  destroy(): void;
}

async function openTarget(
  ctx: Context,
  target: string,
  kind: TargetKind,
  force: boolean,
  format: ExportFileFormat,
  xlsx: { language: 'zh' | 'en'; timeZone: string },
  bom: boolean,
): Promise<Target> {
  if (target === '-') {
    const out = ctx.io.stdout as unknown as Writable;
    return {
      writer: textWriter(out, wireFormat(format), false),
      path: 'stdout',
      file: undefined,
      destroy: () => {},
    };
  }
  // A device or pipe is written in place; a file under FILE.partial until complete.
  // Through a symbolic link: the file it names is replaced, not the link.
  const real = kind === 'file' ? realpathSync(target) : target;
  const file = kind === 'special' ? undefined : partialFile(real, force);
  const path = file?.partial ?? target;
  const out = createWriteStream(path, { flags: 'w' });
  await new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve());
    out.once('error', (error) =>
      reject(new CliError(`cannot write ${path}: ${error.message}`, { cause: error })),
    );
  });
  // A later failure (a full disk) is read by the writers from out.errored, not thrown here.
  out.on('error', () => {});
  const writer =
    format === 'xlsx' ? await xlsxWriter(out, xlsx) : textWriter(out, wireFormat(format), true, { bom });
  return { writer, path, file, destroy: () => out.destroy() };
}

export async function exportReadings(ctx: Context, flags: ExportFlags): Promise<void> {
  const target = flags.output;
  if (target === undefined || target === '') {
    throw new UsageError('missing -o FILE: where to write the export (-o - for stdout, CSV or NDJSON)');
  }
  const format = exportFormat(flags.format, target);
  const checked = checkQuery(flags);
  const kind = target === '-' ? 'special' : checkExportTarget(target, flags.force);
  const session = await openSession(ctx);
  const projectId = requireProject(session);
  const { client } = session;
  const pointIds = await resolvePointIds(ctx, session, checked.source);
  const [maxNodes, maxRows] = await withProgress(ctx, 'Reading the export limits…', () =>
    Promise.all([client.datalog.maxNodes({}), client.datalog.maxExportCount({})]),
  );
  if (pointIds.length > maxNodes) {
    const flag =
      checked.source.kind === 'points'
        ? '--points'
        : `--${checked.source.kind === 'nodes' ? 'node' : 'meter'}`;
    throw new UsageError(
      `${flag}: ${pointIds.length} points; the server exports at most ${maxNodes} points at a time (maxNodes)`,
      'Export the points in groups.',
    );
  }
  const timeZone =
    needsTimeZone(checked.interval) || format === 'xlsx' || needsZone(checked.range)
      ? await withProgress(ctx, 'Reading the project…', () => projectTimeZone(session, projectId))
      : 'UTC';
  const range = resolveRange(checked.range, ctx.io.now(), timeZone);
  const interval = checked.interval;
  const count = async ({ startTime, endTime }: TimeRange) =>
    (await client.datalog.count({ body: { pointIds, startTime, endTime, interval } })).rows;
  const planOptions = { interval, timeZone, maxRows, count };
  const chunks = await withProgress(ctx, 'Counting the rows…', () =>
    planChunks({ ...range, ...planOptions }),
  );
  const total = chunks.reduce((n, c) => n + c.rows, 0);
  if (chunks.length > 1) {
    ctx.reporter.note(
      `${total} rows in ${chunks.length} chunks (the server exports at most ${maxRows} rows at a time).`,
    );
  }

  const opened = await openTarget(
    ctx,
    target,
    kind,
    flags.force,
    format,
    { language: chooseLanguage(ctx), timeZone },
    flags.bom !== false,
  );
  const { writer, file } = opened;
  const controller = new AbortController();
  let endedBy: EndingSignal = 'SIGINT';
  const release = ctx.io.onInterrupt?.((signal) => {
    endedBy = signal;
    controller.abort();
  });
  // Rows on the terminal itself: no progress drawn between them.
  const progress =
    target === '-' && ctx.io.isTTY.stdout
      ? { update: () => {}, chunkDone: () => {}, end: () => {} }
      : rowsProgress(ctx, { label: 'Exporting', total });
  try {
    await writeChunks({
      chunks,
      writer,
      progress,
      signal: controller.signal,
      fetch: ({ startTime, endTime }) =>
        client.datalog.exportQuery.download(
          { body: { pointIds, startTime, endTime, interval, format: wireFormat(format) } },
          { signal: controller.signal },
        ),
      recut: async (chunk) => chunksOf(chunk, await count(chunk), planOptions),
    });
    await writer.finish();
    progress.end();
    await file?.commit();
  } catch (error) {
    progress.end();
    opened.destroy();
    const removed = await file?.discard().catch(() => false);
    if (file) {
      ctx.reporter.note(
        removed
          ? `Removed the incomplete ${file.partial}; ${file.target} was not written.`
          : `${file.target} was not written.`,
      );
    } else if (writer.rows > 0) {
      const where = target === '-' ? 'on stdout' : `to ${target}`;
      ctx.reporter.note(`The export ${where} is incomplete (${writer.rows} rows written).`);
    }
    if (controller.signal.aborted) throw new InterruptedError(endedBy);
    throw writeFailure(error, opened.path);
  } finally {
    release?.();
  }
  const where = target === '-' ? '' : ` to ${target}`;
  const pieces = chunks.length > 1 ? ` in ${chunks.length} chunks` : '';
  ctx.reporter.success(`Exported ${writer.rows} rows${pieces}${where} (${format}, interval ${interval}).`);
}

/**
 * A chunk's answer that stopped before its end (the connection reset or closed) as a clear
 * error; the output's own failures, eem's and the SDK's errors stay as they are.
 */
export function brokenOff(
  error: unknown,
  signal: AbortSignal,
  at: { index: number; count: number },
): unknown {
  if (signal.aborted || error instanceof CliError || asSdkError(error)) return error;
  if (error instanceof Error && (error as NodeJS.ErrnoException).syscall !== undefined) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return new CliError(
    `the server's answer broke off in chunk ${at.index} of ${at.count}: ${reason}${cause}`,
    { hint: 'Run the export again.', cause: error },
  );
}

/** A failure of the output itself (a full disk, a closed pipe) names where it was writing. */
function writeFailure(error: unknown, path: string): unknown {
  const errno = error instanceof Error ? (error as NodeJS.ErrnoException) : undefined;
  if (errno?.syscall === undefined || asSdkError(error)) return error;
  return new CliError(`cannot write ${path}: ${errno.message}`, { cause: error });
}

interface ChunkRun {
  chunks: Chunk[];
  writer: ChunkWriter;
  progress: RowsProgress;
  signal: AbortSignal;
  fetch: (chunk: TimeRange) => Promise<{ body: ReadableStream<Uint8Array> }>;
  /** The chunk counted again and cut into chunks the server permits now. */
  recut: (chunk: TimeRange) => Promise<Chunk[]>;
}

/** Recuts of refused chunks before eem gives up (rows keep arriving faster than it counts). */
const MAX_RECUTS = 20;

/** Writes the chunks in order; a chunk refused for its rows is cut again (in place, in `chunks`). */
export async function writeChunks(run: ChunkRun): Promise<void> {
  const { chunks, writer, progress } = run;
  let recuts = 0;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i] as Chunk;
    const position = () => ({ index: i + 1, count: chunks.length });
    if (run.signal.aborted) throw new InterruptedError();
    let answer: { body: ReadableStream<Uint8Array> };
    try {
      answer = await run.fetch(chunk);
    } catch (error) {
      if (!isTooManyRows(error) || recuts >= MAX_RECUTS) throw error;
      recuts++;
      chunks.splice(i, 1, ...(await run.recut(chunk)));
      i--;
      continue;
    }
    try {
      await writer.chunk(answer.body, (rows) => progress.update(rows, position()));
    } catch (error) {
      throw brokenOff(error, run.signal, position());
    }
    progress.chunkDone(writer.rows, position());
  }
}
