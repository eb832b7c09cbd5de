/** The top line: who is signed in, where, in which project and module. */
import type { Module } from '@eem/core';
import { Box, Text } from 'ink';

export interface HeaderProps {
  account: string | undefined;
  server: string;
  projectName: string | null;
  projectId: number;
  module: Module | undefined;
}

export function Header({ account, server, projectName, projectId, module }: HeaderProps) {
  return (
    <Box paddingX={1}>
      <Box flexGrow={1} flexShrink={1} minWidth={0}>
        <Text wrap="truncate-end">
          <Text bold color="cyan">
            eem
          </Text>
          {'  '}
          <Text bold>{account ?? '…'}</Text>
          <Text dimColor> @ {server}</Text>
          {'  ·  '}
          {projectId > 0 ? (
            <Text>
              <Text color="green">{projectName ?? '…'}</Text>
              <Text dimColor> #{projectId}</Text>
            </Text>
          ) : (
            <Text color="yellow">no project</Text>
          )}
          {'  ·  '}
          <Text>module {module ?? '…'}</Text>
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={2}>
        <Text dimColor>? help · q quit</Text>
      </Box>
    </Box>
  );
}
