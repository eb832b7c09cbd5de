/** Running and recent tasks of the current project with live progress (notices.importProgressAll). */
import type { Task } from '@eem/contract';
import { progressPercent, taskOperationName, taskPhase } from '@eem/core';
import { Box, Text } from 'ink';
import { truncate } from '../output/text-width.js';
import { displayTime } from '../output/time.js';
import { Pane, position } from './Pane.js';

export interface TasksPaneProps {
  tasks: Task[] | undefined;
  /** No current project: the pane says so instead of polling. */
  projectId: number;
  focused: boolean;
  height: number;
  /** Columns, the border included. */
  width: number;
  error: string | undefined;
  /** The project's time zone, in which times are shown (undefined: none chosen, the machine's). */
  timeZone?: string | undefined;
}

const BAR = 12;

/** The columns of a line before its text: id, phase, bar and percent. */
const FIXED = 7 + 9 + BAR + 6;

function TaskLine({
  task,
  textWidth,
  timeZone,
}: {
  task: Task;
  textWidth: number;
  timeZone: string | undefined;
}) {
  const phase = taskPhase(task.status);
  const percent = phase === 'success' ? 100 : progressPercent(task.ratio);
  const filled = Math.round((percent / 100) * BAR);
  const colour = phase === 'success' ? 'green' : phase === 'failure' ? 'red' : 'yellow';
  return (
    <Box>
      <Box width={7} flexShrink={0}>
        <Text dimColor>#{task.id}</Text>
      </Box>
      <Box width={9} flexShrink={0}>
        <Text color={colour}>{phase === 'running' ? 'running' : phase}</Text>
      </Box>
      <Box width={BAR + 6} flexShrink={0}>
        <Text color="cyan">{'█'.repeat(filled)}</Text>
        <Text dimColor>{'░'.repeat(BAR - filled)}</Text>
        <Text> {String(percent).padStart(3)}%</Text>
      </Box>
      <Text>
        {truncate(
          `${taskOperationName(task.operationType)} · ${task.processInfo.name} · ${displayTime(task.startTime, timeZone)}${task.message ? ` · ${task.message}` : ''}`,
          Math.max(1, textWidth),
        )}
      </Text>
    </Box>
  );
}

export function TasksPane({ tasks, projectId, focused, height, width, error, timeZone }: TasksPaneProps) {
  const all = [...(tasks ?? [])].sort(
    (a, b) =>
      Number(taskPhase(a.status) !== 'running') - Number(taskPhase(b.status) !== 'running') ||
      b.startTime - a.startTime,
  );
  // Below the border and the title: the running ones first, then the newest.
  const shown = all.slice(0, Math.max(1, height - 3));
  return (
    <Pane title={`Tasks${position(0, shown.length, all.length)}`} focused={focused} height={height}>
      {projectId === 0 ? (
        <Text dimColor>No current project: tasks belong to a project.</Text>
      ) : error ? (
        <Text color="red">{error}</Text>
      ) : tasks === undefined ? (
        <Text dimColor>loading…</Text>
      ) : shown.length === 0 ? (
        <Text dimColor>No running or recent tasks. (eem import nodes FILE starts one.)</Text>
      ) : (
        shown.map((task) => (
          <TaskLine key={task.id} task={task} textWidth={width - 4 - FIXED} timeZone={timeZone} />
        ))
      )}
    </Pane>
  );
}
