/**
 * `eem events confirm`: confirm events by id (events.confirm, in calls of at most 1,000) or
 * every unconfirmed event matching the list filters (events.confirmMatching). Normal confirms
 * carry a processing result (--result, else asked for on a terminal); --simple records the
 * default text. --all-matching first counts (a dry run), then asks on a terminal or needs
 * --yes without one; --dry-run only says how many would be confirmed.
 */
import type { EventFilter } from '@eem/contract';
import { confirmChoice } from '@eem/contract/areas/events';
import { EVENT_LIMITS, EVENT_MESSAGES, isConfirmed } from '@eem/core';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { withProgress } from '../output/progress.js';
import { checkFlags } from './contract-flags.js';
import { asSdkError, serverMessage } from './errors.js';
import { eventError, requireEventProject } from './events.js';
import { checkEventFlags, eventFilterOf, type FilterFlags, parseEventIds } from './events-flags.js';
import { ask } from './prompt.js';
import { openSession } from './session.js';
import { rangeSpec, rangeZone } from './time-flags.js';

export interface ConfirmFlags extends FilterFlags {
  ids: string[];
  result?: string | undefined;
  simple?: boolean | undefined;
  allMatching?: boolean | undefined;
  dryRun?: boolean | undefined;
  yes?: boolean | undefined;
  json?: boolean | undefined;
}

/** What to confirm: ids, or the events a filter matches. */
export type ConfirmTarget = { kind: 'ids'; ids: number[] } | { kind: 'matching'; filter: EventFilter };

const FILTER_FLAGS = ['status', 'level', 'type', 'node', 'since', 'from', 'to', 'keyword'] as const;

/** The flags checked before anything is sent: ids or --all-matching, --result or --simple. */
export function confirmTarget(flags: ConfirmFlags, now: number): ConfirmTarget {
  const ids = parseEventIds(flags.ids);
  const filterGiven = FILTER_FLAGS.filter((f) => flags[f] !== undefined);
  if (flags.allMatching) {
    if (ids.length > 0) throw new UsageError('give event ids or --all-matching, not both');
    return { kind: 'matching', filter: checkEventFlags(flags, now) };
  }
  if (filterGiven.length > 0) {
    throw new UsageError(
      `--${filterGiven[0]} filters the events of --all-matching; with ids, give no filter`,
      'Confirm what a filter matches with `eem events confirm --all-matching --status pending …`.',
    );
  }
  if (ids.length === 0) {
    throw new UsageError(
      'name the events to confirm: ID… or --all-matching with filters',
      'e.g. `eem events confirm 12 13 --result "checked"`, `eem events confirm --all-matching --level 3 --simple`',
    );
  }
  return { kind: 'ids', ids };
}

export interface ConfirmMode {
  mode: 'normal' | 'simple';
  result?: string;
}

/** --result TEXT or --simple (not both); the result is checked as the server checks it. */
export function checkResult(flags: ConfirmFlags): ConfirmMode | undefined {
  if (flags.simple && flags.result !== undefined) {
    throw new UsageError('give --result TEXT or --simple, not both');
  }
  if (flags.simple) return { mode: 'simple' };
  if (flags.result === undefined) return undefined;
  return { mode: 'normal', result: resultText(flags.result) };
}

/** The processing result, checked by the contract's confirm rule (required, its length). */
function resultText(value: string): string {
  const text = value.trim();
  checkFlags(confirmChoice, { mode: 'normal', result: text }, { result: '--result' });
  return text;
}

/** The result given by the flags, else asked for on a terminal (a usage error without one). */
async function resolveMode(ctx: Context, flags: ConfirmFlags): Promise<ConfirmMode> {
  const given = checkResult(flags);
  if (given) return given;
  if (!ctx.canPrompt) {
    throw new UsageError(
      '--result TEXT (the processing result) or --simple is required when eem is not run on a terminal',
    );
  }
  const answer = await ask(ctx, 'Processing result', { flag: '--result' });
  return { mode: 'normal', result: resultText(answer) };
}

function plural(n: number): string {
  return `${n} event${n === 1 ? '' : 's'}`;
}

function confirmError(error: unknown): unknown {
  const sdk = asSdkError(error);
  if (sdk?.name === 'ValidationError' || sdk?.name === 'NotFoundError')
    return new CliError(`the server refused the confirmation: ${serverMessage(sdk)}`, { cause: error });
  return eventError(error, 'confirm events');
}

