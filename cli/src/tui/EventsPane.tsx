/**
 * The events of the current project (the last 7 days, newest first): move with ↑↓, select with
 * space (a: every unconfirmed one, again: none), confirm the selection (or the event under the
 * cursor) with a processing result typed in (c or Enter; Enter sends, Esc cancels) or simply
 * (s, the default text). While the result is typed the pane has every key (onCapture).
 */
import type { EventItem } from '@eem/contract';
import { confirmChoice } from '@eem/contract/areas/events';
import { EVENT_LIMITS, isConfirmed } from '@eem/core';
import { Box, Text, useInput } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { textWidth as textWidthOf, truncate } from '../output/text-width.js';
import { displayTime } from '../output/time.js';
import { asSdkError, isSdkError, serverMessageOf } from '../services/errors.js';
import { alarmColour } from '../services/events-colours.js';
import type { AppServices } from './app-model.js';
import { visibleWindow } from './app-model.js';
import { Pane, position } from './Pane.js';

export interface EventsPaneProps {
  services: Pick<AppServices, 'events' | 'confirmEvents'>;
  projectId: number;
  focused: boolean;
  height: number;
  /** Columns, the border included. */
  width: number;
  /** true while the result is being typed: the app leaves every key to the pane. */
  onCapture: (capturing: boolean) => void;
  /** An error the app handles (an expired session ends the app). */
  onFail: (error: unknown) => void;
  /** The project's time zone, in which times are shown (undefined: none chosen, the machine's). */
  timeZone?: string | undefined;
}

type Tone = 'info' | 'success' | 'error';

const STATUS: Record<number, [string, string | undefined]> = {
  1: ['pending', 'yellow'],
  2: ['processing', 'cyan'],
  3: ['confirmed', 'green'],
};

/** The columns of a line before its text: cursor and mark, id, level, status. */
const FIXED = 6 + 8 + 3 + 11;

function EventLine({
  event,
  cursor,
  selected,
  textWidth,
  timeZone,
}: {
  event: EventItem;
  cursor: boolean;
  selected: boolean;
  textWidth: number;
  timeZone: string | undefined;
}) {
  const [status, colour] = STATUS[event.status] ?? [String(event.status), undefined];
  // Cut here, by display width (a Chinese name takes two columns a character), so the line
  // never pushes the pane's right border.
  const text = truncate(
    `${displayTime(event.time, timeZone).slice(5, 16)} · ${event.logTypeName} · ${event.nodeName} · ${event.description}`,
    Math.max(1, textWidth),
  );
  return (
    <Box>
      <Box width={6} flexShrink={0}>
        <Text color={cursor ? 'cyan' : undefined}>{cursor ? '› ' : '  '}</Text>
        <Text color={selected ? 'cyan' : undefined}>{selected ? '[x]' : '[ ]'}</Text>
      </Box>
      <Box width={8} flexShrink={0}>
        <Text dimColor>#{event.id}</Text>
      </Box>
      <Box width={3} flexShrink={0}>
        <Text color={alarmColour(event.level)} bold={event.level <= 2}>
          L{event.level}
        </Text>
      </Box>
      <Box width={11} flexShrink={0}>
        <Text color={colour}>{status}</Text>
      </Box>
      <Text>{text}</Text>
    </Box>
  );
}

const HINTS = 'space select · a all · c confirm with a result · s simple confirm · r reload';

