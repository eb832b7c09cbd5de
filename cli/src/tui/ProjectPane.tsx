/** The project switcher: the projects the user may enter (the tenant tree in platform mode). */
import { Box, Text } from 'ink';
import { type Entry, visibleWindow } from './app-model.js';
import { Pane } from './Pane.js';

export interface ProjectPaneProps {
  entries: readonly Entry[];
  cursor: number;
  currentId: number;
  focused: boolean;
  height: number;
  loading: boolean;
}

function label(entry: Entry): string {
  return entry.kind === 'platform' ? entry.label : entry.row.name;
}

export function ProjectPane({ entries, cursor, currentId, focused, height, loading }: ProjectPaneProps) {
  const rows = Math.max(1, height - 2);
  const { start, end } = visibleWindow(entries.length, cursor, rows);
  return (
    <Pane
      title={
        <>
          Projects{' '}
          {entries.length > rows ? (
            <Text dimColor>
              ({cursor + 1}/{entries.length})
            </Text>
          ) : null}
        </>
      }
      focused={focused}
      height={height}
      width="50%"
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
            <Text color={selected ? 'cyan' : undefined}>{selected ? '› ' : '  '}</Text>
            <Text wrap="truncate-end">
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
              {current ? <Text color="green"> ● current</Text> : null}
            </Text>
          </Box>
        );
      })}
    </Pane>
  );
}
