/**
 * The user's notices, live (the same stream as `eem notices tail`): newest first, each with its
 * time, class in its alarm colour, type, description and node; the first line tells quiet
 * ("connected · quiet for 2m") from disconnected ("disconnected · retrying in 4s").
 */
import type { Notice } from '@eem/contract';
import { logTypeName } from '@eem/core';
import { Box, Text } from 'ink';
import { displayTime } from '../output/time.js';
import { alarmColour, className } from '../services/events-colours.js';
import { noticeNode, statusText } from '../services/notices-tail-format.js';
import type { StreamState } from '../services/notices-tail-stream.js';
import { Pane } from './Pane.js';

export interface NoticesPaneProps {
  /** Newest first. */
  notices: Notice[];
  /** How many arrived since the app opened. */
  count: number;
  state: StreamState | undefined;
  lastNoticeAt: number | undefined;
  now: number;
  focused: boolean;
  height: number;
  /** The project's time zone, in which times are shown (undefined: none chosen, the machine's). */
  timeZone?: string | undefined;
}

/** HH:mm:ss in the project's zone. */
const clock = (ms: number, timeZone: string | undefined) => displayTime(ms, timeZone).slice(11);

function NoticeLine({ notice, timeZone }: { notice: Notice; timeZone: string | undefined }) {
  const node = noticeNode(notice);
  return (
    <Box>
      <Box width={9} flexShrink={0}>
        <Text dimColor>{clock(notice.time, timeZone)}</Text>
      </Box>
      <Box width={9} flexShrink={0}>
        <Text color={alarmColour(notice.eventClass)} bold={notice.eventClass <= 2}>
          {className(notice.eventClass)}
        </Text>
      </Box>
      <Text wrap="truncate-end">
        <Text bold>{notice.logTypeName || logTypeName(notice.logType)}</Text> {notice.description}
        {node && !notice.description.includes(node) ? <Text dimColor> · {node}</Text> : null}
      </Text>
    </Box>
  );
}

export function NoticesPane({
  notices,
  count,
  state,
  lastNoticeAt,
  now,
  focused,
  height,
  timeZone,
}: NoticesPaneProps) {
  const shown = notices.slice(0, Math.max(1, height - 4));
  const colour = state?.kind === 'connected' ? 'green' : state?.kind === 'disconnected' ? 'red' : 'yellow';
  return (
    <Pane title="Notices" focused={focused} height={height}>
      <Text wrap="truncate-end">
        <Text color={colour}>● </Text>
        <Text dimColor>{state ? statusText(state, now, count, lastNoticeAt) : 'connecting…'}</Text>
      </Text>
      {shown.length === 0 ? (
        <Text dimColor>No notices since the app opened. They appear here as they arrive.</Text>
      ) : (
        shown.map((notice) => <NoticeLine key={notice.id} notice={notice} timeZone={timeZone} />)
      )}
    </Pane>
  );
}