export function EventsPane({
  services,
  projectId,
  focused,
  height,
  width,
  onCapture,
  onFail,
  timeZone,
}: EventsPaneProps) {
  const [events, setEvents] = useState<EventItem[]>();
  const [error, setError] = useState<string>();
  const [cursor, setCursor] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [input, setInput] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: Tone }>();

  const load = useCallback(async () => {
    if (!services.events || projectId === 0) return;
    try {
      const list = await services.events();
      setEvents(list);
      setError(undefined);
      setCursor((c) => Math.min(c, Math.max(0, list.length - 1)));
    } catch (e) {
      if (isSdkError(e, 'SessionExpiredError')) onFail(e);
      else setError(serverMessageOf(asSdkError(e)) || (e instanceof Error ? e.message : String(e)));
    }
  }, [services, projectId, onFail]);

  useEffect(() => {
    void load();
  }, [load]);

  const setCapture = (value: string | undefined) => {
    setInput(value);
    onCapture(value !== undefined);
  };

  /** The selection, else the event under the cursor; only the unconfirmed ones. */
  const targets = (list: EventItem[], chosen: ReadonlySet<number>, at: number): EventItem[] => {
    const picked = chosen.size > 0 ? list.filter((e) => chosen.has(e.id)) : list.slice(at, at + 1);
    return picked.filter((e) => !isConfirmed(e));
  };

  const confirm = async (ids: number[], mode: 'normal' | 'simple', result?: string) => {
    if (!services.confirmEvents) return;
    setBusy(true);
    setMessage({ text: `confirming ${ids.length} event${ids.length === 1 ? '' : 's'}…`, tone: 'info' });
    try {
      const answer = await services.confirmEvents(ids, mode, result);
      setMessage({
        text: `confirmed ${answer.confirmed.length} event${answer.confirmed.length === 1 ? '' : 's'}${mode === 'simple' ? ' (simple)' : ''}${answer.skipped.length > 0 ? `; already confirmed: ${answer.skipped.join(', ')}` : ''}`,
        tone: 'success',
      });
      setSelected(new Set());
      await load();
    } catch (e) {
      if (isSdkError(e, 'SessionExpiredError')) onFail(e);
      else
        setMessage({
          text: serverMessageOf(asSdkError(e)) || (e instanceof Error ? e.message : String(e)),
          tone: 'error',
        });
    } finally {
      setBusy(false);
    }
  };

  const latest = useRef({ events, cursor, selected, input, busy });
  latest.current = { events, cursor, selected, input, busy };

  useInput(
    (key, info) => {
      const { events: list = [], cursor: at, selected: chosen, input: typed, busy: working } = latest.current;
      if (typed !== undefined) {
        if (info.escape) {
          setCapture(undefined);
          setMessage({ text: 'not confirmed', tone: 'info' });
        } else if (info.return) {
          const result = typed.trim();
          // The contract's confirm rule, with its message.
          const refused = confirmChoice.safeParse({ mode: 'normal', result });
          if (!refused.success) {
            setMessage({ text: refused.error.issues[0]?.message ?? '', tone: 'error' });
            return;
          }
          setCapture(undefined);
          void confirm(
            targets(list, chosen, at).map((e) => e.id),
            'normal',
            result,
          );
        } else if (info.backspace || info.delete) {
          const next = [...typed].slice(0, -1).join('');
          latest.current.input = next;
          setInput(next);
        } else if (!info.ctrl && !info.meta && key) {
          const next = `${typed}${key.replace(/[\r\n\t]/g, ' ')}`.slice(0, EVENT_LIMITS.resultMax);
          latest.current.input = next;
          setInput(next);
          setMessage(undefined);
        }
        return;
      }
      if (working) return;
      if (info.upArrow || key === 'k') setCursor(Math.max(0, at - 1));
      else if (info.downArrow || key === 'j') setCursor(Math.min(Math.max(0, list.length - 1), at + 1));
      else if (key === ' ') {
        const event = list[at];
        if (!event) return;
        const next = new Set(chosen);
        if (next.has(event.id)) next.delete(event.id);
        else next.add(event.id);
        setSelected(next);
      } else if (key === 'a') {
        const open = list.filter((e) => !isConfirmed(e)).map((e) => e.id);
        setSelected(chosen.size > 0 ? new Set() : new Set(open));
      } else if (key === 'r') {
        setMessage({ text: 'reloading…', tone: 'info' });
        void load().then(() => setMessage(undefined));
      } else if (key === 'c' || key === 's' || info.return) {
        const picked = targets(list, chosen, at);
        if (picked.length === 0) {
          setMessage({
            text: list.length === 0 ? 'no events to confirm' : 'already confirmed: choose a pending event',
            tone: 'info',
          });
          return;
        }
        if (key === 's') {
          void confirm(
            picked.map((e) => e.id),
            'simple',
          );
        } else {
          latest.current.input = '';
          setCapture('');
          setMessage(undefined);
        }
      }
    },
    { isActive: focused },
  );

  // Below the border and the title, above the hints (wrapped, never cut) or the result.
  const inner = Math.max(1, width - 4);
  const hintLines = Math.ceil(textWidthOf(HINTS) / inner);
  const rows = Math.max(1, height - 3 - hintLines);
  const list = events ?? [];
  const window = visibleWindow(list.length, cursor, rows);
  const chosenCount = targets(list, selected, cursor).length;
  return (
    <Pane
      title={`Events${position(window.start, window.end, list.length)}${selected.size > 0 ? ` · ${selected.size} selected` : ''}`}
      focused={focused}
      height={height}
    >
      {projectId === 0 ? (
        <Text dimColor>No current project: events belong to a project.</Text>
      ) : error ? (
        <Text color="red">{error}</Text>
      ) : events === undefined ? (
        <Text dimColor>loading…</Text>
      ) : list.length === 0 ? (
        <Text dimColor>No events in the last 7 days.</Text>
      ) : (
        list
          .slice(window.start, window.end)
          .map((event, i) => (
            <EventLine
              key={event.id}
              event={event}
              cursor={window.start + i === cursor}
              selected={selected.has(event.id)}
              textWidth={inner - FIXED}
              timeZone={timeZone}
            />
          ))
      )}
      <Box flexGrow={1} />
      {input !== undefined && message ? (
        <Text wrap="truncate-end" color={message.tone === 'error' ? 'red' : undefined}>
          {message.text}
        </Text>
      ) : null}
      {input !== undefined ? (
        <Text wrap="truncate-start">
          <Text color="cyan">
            Result for {chosenCount} event{chosenCount === 1 ? '' : 's'}:{' '}
          </Text>
          {input}
          <Text inverse> </Text>
          <Text dimColor> (enter confirms, esc cancels)</Text>
        </Text>
      ) : message ? (
        <Text
          wrap="truncate-end"
          color={message.tone === 'error' ? 'red' : message.tone === 'success' ? 'green' : undefined}
        >
          {message.text}
        </Text>
      ) : (
        <Box height={hintLines} flexShrink={0}>
          <Text dimColor wrap="wrap">
            {HINTS}
          </Text>
        </Box>
      )}
    </Pane>
  );
}
