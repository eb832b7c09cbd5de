/** The frame of a TUI pane: a rounded border and a bold title, both cyan while the pane has focus. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';

export interface PaneProps {
  title: ReactNode;
  focused: boolean;
  height: number;
  /** A fixed width ("50%"); without one the pane takes the room left. */
  width?: string;
  children: ReactNode;
}

export function Pane({ title, focused, height, width, children }: PaneProps) {
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      borderColor={focused ? 'cyan' : 'gray'}
      {...(width === undefined ? { flexGrow: 1 } : { width })}
      height={height}
      paddingX={1}
    >
      <Text bold color={focused ? 'cyan' : undefined}>
        {title}
      </Text>
      {children}
    </Box>
  );
}
