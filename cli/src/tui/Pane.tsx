/**
 * The frame of a TUI pane: a border and a bold title. The focused pane is marked by more than
 * colour (it shows with NO_COLOR too): a double border and a ▶ before its title; the others
 * have a rounded border, grey.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';

export interface PaneProps {
  title: ReactNode;
  focused: boolean;
  height: number;
  /** A fixed width in columns; without one the pane takes the room left. */
  width?: number;
  children: ReactNode;
}

export function Pane({ title, focused, height, width, children }: PaneProps) {
  return (
    <Box
      flexDirection="column"
      borderStyle={focused ? 'double' : 'round'}
      borderColor={focused ? 'cyan' : 'gray'}
      {...(width === undefined ? { flexGrow: 1 } : { width, flexShrink: 0 })}
      height={height}
      paddingX={1}
    >
      <Text bold color={focused ? 'cyan' : undefined} wrap="truncate-end">
        {focused ? '▶ ' : '  '}
        {title}
      </Text>
      {children}
    </Box>
  );
}

/** "3–10 of 50" when a list has more rows than it shows; nothing when all are shown. */
export function position(start: number, end: number, total: number): string {
  return total > end - start ? ` · ${start + 1}–${end} of ${total}` : '';
}
