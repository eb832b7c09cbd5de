/** The project switcher: the projects the user may enter (the tenant tree in platform mode). */
import { Box, Text } from 'ink';
import { type Entry, visibleWindow } from './app-model.js';
import { Pane, position } from './Pane.js';

export interface ProjectPaneProps {
  entries: readonly Entry[];
  cursor: number;
  currentId: number;
  focused: boolean;
  height: number;
  /** Columns, the border included. */
  width: number;
  loading: boolean;
}

function label(entry: Entry): string {
  return entry.kind === 'platform' ? entry.label : entry.row.name;
}

export function ProjectPane({
  entries,
  cursor,
  currentId,
  focused,
  height,
  width,
  loading,
}: ProjectPaneProps) {
  // Below the border and the title.
  const rows = Math.max(1, height - 3);
  const { start, end } = visibleWindow(entries.length, cursor, rows);
  return (
    <Pane
      title={
        <>
          Projects<Text dimColor>{position(start, end, entries.length)}</Text>
        </>
      }
      focused={focused}
      height={height}
      width={width}
    >
      {loading && entries.length === 0 ? <Text dimColor>loading…</Text> : null}
      {!loading && entries.length === 0 ? <Text dimColor>no projects to enter</Text> : null}
      {entries.slice(start, end).map((entry, i) => {
        const index = start + i;
        const selected = index === cursor && focused;
        const current =
          entry.kind === 'project'
            ? entry.row.id === currentId
            : entry.kind === 'platform' && currentId === 0;
        return (
          <Box key={entry.key}>
            <Text color={selected ? 'cyan' : undefined}>{selected ? '›' : ' '}</Text>
            <Text color="green">{current ? '●' : ' '}</Text>
            <Text wrap="truncate-end">
              {' '}
              {'  '.repeat(entry.depth)}
              <Text
                bold={current}
                color={current ? 'green' : entry.kind === 'group' ? 'gray' : undefined}
                inverse={selected}
              >
                {label(entry)}
              </Text>
              {entry.kind === 'project' ? <Text dimColor> #{entry.row.id}</Text> : null}
              {entry.kind === 'group' ? <Text dimColor> ({entry.row.type})</Text> : null}
            </Text>
          </Box>
        );
      })}
    </Pane>
  );
}