export async function confirmEvents(ctx: Context, flags: ConfirmFlags): Promise<void> {
  const checked = confirmTarget(flags, ctx.io.now());
  checkResult(flags);
  if (flags.dryRun && flags.yes) throw new UsageError('give --dry-run or --yes, not both');
  const session = await openSession(ctx);
  requireEventProject(session);
  // The filter again, its dates now in the project's time zone.
  const target: ConfirmTarget =
    checked.kind === 'matching'
      ? {
          kind: 'matching',
          filter: eventFilterOf(flags, ctx.io.now(), await rangeZone(session, rangeSpec(flags))),
        }
      : checked;
  const { events } = session.client;
  const print = (data: unknown) => {
    if (flags.json) ctx.io.stdout.write(`${JSON.stringify(data)}\n`);
  };

  if (target.kind === 'ids') {
    if (flags.dryRun) {
      const found = await withProgress(ctx, 'Reading the events…', () =>
        Promise.all(
          target.ids.map((id) =>
            events.event({ params: { id } }).catch((error: unknown) => {
              if (asSdkError(error)?.name === 'NotFoundError')
                throw new CliError(EVENT_MESSAGES.unknownEvent(id), { cause: error });
              throw eventError(error, 'read events');
            }),
          ),
        ),
      );
      const open = found.filter((e) => !isConfirmed(e)).map((e) => e.id);
      print({ matched: open.length, ids: open });
      ctx.reporter.note(
        `${plural(open.length)} would be confirmed${found.length > open.length ? ` (${found.length - open.length} already confirmed)` : ''}; none confirmed (dry run).`,
      );
      return;
    }
    const mode = await resolveMode(ctx, flags);
    const confirmed: number[] = [];
    const skipped: number[] = [];
    try {
      await withProgress(ctx, `Confirming ${plural(target.ids.length)}…`, async () => {
        for (let i = 0; i < target.ids.length; i += EVENT_LIMITS.confirmMax) {
          const chunk = target.ids.slice(i, i + EVENT_LIMITS.confirmMax);
          const answer = await events.confirm({
            body: { events: chunk.map((eventId) => ({ eventId })), ...mode },
          });
          confirmed.push(...answer.confirmed);
          skipped.push(...answer.skipped);
        }
      });
    } catch (error) {
      if (confirmed.length > 0) ctx.reporter.note(`Confirmed ${plural(confirmed.length)} before the error.`);
      throw confirmError(error);
    }
    print({ confirmed, skipped });
    ctx.reporter.success(
      `Confirmed ${plural(confirmed.length)}${mode.mode === 'simple' ? ' (simple)' : ''}.` +
        (skipped.length > 0 ? ` Already confirmed, skipped: ${skipped.join(', ')}.` : ''),
    );
    return;
  }

  const counted = await withProgress(ctx, 'Counting the matching events…', () =>
    events.confirmMatching({ body: { filter: target.filter, dryRun: true, mode: 'simple' } }),
  ).catch((error: unknown) => {
    throw confirmError(error);
  });
  const matched = counted.matched;
  const capped = Math.min(matched, EVENT_LIMITS.confirmMatchingMax);
  const beyond =
    matched > capped ? ` (at most ${EVENT_LIMITS.confirmMatchingMax.toLocaleString('en-US')} at a time)` : '';
  if (flags.dryRun) {
    print({ matched });
    ctx.reporter.note(
      `${matched} unconfirmed event${matched === 1 ? '' : 's'} match${beyond}; none confirmed (dry run).`,
    );
    return;
  }
  if (matched === 0) {
    print({ matched: 0, confirmed: 0 });
    ctx.reporter.note('No unconfirmed events match; nothing to confirm.');
    return;
  }
  const mode = await resolveMode(ctx, flags);
  if (!flags.yes) {
    if (!ctx.canPrompt) {
      throw new UsageError(
        `--yes is required to confirm ${plural(capped)} without a terminal (eem never asks without one)`,
        'Check first with --dry-run.',
      );
    }
    const answer = await ask(ctx, `Confirm ${plural(capped)}${beyond}? [y/N]`, { flag: '--yes' });
    if (!/^y(es)?$/i.test(answer.trim())) {
      ctx.reporter.note('Nothing confirmed.');
      return;
    }
  }
  const done = await withProgress(ctx, `Confirming ${plural(capped)}…`, () =>
    events.confirmMatching({ body: { filter: target.filter, dryRun: false, ...mode } }),
  ).catch((error: unknown) => {
    throw confirmError(error);
  });
  print(done);
  ctx.reporter.success(
    `Confirmed ${plural(done.confirmed)}${mode.mode === 'simple' ? ' (simple)' : ''}.` +
      (done.matched > done.confirmed
        ? ` ${plural(done.matched - done.confirmed)} still match; run it again for the rest.`
        : ''),
  );
}
